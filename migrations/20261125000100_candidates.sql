-- issue 17, candidates: an answer keeps the weight its question had when the application was sent
-- (as it keeps the question's text), and the employer's assessment of it, from which the
-- candidate's score is computed (docs/candidates.md)
alter table application_answers
    add column weight int not null default 1 check (weight >= 0),
    add column assessment text check (assessment in ('GOOD', 'PARTLY', 'POOR'));

update application_answers aa set weight = q.weight from vacancy_questions q where q.id = aa.question_id;

-- the candidate list filters and sorts by these within one vacancy
create index applications_vacancy_created_idx on applications (vacancy_id, created_at desc);
