-- Courses and the outsource market (issue 34): listings administrators manage and employers read.
-- A listing is free when price_cents is null; it runs "any time" when starts_on is null
-- (ends_on is then null too). Hidden listings are kept for the administrators only.
create table market_listings (
    id uuid primary key default gen_random_uuid(),
    kind text not null check (kind in ('COURSE', 'OUTSOURCE')),
    title text not null check (length(title) between 1 and 200),
    provider text not null check (length(provider) between 1 and 200),
    description text not null default '' check (length(description) <= 5000),
    language_code text not null check (language_code in ('et', 'en', 'ru')),
    price_cents bigint check (price_cents is null or price_cents > 0),
    starts_on date,
    ends_on date,
    link text not null check (length(link) between 1 and 2000),
    hidden boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (ends_on is null or (starts_on is not null and ends_on >= starts_on))
);

create index market_listings_kind on market_listings (kind, hidden, starts_on);

create trigger market_listings_updated_at before update on market_listings
    for each row execute function set_updated_at();
