//! An invoice's documents: the PDF, the e-invoice and the mail that sends them.
//!
//! - **PDF** ([`invoice_pdf`]): the typst template `domain/templates/invoice.typ` fed with
//!   [`invoice_data`] — the seller (configuration, [`Seller`]), the buyer as copied at issue, the
//!   lines with VAT, the totals and how to pay. Generated once per language (et, en, ru) and kept
//!   in the file store (`invoice_pdf_files`; `invoices.pdf_file_id` is the copy in the invoice's
//!   own language), so a document does not change after it was first read.
//! - **E-invoice** ([`invoice_ubl`]): UBL 2.1 in the Peppol BIS Billing 3.0 profile (EN 16931),
//!   which Estonian businesses may require (Accounting Act § 7¹).
//! - **Mail** ([`mail_invoice`]): the PDF attached, to the buyer's invoice e-mail, in the
//!   invoice's language; sent once by a job queued on the invoice's own transaction
//!   ([`queue_invoice_mail`]), so a failing mail never undoes an order.
//!
//! An invoice's language is that of the user who ordered it (`users.locale`, et when unknown):
//! companies have no language of their own.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::invoices::Owner;
use super::seller::Seller;
use crate::files::{self, FileStore, Sniffed};
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::jobs;
use crate::platform::locale::Locale;
use crate::platform::mail::{Attachment, Mail, Mailer};
use crate::platform::typeset;

/// The queue of invoice mails.
pub const MAIL_QUEUE: &str = "vakants.invoice-mail";

/// Mail the invoice with its PDF to the buyer (see [`mail_invoice`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailInvoice {
    pub invoice_id: Uuid,
}

/// Queues the invoice's mail on the caller's transaction: it goes when the invoice is committed,
/// never for one that rolled back.
pub async fn queue_invoice_mail(conn: &mut PgConnection, invoice_id: Uuid) -> Result<()> {
    jobs::push(conn, MAIL_QUEUE, &[MailInvoice { invoice_id }]).await
}

/// A document to send: its bytes and the name to save it under.
#[derive(Clone, Debug)]
pub struct Document {
    pub bytes: Vec<u8>,
    pub name: String,
}

#[derive(Clone, Debug, sqlx::FromRow)]
struct InvoiceRow {
    number: String,
    reference_number: String,
    user_id: Uuid,
    buyer_name: String,
    buyer_registry_code: Option<String>,
    buyer_vat_number: Option<String>,
    buyer_address: Option<String>,
    buyer_email: Option<String>,
    issued_on: NaiveDate,
    due_on: NaiveDate,
    status: String,
    subtotal_cents: i64,
    vat_cents: i64,
    total_cents: i64,
    language: String,
    mailed_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Clone, Debug, sqlx::FromRow)]
struct LineRow {
    product_code: Option<String>,
    description: String,
    quantity: i32,
    unit_price_cents: i64,
    /// Ten-thousandths: 1250 = 12.5 %.
    discount: i64,
    vat_rate_bp: i32,
    line_total_cents: i64,
    vat_cents: i64,
    /// ITEM or DAY, from the product.
    unit: Option<String>,
}

/// An invoice with its lines, the lines labelled in one language.
#[derive(Clone, Debug)]
pub struct InvoiceDocument {
    invoice: InvoiceRow,
    lines: Vec<LineRow>,
}

impl InvoiceDocument {
    /// The language the invoice was issued in.
    fn language(&self) -> Locale {
        Locale::from_code(&self.invoice.language).unwrap_or_default()
    }
}

const INVOICE_COLUMNS: &str = "i.number, coalesce(i.reference_number, '') as reference_number, i.user_id, i.buyer_name,
    i.buyer_registry_code, i.buyer_vat_number, i.buyer_address, i.buyer_email, i.issued_on, i.due_on, i.status,
    i.subtotal_cents, i.vat_cents, i.total_cents, coalesce(u.locale, 'et') as language, i.mailed_at";

/// Whether `reader` owns the invoice (see [`Owner`]).
#[tracing::instrument(skip_all)]
async fn readable(conn: &mut PgConnection, reader: Owner, invoice_id: Uuid) -> Result<()> {
    let (company_id, user_id) = reader.binds();
    let found: bool = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select exists (select 1 from invoices i where i.id = $1 and {})",
        Owner::condition(2)
    )))
    .bind(invoice_id)
    .bind(company_id)
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    if found {
        Ok(())
    } else {
        Err(Error::not_found())
    }
}

