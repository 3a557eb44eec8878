-- Claims on a company (domain/src/companies.rs): registering a company is a request. It is accepted
-- at once when the claimant's verified e-mail is at the domain of the company's e-mail or website
-- in the register; otherwise the company's supervisor (or an administrator when it has none)
-- decides. Until then the claimant is not on the company's staff.
alter table business_register add column email text, add column website text;

create table company_claims (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    country_code text not null,
    registry_code text not null,
    status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED')),
    decided_by uuid references users (id) on delete set null,
    decided_at timestamptz,
    reason text check (length(reason) <= 500),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index company_claims_one_pending_idx on company_claims (user_id, country_code, registry_code) where status = 'PENDING';
create index company_claims_pending_idx on company_claims (created_at) where status = 'PENDING';
create index company_claims_company_idx on company_claims (country_code, registry_code);
