-- An administrator resolves an unmatched bank-statement line by hand (issue 19): matched to an
-- invoice (paid through mark_paid, the payment linked as an automatic match's is) or dismissed,
-- with who, when and why. A line is waiting while it has an unmatched reason and no resolution.
alter table bank_transactions
    add column resolution text check (resolution in ('MATCHED', 'DISMISSED')),
    add column resolved_by_user_id uuid references users (id) on delete set null,
    add column resolved_at timestamptz,
    add column resolution_note text,
    add constraint bank_transactions_resolved_check check ((resolution is null) = (resolved_at is null));

create index bank_transactions_resolved_by_idx on bank_transactions (resolved_by_user_id);
create index bank_transactions_waiting_idx on bank_transactions (created_at)
    where unmatched_reason is not null and resolution is null;