/// The invoice and its lines; a line of a product is labelled in `locale` unless its text was
/// changed from the product's Estonian label at issue.
#[tracing::instrument(skip_all)]
pub async fn load(
    conn: &mut PgConnection,
    invoice_id: Uuid,
    locale: Locale,
) -> Result<InvoiceDocument> {
    let invoice: InvoiceRow = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select {INVOICE_COLUMNS} from invoices i left join users u on u.id = i.user_id where i.id = $1 and i.deleted_at is null"
    )))
    .bind(invoice_id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(Error::not_found)?;
    let lines: Vec<LineRow> = sqlx::query_as(
        "select l.product_code,
                case when l.description = p.label_et
                     then coalesce(nullif(case $2 when 'en' then p.label_en when 'ru' then p.label_ru else p.label_et end, ''), l.description)
                     else l.description end as description,
                l.quantity, l.unit_price_cents, round(l.discount * 10000)::bigint as discount, l.vat_rate_bp,
                l.line_total_cents, l.vat_cents, p.unit
         from invoice_lines l left join products p on p.code = l.product_code
         where l.invoice_id = $1 order by l.position, l.id",
    )
    .bind(invoice_id)
    .bind(locale.code())
    .fetch_all(conn)
    .await?;
    Ok(InvoiceDocument { invoice, lines })
}

