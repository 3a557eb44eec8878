-- The retention pass deletes alert mails 90 days after they were made and the alerts' records of a
-- vacancy 180 days after it ended (docs/privacy.md; domain::alerts::mail::purge), every ten
-- minutes. The mails are written in the order of `created_at`, so a BRIN index finds the old ones
-- without reading the table and costs next to nothing to keep; the records are found through the
-- vacancies' `valid_until` index and their own index on the vacancy.
create index alert_mails_created_brin on alert_mails using brin (created_at);
