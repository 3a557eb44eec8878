-- the rest of the domain: company profiles, vacancies, CVs, applications, interviews, calendar,
-- chat, favourites, billing, metrics, notifications and search bookkeeping.
-- Conventions: enums are text with a check; links rendered as <a href> must be http(s) so that
-- nothing stored can become a javascript: link; join and 1:1 tables are keyed by their parents,
-- like user_roles and profiles in the core migration.

------------------------------------------------------------------------------------------------
-- company side
------------------------------------------------------------------------------------------------

-- the editable part of a company; the registry facts stay in companies
create table company_profiles (
    company_id uuid primary key references companies (id) on delete cascade,
    -- no code list exists for these two in the spec; free text until one does
    company_type text,
    employer_type text,
    company_size_code text references ref_company_sizes (code),
    contact_phone_number text,
    email text,
    invoices_email text,
    website text check (website ~* '^https?://'),
    logo_file_id uuid references files (id) on delete set null,
    facebook text check (facebook ~* '^https?://'),
    instagram text check (instagram ~* '^https?://'),
    linkedin text check (linkedin ~* '^https?://'),
    twitter text check (twitter ~* '^https?://'),
    telegram text check (telegram ~* '^https?://'),
    youtube text check (youtube ~* '^https?://'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table company_descriptions (
    company_id uuid not null references companies (id) on delete cascade,
    language_code text not null check (language_code in ('et', 'en', 'ru')),
    content text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (company_id, language_code)
);

create table company_categories (
    company_id uuid not null references companies (id) on delete cascade,
    category_code text not null references ref_categories (code),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (company_id, category_code)
);
create index company_categories_category_idx on company_categories (category_code);

create table company_branding (
    company_id uuid primary key references companies (id) on delete cascade,
    cover_file_id uuid references files (id) on delete set null,
    video_url text check (video_url ~* '^https?://'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table company_gallery_images (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    file_id uuid not null references files (id) on delete cascade,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, file_id)
);
create index company_gallery_images_company_idx on company_gallery_images (company_id, position);

-- one interval per weekday (1 = Monday .. 7 = Sunday); a missing weekday is a day off
create table company_working_hours (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    weekday smallint not null check (weekday between 1 and 7),
    start_time time not null,
    end_time time not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, weekday),
    constraint company_working_hours_period_check check (end_time > start_time)
);

create table user_working_hours (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    weekday smallint not null check (weekday between 1 and 7),
    start_time time not null,
    end_time time not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (user_id, weekday),
    constraint user_working_hours_period_check check (end_time > start_time)
);

-- keys for employer integrations (Authorization: Bearer); only the SHA-256 of the key is kept,
-- the prefix is shown so people can tell their keys apart
create table api_keys (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    title text not null,
    key_hash bytea not null unique,
    prefix text not null,
    created_by_user_id uuid references users (id) on delete set null,
    last_used_at timestamptz,
    revoked_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index api_keys_company_idx on api_keys (company_id);

-- notes administrators keep about a company (admin area, never shown to the company)
create table company_comments (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    author_user_id uuid references users (id) on delete set null,
    body text not null check (length(body) > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index company_comments_company_idx on company_comments (company_id, created_at desc);

------------------------------------------------------------------------------------------------
-- vacancies
------------------------------------------------------------------------------------------------

-- id is the public vacancyId. A CV_BASE vacancy is the virtual vacancy that holds the CVs an
-- employer took from the CV database; its valid_until is the end of the CV-database access.
create table vacancies (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    created_by_user_id uuid references users (id) on delete set null,
    type text not null default 'DEFAULT' check (type in ('DEFAULT', 'CV_BASE')),
    status text not null default 'TEMPORARY'
        check (status in ('TEMPORARY', 'EXISTS', 'HIDDEN', 'ARCHIVED', 'DELETED')),
    -- NONE: nothing ordered yet; WAITING: published, invoice not yet paid; PAID: paid or covered by a contract
    payment_status text not null default 'NONE' check (payment_status in ('NONE', 'WAITING', 'PAID')),
    -- nullable while a draft; required to publish (checked by the app)
    occupation_code text references ref_occupations (code),
    -- free title of a CV_BASE vacancy (occupationLabel)
    occupation_label text,
    employment_type_code text references ref_employment_types (code),
    country_code text not null default 'EE',
    address text,
    ehak_code text references ref_places (code),
    ads_adr_id bigint,
    salary_from numeric(12, 2) check (salary_from >= 0),
    salary_to numeric(12, 2) check (salary_to >= 0),
    salary_period_code text references ref_salary_periods (code),
    salary_by_agreement boolean not null default false,
    remote_work boolean not null default false,
    shift_work boolean not null default false,
    cv_not_required boolean not null default false,
    for_disabled boolean not null default false,
    for_foreigners boolean not null default false,
    for_retired boolean not null default false,
    for_students boolean not null default false,
    for_underage boolean not null default false,
    -- candidate requirements
    education_level_code text references ref_education_levels (code),
    work_experience_code text references ref_work_experiences (code),
    min_age smallint check (min_age between 0 and 120),
    max_age smallint check (max_age between 0 and 120),
    required_gender_code text references ref_genders (code),
    required_city_code text references ref_places (code),
    -- PRO status: the number of stars on the card; 0 = none
    pro_level smallint not null default 0 check (pro_level between 0 and 5),
    promoted_until timestamptz,
    is_branded boolean not null default false,
    -- an external application page; when set, applying happens there
    apply_link text check (apply_link ~* '^https?://'),
    auto_reply_text text,
    image_file_id uuid references files (id) on delete set null,
    -- the integration's own id for vacancies posted through an API key, so re-posting updates
    external_id text,
    publish_at timestamptz,
    valid_until timestamptz,
    renewed_at timestamptz,
    finished_at timestamptz,
    views_count bigint not null default 0 check (views_count >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint vacancies_salary_range_check check (salary_from is null or salary_to is null or salary_from <= salary_to),
    constraint vacancies_salary_by_agreement_check check (not salary_by_agreement
        or (salary_from is null and salary_to is null and salary_period_code is null)),
    constraint vacancies_age_range_check check (min_age is null or max_age is null or min_age <= max_age),
    constraint vacancies_validity_check check (valid_until is null or publish_at is null or valid_until >= publish_at)
);
create index vacancies_company_status_idx on vacancies (company_id, status);
create index vacancies_created_by_idx on vacancies (created_by_user_id);
create index vacancies_status_idx on vacancies (status);
create index vacancies_type_idx on vacancies (type);
create index vacancies_valid_until_idx on vacancies (valid_until);
create index vacancies_publish_at_idx on vacancies (publish_at);
create index vacancies_occupation_idx on vacancies (occupation_code);
create index vacancies_ehak_idx on vacancies (ehak_code);
create index vacancies_updated_at_idx on vacancies (updated_at);
create unique index vacancies_external_id_idx on vacancies (company_id, external_id) where external_id is not null;

-- title is the occupation; these are the per-language teaser and body (a Quill delta as a JSON string)
create table vacancy_contents (
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    language_code text not null check (language_code in ('et', 'en', 'ru')),
    teaser varchar(85),
    content text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (vacancy_id, language_code)
);

create table vacancy_categories (
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    category_code text not null references ref_categories (code),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (vacancy_id, category_code)
);
create index vacancy_categories_category_idx on vacancy_categories (category_code);

create table vacancy_language_requirements (
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    language_code text not null references ref_languages (code),
    proficiency_code text not null references ref_proficiencies (code),
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (vacancy_id, language_code)
);

create table vacancy_driver_licences (
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    driver_licence_code text not null references ref_driver_licences (code),
    experience_years smallint check (experience_years between 0 and 80),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (vacancy_id, driver_licence_code)
);

-- questions every applicant must answer; the weight ranks candidates by their answers
create table vacancy_questions (
    id uuid primary key default gen_random_uuid(),
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    question text not null check (length(question) > 0),
    weight int not null default 1 check (weight >= 0),
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index vacancy_questions_vacancy_idx on vacancy_questions (vacancy_id, position);

-- staff members (recruiters) a vacancy is delegated to
create table vacancy_moderators (
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    assigned_by_user_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (vacancy_id, user_id)
);
create index vacancy_moderators_user_idx on vacancy_moderators (user_id);

create table vacancy_branding (
    vacancy_id uuid primary key references vacancies (id) on delete cascade,
    cover_file_id uuid references files (id) on delete set null,
    video_url text check (video_url ~* '^https?://'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table vacancy_gallery_images (
    id uuid primary key default gen_random_uuid(),
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    file_id uuid not null references files (id) on delete cascade,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (vacancy_id, file_id)
);
create index vacancy_gallery_images_vacancy_idx on vacancy_gallery_images (vacancy_id, position);

------------------------------------------------------------------------------------------------
-- CVs
------------------------------------------------------------------------------------------------

-- id is the public cvId. A CV is soft-deleted (deleted_at) because employers keep access to the
-- CVs they received for the retention periods of the spec; the purge job removes it later.
create table cvs (
    id uuid primary key default gen_random_uuid(),
    owner_user_id uuid not null references users (id) on delete cascade,
    -- DRAFT while the wizard is unfinished
    status text not null default 'DRAFT' check (status in ('DRAFT', 'ACTIVE')),
    -- whether employers find it in the CV database
    visibility text not null default 'VISIBLE' check (visibility in ('VISIBLE', 'HIDDEN')),
    title text,
    firstname text,
    lastname text,
    email text,
    phone_number text,
    date_of_birth date,
    gender_code text references ref_genders (code),
    city_code text references ref_places (code),
    employment_type_code text references ref_employment_types (code),
    work_location text,
    work_location_code text references ref_places (code),
    about_me text,
    pdf_file_id uuid references files (id) on delete set null,
    deleted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index cvs_owner_idx on cvs (owner_user_id);
create index cvs_searchable_idx on cvs (status, visibility) where deleted_at is null;
create index cvs_deleted_at_idx on cvs (deleted_at) where deleted_at is not null;
create index cvs_updated_at_idx on cvs (updated_at);

create table cv_categories (
    cv_id uuid not null references cvs (id) on delete cascade,
    category_code text not null references ref_categories (code),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (cv_id, category_code)
);
create index cv_categories_category_idx on cv_categories (category_code);

create table cv_educations (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    education_level_code text not null references ref_education_levels (code),
    institution text not null,
    speciality text,
    graduation_year smallint not null check (graduation_year between 1900 and 2100),
    still_studying boolean not null default false,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index cv_educations_cv_idx on cv_educations (cv_id, position);

create table cv_employment_histories (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    company text not null,
    occupation text not null,
    start_date date not null,
    end_date date,
    present boolean not null default false,
    description text,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint cv_employment_histories_dates_check check (end_date is null or end_date >= start_date),
    constraint cv_employment_histories_end_check check (present or end_date is not null)
);
create index cv_employment_histories_cv_idx on cv_employment_histories (cv_id, position);

create table cv_language_skills (
    cv_id uuid not null references cvs (id) on delete cascade,
    language_code text not null references ref_languages (code),
    proficiency_code text not null references ref_proficiencies (code),
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (cv_id, language_code)
);

create table cv_skills (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    skill text not null check (length(skill) > 0),
    skill_level_code text not null references ref_skill_levels (code),
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index cv_skills_cv_idx on cv_skills (cv_id, position);

create table cv_driver_licences (
    cv_id uuid not null references cvs (id) on delete cascade,
    driver_licence_code text not null references ref_driver_licences (code),
    year_of_issue smallint not null check (year_of_issue between 1900 and 2100),
    experience_years smallint check (experience_years between 0 and 80),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (cv_id, driver_licence_code)
);

create table cv_certificates (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    title text not null,
    year smallint not null check (year between 1900 and 2100),
    file_id uuid references files (id) on delete set null,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index cv_certificates_cv_idx on cv_certificates (cv_id, position);

create table cv_courses (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    title text not null,
    organizer text not null,
    file_id uuid references files (id) on delete set null,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index cv_courses_cv_idx on cv_courses (cv_id, position);

create table cv_references (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    name text not null,
    company text,
    job_title text,
    contact text,
    file_id uuid references files (id) on delete set null,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index cv_references_cv_idx on cv_references (cv_id, position);

create table cv_portfolio_items (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    description text,
    url text check (url ~* '^https?://'),
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index cv_portfolio_items_cv_idx on cv_portfolio_items (cv_id, position);

create table cv_portfolio_files (
    id uuid primary key default gen_random_uuid(),
    portfolio_item_id uuid not null references cv_portfolio_items (id) on delete cascade,
    file_id uuid not null references files (id) on delete cascade,
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (portfolio_item_id, file_id)
);

------------------------------------------------------------------------------------------------
-- applications
------------------------------------------------------------------------------------------------

-- id is the public application id. source CV_BASE: an employer put a CV from the CV database into
-- its CV_BASE vacancy (added_by_user_id says who). A withdrawn application frees the pair
-- (vacancy, applicant) for a new one.
create table applications (
    id uuid primary key default gen_random_uuid(),
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    applicant_user_id uuid not null references users (id) on delete cascade,
    cv_id uuid references cvs (id) on delete set null,
    cover_letter text,
    source text not null default 'APPLY' check (source in ('APPLY', 'CV_BASE')),
    added_by_user_id uuid references users (id) on delete set null,
    status text not null default 'EXISTS'
        check (status in ('TEMPORARY', 'EXISTS', 'HIDDEN', 'ARCHIVED', 'DELETED')),
    verdict text check (verdict in ('SUITABLE', 'POSSIBLY_SUITABLE', 'NOT_SUITABLE')),
    rating text not null default 'NOT_KNOWN' check (rating in ('NOT_KNOWN', 'POSITIVE', 'NEGATIVE', 'NEUTRAL')),
    -- the card label the employer sees until it opens the application
    change_flag text not null default 'NEW' check (change_flag in ('NONE', 'NEW', 'UPDATED')),
    withdrawn_at timestamptz,
    -- personal data removed by the retention job; the row stays for statistics
    anonymised_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index applications_one_per_applicant_idx on applications (vacancy_id, applicant_user_id)
    where withdrawn_at is null;
create index applications_vacancy_status_idx on applications (vacancy_id, status);
create index applications_applicant_idx on applications (applicant_user_id, created_at desc);
create index applications_cv_idx on applications (cv_id);
create index applications_status_idx on applications (status);

-- the question text is copied so an answer stays readable if the employer edits the question
create table application_answers (
    id uuid primary key default gen_random_uuid(),
    application_id uuid not null references applications (id) on delete cascade,
    question_id uuid references vacancy_questions (id) on delete set null,
    question text not null,
    answer text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (application_id, question_id)
);
create index application_answers_question_idx on application_answers (question_id);

-- the employer's internal notes on an application
create table application_comments (
    id uuid primary key default gen_random_uuid(),
    application_id uuid not null references applications (id) on delete cascade,
    author_user_id uuid references users (id) on delete set null,
    body text not null check (length(body) > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index application_comments_application_idx on application_comments (application_id, created_at);

-- shareable links to one application (/application/{linkId}); id is the unguessable link id
create table application_links (
    id uuid primary key default gen_random_uuid(),
    application_id uuid not null references applications (id) on delete cascade,
    created_by_user_id uuid references users (id) on delete set null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index application_links_application_idx on application_links (application_id);

------------------------------------------------------------------------------------------------
-- interviews
------------------------------------------------------------------------------------------------

-- created by an employer for an applicant; the employer may offer slots, and the applicant
-- accepts by choosing one (accepted_slot_id, starts_at) with a message
create table interviews (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    vacancy_id uuid references vacancies (id) on delete set null,
    application_id uuid references applications (id) on delete set null,
    applicant_user_id uuid not null references users (id) on delete cascade,
    created_by_user_id uuid references users (id) on delete set null,
    type text not null check (type in ('OFFICE', 'ONLINE', 'OTHER')),
    duration_minutes int not null check (duration_minutes > 0 and duration_minutes <= 1440),
    starts_at timestamptz,
    link text check (link ~* '^https?://'),
    location text,
    description text,
    reason text,
    conclusion_message text,
    status text not null default 'INVITED' check (status in ('INVITED', 'ACCEPTED', 'CANCELED', 'COMPLETED')),
    accepted_slot_id uuid,
    applicant_message text,
    notify_applicant boolean not null default true,
    accepted_at timestamptz,
    canceled_at timestamptz,
    canceled_by_user_id uuid references users (id) on delete set null,
    completed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index interviews_company_idx on interviews (company_id, starts_at);
create index interviews_applicant_idx on interviews (applicant_user_id, starts_at);
create index interviews_application_idx on interviews (application_id);
create index interviews_vacancy_idx on interviews (vacancy_id);
create index interviews_status_idx on interviews (status);

create table interview_slots (
    id uuid primary key default gen_random_uuid(),
    interview_id uuid not null references interviews (id) on delete cascade,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (interview_id, starts_at),
    constraint interview_slots_period_check check (ends_at > starts_at)
);

alter table interviews add constraint interviews_accepted_slot_fk
    foreign key (accepted_slot_id) references interview_slots (id) on delete set null;

------------------------------------------------------------------------------------------------
-- calendar
------------------------------------------------------------------------------------------------

-- a recurring event keeps its first occurrence in starts_at/ends_at and an RFC 5545 RRULE,
-- expanded in time_zone; recurrence_until (derived from UNTIL or COUNT, null = forever) lets a
-- range query find the series that may touch the range
create table calendar_events (
    id uuid primary key default gen_random_uuid(),
    owner_user_id uuid not null references users (id) on delete cascade,
    name text not null check (length(name) > 0),
    description text,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    all_day boolean not null default false,
    recurrence_rule text,
    recurrence_until timestamptz,
    time_zone text not null default 'Europe/Tallinn',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint calendar_events_period_check check (ends_at >= starts_at),
    constraint calendar_events_recurrence_check check (recurrence_rule is not null or recurrence_until is null)
);
create index calendar_events_owner_idx on calendar_events (owner_user_id, starts_at);
create index calendar_events_recurring_idx on calendar_events (owner_user_id, recurrence_until)
    where recurrence_rule is not null;

------------------------------------------------------------------------------------------------
-- chat
------------------------------------------------------------------------------------------------

-- one conversation per company and applicant, started by an employer (optionally from an application)
create table chats (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    applicant_user_id uuid not null references users (id) on delete cascade,
    application_id uuid references applications (id) on delete set null,
    started_by_user_id uuid references users (id) on delete set null,
    last_message_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, applicant_user_id)
);
create index chats_applicant_idx on chats (applicant_user_id, last_message_at desc);
create index chats_company_idx on chats (company_id, last_message_at desc);
create index chats_application_idx on chats (application_id);

-- read_at: when the other side read it
create table chat_messages (
    id uuid primary key default gen_random_uuid(),
    chat_id uuid not null references chats (id) on delete cascade,
    author_user_id uuid references users (id) on delete set null,
    body text not null check (length(body) > 0),
    attachment_file_id uuid references files (id) on delete set null,
    read_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index chat_messages_chat_idx on chat_messages (chat_id, created_at);
create index chat_messages_unread_idx on chat_messages (chat_id) where read_at is null;

------------------------------------------------------------------------------------------------
-- favourites
------------------------------------------------------------------------------------------------

create table favourite_vacancies (
    user_id uuid not null references users (id) on delete cascade,
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (user_id, vacancy_id)
);
create index favourite_vacancies_vacancy_idx on favourite_vacancies (vacancy_id);

create table favourite_cvs (
    company_id uuid not null references companies (id) on delete cascade,
    cv_id uuid not null references cvs (id) on delete cascade,
    saved_by_user_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (company_id, cv_id)
);
create index favourite_cvs_cv_idx on favourite_cvs (cv_id);

------------------------------------------------------------------------------------------------
-- billing: money in integer euro cents, VAT rates in basis points (2400 = 24 %)
------------------------------------------------------------------------------------------------

-- the price list; prices exclude VAT. duration_days: how long the bought service runs
-- (null = as long as the vacancy it is bought for); unit DAY: the quantity is a number of days.
create table products (
    code text primary key check (code ~ '^[A-Z0-9_]+$'),
    label_et text not null,
    label_en text not null,
    label_ru text not null,
    description_et text not null default '',
    description_en text not null default '',
    description_ru text not null default '',
    price_cents bigint not null check (price_cents >= 0),
    vat_rate_bp int not null default 2400 check (vat_rate_bp between 0 and 10000),
    is_active boolean not null default true,
    service_type text not null check (service_type in ('COMPANY', 'CV', 'VACANCY')),
    unit text not null default 'ITEM' check (unit in ('ITEM', 'DAY')),
    duration_days int check (duration_days > 0),
    pro_level smallint check (pro_level between 1 and 5),
    cv_base_days int check (cv_base_days > 0),
    promo_days int check (promo_days > 0),
    valid_from date not null default current_date,
    sort_order int not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- what an administrator set for one company: its own price (null = list price) and a discount
create table company_product_prices (
    company_id uuid not null references companies (id) on delete cascade,
    product_code text not null references products (code) on delete cascade,
    price_cents bigint check (price_cents >= 0),
    discount numeric(5, 4) not null default 0 check (discount between 0 and 1),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (company_id, product_code)
);
create index company_product_prices_product_idx on company_product_prices (product_code);

-- gapless invoice numbers: in the invoice's own transaction run
--   insert into invoice_number_sequences (series, last_number) values ($1, 1)
--   on conflict (series) do update set last_number = invoice_number_sequences.last_number + 1
--   returning last_number
-- the row lock orders concurrent invoices, and a rollback gives the number back
create table invoice_number_sequences (
    series text primary key,
    last_number bigint not null default 0 check (last_number >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- buyer_* are copied at issue time: an invoice must read the same after the company changes
create table invoices (
    id uuid primary key default gen_random_uuid(),
    number text not null unique,
    -- the Estonian payment reference (viitenumber) that matches bank transfers to the invoice
    reference_number text unique,
    company_id uuid references companies (id) on delete restrict,
    user_id uuid not null references users (id) on delete restrict,
    buyer_name text not null,
    buyer_registry_code text,
    buyer_vat_number text,
    buyer_address text,
    buyer_email text,
    issued_on date not null default current_date,
    due_on date not null,
    status text not null default 'UNPAID' check (status in ('UNPAID', 'PAID', 'CANCELLED')),
    currency text not null default 'EUR' check (currency = 'EUR'),
    subtotal_cents bigint not null check (subtotal_cents >= 0),
    vat_cents bigint not null check (vat_cents >= 0),
    total_cents bigint not null check (total_cents >= 0),
    pdf_file_id uuid references files (id) on delete set null,
    paid_at timestamptz,
    cancelled_at timestamptz,
    deleted_at timestamptz,
    deleted_by_user_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint invoices_due_on_check check (due_on >= issued_on),
    constraint invoices_total_check check (total_cents = subtotal_cents + vat_cents),
    constraint invoices_paid_at_check check (status <> 'PAID' or paid_at is not null)
);
create index invoices_company_idx on invoices (company_id, issued_on desc);
create index invoices_user_idx on invoices (user_id, issued_on desc);
create index invoices_status_idx on invoices (status);
create index invoices_issued_on_idx on invoices (issued_on);

-- line_total_cents = round(quantity * unit_price_cents * (1 - discount)), excluding VAT
create table invoice_lines (
    id uuid primary key default gen_random_uuid(),
    invoice_id uuid not null references invoices (id) on delete cascade,
    product_code text references products (code) on delete restrict,
    description text not null,
    quantity int not null check (quantity > 0),
    unit_price_cents bigint not null check (unit_price_cents >= 0),
    discount numeric(5, 4) not null default 0 check (discount between 0 and 1),
    vat_rate_bp int not null check (vat_rate_bp between 0 and 10000),
    line_total_cents bigint not null check (line_total_cents >= 0),
    vat_cents bigint not null check (vat_cents >= 0),
    position int not null default 0 check (position >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index invoice_lines_invoice_idx on invoice_lines (invoice_id, position);
create index invoice_lines_product_idx on invoice_lines (product_code);

-- a bought product at work: UNPAID until its invoice is paid, WAITING when paid but not yet
-- started (a vacancy published later), ACTIVE between starts_at and ends_at, then FINISHED
create table services (
    id uuid primary key default gen_random_uuid(),
    company_id uuid references companies (id) on delete cascade,
    user_id uuid references users (id) on delete cascade,
    type text not null check (type in ('COMPANY', 'CV', 'VACANCY')),
    product_code text not null references products (code) on delete restrict,
    vacancy_id uuid references vacancies (id) on delete set null,
    invoice_id uuid references invoices (id) on delete set null,
    quantity int not null default 1 check (quantity > 0),
    status text not null default 'UNPAID' check (status in ('ACTIVE', 'CANCELLED', 'FINISHED', 'UNPAID', 'WAITING')),
    starts_at timestamptz,
    ends_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint services_owner_check check (company_id is not null or user_id is not null),
    constraint services_period_check check (ends_at is null or starts_at is null or ends_at >= starts_at)
);
create index services_company_idx on services (company_id, status);
create index services_user_idx on services (user_id, status);
create index services_vacancy_idx on services (vacancy_id);
create index services_invoice_idx on services (invoice_id);
create index services_status_ends_at_idx on services (status, ends_at);

-- one attempt to pay an invoice; provider_reference is the provider's id (payment intent,
-- bank transaction), unique per provider so a repeated notification changes nothing
create table payments (
    id uuid primary key default gen_random_uuid(),
    invoice_id uuid not null references invoices (id) on delete restrict,
    method text not null check (method in ('INVOICE', 'BANK_TRANSFER', 'CARD', 'BLIK')),
    provider text not null,
    provider_reference text,
    amount_cents bigint not null check (amount_cents > 0),
    status text not null default 'PENDING' check (status in ('PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
    raw_payload jsonb,
    -- an administrator's forced payment
    recorded_by_user_id uuid references users (id) on delete set null,
    received_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (provider, provider_reference)
);
create index payments_invoice_idx on payments (invoice_id);
create index payments_status_idx on payments (status);

------------------------------------------------------------------------------------------------
-- metrics: one counter row per day
------------------------------------------------------------------------------------------------

create table vacancy_views (
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    viewed_on date not null,
    count int not null default 0 check (count >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (vacancy_id, viewed_on)
);

-- company_id null: a view by someone not acting for a company
create table cv_views (
    id uuid primary key default gen_random_uuid(),
    cv_id uuid not null references cvs (id) on delete cascade,
    company_id uuid references companies (id) on delete cascade,
    viewed_on date not null,
    count int not null default 0 check (count >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique nulls not distinct (cv_id, company_id, viewed_on)
);
create index cv_views_company_idx on cv_views (company_id);

------------------------------------------------------------------------------------------------
-- notifications
------------------------------------------------------------------------------------------------

create table notifications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    kind text not null check (kind ~ '^[A-Z][A-Z0-9_]*$'),
    payload jsonb not null default '{}'::jsonb,
    read_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index notifications_user_idx on notifications (user_id, created_at desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

-- tokens of the unsubscribe links in mailing-list e-mail; only the SHA-256 is kept
create table unsubscribe_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    token_hash bytea not null unique,
    used_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index unsubscribe_tokens_user_idx on unsubscribe_tokens (user_id);

-- when a user last looked at each badged menu item (PATCH /user/menu-notifications); the badge
-- counts what arrived since. company_id is the company the user acted for (null for applicants).
create table menu_notification_seen (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    company_id uuid references companies (id) on delete cascade,
    kind text not null check (kind in ('INTERVIEWS', 'APPLICATIONS', 'MESSAGES', 'INVOICES')),
    seen_at timestamptz not null default now(),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique nulls not distinct (user_id, company_id, kind)
);
create index menu_notification_seen_company_idx on menu_notification_seen (company_id);

------------------------------------------------------------------------------------------------
-- search index bookkeeping
------------------------------------------------------------------------------------------------

-- the updated_at of the row version the index holds; reconciliation re-indexes where the row is newer
create table search_index_state (
    doc_kind text not null check (doc_kind in ('vacancy', 'cv')),
    doc_id uuid not null,
    indexed_version timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (doc_kind, doc_id)
);

------------------------------------------------------------------------------------------------
-- indexes that spare a full scan when a file or user row is deleted (on delete set null / cascade)
------------------------------------------------------------------------------------------------

create index company_profiles_logo_idx on company_profiles (logo_file_id) where logo_file_id is not null;
create index company_branding_cover_idx on company_branding (cover_file_id) where cover_file_id is not null;
create index company_gallery_images_file_idx on company_gallery_images (file_id);
create index vacancies_image_idx on vacancies (image_file_id) where image_file_id is not null;
create index vacancy_branding_cover_idx on vacancy_branding (cover_file_id) where cover_file_id is not null;
create index vacancy_gallery_images_file_idx on vacancy_gallery_images (file_id);
create index cvs_pdf_idx on cvs (pdf_file_id) where pdf_file_id is not null;
create index cv_certificates_file_idx on cv_certificates (file_id) where file_id is not null;
create index cv_courses_file_idx on cv_courses (file_id) where file_id is not null;
create index cv_references_file_idx on cv_references (file_id) where file_id is not null;
create index cv_portfolio_files_file_idx on cv_portfolio_files (file_id);
create index chat_messages_attachment_idx on chat_messages (attachment_file_id) where attachment_file_id is not null;
create index invoices_pdf_idx on invoices (pdf_file_id) where pdf_file_id is not null;
create index chat_messages_author_idx on chat_messages (author_user_id);
create index interviews_accepted_slot_idx on interviews (accepted_slot_id) where accepted_slot_id is not null;

------------------------------------------------------------------------------------------------
-- the price list of 1 December 2023 (euros excluding VAT). The amount of the additional promotion
-- is not published, so that product starts inactive at 0 until an administrator prices it.
------------------------------------------------------------------------------------------------

insert into products (code, label_et, label_en, label_ru, description_et, description_en, description_ru,
                      price_cents, is_active, service_type, unit, duration_days, pro_level, cv_base_days,
                      promo_days, valid_from, sort_order)
values
    ('VACANCY', 'Töökuulutus kuni 30 päeva', 'Vacancy up to 30 days', 'Вакансия до 30 дней',
     'Töökuulutuse avaldamine kuni 30 päevaks.',
     'Publishing a vacancy for up to 30 days.',
     'Публикация вакансии на срок до 30 дней.',
     2900, true, 'VACANCY', 'ITEM', 30, null, null, null, '2023-12-01', 10),
    ('BRANDING', 'Brändimine (30 päeva)', 'Branding (30 days)', 'Брендирование (30 дней)',
     'Kuulutus ettevõtte kaanepildi, galerii ja videoga 30 päevaks.',
     'The vacancy shown with the company''s cover image, gallery and video for 30 days.',
     'Вакансия с обложкой, галереей и видео компании на 30 дней.',
     2900, true, 'VACANCY', 'ITEM', 30, null, null, null, '2023-12-01', 20),
    ('BASIC', 'BASIC', 'BASIC', 'BASIC',
     'Töökuulutus, PRO 1 staatus, esiletõstmine 1 nädal, CV-andmebaas 7 päeva.',
     'A vacancy with PRO 1 status, promotion for 1 week and the CV database for 7 days.',
     'Вакансия со статусом PRO 1, продвижение 1 неделю, база резюме на 7 дней.',
     19900, true, 'VACANCY', 'ITEM', 30, 1, 7, 7, '2023-12-01', 30),
    ('PREMIUM', 'PREMIUM', 'PREMIUM', 'PREMIUM',
     'Töökuulutus, PRO 3 staatus, esiletõstmine 2 nädalat, CV-andmebaas 14 päeva.',
     'A vacancy with PRO 3 status, promotion for 2 weeks and the CV database for 14 days.',
     'Вакансия со статусом PRO 3, продвижение 2 недели, база резюме на 14 дней.',
     29900, true, 'VACANCY', 'ITEM', 30, 3, 14, 14, '2023-12-01', 40),
    ('APEX', 'APEX', 'APEX', 'APEX',
     'Töökuulutus, PRO 5 staatus, esiletõstmine 3 nädalat, CV-andmebaas 30 päeva.',
     'A vacancy with PRO 5 status, promotion for 3 weeks and the CV database for 30 days.',
     'Вакансия со статусом PRO 5, продвижение 3 недели, база резюме на 30 дней.',
     39900, true, 'VACANCY', 'ITEM', 30, 5, 30, 21, '2023-12-01', 50),
    ('PRO_1', 'PRO staatus 1', 'PRO status 1', 'Статус PRO 1',
     'Kuulutus kuvatakse ühe tärniga.',
     'The vacancy is shown with 1 star.',
     'Вакансия отмечается 1 звездой.',
     500, true, 'VACANCY', 'ITEM', null, 1, null, null, '2023-12-01', 60),
    ('PRO_2', 'PRO staatus 2', 'PRO status 2', 'Статус PRO 2',
     'Kuulutus kuvatakse kahe tärniga.',
     'The vacancy is shown with 2 stars.',
     'Вакансия отмечается 2 звёздами.',
     900, true, 'VACANCY', 'ITEM', null, 2, null, null, '2023-12-01', 61),
    ('PRO_3', 'PRO staatus 3', 'PRO status 3', 'Статус PRO 3',
     'Kuulutus kuvatakse kolme tärniga.',
     'The vacancy is shown with 3 stars.',
     'Вакансия отмечается 3 звёздами.',
     1400, true, 'VACANCY', 'ITEM', null, 3, null, null, '2023-12-01', 62),
    ('PRO_4', 'PRO staatus 4', 'PRO status 4', 'Статус PRO 4',
     'Kuulutus kuvatakse nelja tärniga.',
     'The vacancy is shown with 4 stars.',
     'Вакансия отмечается 4 звёздами.',
     1900, true, 'VACANCY', 'ITEM', null, 4, null, null, '2023-12-01', 63),
    ('PRO_5', 'PRO staatus 5', 'PRO status 5', 'Статус PRO 5',
     'Kuulutus kuvatakse viie tärniga.',
     'The vacancy is shown with 5 stars.',
     'Вакансия отмечается 5 звёздами.',
     2400, true, 'VACANCY', 'ITEM', null, 5, null, null, '2023-12-01', 64),
    ('CV_BASE_DAY', 'Ligipääs CV-andmebaasile (1 päev)', 'CV database access (1 day)', 'Доступ к базе резюме (1 день)',
     'CV-andmebaasi otsing ja kandidaatide CV-d. Hind päeva kohta, päevade arv valitakse ostmisel.',
     'Search the CV database and open candidates'' CVs. Priced per day; the number of days is chosen at purchase.',
     'Поиск по базе резюме и просмотр резюме кандидатов. Цена за день, количество дней выбирается при покупке.',
     2900, true, 'CV', 'DAY', 1, null, 1, null, '2023-12-01', 70),
    ('CV_BASE_7_DAYS_WITH_VACANCY', 'CV-andmebaas 7 päeva koos kuulutusega', 'CV database for 7 days with a vacancy',
     'База резюме на 7 дней с вакансией',
     'Soodushinnaga 7-päevane ligipääs CV-andmebaasile koos töökuulutuse ostuga.',
     'Discounted 7-day access to the CV database, bought together with a vacancy.',
     '7-дневный доступ к базе резюме по льготной цене при покупке вместе с вакансией.',
     2900, true, 'CV', 'ITEM', 7, null, 7, null, '2023-12-01', 80),
    ('ADDITIONAL_PROMO', 'Lisaesiletõstmine', 'Additional promotion', 'Дополнительное продвижение',
     'Kuulutuse täiendav esiletõstmine.',
     'Extra promotion of a vacancy.',
     'Дополнительное продвижение вакансии.',
     0, false, 'VACANCY', 'ITEM', null, null, null, null, '2023-12-01', 90),
    ('REGISTRATION', 'Registreerimine', 'Registration', 'Регистрация',
     'Tasuta. Ettevõte võib lisada piiramatu arvu kasutajaid.',
     'Free. A company may add an unlimited number of users.',
     'Бесплатно. Компания может добавить неограниченное количество пользователей.',
     0, true, 'COMPANY', 'ITEM', null, null, null, null, '2023-12-01', 100);

------------------------------------------------------------------------------------------------

do $$
declare t text;
begin
    foreach t in array array['company_profiles', 'company_descriptions', 'company_categories',
        'company_branding', 'company_gallery_images', 'company_working_hours', 'user_working_hours',
        'api_keys', 'company_comments',
        'vacancies', 'vacancy_contents', 'vacancy_categories', 'vacancy_language_requirements',
        'vacancy_driver_licences', 'vacancy_questions', 'vacancy_moderators', 'vacancy_branding',
        'vacancy_gallery_images',
        'cvs', 'cv_categories', 'cv_educations', 'cv_employment_histories', 'cv_language_skills',
        'cv_skills', 'cv_driver_licences', 'cv_certificates', 'cv_courses', 'cv_references',
        'cv_portfolio_items', 'cv_portfolio_files',
        'applications', 'application_answers', 'application_comments', 'application_links',
        'interviews', 'interview_slots', 'calendar_events', 'chats', 'chat_messages',
        'favourite_vacancies', 'favourite_cvs',
        'products', 'company_product_prices', 'invoice_number_sequences', 'invoices', 'invoice_lines',
        'services', 'payments',
        'vacancy_views', 'cv_views', 'notifications', 'unsubscribe_tokens', 'menu_notification_seen',
        'search_index_state']
    loop
        execute format('create trigger %I before update on %I for each row execute function set_updated_at()',
                       t || '_updated_at', t);
    end loop;
end;
$$;
