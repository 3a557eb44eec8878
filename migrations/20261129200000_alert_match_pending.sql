-- The vacancies waiting for the instant matching (issue 33 §4, docs/alerts.md "Matching"): the
-- batcher adds a row on the transaction that records what the index holds, beside the match job;
-- a match run claims every waiting row at once (`for update skip locked`), matches the vacancies
-- and deletes the rows on its own transaction, so a backlog costs one run, not one per batch, and
-- a run killed midway leaves its rows for the next one. Rows are only ever inserted by the
-- batcher, never updated: a vacancy going live again while a run holds its row adds a second row
-- instead of waiting for the run's lock.
create table alert_match_pending (
    id bigint generated always as identity primary key,
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    queued_at timestamptz not null default now()
);
-- Match jobs queued before this table existed carry their vacancies only in their payload: the
-- vacancies that went live or changed in the last ten minutes wait again (matching twice lists
-- nothing twice: `alert_matches` keeps a pair once).
insert into alert_match_pending (vacancy_id)
select vacancy_id from vacancy_live_events where greatest(went_live_at, updated_at) > now() - interval '10 minutes';
