//! Staff invitation mails ([`domain::companies::staff::mail_invitation`]): the person the supervisor
//! added hears of it, once. A failure fails the job, which apalis retries and then lists for
//! `vakants jobs`; the person stays on the staff and can sign in with a code meanwhile.

use apalis::prelude::*;
use domain::companies::staff::{self, MailStaffInvitation};
use sqlx::PgPool;

use crate::Mailing;

pub async fn handle(job: MailStaffInvitation, pool: Data<PgPool>, mailing: Data<Mailing>) -> Result<(), BoxDynError> {
    let sent = staff::mail_invitation(&pool, &mailing.mailer, &mailing.public_url, &job).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(company = %job.company_id, user = %job.user_id, sent, "staff invitation mail done");
    Ok(())
}
