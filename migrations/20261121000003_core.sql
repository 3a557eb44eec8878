-- accounts, sign-in, companies and the things every area shares

create table files (
    id uuid primary key default gen_random_uuid(),
    owner_user_id uuid,
    kind text not null check (kind in ('avatar', 'avatar_thumbnail', 'cv_pdf', 'cv_certificate', 'cv_course',
        'cv_reference', 'cv_portfolio', 'company_logo', 'company_cover', 'company_gallery',
        'vacancy_image', 'vacancy_cover', 'vacancy_gallery', 'invoice_pdf', 'chat_attachment', 'other')),
    original_name text not null,
    content_type text not null,
    size_bytes bigint not null check (size_bytes >= 0),
    storage_key text not null unique,
    sha256 bytea not null,
    thumbnail_file_id uuid references files (id) on delete set null,
    -- text extracted from PDF files for the CV-database search
    text_status text not null default 'not_applicable'
        check (text_status in ('not_applicable', 'pending', 'extracted', 'unavailable')),
    extracted_text text,
    text_unavailable_reason text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table users (
    id uuid primary key default gen_random_uuid(),
    -- the username is the e-mail address, lowercased
    username text not null unique check (username = lower(username)),
    locale text not null default 'et' check (locale in ('et', 'en', 'ru')),
    terms_of_use_accepted_at timestamptz,
    data_processing_accepted_at timestamptz,
    use_of_cookies_accepted_at timestamptz,
    newsletter_opt_in boolean not null default true,
    -- wrong one-time codes in a row; a new code does not reset it, a successful sign-in does
    otp_failed_attempts int not null default 0,
    otp_locked_until timestamptz,
    last_login_at timestamptz,
    deleted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
alter table files add constraint files_owner_fk foreign key (owner_user_id) references users (id) on delete set null;
create index files_owner_idx on files (owner_user_id);

create table user_roles (
    user_id uuid not null references users (id) on delete cascade,
    role text not null check (role in ('USER', 'EMPLOYER', 'APPLICANT', 'ADMIN', 'SUPERVISOR')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (user_id, role)
);

create table profiles (
    user_id uuid primary key references users (id) on delete cascade,
    firstname text,
    lastname text,
    phone_number text,
    gender_code text references ref_genders (code),
    date_of_birth date,
    avatar_file_id uuid references files (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- one-time sign-in codes; only a keyed hash (HMAC-SHA256 with the app secret) is kept
create table one_time_codes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    code_hash bytea not null,
    expires_at timestamptz not null,
    consumed_at timestamptz,
    requested_ip inet,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index one_time_codes_user_idx on one_time_codes (user_id, created_at desc);

-- the companies of the Business Register (äriregister), loaded by `vakants import-registry`
create table business_register (
    country_code text not null default 'EE',
    registry_code text not null,
    business_name text not null,
    legal_form text,
    status text,
    vat_number text,
    address text,
    ehak_code text,
    ads_adr_id bigint,
    first_registered_on date,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (country_code, registry_code)
);
create index business_register_name_trgm_idx on business_register using gin (lower(business_name) gin_trgm_ops);

create table companies (
    id uuid primary key default gen_random_uuid(),
    country_code text not null default 'EE',
    registry_code text not null,
    business_name text not null,
    address text,
    ads_adr_id bigint,
    ehak_code text references ref_places (code),
    supervisor_user_id uuid references users (id) on delete set null,
    has_contract boolean not null default false,
    deleted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (country_code, registry_code)
);
create index companies_name_trgm_idx on companies using gin (lower(business_name) gin_trgm_ops);

create table company_staff (
    company_id uuid not null references companies (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    -- "administrator tag": staff who may manage the company alongside the supervisor
    is_administrator boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (company_id, user_id)
);
create index company_staff_user_idx on company_staff (user_id);

-- server-side sessions; the cookie carries an opaque token, the table its SHA-256
create table sessions (
    id uuid primary key default gen_random_uuid(),
    token_hash bytea not null unique,
    user_id uuid not null references users (id) on delete cascade,
    -- set while an administrator acts as another user
    original_user_id uuid references users (id) on delete cascade,
    original_session_remember boolean,
    company_id uuid references companies (id) on delete set null,
    remember_me boolean not null,
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    ip inet,
    user_agent text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id);
create index sessions_expires_idx on sessions (expires_at);

create table audit_log (
    id bigint generated always as identity primary key,
    actor_user_id uuid references users (id) on delete set null,
    action text not null,
    target_user_id uuid references users (id) on delete set null,
    target_company_id uuid references companies (id) on delete set null,
    details jsonb not null default '{}'::jsonb,
    ip inet,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index audit_log_actor_idx on audit_log (actor_user_id, created_at desc);
create index audit_log_target_idx on audit_log (target_user_id, created_at desc);

-- mail that a dev-mode server "sends"; readable at /api/dev/outbox
create table dev_outbox (
    id bigint generated always as identity primary key,
    to_address text not null,
    subject text not null,
    body_text text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index dev_outbox_to_idx on dev_outbox (lower(to_address), id desc);

do $$
declare t text;
begin
    foreach t in array array['files', 'users', 'user_roles', 'profiles', 'one_time_codes',
        'business_register', 'companies', 'company_staff', 'sessions', 'audit_log', 'dev_outbox']
    loop
        execute format('create trigger %I before update on %I for each row execute function set_updated_at()',
                       t || '_updated_at', t);
    end loop;
end;
$$;
