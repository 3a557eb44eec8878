-- an administrator deletes a company: its row stays, marked deleted (its invoices, kept for seven
-- years, its comments and the audit log point at it), so the register key is unique among live
-- companies only and the company can register again as a new one
alter table companies drop constraint companies_country_code_registry_code_key;
create unique index companies_live_registry_key on companies (country_code, registry_code) where deleted_at is null;
