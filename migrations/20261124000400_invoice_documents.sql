-- the invoice PDF in each language it was asked for, generated once and kept: a stored document
-- does not change when the seller's details or a product's label change later.
-- invoices.pdf_file_id is the copy in the invoice's own language (the one mailed to the buyer).
create table invoice_pdf_files (
    invoice_id uuid not null references invoices (id) on delete cascade,
    locale text not null check (locale in ('et', 'en', 'ru')),
    file_id uuid not null references files (id) on delete restrict,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (invoice_id, locale)
);
create index invoice_pdf_files_file_idx on invoice_pdf_files (file_id);
create trigger invoice_pdf_files_updated_at before update on invoice_pdf_files
    for each row execute function set_updated_at();

-- what the dev outbox keeps of a mail's attachments: [{"name", "contentType", "sizeBytes"}]
alter table dev_outbox add column attachments jsonb not null default '[]'::jsonb;

-- when the invoice mail with the PDF went to the buyer: it goes once
alter table invoices add column mailed_at timestamptz;
