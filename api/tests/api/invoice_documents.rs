//! An invoice's documents: the PDF in et/en/ru (a snapshot of its text, read back with the
//! worker's own extraction), generated once and kept; the e-invoice checked against the Peppol BIS
//! Billing 3.0 rules that matter; the invoice mail with the PDF attached; and who may read them.

use std::collections::HashMap;

use domain::billing::documents::{CUSTOMIZATION_ID, MAIL_QUEUE, PROFILE_ID};
use domain::billing::seller::Seller;
use quick_xml::Reader;
use quick_xml::events::Event;
use reqwest::StatusCode;
use serde_json::Value;
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::publishing::{complete_draft, employer_client, published};
use crate::search::spawn_with_worker;

const BUYER_EMAIL: &str = "arved@pohjakook.ee";

/// A company without a contract that published a vacancy with `products` (its VACANCY at a
/// 12.5 % discount), the client of its employer and the invoice's id. The company's address and
/// invoice e-mail are set first, so the invoice copies them.
async fn invoiced(app: &TestApp, products: &[&str]) -> (TestClient, String) {
    let (client, company_id) = employer_client(
        app,
        "juhan@pohjakook.ee",
        "12345678",
        "Põhja Köök OÜ",
        false,
    )
    .await;
    sqlx::query(
        "update companies set address = 'Harju maakond, Tallinn, Narva mnt 5' where id = $1",
    )
    .bind(company_id)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into company_profiles (company_id, invoices_email) values ($1, $2)
         on conflict (company_id) do update set invoices_email = excluded.invoices_email",
    )
    .bind(company_id)
    .bind(BUYER_EMAIL)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("insert into company_product_prices (company_id, product_code, discount) values ($1, 'VACANCY', 0.125)")
        .bind(company_id)
        .execute(&app.pool)
        .await
        .unwrap();
    let vacancy = complete_draft(app, company_id, "kokk", None).await;
    let status = published(&client, vacancy, products).await;
    let invoice_id = status["invoice"]["id"]
        .as_str()
        .expect("the order's invoice")
        .to_string();
    (client, invoice_id)
}

/// Gives the invoice a fixed number and dates, so its documents read the same on any day.
async fn fix_dates(app: &TestApp, invoice_id: &str) {
    sqlx::query(
        "update invoices set number = '2026-000123', reference_number = '20260001236', issued_on = '2026-11-24', due_on = '2026-12-08'
         where id = $1::uuid",
    )
    .bind(invoice_id)
    .execute(&app.pool)
    .await
    .unwrap();
}

