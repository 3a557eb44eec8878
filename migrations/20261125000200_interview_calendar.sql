-- interviews: the iCalendar SEQUENCE of the interview's event (RFC 5545 3.8.7.4); it grows by
-- one with every change mailed to the applicant or the employer, the UID stays the interview's id
alter table interviews add column ics_sequence int not null default 0 check (ics_sequence >= 0);

-- who runs an interview: the free-slot check looks up the inviting user's other interviews
create index interviews_created_by_idx on interviews (created_by_user_id, status) where created_by_user_id is not null;

-- a private iCalendar feed per user: only the SHA-256 of the secret token is kept; rotating
-- replaces the row, revoking deletes it
create table calendar_feeds (
    user_id uuid primary key references users (id) on delete cascade,
    token_hash bytea not null unique,
    created_at timestamptz not null default now()
);
