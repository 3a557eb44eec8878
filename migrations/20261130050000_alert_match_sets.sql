-- A match run writes one row per vacancy instead of one per (saved search, vacancy) pair
-- (issue 33 §4, docs/alerts.md "Matching"): the run's answer for a vacancy is the set of the
-- saved searches that list it, as their serial numbers. A run commits these rows and one expand
-- job; the expand job (queue `vakants.alerts.expand`) turns them into `alert_matches` pairs and
-- the alerts' mail jobs on a transaction of its own and deletes them, so this table is a buffer
-- that is empty when the worker is idle. The pairs (about 20 µs each in Postgres, thousands per
-- vacancy with many saved searches) are written off the path from a vacancy going live to its
-- match being recorded and the mail asked for.
alter table saved_searches add column serial integer generated always as identity;
create unique index saved_searches_serial_key on saved_searches (serial);

create table alert_match_sets (
    id bigint generated always as identity primary key,
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    matched_at timestamptz not null,
    -- the serials of the saved searches that list the vacancy, sorted, without repeats
    searches integer[] not null
);