async fn pdf_text(client: &TestClient, invoice_id: &str, lang: &str) -> (Vec<u8>, String) {
    let response = client
        .get(&format!("/api/user/invoices/{invoice_id}/pdf?lang={lang}"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let bytes = response.bytes().await.unwrap().to_vec();
    let text = worker::extract::text_of(&bytes).expect("the invoice PDF reads back");
    (bytes, text)
}

#[tokio::test]
async fn the_invoice_pdf_shows_seller_buyer_lines_totals_and_payment_in_each_language() {
    let app = spawn_app().await;
    let (client, invoice_id) = invoiced(&app, &["VACANCY", "PRO_1"]).await;
    fix_dates(&app, &invoice_id).await;

    let response = client
        .get(&format!("/api/user/invoices/{invoice_id}/pdf?lang=et"))
        .await;
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("filename=\"arve-2026-000123.pdf\"")
    );

    for lang in ["et", "en", "ru"] {
        let (_, text) = pdf_text(&client, &invoice_id, lang).await;
        insta::assert_snapshot!(format!("invoice_pdf_{lang}"), text);
    }
}

#[tokio::test]
async fn the_invoice_pdf_is_generated_once_per_language_and_then_kept_unchanged() {
    let app = spawn_app().await;
    let (client, invoice_id) = invoiced(&app, &["VACANCY"]).await;

    let (first, text) = pdf_text(&client, &invoice_id, "et").await;
    assert!(text.contains("Põhja Köök OÜ"), "{text}");
    // what changes later does not reach a stored document
    sqlx::query("update companies set business_name = 'Uus Nimi AS'")
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("update invoices set buyer_name = 'Uus Nimi AS' where id = $1::uuid")
        .bind(&invoice_id)
        .execute(&app.pool)
        .await
        .unwrap();
    let (again, _) = pdf_text(&client, &invoice_id, "et").await;
    assert_eq!(first, again);

    let (_, english) = pdf_text(&client, &invoice_id, "en").await;
    assert!(
        english.contains("Uus Nimi AS") && english.contains("Total to pay"),
        "{english}"
    );
    let stored: Vec<(String, String)> = sqlx::query_as(
        "select d.locale, f.kind from invoice_pdf_files d join files f on f.id = d.file_id where d.invoice_id = $1::uuid order by d.locale",
    )
    .bind(&invoice_id)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        stored,
        [
            ("en".to_string(), "invoice_pdf".to_string()),
            ("et".to_string(), "invoice_pdf".to_string())
        ]
    );
    // the invoice's own copy is the one in its language (its user's, et)
    let own: bool = sqlx::query_scalar(
        "select i.pdf_file_id = d.file_id from invoices i join invoice_pdf_files d on d.invoice_id = i.id and d.locale = 'et' where i.id = $1::uuid",
    )
    .bind(&invoice_id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(own);
}

#[tokio::test]
async fn the_pdf_language_follows_accept_language_and_a_wrong_one_is_refused_naming_lang() {
    let app = spawn_app().await;
    let (client, invoice_id) = invoiced(&app, &["VACANCY"]).await;

    let token = client.xsrf().await;
    let response = client
        .http
        .get(client.url(&format!("/api/user/invoices/{invoice_id}/pdf")))
        .header("x-xsrf-token", token)
        .header("accept-language", "ru-RU,ru;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let text = worker::extract::text_of(&response.bytes().await.unwrap()).unwrap();
    assert!(text.contains("Итого к оплате"), "{text}");

    let (status, body) = error_of(
        client
            .get(&format!("/api/user/invoices/{invoice_id}/pdf?lang=de"))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "lang");
}

#[tokio::test]
async fn another_company_s_or_an_applicant_s_request_for_the_documents_is_not_found() {
    let app = spawn_app().await;
    let (owner, invoice_id) = invoiced(&app, &["VACANCY"]).await;
    let (other, _) = employer_client(&app, "mari@teine.ee", "87654321", "Teine OÜ", false).await;
    app.create_user("kandidaat@example.ee", &[]).await;
    let applicant = app.new_client();
    applicant.sign_in("kandidaat@example.ee").await;

    for kind in ["pdf", "xml"] {
        let path = format!("/api/user/invoices/{invoice_id}/{kind}");
        assert_eq!(owner.get(&path).await.status(), StatusCode::OK, "{kind}");
        assert_eq!(
            other.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{kind}"
        );
        assert_eq!(
            applicant.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{kind}"
        );
        assert_eq!(
            app.new_client().get(&path).await.status(),
            StatusCode::UNAUTHORIZED,
            "{kind}"
        );
        let unknown = format!("/api/user/invoices/{}/{kind}", Uuid::new_v4());
        assert_eq!(
            owner.get(&unknown).await.status(),
            StatusCode::NOT_FOUND,
            "{kind}"
        );
    }
    // a company-less invoice is its user's own
    sqlx::query("update invoices set company_id = null, user_id = (select id from users where username = 'kandidaat@example.ee') where id = $1::uuid")
        .bind(&invoice_id)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(
        applicant
            .get(&format!("/api/user/invoices/{invoice_id}/pdf"))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        owner
            .get(&format!("/api/user/invoices/{invoice_id}/pdf"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

/// The elements of a UBL document as (path of local names, attributes, text), in order.
fn elements(xml: &str) -> Vec<(String, HashMap<String, String>, String)> {
    let mut reader = Reader::from_str(xml);
    reader.config_mut().trim_text(true);
    let mut path: Vec<String> = Vec::new();
    let mut out: Vec<(String, HashMap<String, String>, String)> = Vec::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(start) => {
                path.push(String::from_utf8(start.local_name().as_ref().to_vec()).unwrap());
                let attributes = start
                    .attributes()
                    .map(|a| {
                        let a = a.unwrap();
                        (
                            String::from_utf8(a.key.local_name().as_ref().to_vec()).unwrap(),
                            a.unescape_value().unwrap().into_owned(),
                        )
                    })
                    .collect();
                out.push((path.join("/"), attributes, String::new()));
            }
            Event::Text(text) => {
                let current = path.join("/");
                let last = out
                    .iter_mut()
                    .rev()
                    .find(|(p, _, _)| *p == current)
                    .unwrap();
                last.2.push_str(&text.decode().unwrap());
            }
            Event::GeneralRef(reference) => {
                let current = path.join("/");
                let last = out
                    .iter_mut()
                    .rev()
                    .find(|(p, _, _)| *p == current)
                    .unwrap();
                let name = reference.decode().unwrap();
                last.2
                    .push_str(&quick_xml::escape::unescape(&format!("&{name};")).unwrap());
            }
            Event::End(_) => {
                path.pop();
            }
            Event::Eof => return out,
            _ => {}
        }
    }
}

/// Euro amounts as cents; at most two decimals (BR-DEC rules).
fn cents(amount: &str) -> i64 {
    let (euros, fraction) = amount.split_once('.').unwrap_or((amount, "0"));
    assert!(fraction.len() <= 2, "{amount} has more than two decimals");
    euros.parse::<i64>().unwrap() * 100 + format!("{fraction:0<2}").parse::<i64>().unwrap()
}

#[tokio::test]
async fn the_e_invoice_keeps_the_peppol_bis_billing_3_rules_that_matter() {
    let app = spawn_app().await;
    let (client, invoice_id) = invoiced(&app, &["VACANCY", "PRO_2", "BRANDING"]).await;
    let response = client
        .get(&format!("/api/user/invoices/{invoice_id}/xml"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/xml");
    let xml = response.text().await.unwrap();
    let all = elements(&xml);
    let one = |path: &str| -> &(String, HashMap<String, String>, String) {
        let found: Vec<_> = all.iter().filter(|(p, _, _)| p == path).collect();
        assert_eq!(found.len(), 1, "one {path} in {xml}");
        found[0]
    };
    let text = |path: &str| one(path).2.clone();
    let amounts = |path: &str| {
        all.iter()
            .filter(|(p, _, _)| p == path)
            .map(|(_, a, t)| {
                assert_eq!(
                    a.get("currencyID").map(String::as_str),
                    Some("EUR"),
                    "{path}"
                );
                cents(t)
            })
            .collect::<Vec<_>>()
    };
    let (number, reference, subtotal, vat, total): (String, String, i64, i64, i64) = sqlx::query_as(
        "select number, reference_number, subtotal_cents, vat_cents, total_cents from invoices where id = $1::uuid",
    )
    .bind(&invoice_id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let seller = Seller::default();

    // identifiers of the specification, the document and the parties
    assert_eq!(text("Invoice/CustomizationID"), CUSTOMIZATION_ID);
    assert_eq!(text("Invoice/ProfileID"), PROFILE_ID);
    assert_eq!(text("Invoice/ID"), number);
    assert_eq!(text("Invoice/InvoiceTypeCode"), "380");
    assert_eq!(text("Invoice/DocumentCurrencyCode"), "EUR");
    assert!(
        !text("Invoice/BuyerReference").is_empty(),
        "PEPPOL-EN16931-R003"
    );
    let seller_endpoint = one("Invoice/AccountingSupplierParty/Party/EndpointID");
    assert_eq!(
        (
            seller_endpoint.1["schemeID"].as_str(),
            seller_endpoint.2.as_str()
        ),
        ("0191", seller.registry_code.as_str())
    );
    assert_eq!(
        text("Invoice/AccountingSupplierParty/Party/PartyTaxScheme/CompanyID"),
        seller.vat_number
    );
    assert_eq!(
        text("Invoice/AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName"),
        seller.name
    );
    let buyer_endpoint = one("Invoice/AccountingCustomerParty/Party/EndpointID");
    assert_eq!(
        (
            buyer_endpoint.1["schemeID"].as_str(),
            buyer_endpoint.2.as_str()
        ),
        ("0191", "12345678")
    );
    assert_eq!(
        text("Invoice/AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName"),
        "Põhja Köök OÜ"
    );
    assert_eq!(
        text("Invoice/AccountingCustomerParty/Party/PostalAddress/Country/IdentificationCode"),
        "EE"
    );

    // lines: net = quantity × price − allowance (PEPPOL-EN16931-R120), the discount as an allowance
    let line_nets = amounts("Invoice/InvoiceLine/LineExtensionAmount");
    let quantities: Vec<i64> = all
        .iter()
        .filter(|(p, _, _)| p == "Invoice/InvoiceLine/InvoicedQuantity")
        .map(|(_, _, t)| t.parse().unwrap())
        .collect();
    let prices = amounts("Invoice/InvoiceLine/Price/PriceAmount");
    let percents: Vec<String> = all
        .iter()
        .filter(|(p, _, _)| p == "Invoice/InvoiceLine/Item/ClassifiedTaxCategory/Percent")
        .map(|(_, _, t)| t.clone())
        .collect();
    assert_eq!(line_nets.len(), 3);
    let mut allowance_at = 0;
    let line_starts: Vec<usize> = all
        .iter()
        .enumerate()
        .filter(|(_, (p, _, _))| p == "Invoice/InvoiceLine")
        .map(|(at, _)| at)
        .collect();
    for (index, start) in line_starts.iter().enumerate() {
        let end = line_starts.get(index + 1).copied().unwrap_or(all.len());
        let allowance: i64 = all[*start..end]
            .iter()
            .filter(|(p, _, _)| p == "Invoice/InvoiceLine/AllowanceCharge/Amount")
            .map(|(_, _, t)| cents(t))
            .sum();
        allowance_at += usize::from(allowance > 0);
        assert_eq!(
            line_nets[index],
            quantities[index] * prices[index] - allowance,
            "line {index}"
        );
    }
    assert_eq!(
        allowance_at, 1,
        "the discounted VACANCY line carries its discount"
    );

    // VAT breakdown per rate: taxable = Σ its lines (BR-S-08), tax = taxable × rate within the rule's
    // rounding (BR-CO-17), total VAT = Σ breakdown (BR-CO-14), category S with the rate
    let taxable = amounts("Invoice/TaxTotal/TaxSubtotal/TaxableAmount");
    let taxes = amounts("Invoice/TaxTotal/TaxSubtotal/TaxAmount");
    let rates: Vec<String> = all
        .iter()
        .filter(|(p, _, _)| p == "Invoice/TaxTotal/TaxSubtotal/TaxCategory/Percent")
        .map(|(_, _, t)| t.clone())
        .collect();
    assert_eq!(rates, ["24"]);
    assert_eq!(text("Invoice/TaxTotal/TaxSubtotal/TaxCategory/ID"), "S");
    assert_eq!(
        text("Invoice/TaxTotal/TaxSubtotal/TaxCategory/TaxScheme/ID"),
        "VAT"
    );
    for (at, rate) in rates.iter().enumerate() {
        let of_rate: i64 = line_nets
            .iter()
            .zip(&percents)
            .filter(|(_, p)| *p == rate)
            .map(|(n, _)| n)
            .sum();
        assert_eq!(taxable[at], of_rate, "BR-S-08");
        let exact = (taxable[at] * rate.parse::<i64>().unwrap() * 2 + 100) / 200;
        assert!(
            (taxes[at] - exact).abs() <= 100,
            "BR-CO-17: {} against {exact}",
            taxes[at]
        );
    }
    assert_eq!(
        amounts("Invoice/TaxTotal/TaxAmount"),
        [taxes.iter().sum::<i64>()]
    );
    assert_eq!(amounts("Invoice/TaxTotal/TaxAmount"), [vat]);

    // the totals (BR-CO-10, BR-CO-13, BR-CO-15, BR-CO-16), equal to the invoice's own
    let line_extension = amounts("Invoice/LegalMonetaryTotal/LineExtensionAmount")[0];
    let tax_exclusive = amounts("Invoice/LegalMonetaryTotal/TaxExclusiveAmount")[0];
    let tax_inclusive = amounts("Invoice/LegalMonetaryTotal/TaxInclusiveAmount")[0];
    let payable = amounts("Invoice/LegalMonetaryTotal/PayableAmount")[0];
    assert_eq!(line_extension, line_nets.iter().sum::<i64>());
    assert_eq!(tax_exclusive, line_extension);
    assert_eq!(tax_inclusive, tax_exclusive + vat);
    assert_eq!(payable, tax_inclusive);
    assert_eq!((tax_exclusive, tax_inclusive), (subtotal, total));

    // payment by credit transfer to the seller's account, quoting the reference number
    assert_eq!(text("Invoice/PaymentMeans/PaymentMeansCode"), "58");
    assert_eq!(text("Invoice/PaymentMeans/PaymentID"), reference);
    assert_eq!(
        text("Invoice/PaymentMeans/PayeeFinancialAccount/ID"),
        seller.iban
    );
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
}

#[tokio::test]
async fn the_invoice_mail_goes_once_to_the_buyer_with_the_pdf_attached() {
    let app = spawn_with_worker().await;
    let (_, invoice_id) = invoiced(&app, &["VACANCY"]).await;

    let mut mails = Value::Null;
    for _ in 0..100 {
        mails = app
            .client
            .http
            .get(app.client.url(&format!("/api/dev/outbox?to={BUYER_EMAIL}")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if !mails.as_array().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mails = mails.as_array().unwrap();
    assert_eq!(mails.len(), 1, "{mails:?}");
    let number: String = sqlx::query_scalar("select number from invoices where id = $1::uuid")
        .bind(&invoice_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let mail = &mails[0];
    assert_eq!(mail["subject"], format!("Vakants: arve {number}"));
    assert!(
        mail["text"].as_str().unwrap().contains("viitenumbri"),
        "{mail}"
    );
    let attachment = &mail["attachments"][0];
    assert_eq!(attachment["name"], format!("arve-{number}.pdf"));
    assert_eq!(attachment["contentType"], "application/pdf");
    assert!(attachment["sizeBytes"].as_i64().unwrap() > 1000);

    // the invoice is marked mailed on the transaction that wrote the mail; mailing again sends
    // nothing
    let mailed: bool = sqlx::query_scalar("select mailed_at is not null from invoices where id = $1::uuid")
        .bind(&invoice_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(mailed);
    let mailing = app.mailing();
    let again = domain::billing::documents::mail_invoice(
        &app.pool,
        &app.files,
        &mailing.mailer,
        &mailing.seller,
        invoice_id.parse().unwrap(),
    )
    .await
    .unwrap();
    assert!(!again);
    let queued: i64 = sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1")
        .bind(MAIL_QUEUE)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(queued, 1);
}

/// The invoice's number is drawn as the last statement of its transaction
/// (`domain::billing::orders::number`); a deferred trigger refuses any commit that leaves an
/// invoice without one, so a publishing path that forgot to draw it fails instead of issuing an
/// unnumbered invoice.
#[tokio::test]
async fn an_invoice_is_numbered_when_published_and_never_committed_without_its_number() {
    let app = spawn_app().await;
    let (_, invoice_id) = invoiced(&app, &["VACANCY"]).await;
    let number: Option<String> = sqlx::query_scalar("select number from invoices where id = $1::uuid")
        .bind(&invoice_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(number.as_deref().is_some_and(|n| n.len() == 11 && n.as_bytes()[4] == b'-'), "{number:?}");

    let unnumbered = sqlx::query("update invoices set number = null where id = $1::uuid")
        .bind(&invoice_id)
        .execute(&app.pool)
        .await;
    let error = unnumbered.expect_err("an invoice without its number was committed");
    assert!(error.to_string().contains("without its number"), "{error}");
    let kept: Option<String> = sqlx::query_scalar("select number from invoices where id = $1::uuid")
        .bind(&invoice_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(kept, number);

    // drawing a number for an invoice that has one fails, and its rollback gives the drawn
    // number back: the series has no gap
    let series = || async {
        sqlx::query_scalar::<_, i64>("select last_number from invoice_number_sequences where series = $1")
            .bind(&number.as_deref().unwrap()[..4])
            .fetch_one(&app.pool)
            .await
            .unwrap()
    };
    let before = series().await;
    let id = Uuid::parse_str(&invoice_id).unwrap();
    let mut tx = app.pool.begin().await.unwrap();
    let again = domain::billing::orders::number(&mut tx, id, chrono::Utc::now()).await;
    let error = again.expect_err("a numbered invoice was numbered again");
    assert!(error.to_string().contains("already numbered"), "{error}");
    tx.rollback().await.unwrap();
    assert_eq!(series().await, before);
}
