-- A scheduled run moves `matched_until` of every saved search it matched (1M a day at the bench's
-- size). With `matched_until` in an index each move wrote a new entry into every index of the
-- table (~50 µs a row: 2.5 s of a 50,000-search chunk); with no index on it and room on each page,
-- the move is a heap-only (HOT) update (~3 µs a row; bench/results/2026-12-01-alerts-daily.md).
--
-- The index found the due saved searches for the worker's minute tick; instead a run that leaves
-- none due records its mark (`alert_digest_runs`), and the tick reads the saved searches only
-- while the mark of now is not recorded (once a run, and until it is finished).
drop index saved_searches_due_idx;
alter table saved_searches set (fillfactor = 50);
-- rewrite the rows so that every page keeps the room
cluster saved_searches using saved_searches_pkey;

create table alert_digest_runs (
    -- DAILY or WEEKLY
    digest text primary key,
    -- the latest mark at which no saved search of the frequency was left due
    mark timestamptz not null
);
