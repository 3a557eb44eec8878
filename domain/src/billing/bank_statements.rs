//! Bank transfers: an ISO 20022 camt.053 bank statement (read with quick-xml's serde support) is
//! matched to invoices. Only booked credits count (`CdtDbtInd` CRDT, `Sts` BOOK). A credit is an
//! invoice's when its structured reference (`RmtInf/Strd/CdtrRefInf/Ref`) is the invoice's
//! reference number, else when its unstructured remittance (`RmtInf/Ustrd`) names an invoice
//! number (`2026-000123`). Each bank transaction is recorded once (`bank_transactions`, keyed by
//! the bank's `AcctSvcrRef`, else `NtryRef`): importing a statement again changes nothing. A credit
//! of exactly an unpaid invoice's total in euros pays it ([`super::mark_paid`], method
//! BANK_TRANSFER, provider "bank", the bank's reference); any other is listed as unmatched with
//! the reason.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use super::payments::{Marked, PaymentMethod, PaymentRecord, mark_paid};
use super::provider::amount_cents;
use crate::platform::error::{Error, Result};

/// The largest statement accepted.
pub const MAX_STATEMENT_BYTES: usize = 5 * 1024 * 1024;
/// The provider of bank transfers in `payments.provider`.
pub const BANK_PROVIDER: &str = "bank";

#[derive(Debug, Deserialize)]
struct Document {
    #[serde(rename = "BkToCstmrStmt")]
    report: Option<Report>,
}

#[derive(Debug, Deserialize)]
struct Report {
    #[serde(rename = "Stmt", default)]
    statements: Vec<Statement>,
}

#[derive(Debug, Deserialize)]
struct Statement {
    #[serde(rename = "Ntry", default)]
    entries: Vec<Entry>,
}

#[derive(Debug, Deserialize)]
struct Entry {
    #[serde(rename = "NtryRef")]
    entry_ref: Option<String>,
    #[serde(rename = "Amt")]
    amount: Amount,
    #[serde(rename = "CdtDbtInd")]
    direction: String,
    /// `BOOK` as text (camt.053.001.02) or as `<Cd>BOOK</Cd>` (later versions).
    #[serde(rename = "Sts")]
    status: Option<EntryStatus>,
    #[serde(rename = "BookgDt")]
    booked: Option<DateChoice>,
    #[serde(rename = "AcctSvcrRef")]
    servicer_ref: Option<String>,
    #[serde(rename = "NtryDtls", default)]
    details: Vec<EntryDetails>,
}

#[derive(Debug, Deserialize)]
struct Amount {
    #[serde(rename = "@Ccy")]
    currency: String,
    #[serde(rename = "$text")]
    value: String,
}

#[derive(Debug, Deserialize)]
struct EntryStatus {
    #[serde(rename = "$text")]
    text: Option<String>,
    #[serde(rename = "Cd")]
    code: Option<String>,
}

#[derive(Debug, Deserialize)]
struct DateChoice {
    #[serde(rename = "Dt")]
    date: Option<String>,
    #[serde(rename = "DtTm")]
    date_time: Option<String>,
}

#[derive(Debug, Deserialize)]
struct EntryDetails {
    #[serde(rename = "TxDtls", default)]
    transactions: Vec<Transaction>,
}

#[derive(Debug, Deserialize)]
struct Transaction {
    #[serde(rename = "Refs")]
    refs: Option<TransactionRefs>,
    #[serde(rename = "RltdPties")]
    parties: Option<Parties>,
    #[serde(rename = "RmtInf")]
    remittance: Option<Remittance>,
}

#[derive(Debug, Deserialize)]
struct TransactionRefs {
    #[serde(rename = "AcctSvcrRef")]
    servicer_ref: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Parties {
    #[serde(rename = "Dbtr")]
    debtor: Option<Party>,
}

/// `<Nm>` directly (camt.053.001.02) or inside `<Pty>` (later versions).
#[derive(Debug, Deserialize)]
struct Party {
    #[serde(rename = "Nm")]
    name: Option<String>,
    #[serde(rename = "Pty")]
    party: Option<PartyName>,
}

#[derive(Debug, Deserialize)]
struct PartyName {
    #[serde(rename = "Nm")]
    name: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Remittance {
    #[serde(rename = "Ustrd", default)]
    unstructured: Vec<String>,
    #[serde(rename = "Strd", default)]
    structured: Vec<Structured>,
}

#[derive(Debug, Deserialize)]
struct Structured {
    #[serde(rename = "CdtrRefInf")]
    creditor_reference: Option<CreditorReference>,
}

#[derive(Debug, Deserialize)]
struct CreditorReference {
    #[serde(rename = "Ref")]
    reference: Option<String>,
}

/// One booked credit of a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credit {
    /// The bank's reference of the transaction (`AcctSvcrRef`, else `NtryRef`).
    pub entry_reference: String,
    pub booked_on: Option<NaiveDate>,
    pub amount_cents: i64,
    pub currency: String,
    pub debtor_name: Option<String>,
    /// `RmtInf/Strd/CdtrRefInf/Ref`.
    pub structured_reference: Option<String>,
    /// `RmtInf/Ustrd`, lines joined by a space.
    pub remittance: Option<String>,
}

fn clean(text: Option<String>) -> Option<String> {
    text.map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|t| !t.is_empty())
}

