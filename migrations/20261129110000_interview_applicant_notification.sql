-- the interview's "applicant notification" switch (spec 2 section 3) also governs the notification
-- centre: with it off, neither the invitation nor the employer's cancellation reaches the
-- applicant there (nor by mail, `domain::interviews::mail`); the applicant's own moves still reach
-- the company
create or replace function notify_interview() returns trigger language plpgsql as $$
begin
    if tg_op = 'INSERT' then
        if new.status = 'INVITED' and new.notify_applicant then
            insert into notifications (user_id, kind, interview_id, vacancy_id)
            values (new.applicant_user_id, 'INTERVIEW_INVITED', new.id, new.vacancy_id);
        end if;
    elsif new.status = 'ACCEPTED' and old.status is distinct from 'ACCEPTED' then
        insert into notifications (company_id, kind, interview_id, vacancy_id)
        values (new.company_id, 'INTERVIEW_ACCEPTED', new.id, new.vacancy_id);
    elsif new.status = 'CANCELED' and old.status is distinct from 'CANCELED' then
        if new.canceled_by_user_id is not distinct from new.applicant_user_id then
            insert into notifications (company_id, kind, interview_id, vacancy_id)
            values (new.company_id, 'INTERVIEW_CANCELED', new.id, new.vacancy_id);
        elsif new.notify_applicant then
            insert into notifications (user_id, kind, interview_id, vacancy_id)
            values (new.applicant_user_id, 'INTERVIEW_CANCELED', new.id, new.vacancy_id);
        end if;
    end if;
    return null;
end;
$$;
