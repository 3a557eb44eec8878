//! Invoice mails: the invoice with its PDF to the buyer, once ([`domain::billing::documents::mail_invoice`]).
//! A failure (the PDF, the store, the relay) fails the job, which apalis retries and then lists
//! for `vakants jobs`; the order it belongs to stays as it is.

use apalis::prelude::*;
use domain::billing::documents::{self, MailInvoice};
use domain::billing::seller::Seller;
use domain::files::FileStore;
use domain::platform::mail::Mailer;
use sqlx::PgPool;

pub async fn handle(
    job: MailInvoice,
    pool: Data<PgPool>,
    files: Data<FileStore>,
    mailer: Data<Mailer>,
    seller: Data<Seller>,
) -> Result<(), BoxDynError> {
    let sent = documents::mail_invoice(&pool, &files, &mailer, &seller, job.invoice_id)
        .await
        .map_err(|e| format!("{e:#}"))?;
    tracing::info!(invoice = %job.invoice_id, sent, "invoice mail done");
    Ok(())
}
