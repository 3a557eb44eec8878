-- The retention pass deletes the alerts' records of vacancies that ended more than 180 days ago.
-- It remembers the end it has purged up to, so that each pass (every ten minutes) reads only the
-- vacancies that ended since the last one instead of every vacancy that ever ended.
create table alert_record_purges (
    only_row boolean primary key default true check (only_row),
    ended_before timestamptz not null
);