/// The booked credits of a camt.053 statement, in statement order. A file that is not one (not
/// UTF-8 XML, no `BkToCstmrStmt`, an unreadable amount, an entry without a reference) is a 400
/// naming `file`.
pub fn parse(bytes: &[u8]) -> Result<Vec<Credit>> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Error::field("file", "The statement is not UTF-8 text"))?;
    let text = text.trim_start_matches('\u{feff}');
    let document: Document = quick_xml::de::from_str(text).map_err(|e| {
        Error::field(
            "file",
            format!("The file is not a camt.053 bank statement: {e}"),
        )
    })?;
    let report = document.report.ok_or_else(|| {
        Error::field(
            "file",
            "The file is not a camt.053 bank statement (no BkToCstmrStmt)",
        )
    })?;
    let mut credits = Vec::new();
    for (position, entry) in report
        .statements
        .into_iter()
        .flat_map(|s| s.entries)
        .enumerate()
    {
        let booked = entry
            .status
            .as_ref()
            .and_then(|s| s.code.as_deref().or(s.text.as_deref()))
            .map(str::trim)
            == Some("BOOK");
        if entry.direction.trim() != "CRDT" || !booked {
            continue;
        }
        let amount = amount_cents(&serde_json::Value::String(entry.amount.value.clone()))
            .filter(|cents| *cents > 0)
            .ok_or_else(|| {
                Error::field(
                    "file",
                    format!(
                        "Entry {} has an unreadable amount {:?}",
                        position + 1,
                        entry.amount.value
                    ),
                )
            })?;
        let transaction = entry
            .details
            .into_iter()
            .flat_map(|d| d.transactions)
            .next();
        let transaction_ref = transaction
            .as_ref()
            .and_then(|t| t.refs.as_ref())
            .and_then(|r| clean(r.servicer_ref.clone()));
        let entry_reference = clean(entry.servicer_ref)
            .or(transaction_ref)
            .or(clean(entry.entry_ref))
            .ok_or_else(|| {
                Error::field(
                    "file",
                    format!("Entry {} has neither AcctSvcrRef nor NtryRef", position + 1),
                )
            })?;
        let booked_on = entry.booked.and_then(|b| {
            let text = b.date.or(b.date_time)?;
            NaiveDate::parse_from_str(text.get(..10)?, "%Y-%m-%d").ok()
        });
        let (debtor_name, structured_reference, remittance) = match transaction {
            None => (None, None, None),
            Some(t) => {
                let debtor = t
                    .parties
                    .and_then(|p| p.debtor)
                    .and_then(|d| d.name.or(d.party.and_then(|p| p.name)));
                let (structured, unstructured) = match t.remittance {
                    None => (None, None),
                    Some(r) => (
                        r.structured
                            .into_iter()
                            .find_map(|s| s.creditor_reference.and_then(|c| clean(c.reference))),
                        clean(Some(r.unstructured.join(" "))),
                    ),
                };
                (clean(debtor), structured, unstructured)
            }
        };
        credits.push(Credit {
            entry_reference,
            booked_on,
            amount_cents: amount,
            currency: entry.amount.currency.trim().to_string(),
            debtor_name,
            structured_reference,
            remittance,
        });
    }
    Ok(credits)
}

/// The invoice numbers (`YYYY-NNNNNN`, six or more digits) a remittance text names, in order.
pub fn invoice_numbers_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let starts_word = at == 0 || !chars[at - 1].is_ascii_digit();
        let year = chars
            .get(at..at + 4)
            .filter(|y| y.iter().all(char::is_ascii_digit));
        if starts_word && year.is_some() && chars.get(at + 4) == Some(&'-') {
            let digits = chars[at + 5..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if digits >= 6 {
                found.push(chars[at..at + 5 + digits].iter().collect());
                at += 5 + digits;
                continue;
            }
        }
        at += 1;
    }
    found
}

