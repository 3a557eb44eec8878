-- Saved searches and job alerts (issue 33, docs/alerts.md).
--
-- A saved search is the vacancy search's filter as `POST /api/open/search` takes it (`filter`, a
-- domain::vacancies::filter::SearchFilter) and the query string of `/{lang}/vacancies` it was saved
-- from (`query`, for "open as a search"). An account's search belongs to the account (its address
-- and language are the account's); a visitor's has its own `email` and `locale` and mails nothing
-- until its owner opened the confirmation link (`confirmed_at`); an unconfirmed one is deleted after
-- 7 days. `token_hash` is a keyed hash of the secret in the links of its mails (manage, unsubscribe).
create table saved_searches (
    id uuid primary key default gen_random_uuid(),
    user_id uuid references users (id) on delete cascade,
    email text check (email is null or email = lower(email)),
    locale text not null default 'et' check (locale in ('et', 'en', 'ru')),
    name text not null check (length(name) between 1 and 100),
    filter jsonb not null,
    query text not null default '' check (length(query) <= 4000),
    frequency text not null check (frequency in ('INSTANT', 'DAILY', 'WEEKLY')),
    paused boolean not null default false,
    confirmed_at timestamptz,
    token_hash bytea not null unique,
    -- the prefilter of the matching (docs/alerts.md): the terms of the filter's most selective
    -- group ('category:IT', 'place:0784', …), or '*' when the filter has no code group, so that a
    -- vacancy meets only the searches it could match (GIN below)
    anchors text[] not null default '{*}',
    -- when the owner last opened this search from the alerts page ("new since you last looked")
    last_looked_at timestamptz not null default now(),
    -- the daily and weekly runs: the vacancies that went live after this were not matched yet
    matched_until timestamptz not null default now(),
    last_mailed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((user_id is null) <> (email is null))
);
create index saved_searches_user_idx on saved_searches (user_id) where user_id is not null;
create index saved_searches_email_idx on saved_searches (email) where email is not null;
create index saved_searches_anchors_idx on saved_searches using gin (anchors) where confirmed_at is not null and not paused;
create index saved_searches_unconfirmed_idx on saved_searches (created_at) where confirmed_at is null;

-- When a vacancy went live, or changed in what a search matches (the batcher compares a hash of the
-- matchable part of its document with `match_hash`): the matching's input. A renewal or an edit
-- that changes nothing a search matches leaves the row as it was.
create table vacancy_live_events (
    vacancy_id uuid primary key references vacancies (id) on delete cascade,
    went_live_at timestamptz not null,
    match_hash bytea not null,
    updated_at timestamptz not null default now()
);
create index vacancy_live_events_time_idx on vacancy_live_events (went_live_at);

-- A vacancy an alert matched: at most once ever per alert (the primary key). `mail_id` is the alert
-- mail that listed it (null until one did); a vacancy that ended before the mail is never listed.
create table alert_mails (
    id uuid primary key default gen_random_uuid(),
    saved_search_id uuid not null references saved_searches (id) on delete cascade,
    created_at timestamptz not null default now(),
    sent_at timestamptz
);
create index alert_mails_unsent_idx on alert_mails (created_at) where sent_at is null;

create table alert_matches (
    saved_search_id uuid not null references saved_searches (id) on delete cascade,
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    matched_at timestamptz not null default now(),
    mail_id uuid references alert_mails (id) on delete set null,
    primary key (saved_search_id, vacancy_id)
);
create index alert_matches_unmailed_idx on alert_matches (saved_search_id) where mail_id is null;
create index alert_matches_vacancy_idx on alert_matches (vacancy_id);

-- "Not for me" on a recommended vacancy: hidden from that applicant's "for you".
create table vacancy_hidden_for_user (
    user_id uuid not null references users (id) on delete cascade,
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (user_id, vacancy_id)
);