/// Cents as the language writes money: `1 234,56` (et, ru) or `1,234.56` (en).
pub fn amount(cents: i64, locale: Locale) -> String {
    let (thousands, decimal) = match locale {
        Locale::En => (',', '.'),
        Locale::Et | Locale::Ru => (' ', ','),
    };
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let euros = (cents / 100).to_string();
    let mut grouped = String::new();
    for (at, digit) in euros.chars().enumerate() {
        if at > 0 && (euros.len() - at).is_multiple_of(3) {
            grouped.push(thousands);
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped}{decimal}{:02}", cents % 100)
}

/// Hundredths of a percent (VAT basis points, discount ten-thousandths) as a percentage:
/// `24 %`, `12,5 %` (et, ru) or `24%`, `12.5%` (en).
pub fn percent(hundredths: i64, locale: Locale) -> String {
    let whole = hundredths / 100;
    let fraction = hundredths % 100;
    let decimal = if locale == Locale::En { '.' } else { ',' };
    let number = match fraction {
        0 => whole.to_string(),
        f if f % 10 == 0 => format!("{whole}{decimal}{}", f / 10),
        f => format!("{whole}{decimal}{f:02}"),
    };
    if locale == Locale::En {
        format!("{number}%")
    } else {
        format!("{number} %")
    }
}

fn day(date: NaiveDate) -> String {
    date.format("%d.%m.%Y").to_string()
}

/// Net and VAT per VAT rate (basis points), highest rate first.
fn vat_breakdown(lines: &[LineRow]) -> Vec<(i32, i64, i64)> {
    let mut rates: BTreeMap<i32, (i64, i64)> = BTreeMap::new();
    for line in lines {
        let entry = rates.entry(line.vat_rate_bp).or_default();
        entry.0 += line.line_total_cents;
        entry.1 += line.vat_cents;
    }
    rates
        .into_iter()
        .rev()
        .map(|(rate, (net, vat))| (rate, net, vat))
        .collect()
}

/// What the template `domain/templates/invoice.typ` shows, in `locale`.
pub fn invoice_data(document: &InvoiceDocument, seller: &Seller, locale: Locale) -> Value {
    let invoice = &document.invoice;
    let money = |cents: i64| amount(cents, locale);
    json!({
        "locale": locale.code(),
        "number": invoice.number,
        "referenceNumber": invoice.reference_number,
        "issuedOn": day(invoice.issued_on),
        "dueOn": day(invoice.due_on),
        "seller": {
            "name": seller.name,
            "registryCode": seller.registry_code,
            "vatNumber": seller.vat_number,
            "address": seller.address,
            "email": seller.email,
            "iban": seller.iban,
            "bankName": seller.bank_name,
            "bic": seller.bic,
        },
        "buyer": {
            "name": invoice.buyer_name,
            "registryCode": invoice.buyer_registry_code,
            "vatNumber": invoice.buyer_vat_number,
            "address": invoice.buyer_address,
            "email": invoice.buyer_email,
        },
        "lines": document.lines.iter().map(|line| json!({
            "description": line.description,
            "quantity": line.quantity,
            "unitPrice": money(line.unit_price_cents),
            "discount": (line.discount > 0).then(|| percent(line.discount, locale)),
            "net": money(line.line_total_cents),
            "vatRate": percent(i64::from(line.vat_rate_bp), locale),
            "vat": money(line.vat_cents),
        })).collect::<Vec<_>>(),
        "vatBreakdown": vat_breakdown(&document.lines).into_iter().map(|(rate, net, vat)| json!({
            "rate": percent(i64::from(rate), locale),
            "net": money(net),
            "vat": money(vat),
        })).collect::<Vec<_>>(),
        "subtotal": money(invoice.subtotal_cents),
        "vat": money(invoice.vat_cents),
        "total": money(invoice.total_cents),
    })
}

/// The invoice as PDF bytes in `locale`. CPU work: call it on a blocking thread.
pub fn render_pdf(
    document: &InvoiceDocument,
    seller: &Seller,
    locale: Locale,
) -> std::result::Result<Vec<u8>, String> {
    typeset::render_pdf(
        typeset::INVOICE,
        &invoice_data(document, seller, locale),
        document.invoice.issued_on,
    )
}

/// `arve-2026-000123.pdf`, in the document's language.
pub fn pdf_name(number: &str, locale: Locale) -> String {
    let word = match locale {
        Locale::Et => "arve",
        Locale::En => "invoice",
        Locale::Ru => "счёт",
    };
    format!("{word}-{number}.pdf")
}

/// What the user is told when the document cannot be built; the detail goes to the log only.
fn generation_failed(detail: &dyn std::fmt::Display) -> Error {
    tracing::error!(error = %detail, "generating an invoice PDF failed");
    Error::code(ErrorCode::PdfGenerationFailed)
}

/// The invoice's PDF in `locale` for `reader` (another company's invoice is not found): the
/// stored copy, or a new one generated and stored. A failure to build it is "Failed to generate
/// PDF".
#[tracing::instrument(skip_all)]
pub async fn invoice_pdf(
    pool: &PgPool,
    files: &FileStore,
    seller: &Seller,
    reader: Owner,
    invoice_id: Uuid,
    locale: Locale,
) -> Result<Document> {
    readable(&mut *pool.acquire().await?, reader, invoice_id).await?;
    stored_pdf(pool, files, seller, invoice_id, locale).await
}

/// The stored PDF of the invoice in `locale`, generated and stored when there is none yet. Two
/// requests at once may both generate it; the first stored wins and the other copy is dropped.
#[tracing::instrument(skip_all)]
pub async fn stored_pdf(
    pool: &PgPool,
    files: &FileStore,
    seller: &Seller,
    invoice_id: Uuid,
    locale: Locale,
) -> Result<Document> {
    let document = load(&mut *pool.acquire().await?, invoice_id, locale).await?;
    let name = pdf_name(&document.invoice.number, locale);
    if let Some(key) = stored_key(pool, invoice_id, locale).await? {
        return Ok(Document {
            bytes: files.get(&key).await?,
            name,
        });
    }
    let seller = seller.clone();
    let language = document.language();
    let owner = document.invoice.user_id;
    let bytes = match crate::platform::typeset::RENDERS.run(move || render_pdf(&document, &seller, locale)).await {
        Ok(bytes) => bytes,
        Err(crate::platform::typeset::Refused::Busy) => return Err(Error::code(ErrorCode::ServiceUnavailable)),
        Err(crate::platform::typeset::Refused::Failed(detail)) => return Err(generation_failed(&detail)),
    };
    let key = files.put(&bytes).await?;
    let stored = async {
        let mut tx = pool.begin().await?;
        let file_id = files::insert_file(
            &mut tx,
            owner,
            "invoice_pdf",
            &name,
            Sniffed::Pdf,
            &bytes,
            &key,
            "not_applicable",
        )
        .await?;
        let kept: Option<Uuid> = sqlx::query_scalar(
            "insert into invoice_pdf_files (invoice_id, locale, file_id) values ($1, $2, $3)
             on conflict (invoice_id, locale) do nothing returning file_id",
        )
        .bind(invoice_id)
        .bind(locale.code())
        .bind(file_id)
        .fetch_optional(&mut *tx)
        .await?;
        if kept.is_none() {
            tx.rollback().await?;
            return Ok::<_, Error>(false);
        }
        if locale == language {
            sqlx::query(
                "update invoices set pdf_file_id = $2 where id = $1 and pdf_file_id is null",
            )
            .bind(invoice_id)
            .bind(file_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
    .await;
    match stored {
        Ok(true) => Ok(Document { bytes, name }),
        Ok(false) => {
            files.remove_all(std::slice::from_ref(&key)).await;
            let key = stored_key(pool, invoice_id, locale)
                .await?
                .ok_or_else(|| anyhow::anyhow!("the stored invoice PDF vanished"))?;
            Ok(Document {
                bytes: files.get(&key).await?,
                name,
            })
        }
        Err(err) => {
            files.remove_all(std::slice::from_ref(&key)).await;
            Err(err)
        }
    }
}

async fn stored_key(pool: &PgPool, invoice_id: Uuid, locale: Locale) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "select f.storage_key from invoice_pdf_files d join files f on f.id = d.file_id where d.invoice_id = $1 and d.locale = $2",
    )
    .bind(invoice_id)
    .bind(locale.code())
    .fetch_optional(pool)
    .await?)
}

/// Peppol BIS Billing 3.0 identifiers of the specification and the process.
pub const CUSTOMIZATION_ID: &str =
    "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
pub const PROFILE_ID: &str = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
/// The Peppol electronic address scheme (EAS) and identifier scheme (ICD) of Estonian register
/// codes: 0191, the Centre of Registers and Information Systems.
const ESTONIAN_REGISTRY_SCHEME: &str = "0191";

/// Cents as a UBL amount: `76.13`.
fn ubl_amount(cents: i64) -> String {
    format!(
        "{}{}.{:02}",
        if cents < 0 { "-" } else { "" },
        cents.unsigned_abs() / 100,
        cents.unsigned_abs() % 100
    )
}

/// Hundredths of a percent as a UBL percentage: `24`, `12.5`.
fn ubl_percent(hundredths: i64) -> String {
    percent(hundredths, Locale::En)
        .trim_end_matches('%')
        .to_string()
}

/// A small UBL writer over quick-xml: elements in the `cac`/`cbc` prefixes, text escaped.
struct Ubl(Writer<Vec<u8>>);

impl Ubl {
    fn open(&mut self, name: &str, attributes: &[(&str, &str)]) -> std::io::Result<()> {
        self.0.write_event(Event::Start(
            BytesStart::new(name).with_attributes(attributes.iter().copied()),
        ))
    }

    fn close(&mut self, name: &str) -> std::io::Result<()> {
        self.0.write_event(Event::End(BytesEnd::new(name)))
    }

    fn leaf(&mut self, name: &str, attributes: &[(&str, &str)], text: &str) -> std::io::Result<()> {
        self.open(name, attributes)?;
        self.0.write_event(Event::Text(BytesText::new(text)))?;
        self.close(name)
    }

    fn money(&mut self, name: &str, cents: i64) -> std::io::Result<()> {
        self.leaf(name, &[("currencyID", "EUR")], &ubl_amount(cents))
    }

    fn tax_category(&mut self, element: &str, rate_bp: i32) -> std::io::Result<()> {
        self.open(element, &[])?;
        // S: standard rated; Z: zero rated
        self.leaf("cbc:ID", &[], if rate_bp > 0 { "S" } else { "Z" })?;
        self.leaf("cbc:Percent", &[], &ubl_percent(i64::from(rate_bp)))?;
        self.open("cac:TaxScheme", &[])?;
        self.leaf("cbc:ID", &[], "VAT")?;
        self.close("cac:TaxScheme")?;
        self.close(element)
    }

    #[allow(clippy::too_many_arguments)]
    fn party(
        &mut self,
        element: &str,
        name: &str,
        registry_code: Option<&str>,
        vat_number: Option<&str>,
        address: Option<&str>,
        email: Option<&str>,
    ) -> std::io::Result<()> {
        self.open(element, &[])?;
        self.open("cac:Party", &[])?;
        // the electronic address: the register code, else the e-mail (EAS "EM")
        match (registry_code, email) {
            (Some(code), _) => self.leaf(
                "cbc:EndpointID",
                &[("schemeID", ESTONIAN_REGISTRY_SCHEME)],
                code,
            )?,
            (None, Some(email)) => self.leaf("cbc:EndpointID", &[("schemeID", "EM")], email)?,
            (None, None) => {}
        }
        self.open("cac:PartyName", &[])?;
        self.leaf("cbc:Name", &[], name)?;
        self.close("cac:PartyName")?;
        self.open("cac:PostalAddress", &[])?;
        if let Some(address) = address {
            self.leaf("cbc:StreetName", &[], address)?;
        }
        self.open("cac:Country", &[])?;
        self.leaf("cbc:IdentificationCode", &[], "EE")?;
        self.close("cac:Country")?;
        self.close("cac:PostalAddress")?;
        if let Some(vat_number) = vat_number {
            self.open("cac:PartyTaxScheme", &[])?;
            self.leaf("cbc:CompanyID", &[], vat_number)?;
            self.open("cac:TaxScheme", &[])?;
            self.leaf("cbc:ID", &[], "VAT")?;
            self.close("cac:TaxScheme")?;
            self.close("cac:PartyTaxScheme")?;
        }
        self.open("cac:PartyLegalEntity", &[])?;
        self.leaf("cbc:RegistrationName", &[], name)?;
        if let Some(code) = registry_code {
            self.leaf(
                "cbc:CompanyID",
                &[("schemeID", ESTONIAN_REGISTRY_SCHEME)],
                code,
            )?;
        }
        self.close("cac:PartyLegalEntity")?;
        if let Some(email) = email {
            self.open("cac:Contact", &[])?;
            self.leaf("cbc:ElectronicMail", &[], email)?;
            self.close("cac:Contact")?;
        }
        self.close("cac:Party")?;
        self.close(element)
    }
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// The invoice as a UBL 2.1 Invoice of the Peppol BIS Billing 3.0 profile: the seller and buyer
/// with their register codes (scheme 0191) and VAT numbers, one line per invoice line (a
/// discount as the line's allowance), the VAT breakdown per rate, the totals, and payment by
/// credit transfer to the seller's IBAN quoting the reference number. Amounts are those of the
/// invoice: VAT is rounded per line (docs/billing.md), so a rate's VAT is the sum of its lines'.
pub fn ubl_xml(document: &InvoiceDocument, seller: &Seller) -> std::io::Result<String> {
    let invoice = &document.invoice;
    let mut ubl = Ubl(Writer::new_with_indent(Vec::new(), b' ', 2));
    ubl.0
        .write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    ubl.open(
        "Invoice",
        &[
            (
                "xmlns",
                "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
            ),
            (
                "xmlns:cac",
                "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
            ),
            (
                "xmlns:cbc",
                "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
            ),
        ],
    )?;
    ubl.leaf("cbc:CustomizationID", &[], CUSTOMIZATION_ID)?;
    ubl.leaf("cbc:ProfileID", &[], PROFILE_ID)?;
    ubl.leaf("cbc:ID", &[], &invoice.number)?;
    ubl.leaf("cbc:IssueDate", &[], &invoice.issued_on.to_string())?;
    ubl.leaf("cbc:DueDate", &[], &invoice.due_on.to_string())?;
    // 380: commercial invoice
    ubl.leaf("cbc:InvoiceTypeCode", &[], "380")?;
    ubl.leaf("cbc:DocumentCurrencyCode", &[], "EUR")?;
    // Peppol asks for a buyer reference or an order reference; the order is the invoice itself
    ubl.leaf("cbc:BuyerReference", &[], &invoice.number)?;
    ubl.party(
        "cac:AccountingSupplierParty",
        &seller.name,
        Some(seller.registry_code.as_str()).filter(|v| !v.is_empty()),
        Some(seller.vat_number.as_str()).filter(|v| !v.is_empty()),
        Some(seller.address.as_str()).filter(|v| !v.is_empty()),
        Some(seller.email.as_str()).filter(|v| !v.is_empty()),
    )?;
    ubl.party(
        "cac:AccountingCustomerParty",
        &invoice.buyer_name,
        present(&invoice.buyer_registry_code),
        present(&invoice.buyer_vat_number),
        present(&invoice.buyer_address),
        present(&invoice.buyer_email),
    )?;
    ubl.open("cac:PaymentMeans", &[])?;
    // 58: SEPA credit transfer
    ubl.leaf("cbc:PaymentMeansCode", &[], "58")?;
    ubl.leaf("cbc:PaymentID", &[], &invoice.reference_number)?;
    ubl.open("cac:PayeeFinancialAccount", &[])?;
    ubl.leaf("cbc:ID", &[], &seller.iban)?;
    ubl.leaf("cbc:Name", &[], &seller.name)?;
    ubl.open("cac:FinancialInstitutionBranch", &[])?;
    ubl.leaf("cbc:ID", &[], &seller.bic)?;
    ubl.close("cac:FinancialInstitutionBranch")?;
    ubl.close("cac:PayeeFinancialAccount")?;
    ubl.close("cac:PaymentMeans")?;

    ubl.open("cac:TaxTotal", &[])?;
    ubl.money("cbc:TaxAmount", invoice.vat_cents)?;
    for (rate, net, vat) in vat_breakdown(&document.lines) {
        ubl.open("cac:TaxSubtotal", &[])?;
        ubl.money("cbc:TaxableAmount", net)?;
        ubl.money("cbc:TaxAmount", vat)?;
        ubl.tax_category("cac:TaxCategory", rate)?;
        ubl.close("cac:TaxSubtotal")?;
    }
    ubl.close("cac:TaxTotal")?;

    let prepaid = if invoice.status == "PAID" {
        invoice.total_cents
    } else {
        0
    };
    ubl.open("cac:LegalMonetaryTotal", &[])?;
    ubl.money(
        "cbc:LineExtensionAmount",
        document.lines.iter().map(|l| l.line_total_cents).sum(),
    )?;
    ubl.money("cbc:TaxExclusiveAmount", invoice.subtotal_cents)?;
    ubl.money("cbc:TaxInclusiveAmount", invoice.total_cents)?;
    if prepaid > 0 {
        ubl.money("cbc:PrepaidAmount", prepaid)?;
    }
    ubl.money("cbc:PayableAmount", invoice.total_cents - prepaid)?;
    ubl.close("cac:LegalMonetaryTotal")?;

    for (at, line) in document.lines.iter().enumerate() {
        let gross = i64::from(line.quantity) * line.unit_price_cents;
        ubl.open("cac:InvoiceLine", &[])?;
        ubl.leaf("cbc:ID", &[], &(at + 1).to_string())?;
        // UN/ECE rec. 20: DAY for a price per day, C62 (one) for anything else
        let unit = if line.unit.as_deref() == Some("DAY") {
            "DAY"
        } else {
            "C62"
        };
        ubl.leaf(
            "cbc:InvoicedQuantity",
            &[("unitCode", unit)],
            &line.quantity.to_string(),
        )?;
        ubl.money("cbc:LineExtensionAmount", line.line_total_cents)?;
        if gross != line.line_total_cents {
            ubl.open("cac:AllowanceCharge", &[])?;
            ubl.leaf("cbc:ChargeIndicator", &[], "false")?;
            // 95: discount
            ubl.leaf("cbc:AllowanceChargeReasonCode", &[], "95")?;
            ubl.leaf("cbc:AllowanceChargeReason", &[], "Discount")?;
            ubl.money("cbc:Amount", gross - line.line_total_cents)?;
            ubl.close("cac:AllowanceCharge")?;
        }
        ubl.open("cac:Item", &[])?;
        ubl.leaf("cbc:Name", &[], &line.description)?;
        if let Some(code) = &line.product_code {
            ubl.open("cac:SellersItemIdentification", &[])?;
            ubl.leaf("cbc:ID", &[], code)?;
            ubl.close("cac:SellersItemIdentification")?;
        }
        ubl.tax_category("cac:ClassifiedTaxCategory", line.vat_rate_bp)?;
        ubl.close("cac:Item")?;
        ubl.open("cac:Price", &[])?;
        ubl.money("cbc:PriceAmount", line.unit_price_cents)?;
        ubl.close("cac:Price")?;
        ubl.close("cac:InvoiceLine")?;
    }
    ubl.close("Invoice")?;
    String::from_utf8(ubl.0.into_inner()).map_err(std::io::Error::other)
}

/// The invoice's e-invoice for `reader` (another company's invoice is not found), named
/// `arve-2026-000123.xml`. Item names are the invoice's own (Estonian) line texts.
#[tracing::instrument(skip_all)]
pub async fn invoice_ubl(
    pool: &PgPool,
    seller: &Seller,
    reader: Owner,
    invoice_id: Uuid,
) -> Result<Document> {
    let mut conn = pool.acquire().await?;
    readable(&mut conn, reader, invoice_id).await?;
    let document = load(&mut conn, invoice_id, Locale::Et).await?;
    let xml = ubl_xml(&document, seller).map_err(anyhow::Error::from)?;
    Ok(Document {
        bytes: xml.into_bytes(),
        name: format!("arve-{}.xml", document.invoice.number),
    })
}

/// The invoice mail to `to` in `locale`: the total, and how to pay unless it is paid.
pub fn invoice_mail(document: &InvoiceDocument, locale: Locale, to: &str, seller: &Seller) -> Mail {
    let invoice = &document.invoice;
    let (number, reference, iban) = (&invoice.number, &invoice.reference_number, &seller.iban);
    let total = amount(invoice.total_cents, locale);
    let due_on = day(invoice.due_on);
    let paid = invoice.status == "PAID";
    let (subject, text) = match locale {
        Locale::Et => (
            format!("Vakants: arve {number}"),
            if paid {
                format!(
                    "Tere!\n\nLisatud on arve nr {number} summas {total} €. Arve on tasutud.\n\nVakants"
                )
            } else {
                format!(
                    "Tere!\n\nLisatud on arve nr {number} summas {total} €.\nPalume tasuda hiljemalt {due_on} arveldusarvele \
                     {iban} ({}), märkides selgitusse viitenumbri {reference}.\n\nVakants",
                    seller.name
                )
            },
        ),
        Locale::En => (
            format!("Vakants: invoice {number}"),
            if paid {
                format!(
                    "Hello,\n\nplease find attached invoice no. {number} of €{total}. The invoice has been paid.\n\nVakants"
                )
            } else {
                format!(
                    "Hello,\n\nplease find attached invoice no. {number} of €{total}.\nPlease pay by {due_on} to the account \
                     {iban} ({}), quoting the reference number {reference}.\n\nVakants",
                    seller.name
                )
            },
        ),
        Locale::Ru => (
            format!("Vakants: счёт {number}"),
            if paid {
                format!(
                    "Здравствуйте!\n\nВо вложении счёт № {number} на сумму {total} €. Счёт оплачен.\n\nVakants"
                )
            } else {
                format!(
                    "Здравствуйте!\n\nВо вложении счёт № {number} на сумму {total} €.\nПросим оплатить до {due_on} на счёт \
                     {iban} ({}), указав ссылочный номер {reference}.\n\nVakants",
                    seller.name
                )
            },
        ),
    };
    Mail {
        to: to.to_string(),
        subject,
        text,
    }
}

/// Mails the invoice with its PDF to the buyer's invoice e-mail (`invoices.buyer_email`), in the
/// invoice's language, once: an invoice already mailed, or one without an e-mail, is left as it
/// is. Answers whether a mail went.
#[tracing::instrument(skip_all, fields(invoice = %invoice_id))]
pub async fn mail_invoice(
    pool: &PgPool,
    files: &FileStore,
    mailer: &Mailer,
    seller: &Seller,
    invoice_id: Uuid,
) -> Result<bool> {
    let document = load(&mut *pool.acquire().await?, invoice_id, Locale::Et).await?;
    let invoice = &document.invoice;
    let Some(to) = present(&invoice.buyer_email).map(str::to_string) else {
        tracing::info!("the invoice has no e-mail to go to");
        return Ok(false);
    };
    // read here without a lock to spare the PDF's work for an invoice already mailed; read again
    // under the row lock below, which is the guard against mailing it twice (both are needed)
    if invoice.mailed_at.is_some() {
        return Ok(false);
    }
    let locale = document.language();
    let pdf = stored_pdf(pool, files, seller, invoice_id, locale).await?;
    let mail = invoice_mail(&document, locale, &to, seller);
    // the mail and its mark on one transaction that holds the invoice (a second job waits and
    // then sees it mailed): with the dev outbox the mail exists exactly once
    let mut tx = pool.begin().await?;
    let mailed: Option<bool> = sqlx::query_scalar("select mailed_at is not null from invoices where id = $1 for update")
        .bind(invoice_id)
        .fetch_optional(&mut *tx)
        .await?;
    if mailed != Some(false) {
        return Ok(false);
    }
    let pdf = Attachment {
        name: pdf.name,
        content_type: "application/pdf".into(),
        bytes: pdf.bytes,
    };
    mailer.send_on(&mut tx, mail, vec![pdf], Vec::new()).await?;
    sqlx::query("update invoices set mailed_at = now() where id = $1")
        .bind(invoice_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document() -> InvoiceDocument {
        InvoiceDocument {
            invoice: InvoiceRow {
                number: "2026-000123".into(),
                reference_number: "20260001236".into(),
                user_id: Uuid::nil(),
                buyer_name: "Põhja Köök OÜ".into(),
                buyer_registry_code: Some("12345678".into()),
                buyer_vat_number: Some("EE100000001".into()),
                buyer_address: Some("Harju maakond, Tallinn, Narva mnt 5".into()),
                buyer_email: Some("arved@pohjakook.ee".into()),
                issued_on: NaiveDate::from_ymd_opt(2026, 11, 24).unwrap(),
                due_on: NaiveDate::from_ymd_opt(2026, 12, 8).unwrap(),
                status: "UNPAID".into(),
                subtotal_cents: 7613 + 19900,
                vat_cents: 1827 + 4776,
                total_cents: 7613 + 19900 + 1827 + 4776,
                language: "et".into(),
                mailed_at: None,
            },
            lines: vec![
                LineRow {
                    product_code: Some("CV_BASE_DAY".into()),
                    description: "CV andmebaas, päev".into(),
                    quantity: 3,
                    unit_price_cents: 2900,
                    discount: 1250,
                    vat_rate_bp: 2400,
                    line_total_cents: 7613,
                    vat_cents: 1827,
                    unit: Some("DAY".into()),
                },
                LineRow {
                    product_code: Some("VACANCY".into()),
                    description: "Töökuulutus & <reklaam>".into(),
                    quantity: 1,
                    unit_price_cents: 19900,
                    discount: 0,
                    vat_rate_bp: 2400,
                    line_total_cents: 19900,
                    vat_cents: 4776,
                    unit: Some("ITEM".into()),
                },
            ],
        }
    }

    #[test]
    fn money_and_percentages_follow_the_language() {
        assert_eq!(amount(123456, Locale::Et), "1 234,56");
        assert_eq!(amount(123456, Locale::En), "1,234.56");
        assert_eq!(amount(5, Locale::Ru), "0,05");
        assert_eq!(amount(100_000_000, Locale::En), "1,000,000.00");
        assert_eq!(percent(2400, Locale::Et), "24 %");
        assert_eq!(percent(1250, Locale::Et), "12,5 %");
        assert_eq!(percent(1250, Locale::En), "12.5%");
        assert_eq!(percent(125, Locale::En), "1.25%");
        assert_eq!(ubl_percent(2400), "24");
        assert_eq!(ubl_amount(7613), "76.13");
    }

    #[test]
    fn the_e_invoice_escapes_text_carries_the_discount_as_an_allowance_and_a_paid_invoice_as_prepaid()
     {
        let xml = ubl_xml(&document(), &Seller::default()).unwrap();
        assert!(
            xml.contains("<cbc:Name>Töökuulutus &amp; &lt;reklaam&gt;</cbc:Name>"),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<cbc:Amount currencyID="EUR">10.87</cbc:Amount>"#),
            "3 × 29.00 − 76.13: {xml}"
        );
        assert!(
            xml.contains(r#"<cbc:InvoicedQuantity unitCode="DAY">3</cbc:InvoicedQuantity>"#),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<cbc:PayableAmount currencyID="EUR">341.16</cbc:PayableAmount>"#),
            "{xml}"
        );
        assert!(!xml.contains("PrepaidAmount"), "{xml}");
        let mut paid = document();
        paid.invoice.status = "PAID".into();
        let xml = ubl_xml(&paid, &Seller::default()).unwrap();
        assert!(
            xml.contains(r#"<cbc:PrepaidAmount currencyID="EUR">341.16</cbc:PrepaidAmount>"#),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<cbc:PayableAmount currencyID="EUR">0.00</cbc:PayableAmount>"#),
            "{xml}"
        );
    }

    #[test]
    fn a_failure_is_told_as_failed_to_generate_pdf_without_its_detail() {
        match generation_failed(&"laying out invoice.typ: unknown variable") {
            Error::Client {
                code,
                message,
                field,
            } => {
                assert_eq!(
                    (code, message.as_ref(), field),
                    (
                        ErrorCode::PdfGenerationFailed,
                        "Failed to generate PDF",
                        None
                    )
                );
            }
            other => panic!("expected the catalogue's error, got {other:?}"),
        }
    }

    #[test]
    fn the_invoice_mail_says_how_to_pay_in_the_invoice_s_language() {
        let seller = Seller::default();
        let mail = invoice_mail(&document(), Locale::Ru, "a@b.ee", &seller);
        assert_eq!(mail.subject, "Vakants: счёт 2026-000123");
        for expected in [
            "341,16 €",
            "08.12.2026",
            "20260001236",
            seller.iban.as_str(),
        ] {
            assert!(
                mail.text.contains(expected),
                "{expected:?} missing from {}",
                mail.text
            );
        }
        let mut paid = document();
        paid.invoice.status = "PAID".into();
        let paid = invoice_mail(&paid, Locale::En, "a@b.ee", &seller);
        assert!(
            paid.text.contains("€341.16")
                && paid.text.contains("has been paid")
                && !paid.text.contains(&seller.iban),
            "{}",
            paid.text
        );
    }

    #[test]
    fn the_pdf_reads_back_in_each_language_with_estonian_and_cyrillic_letters() {
        let seller = Seller::default();
        for (locale, words) in [
            (
                Locale::Et,
                [
                    "Arve 2026-000123",
                    "Viitenumber",
                    "Tasuda kokku",
                    "341,16",
                    "12,5 %",
                ],
            ),
            (
                Locale::En,
                [
                    "Invoice 2026-000123",
                    "Reference number",
                    "Total to pay",
                    "341.16",
                    "12.5%",
                ],
            ),
            (
                Locale::Ru,
                [
                    "Счёт 2026-000123",
                    "Ссылочный номер",
                    "Итого к оплате",
                    "341,16",
                    "12,5 %",
                ],
            ),
        ] {
            let pdf = render_pdf(&document(), &seller, locale).unwrap();
            let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
            for expected in words.iter().copied().chain([
                "Põhja Köök OÜ",
                "Vakants OÜ",
                "EE382200221020145685",
                "20260001236",
                "08.12.2026",
            ]) {
                assert!(
                    text.contains(expected),
                    "{locale:?}: {expected:?} missing from {text:?}"
                );
            }
        }
    }
}
