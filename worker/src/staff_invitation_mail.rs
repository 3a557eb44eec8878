//! Staff invitation mails ([`domain::companies::invitations::mail_invitation`]): the person the
//! supervisor invited hears of it, once. A failure fails the job, which apalis retries and then
//! lists for `vakants jobs`; the invitation stays pending meanwhile and shows in the person's account.

use apalis::prelude::*;
use domain::companies::invitations::{self, MailStaffInvitation};
use sqlx::PgPool;

use crate::Mailing;

pub async fn handle(job: MailStaffInvitation, pool: Data<PgPool>, mailing: Data<Mailing>) -> Result<(), BoxDynError> {
    let sent = invitations::mail_invitation(&pool, &mailing.mailer, &mailing.public_url, &job).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(invitation = %job.invitation_id, sent, "staff invitation mail done");
    Ok(())
}
