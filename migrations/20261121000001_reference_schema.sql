-- reference data: code lists with labels in et, en and ru (et is the fallback)
create extension if not exists pg_trgm;
create extension if not exists unaccent;

create or replace function set_updated_at() returns trigger
language plpgsql as $$
begin
    new.updated_at = now();
    return new;
end;
$$;

-- every code list shares one shape: a stable code, three labels, an order
create table ref_categories (
    code text primary key,
    icon_code text not null,
    label_et text not null,
    label_en text not null,
    label_ru text not null,
    sort_order int not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table ref_occupations (
    code text primary key,
    category_code text references ref_categories (code),
    label_et text not null,
    label_en text not null,
    label_ru text not null,
    sort_order int not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index ref_occupations_category_idx on ref_occupations (category_code);

create table ref_employment_types (like ref_occupations including defaults);
alter table ref_employment_types add primary key (code), drop column category_code;
create table ref_work_experiences (like ref_employment_types including defaults);
alter table ref_work_experiences add primary key (code);
create table ref_languages (like ref_employment_types including defaults);
alter table ref_languages add primary key (code);
create table ref_proficiencies (like ref_employment_types including defaults);
alter table ref_proficiencies add primary key (code);
create table ref_education_levels (like ref_employment_types including defaults);
alter table ref_education_levels add primary key (code);
create table ref_driver_licences (like ref_employment_types including defaults);
alter table ref_driver_licences add primary key (code);
create table ref_genders (like ref_employment_types including defaults);
alter table ref_genders add primary key (code);
create table ref_skill_levels (like ref_employment_types including defaults);
alter table ref_skill_levels add primary key (code);
create table ref_company_sizes (like ref_employment_types including defaults);
alter table ref_company_sizes add primary key (code);
create table ref_salary_periods (like ref_employment_types including defaults);
alter table ref_salary_periods add primary key (code);

-- Estonia's administrative units by their official EHAK codes (Statistics Estonia's
-- classification of administrative units and settlements)
create table ref_places (
    code text primary key,
    country_code text not null default 'EE',
    kind text not null check (kind in ('country', 'county', 'municipality', 'city')),
    parent_code text references ref_places (code),
    label_et text not null,
    label_en text not null,
    label_ru text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index ref_places_parent_idx on ref_places (parent_code);
create index ref_places_kind_idx on ref_places (kind);

do $$
declare t text;
begin
    foreach t in array array['ref_categories', 'ref_occupations', 'ref_employment_types',
        'ref_work_experiences', 'ref_languages', 'ref_proficiencies', 'ref_education_levels',
        'ref_driver_licences', 'ref_genders', 'ref_skill_levels', 'ref_company_sizes',
        'ref_salary_periods', 'ref_places']
    loop
        execute format('create trigger %I before update on %I for each row execute function set_updated_at()',
                       t || '_updated_at', t);
    end loop;
end;
$$;
