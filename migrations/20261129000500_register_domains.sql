-- Instant company claims (domain/src/companies/mod.rs, issue 32): a claim passes at once only when
-- the claimant's e-mail is at the host of the company's website in the register and no other
-- company of the register gives that domain as its e-mail or website domain (a domain several
-- companies share is a mail or hosting service, or a group's, and proves nothing about one of
-- them). These give the domains the way `companies::domain_of` reads them, with indexes so the
-- check is one index probe.

-- after the last '@', lowercased, without a trailing dot or a leading 'www.'
create function register_email_domain(address text) returns text
language sql immutable parallel safe strict as $$
    select nullif(regexp_replace(rtrim(regexp_replace(lower(btrim(address)), '^.*@', ''), '.'), '^www\.', ''), '')
$$;

-- the host of a web address: no scheme, path, query, fragment, user or port; lowercased, without a
-- trailing dot or a leading 'www.'
create function register_website_domain(address text) returns text
language sql immutable parallel safe strict as $$
    select nullif(regexp_replace(rtrim(split_part(regexp_replace(
               split_part(split_part(split_part(regexp_replace(lower(btrim(address)), '^[^/]*://', ''), '/', 1), '?', 1), '#', 1),
               '^.*@', ''), ':', 1), '.'), '^www\.', ''), '')
$$;

create index business_register_email_domain_idx on business_register (register_email_domain(email)) where email is not null;
create index business_register_website_domain_idx on business_register (register_website_domain(website)) where website is not null;
