-- The alerts' matches are recorded as sets, one row per vacancy and mail pass, instead of one row
-- per (saved search, vacancy) pair (issue 33 §4, docs/alerts.md "The mail"): with many saved
-- searches a new vacancy is listed by thousands of them, and a pair row cost ~20 µs in Postgres
-- where a serial in a set costs ~1.6 µs with its GIN index
-- (bench/results/2026-11-30-alert-record-shapes.md).
--
-- `alert_match_sets` stays the buffer the match runs write (no index on the serials, so a run pays
-- nothing for it); the mail pass (queue `vakants.alerts.mail`) takes its rows and writes, for each
-- vacancy, the serials not recorded for it before into `alert_match_record`, the record of what
-- matched: "new since you looked" is one GIN lookup per saved search, and a vacancy matched again
-- after an edit, or shown again after it was hidden, is new only for the saved searches that had
-- not listed it. A vacancy's rows go with it (an ended one is neither mailed nor counted: both
-- look at the vacancy as it is).
create table alert_match_record (
    id bigint generated always as identity primary key,
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    matched_at timestamptz not null,
    -- the serials of the saved searches that listed the vacancy first in this pass, sorted
    searches integer[] not null
);
alter table alert_match_record alter column searches set storage external;
create index alert_match_record_searches_idx on alert_match_record using gin (searches);
create index alert_match_record_vacancy_idx on alert_match_record (vacancy_id);

-- A mail names what it lists (at most 20, in the order listed) and how many new vacancies it
-- covered; the pairs' table goes.
alter table alert_mails add column vacancies uuid[] not null default '{}', add column total integer not null default 0;
create index alert_mails_search_idx on alert_mails (saved_search_id, created_at);

-- what the pairs held: the mailed ones into the record and their mails, the unmailed ones back into
-- the buffer, for the next mail pass to record and mail
update alert_mails m set vacancies = p.vacancies, total = p.total
from (select mail_id, array_agg(vacancy_id order by matched_at desc, vacancy_id) as vacancies, count(*)::integer as total
      from alert_matches where mail_id is not null group by mail_id) p
where p.mail_id = m.id;
insert into alert_match_record (vacancy_id, matched_at, searches)
select am.vacancy_id, max(am.matched_at), array_agg(distinct s.serial order by s.serial)
from alert_matches am join saved_searches s on s.id = am.saved_search_id
where am.mail_id is not null group by am.vacancy_id;
insert into alert_match_sets (vacancy_id, matched_at, searches)
select am.vacancy_id, max(am.matched_at), array_agg(distinct s.serial order by s.serial)
from alert_matches am join saved_searches s on s.id = am.saved_search_id
where am.mail_id is null group by am.vacancy_id;

drop table alert_matches;
drop function notify_alert_matches();

-- the per-alert mail jobs and the expand jobs are replaced by the mail pass; the worker's minute
-- tick runs a pass for sets left waiting
-- (the queue's schema is made after ours on a new database)
do $$
begin
    if to_regclass('apalis.jobs') is not null then
        delete from apalis.jobs where job_type in ('vakants.alert-mail', 'vakants.alerts.expand') and status not in ('Done', 'Failed', 'Killed');
    end if;
end
$$;
