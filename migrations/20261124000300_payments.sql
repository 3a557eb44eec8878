-- Paying invoices (docs/billing.md): online through a payment provider (a bank link is a method of
-- its own), bank transfers read from camt.053 statements, and one reminder per overdue invoice.
alter table payments drop constraint payments_method_check;
alter table payments add constraint payments_method_check
    check (method in ('INVOICE', 'BANK_TRANSFER', 'BANK_LINK', 'CARD', 'BLIK'));

-- the overdue reminder was mailed at this time (once per invoice)
alter table invoices add column reminder_sent_at timestamptz;
create index invoices_overdue_idx on invoices (due_on) where status = 'UNPAID' and reminder_sent_at is null and deleted_at is null;

-- every credit of an imported bank statement, once (provider_reference = the bank's AcctSvcrRef or
-- NtryRef); matched ones also have their payment, unmatched ones say why
create table bank_transactions (
    id uuid primary key default gen_random_uuid(),
    entry_reference text not null unique,
    booked_on date,
    amount_cents bigint not null check (amount_cents > 0),
    currency text not null,
    debtor_name text,
    structured_reference text,
    remittance text,
    invoice_id uuid references invoices (id) on delete set null,
    payment_id uuid references payments (id) on delete set null,
    unmatched_reason text check (unmatched_reason in ('NO_INVOICE', 'AMOUNT_DIFFERS', 'ALREADY_PAID', 'CANCELLED', 'CURRENCY')),
    imported_by_user_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint bank_transactions_outcome_check check (unmatched_reason is null or payment_id is null)
);
create index bank_transactions_invoice_idx on bank_transactions (invoice_id);
create index bank_transactions_payment_idx on bank_transactions (payment_id);
create index bank_transactions_imported_by_idx on bank_transactions (imported_by_user_id);
create trigger bank_transactions_updated_at before update on bank_transactions for each row execute function set_updated_at();