/// Why a credit paid no invoice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum UnmatchedReason {
    /// Neither its reference number nor its text names an invoice.
    NoInvoice,
    /// It names an invoice but is not its total in euros.
    AmountDiffers,
    /// The invoice it names is paid already.
    AlreadyPaid,
    /// The invoice it names was cancelled.
    Cancelled,
}

impl UnmatchedReason {
    fn as_str(self) -> &'static str {
        match self {
            UnmatchedReason::NoInvoice => "NO_INVOICE",
            UnmatchedReason::AmountDiffers => "AMOUNT_DIFFERS",
            UnmatchedReason::AlreadyPaid => "ALREADY_PAID",
            UnmatchedReason::Cancelled => "CANCELLED",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchedCredit {
    pub entry_reference: String,
    pub invoice_number: String,
    pub amount_cents: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnmatchedCredit {
    pub entry_reference: String,
    pub amount_cents: i64,
    pub debtor_name: Option<String>,
    /// The remittance text, else the structured reference.
    pub remittance: Option<String>,
    pub reason: UnmatchedReason,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// Credits that paid an invoice now.
    pub matched: Vec<MatchedCredit>,
    /// Credits recorded without paying anything, with the reason.
    pub unmatched: Vec<UnmatchedCredit>,
    /// Credits of an earlier import, left as they were.
    pub already_imported: i64,
}

/// Records each credit once and pays the invoices they pay in full, each credit on a transaction of
/// its own; `imported_by` is the administrator who uploaded the statement (none from the command).
#[tracing::instrument(skip_all, fields(credits = credits.len()))]
pub async fn import(
    pool: &PgPool,
    credits: &[Credit],
    imported_by: Option<Uuid>,
    now: DateTime<Utc>,
) -> Result<ImportReport> {
    let mut report = ImportReport::default();
    for credit in credits {
        let mut tx = pool.begin().await?;
        let recorded: Option<Uuid> = sqlx::query_scalar(
            "insert into bank_transactions (entry_reference, booked_on, amount_cents, currency, debtor_name, structured_reference,
                                            remittance, imported_by_user_id, unmatched_reason)
             values ($1, $2, $3, $4, $5, $6, $7, $8, 'NO_INVOICE')
             on conflict (entry_reference) do nothing
             returning id",
        )
        .bind(&credit.entry_reference)
        .bind(credit.booked_on)
        .bind(credit.amount_cents)
        .bind(&credit.currency)
        .bind(&credit.debtor_name)
        .bind(&credit.structured_reference)
        .bind(&credit.remittance)
        .bind(imported_by)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(transaction_id) = recorded else {
            report.already_imported += 1;
            continue;
        };
        let invoice = find_invoice(&mut tx, credit).await?;
        let reason = match &invoice {
            None => Some(UnmatchedReason::NoInvoice),
            Some((_, _, status, _)) if status == "CANCELLED" => Some(UnmatchedReason::Cancelled),
            Some((_, _, status, _)) if status == "PAID" => Some(UnmatchedReason::AlreadyPaid),
            Some((_, _, _, total)) if *total != credit.amount_cents || credit.currency != "EUR" => {
                Some(UnmatchedReason::AmountDiffers)
            }
            Some(_) => None,
        };
        let invoice_id = invoice.as_ref().map(|(id, ..)| *id);
        match (reason, invoice) {
            (None, Some((invoice_id, number, _, _))) => {
                let payment = PaymentRecord {
                    method: PaymentMethod::BankTransfer,
                    provider: BANK_PROVIDER.to_string(),
                    provider_reference: Some(credit.entry_reference.clone()),
                    amount_cents: credit.amount_cents,
                    recorded_by: imported_by,
                };
                let marked = mark_paid(&mut tx, invoice_id, &payment, now).await?;
                debug_assert!(
                    matches!(marked, Marked::Paid { .. }),
                    "the invoice was locked unpaid"
                );
                sqlx::query(
                    "update bank_transactions t set invoice_id = $2, unmatched_reason = null,
                            payment_id = (select id from payments where provider = $3 and provider_reference = t.entry_reference)
                     where t.id = $1",
                )
                .bind(transaction_id)
                .bind(invoice_id)
                .bind(BANK_PROVIDER)
                .execute(&mut *tx)
                .await?;
                report.matched.push(MatchedCredit {
                    entry_reference: credit.entry_reference.clone(),
                    invoice_number: number,
                    amount_cents: credit.amount_cents,
                });
            }
            (reason, _) => {
                let reason = reason.unwrap_or(UnmatchedReason::NoInvoice);
                sqlx::query("update bank_transactions set invoice_id = $2, unmatched_reason = $3 where id = $1")
                    .bind(transaction_id)
                    .bind(invoice_id)
                    .bind(reason.as_str())
                    .execute(&mut *tx)
                    .await?;
                report.unmatched.push(UnmatchedCredit {
                    entry_reference: credit.entry_reference.clone(),
                    amount_cents: credit.amount_cents,
                    debtor_name: credit.debtor_name.clone(),
                    remittance: credit
                        .remittance
                        .clone()
                        .or_else(|| credit.structured_reference.clone()),
                    reason,
                });
            }
        }
        tx.commit().await?;
    }
    tracing::info!(
        matched = report.matched.len(),
        unmatched = report.unmatched.len(),
        already = report.already_imported,
        "bank statement imported"
    );
    Ok(report)
}

/// The invoice a credit names (locked): by its structured reference, else by an invoice number in
/// its text. Deleted invoices are not found.
async fn find_invoice(
    conn: &mut sqlx::PgConnection,
    credit: &Credit,
) -> Result<Option<(Uuid, String, String, i64)>> {
    const COLUMNS: &str =
        "select id, number, status, total_cents from invoices where deleted_at is null";
    if let Some(reference) = &credit.structured_reference {
        let digits: String = reference.chars().filter(|c| !c.is_whitespace()).collect();
        let found = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{COLUMNS} and reference_number = $1 for update"
        )))
        .bind(&digits)
        .fetch_optional(&mut *conn)
        .await?;
        if found.is_some() {
            return Ok(found);
        }
    }
    for number in credit
        .remittance
        .as_deref()
        .map(invoice_numbers_in)
        .unwrap_or_default()
    {
        let found = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{COLUMNS} and number = $1 for update"
        )))
        .bind(&number)
        .fetch_optional(&mut *conn)
        .await?;
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LATER_VERSION: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>1</MsgId><CreDtTm>2026-11-24T10:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>S1</Id>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Bal>
      <Ntry>
        <NtryRef>N1</NtryRef>
        <Amt Ccy="EUR">19.5</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><DtTm>2026-11-23T09:15:00</DtTm></BookgDt>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>TX-1</AcctSvcrRef></Refs>
          <RltdPties><Dbtr><Pty><Nm>Näide  OÜ</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>Arve 2026-000042</Ustrd><Ustrd>ja tänud</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <NtryRef>N2</NtryRef>
        <Amt Ccy="EUR">5.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
      </Ntry>
      <Ntry>
        <NtryRef>N3</NtryRef>
        <Amt Ccy="EUR">7.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>PDNG</Cd></Sts>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>"#;

    #[test]
    fn booked_credits_are_read_from_either_layout_and_debits_and_pending_ones_are_skipped() {
        let credits = parse(LATER_VERSION.as_bytes()).unwrap();
        assert_eq!(
            credits,
            vec![Credit {
                entry_reference: "TX-1".into(),
                booked_on: NaiveDate::from_ymd_opt(2026, 11, 23),
                amount_cents: 1950,
                currency: "EUR".into(),
                debtor_name: Some("Näide OÜ".into()),
                structured_reference: None,
                remittance: Some("Arve 2026-000042 ja tänud".into()),
            }]
        );
        let sample = include_str!("../../../fixtures/bank/camt053-sample.xml");
        let credits = parse(sample.as_bytes()).unwrap();
        assert!(
            credits
                .iter()
                .any(|c| c.structured_reference.as_deref() == Some("20260000011")
                    && c.amount_cents == 3596),
            "{credits:?}"
        );
    }

    #[test]
    fn what_is_not_a_statement_is_refused_naming_the_file() {
        for bad in [
            "",
            "not xml",
            "<Document><Other/></Document>",
            "<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy=\"EUR\">x</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><NtryRef>1</NtryRef></Ntry></Stmt></BkToCstmrStmt></Document>",
        ] {
            let err = parse(bad.as_bytes()).unwrap_err();
            assert!(
                matches!(
                    err,
                    Error::Client {
                        field: Some("file"),
                        ..
                    }
                ),
                "{bad}: {err:?}"
            );
        }
        assert!(parse(&[0xff, 0xfe, 0x00]).is_err());
        let without_reference = "<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts></Ntry></Stmt></BkToCstmrStmt></Document>";
        assert!(parse(without_reference.as_bytes()).is_err());
    }

    #[test]
    fn invoice_numbers_are_found_in_free_text() {
        assert_eq!(
            invoice_numbers_in("Arve nr 2026-000123, 2026-1234567 ja 12026-000001 x2026-00001"),
            vec!["2026-000123", "2026-1234567"]
        );
        assert_eq!(invoice_numbers_in("arve2026-000007"), vec!["2026-000007"]);
        assert!(invoice_numbers_in("viitenumber 20260000011").is_empty());
    }
}
