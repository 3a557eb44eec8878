-- The matches a mail covers, found by the mail (docs/alerts.md "The mail"): deleting an
-- `alert_mails` row (a prepared mail whose vacancies all ended, or its saved search deleted) sets
-- its matches' `mail_id` to null through the foreign key, which looked for them by scanning every
-- match of every alert. Only matches a mail covers are in this index, so recording a match (the
-- expansion's insert, with `mail_id` null) does not write it.
create index alert_matches_mail_idx on alert_matches (mail_id) where mail_id is not null;
