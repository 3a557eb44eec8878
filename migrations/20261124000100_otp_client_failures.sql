-- Sign-in codes (domain/src/otp.rs): wrong codes count per code and per (account, client address),
-- so a stranger failing from one address locks only that pair; the per-account ceiling (failures in
-- the last 24 hours) is the last line. The per-account lock columns of `users` go.
alter table one_time_codes add column failed_attempts int not null default 0;
create index one_time_codes_live_idx on one_time_codes (user_id, created_at desc) where consumed_at is null;

create table otp_client_locks (
    user_id uuid not null references users (id) on delete cascade,
    client text not null,
    failed_attempts int not null default 0,
    locked_until timestamptz,
    updated_at timestamptz not null default now(),
    primary key (user_id, client)
);

create table otp_failures (
    id bigint generated always as identity primary key,
    user_id uuid not null references users (id) on delete cascade,
    client text not null,
    created_at timestamptz not null default now()
);
create index otp_failures_user_idx on otp_failures (user_id, created_at);

alter table users drop column otp_failed_attempts, drop column otp_locked_until;
