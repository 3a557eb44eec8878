-- Issue 35 §2: a PAID invoice of an ad rejected before it went live keeps its status (billing has
-- no credit notes) and its services are cancelled; the money is to be paid back by hand. One row per
-- such invoice, listed to administrators until one of them records the refund as made.
create table moderation_refunds (
    invoice_id uuid primary key references invoices (id) on delete cascade,
    vacancy_id uuid references vacancies (id) on delete set null,
    due_at timestamptz not null,
    refunded_at timestamptz,
    refunded_by_user_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index moderation_refunds_open_idx on moderation_refunds (due_at) where refunded_at is null;
create trigger moderation_refunds_updated_at before update on moderation_refunds for each row execute function set_updated_at();
