-- Issue 35 §1–2: reporting of vacancies and their moderation.

-- Where a vacancy stands with moderation. NONE: never through the gate (made before moderation, or
-- a draft); UNREVIEWED: published live at once, to be reviewed after; PENDING: waits for review
-- before it goes live; APPROVED: an administrator approved it; REJECTED: refused before it went
-- live (back among the drafts, with the reason); TAKEN_DOWN: removed while live, with the reason.
-- Only NONE, UNREVIEWED and APPROVED may be live (`domain::vacancies::ACTIVE_SQL`, `PUBLIC_SQL`).
alter table vacancies
    add column review_status text not null default 'NONE'
        check (review_status in ('NONE', 'UNREVIEWED', 'PENDING', 'APPROVED', 'REJECTED', 'TAKEN_DOWN')),
    add column review_reason text check (length(review_reason) <= 1000),
    -- when it last entered the queue (published or edited), and when last decided
    add column review_requested_at timestamptz,
    add column reviewed_at timestamptz;
create index vacancies_review_idx on vacancies (review_status) where review_status in ('UNREVIEWED', 'PENDING');

-- What administrators set: which publications wait for review before they go live. One row.
create table moderation_rules (
    id boolean primary key default true check (id),
    -- the first N ads of a company without a contract wait (0: none)
    first_ads_without_contract int not null default 0 check (first_ads_without_contract between 0 and 1000),
    -- an ad with a strong signal waits
    strong_signal_waits boolean not null default false,
    -- an approved ad edited in what job seekers read (title, text, salary, apply link) waits again
    edit_after_approval_waits boolean not null default false,
    updated_by_user_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
insert into moderation_rules (id) values (true);

-- A report of a vacancy by anyone. One per reporter and vacancy: an account's, else an address's.
create table vacancy_reports (
    id uuid primary key default gen_random_uuid(),
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    reason text not null check (reason in ('SCAM', 'DISCRIMINATORY', 'MISLEADING', 'FILLED', 'OTHER')),
    text text check (length(text) <= 1000),
    reporter_user_id uuid references users (id) on delete set null,
    -- who reported, for the once-per-reporter rule: 'user:<id>' or 'ip:<address>'
    reporter_key text not null,
    -- OPEN until decided: APPROVED (the ad stays), REJECTED, TAKEN_DOWN, DISMISSED
    outcome text not null default 'OPEN' check (outcome in ('OPEN', 'APPROVED', 'REJECTED', 'TAKEN_DOWN', 'DISMISSED')),
    decided_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (vacancy_id, reporter_key)
);
create index vacancy_reports_open_idx on vacancy_reports (vacancy_id) where outcome = 'OPEN';
create index vacancy_reports_user_idx on vacancy_reports (reporter_user_id, created_at desc);

create trigger moderation_rules_updated_at before update on moderation_rules for each row execute function set_updated_at();
create trigger vacancy_reports_updated_at before update on vacancy_reports for each row execute function set_updated_at();
