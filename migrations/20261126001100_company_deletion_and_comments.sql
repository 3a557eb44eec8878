-- an administrator deletes a company: its row stays, marked deleted (its invoices, for seven years,
-- and the audit log point at it), so the register key is unique among live companies only and the
-- company can register again
alter table companies drop constraint companies_country_code_registry_code_key;
create unique index companies_live_registry_key on companies (country_code, registry_code) where deleted_at is null;

-- the back office's notes on a company; the company never sees them
create table company_comments (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    author_user_id uuid references users (id) on delete set null,
    body text not null check (length(body) > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index company_comments_company_idx on company_comments (company_id, created_at desc);
create trigger company_comments_updated_at before update on company_comments for each row execute function set_updated_at();
