-- The daily and weekly runs prepare each alert's mail themselves instead of writing sets for the
-- mail pass (issue 33 §4, docs/alerts.md "Daily and weekly"): a run over 1M saved searches and a
-- day's 5,000 vacancies finds ~238M (saved search, vacancy) pairs, which as sets took 100 s to
-- write and would have taken the pass minutes to record (and mailed an alert once per chunk of
-- sets). A run already holds each saved search's vacancies, so it writes one mail per alert with
-- the ≤ 20 it lists and how many it found.
--
-- What a scheduled run listed is recorded by vacancy (no index on the serials: the runs ask only
-- which saved searches listed the vacancies in their window, by vacancy), so that a vacancy edited
-- or shown again after a daily mail listed it is not listed again by that alert.
create table alert_digest_record (
    id bigint generated always as identity primary key,
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    listed_at timestamptz not null,
    -- the serials of the saved searches whose scheduled mail listed the vacancy in one run's chunk
    searches integer[] not null
);
alter table alert_digest_record alter column searches set storage external;
create index alert_digest_record_vacancy_idx on alert_digest_record (vacancy_id);

-- A scheduled run's mail covers `total` vacancies of which only the listed are recorded: "new since
-- you looked" counts its unlisted ones from the mail. An account's search off the mailing list
-- gets its notifications and a row that is never sent (`sent_at` set when written).
alter table alert_mails add column digest boolean not null default false;
