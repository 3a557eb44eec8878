//! Overdue reminders: one mail per UNPAID invoice whose due date has passed (in Tallinn), sent once
//! (`invoices.reminder_sent_at`), to the invoice's e-mail (the buyer's invoices e-mail copied at
//! issue, else its user's) in its user's language (et by default). The worker runs
//! [`send_overdue`] on a schedule; it takes the clock as `now` so tests drive it with a fixed one.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::seller::Seller;
use super::shared::tallinn_day;
use crate::platform::error::Result;
use crate::platform::locale::Locale;
use crate::platform::mail::{Mail, Mailer};

/// An overdue invoice as its reminder reads it.
#[derive(Debug, sqlx::FromRow)]
struct Overdue {
    id: Uuid,
    number: String,
    reference_number: Option<String>,
    total_cents: i64,
    due_on: NaiveDate,
    recipient: String,
    locale: String,
    has_company: bool,
}

/// Mails the reminder of every UNPAID invoice due before `now`'s day that has had none, one
/// invoice per transaction (its row locked, so two workers send each once); answers how many were
/// sent. A mail that cannot be sent leaves its invoice for the next run and stops this one.
#[tracing::instrument(skip_all)]
pub async fn send_overdue(
    pool: &PgPool,
    mailer: &Mailer,
    seller: &Seller,
    public_url: &str,
    now: DateTime<Utc>,
) -> Result<u64> {
    let today = tallinn_day(now);
    let mut sent = 0;
    loop {
        let mut tx = pool.begin().await?;
        let overdue: Option<Overdue> = sqlx::query_as(
            "select i.id, i.number, i.reference_number, i.total_cents, i.due_on,
                    coalesce(nullif(i.buyer_email, ''), u.username) as recipient, u.locale, i.company_id is not null as has_company
             from invoices i join users u on u.id = i.user_id
             where i.status = 'UNPAID' and i.deleted_at is null and i.reminder_sent_at is null and i.due_on < $1
             order by i.due_on, i.number
             limit 1
             for update of i skip locked",
        )
        .bind(today)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(invoice) = overdue else { break };
        mailer.send(reminder(&invoice, seller, public_url)).await?;
        sqlx::query("update invoices set reminder_sent_at = $2 where id = $1")
            .bind(invoice.id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        sent += 1;
    }
    Ok(sent)
}

fn euros(cents: i64, locale: Locale) -> String {
    let text = format!("{}.{:02}", cents / 100, cents % 100);
    match locale {
        Locale::En => format!("€{text}"),
        Locale::Et | Locale::Ru => format!("{} €", text.replace('.', ",")),
    }
}

/// The reminder mail of one overdue invoice.
fn reminder(invoice: &Overdue, seller: &Seller, public_url: &str) -> Mail {
    let locale = Locale::from_code(&invoice.locale).unwrap_or_default();
    let account = if invoice.has_company {
        "employer/account"
    } else {
        "account"
    };
    let link = format!("{public_url}/{}/{account}/my-invoices", locale.code());
    let number = &invoice.number;
    let amount = euros(invoice.total_cents, locale);
    let due = invoice.due_on.format("%d.%m.%Y");
    let reference = invoice.reference_number.as_deref().unwrap_or("");
    let bank = &seller.bank();
    let (subject, text) = match locale {
        Locale::Et => (
            format!("Meeldetuletus: arve {number} maksetähtaeg on möödunud"),
            format!(
                "Tere!\n\nArve {number} summas {amount} maksetähtaeg oli {due}, kuid makset pole veel laekunud.\n\
                 Palun tasu arve ülekandega: saaja {}, IBAN {}, viitenumber {reference}.\n\
                 Arved ja maksmise võimalused: {link}\n\nKui oled arve juba tasunud, pole vaja midagi teha.\n\nVakants",
                bank.recipient, bank.iban
            ),
        ),
        Locale::En => (
            format!("Reminder: invoice {number} is past its due date"),
            format!(
                "Hello,\n\ninvoice {number} for {amount} was due on {due} and its payment has not arrived yet.\n\
                 Please pay it by bank transfer: recipient {}, IBAN {}, reference number {reference}.\n\
                 Your invoices and ways to pay: {link}\n\nIf you have already paid the invoice, there is nothing to do.\n\nVakants",
                bank.recipient, bank.iban
            ),
        ),
        Locale::Ru => (
            format!("Напоминание: срок оплаты счёта {number} истёк"),
            format!(
                "Здравствуйте!\n\nСрок оплаты счёта {number} на сумму {amount} истёк {due}, но платёж ещё не поступил.\n\
                 Пожалуйста, оплатите счёт переводом: получатель {}, IBAN {}, номер ссылки {reference}.\n\
                 Ваши счета и способы оплаты: {link}\n\nЕсли вы уже оплатили счёт, ничего делать не нужно.\n\nVakants",
                bank.recipient, bank.iban
            ),
        ),
    };
    Mail {
        to: invoice.recipient.clone(),
        subject,
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reminder_names_the_invoice_amount_and_reference_in_its_language() {
        let seller = Seller::default();
        let invoice = |locale: &str| Overdue {
            id: Uuid::nil(),
            number: "2026-000007".into(),
            reference_number: Some("20260000074".into()),
            total_cents: 3596,
            due_on: NaiveDate::from_ymd_opt(2026, 11, 10).unwrap(),
            recipient: "arved@example.ee".into(),
            locale: locale.into(),
            has_company: true,
        };
        let et = reminder(&invoice("et"), &seller, "https://vakants.test");
        assert!(
            et.subject.contains("2026-000007")
                && et.text.contains("35,96 €")
                && et.text.contains("20260000074"),
            "{et:?}"
        );
        assert!(
            et.text
                .contains("https://vakants.test/et/employer/account/my-invoices")
                && et.text.contains("10.11.2026")
        );
        let en = reminder(&invoice("en"), &seller, "https://vakants.test");
        assert!(en.text.contains("€35.96") && en.text.contains(&seller.iban));
        let ru = reminder(&invoice("ru"), &seller, "https://vakants.test");
        assert!(ru.subject.starts_with("Напоминание"));
        assert_eq!(
            reminder(&invoice("xx"), &seller, "https://vakants.test").subject,
            et.subject,
            "et fallback"
        );
    }
}
