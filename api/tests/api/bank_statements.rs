//! Bank transfers from camt.053 statements (issue 16): the sample statement pays the demo unpaid
//! invoice once, every credit is recorded once, and what cannot pay an invoice is listed with the
//! reason; administrators upload statements, and `vakants import-bank-statement` reads a file.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestClient, error_of, fresh_database, spawn_app, vakants_command};
use crate::publishing::{complete_draft, employer_client, published};

const SAMPLE: &str = include_str!("../../../fixtures/bank/camt053-sample.xml");

/// One booked credit of a camt.053 statement.
struct Credit<'a> {
    reference: &'a str,
    amount: &'a str,
    structured: Option<&'a str>,
    text: Option<&'a str>,
}

fn statement(credits: &[Credit]) -> String {
    let entries: String = credits
        .iter()
        .map(|c| {
            let strd = c.structured.map(|r| format!("<Strd><CdtrRefInf><Ref>{r}</Ref></CdtrRefInf></Strd>")).unwrap_or_default();
            let ustrd = c.text.map(|t| format!("<Ustrd>{t}</Ustrd>")).unwrap_or_default();
            format!(
                "<Ntry><NtryRef>{r}</NtryRef><Amt Ccy=\"EUR\">{a}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>\
                 <BookgDt><Dt>2026-11-23</Dt></BookgDt><AcctSvcrRef>{r}</AcctSvcrRef><NtryDtls><TxDtls>\
                 <RltdPties><Dbtr><Nm>Maksja OÜ</Nm></Dbtr></RltdPties><RmtInf>{ustrd}{strd}</RmtInf></TxDtls></NtryDtls></Ntry>",
                r = c.reference,
                a = c.amount
            )
        })
        .collect();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\
         <BkToCstmrStmt><GrpHdr><MsgId>T</MsgId></GrpHdr><Stmt><Id>S</Id>{entries}</Stmt></BkToCstmrStmt></Document>"
    )
}

async fn upload(client: &TestClient, xml: &str) -> reqwest::Response {
    upload_part(client, "statement.xml", "application/xml", xml.as_bytes()).await
}

/// Sends a multipart form with `bytes` as its `file`.
async fn upload_part(
    client: &TestClient,
    name: &str,
    content_type: &str,
    bytes: &[u8],
) -> reqwest::Response {
    let boundary = "vakants-test-boundary";
    let mut body =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: {content_type}\r\n\r\n")
            .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let token = client.xsrf().await;
    client
        .http
        .post(client.url("/api/admin/bank-statements"))
        .header("x-xsrf-token", token)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn admin(app: &TestApp) -> TestClient {
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    let client = app.new_client();
    client.sign_in("admin@example.ee").await;
    client
}

/// An unpaid invoice of a company without a contract (VACANCY, 35.96 €): its number and
/// reference number.
async fn unpaid_invoice(app: &TestApp, email: &str, registry_code: &str) -> (String, String) {
    let (client, company_id) = employer_client(app, email, registry_code, "Maksja OÜ", false).await;
    let vacancy = complete_draft(app, company_id, "katusemeister", None).await;
    let row = published(&client, vacancy, &["VACANCY"]).await;
    let invoice = &row["invoice"];
    (
        invoice["number"].as_str().unwrap().to_string(),
        invoice["referenceNumber"].as_str().unwrap().to_string(),
    )
}

async fn status_of(app: &TestApp, number: &str) -> String {
    sqlx::query_scalar("select status from invoices where number = $1")
        .bind(number)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_sample_statement_pays_the_demo_invoice_of_tartu_naidisehitus_once() {
    let app = spawn_app().await;
    app.create_employer(fixtures::DEMO_ACCOUNTS[1].0, &fixtures::DEMO_COMPANIES)
        .await;
    fixtures::demo_vacancies::seed(&app.pool).await.unwrap();
    let (number, reference, total, company): (String, String, i64, String) = sqlx::query_as(
        "select i.number, i.reference_number, i.total_cents, c.business_name from invoices i join companies c on c.id = i.company_id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((total, company.as_str()), (3596, "Tartu Näidisehitus AS"));
    // the sample quotes the first invoice of 2026; seeded in another year, the first invoice of that year
    let sample = SAMPLE
        .replace("20260000011", &reference)
        .replace("2026-000001", &number);
    assert!(
        number.ends_with("-000001"),
        "the demo data's only invoice is its year's first: {number}"
    );

    let client = admin(&app).await;
    let report: Value = upload(&client, &sample).await.json().await.unwrap();
    assert_eq!(
        report["matched"],
        json!([{ "entryReference": "2026112300000001", "invoiceNumber": number, "amountCents": 3596 }])
    );
    assert_eq!(
        report["unmatched"],
        json!([{ "entryReference": "2026112300000002", "amountCents": 12000, "debtorName": "Põhja Köök OÜ",
                 "remittance": "Ettemaks reklaami eest", "reason": "NO_INVOICE" }])
    );
    assert_eq!(report["alreadyImported"], 0);
    assert_eq!(status_of(&app, &number).await, "PAID");
    let payment: (String, String, String, i64) =
        sqlx::query_as("select method, provider, provider_reference, amount_cents from payments")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(
        payment,
        (
            "BANK_TRANSFER".into(),
            "bank".into(),
            "2026112300000001".into(),
            3596
        )
    );
    let waiting: i64 =
        sqlx::query_scalar("select count(*) from vacancies where payment_status = 'WAITING'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(waiting, 0, "its vacancy went live");

    let again: Value = upload(&client, &sample).await.json().await.unwrap();
    assert_eq!(
        (
            again["matched"].clone(),
            again["unmatched"].clone(),
            again["alreadyImported"].clone()
        ),
        (json!([]), json!([]), json!(2))
    );
    let counts: (i64, i64) = sqlx::query_as(
        "select (select count(*) from payments), (select count(*) from bank_transactions)",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(counts, (1, 2), "one payment, each bank transaction once");
}

#[tokio::test]
async fn credits_that_cannot_pay_an_invoice_are_listed_with_the_reason() {
    let app = spawn_app().await;
    let (by_reference, reference) = unpaid_invoice(&app, "a@example.ee", "10000011").await;
    let (by_text, _) = unpaid_invoice(&app, "b@example.ee", "10000022").await;
    let (short, short_reference) = unpaid_invoice(&app, "c@example.ee", "10000033").await;
    let (cancelled, cancelled_reference) = unpaid_invoice(&app, "d@example.ee", "10000044").await;
    sqlx::query("update invoices set status = 'CANCELLED', cancelled_at = now() where number = $1")
        .bind(&cancelled)
        .execute(&app.pool)
        .await
        .unwrap();
    let client = admin(&app).await;
    let text = format!("Arve nr {by_text}, aitäh");
    let xml = statement(&[
        Credit {
            reference: "E1",
            amount: "35.96",
            structured: Some(&reference),
            text: Some("reklaam"),
        },
        Credit {
            reference: "E2",
            amount: "35.96",
            structured: None,
            text: Some(&text),
        },
        Credit {
            reference: "E3",
            amount: "35.00",
            structured: Some(&short_reference),
            text: None,
        },
        Credit {
            reference: "E4",
            amount: "35.96",
            structured: Some(&cancelled_reference),
            text: None,
        },
        Credit {
            reference: "E5",
            amount: "35.96",
            structured: Some(&reference),
            text: None,
        },
        Credit {
            reference: "E6",
            amount: "35.96",
            structured: Some("12345678903"),
            text: Some("arve 2020-000001"),
        },
    ]);
    let report: Value = upload(&client, &xml).await.json().await.unwrap();
    let matched: Vec<(&str, &str)> = report["matched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["entryReference"].as_str().unwrap(),
                m["invoiceNumber"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        matched,
        vec![("E1", by_reference.as_str()), ("E2", by_text.as_str())]
    );
    let unmatched: Vec<(&str, &str)> = report["unmatched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["entryReference"].as_str().unwrap(),
                u["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        unmatched,
        vec![
            ("E3", "AMOUNT_DIFFERS"),
            ("E4", "CANCELLED"),
            ("E5", "ALREADY_PAID"),
            ("E6", "NO_INVOICE")
        ]
    );
    for (number, status) in [
        (&by_reference, "PAID"),
        (&by_text, "PAID"),
        (&short, "UNPAID"),
        (&cancelled, "CANCELLED"),
    ] {
        assert_eq!(status_of(&app, number).await, status, "{number}");
    }
    // the bank's debits and unbooked credits are not read
    let other = statement(&[]).replace("<Id>S</Id>", "<Id>S</Id><Ntry><NtryRef>D1</NtryRef><Amt Ccy=\"EUR\">35.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts></Ntry>");
    let report: Value = upload(&client, &other).await.json().await.unwrap();
    assert_eq!(
        report,
        json!({ "matched": [], "unmatched": [], "alreadyImported": 0 })
    );
}

#[tokio::test]
async fn only_administrators_upload_statements_and_only_camt053_xml_of_at_most_5_mb() {
    let app = spawn_app().await;
    let (employer, _) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    assert_eq!(
        error_of(upload(&employer, SAMPLE).await).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        error_of(upload(&app.new_client(), SAMPLE).await).await.0,
        StatusCode::UNAUTHORIZED
    );

    let client = admin(&app).await;
    let mut large = SAMPLE.as_bytes().to_vec();
    large.resize(5 * 1024 * 1024 + 1, b' ');
    let refused: [(&str, &str, &[u8]); 3] = [
        (
            "statement.pdf",
            "application/pdf",
            b"%PDF-1.7 not a statement",
        ),
        ("page.xml", "text/xml", b"<html><body>hi</body></html>"),
        ("big.xml", "application/xml", &large),
    ];
    for (name, content_type, bytes) in refused {
        let (code, body) = error_of(upload_part(&client, name, content_type, bytes).await).await;
        assert!(
            code == StatusCode::BAD_REQUEST || code == StatusCode::PAYLOAD_TOO_LARGE,
            "{code} {body}"
        );
        if code == StatusCode::BAD_REQUEST {
            assert_eq!(body["field"], "file", "{body}");
        }
    }
    let count: i64 = sqlx::query_scalar("select count(*) from bank_transactions")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn the_import_bank_statement_command_reads_a_file_once() {
    let database = fresh_database().await;
    let file = std::env::temp_dir().join(format!("camt053-{}.xml", uuid::Uuid::new_v4().simple()));
    std::fs::write(&file, SAMPLE).unwrap();
    let run = || {
        let output = vakants_command(
            &["import-bank-statement", file.to_str().unwrap()],
            &[("DATABASE_URL", database.url.clone())],
        )
        .output()
        .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let first = run();
    assert!(
        first.contains("0 credits paid invoices, 2 unmatched, 0 imported before"),
        "{first}"
    );
    assert!(first.contains("NoInvoice"), "{first}");
    let second = run();
    assert!(
        second.contains("0 credits paid invoices, 0 unmatched, 2 imported before"),
        "{second}"
    );
    let missing = vakants_command(
        &["import-bank-statement", "/nonexistent.xml"],
        &[("DATABASE_URL", database.url.clone())],
    )
    .output()
    .unwrap();
    assert!(!missing.status.success());
    std::fs::remove_file(&file).ok();
}

async fn unmatched_lines(client: &TestClient) -> Vec<Value> {
    let response = client.get("/api/admin/bank-statements/unmatched").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn line_id<'a>(lines: &'a [Value], reference: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l["entryReference"] == reference)
        .unwrap_or_else(|| panic!("{reference} in {lines:?}"))["id"]
        .as_str()
        .unwrap()
}

#[tokio::test]
async fn an_administrator_matches_an_unmatched_line_to_an_invoice_once_or_dismisses_it() {
    let app = spawn_app().await;
    let (first, first_reference) = unpaid_invoice(&app, "a@example.ee", "10000011").await;
    let (second, _) = unpaid_invoice(&app, "b@example.ee", "10000022").await;
    let client = admin(&app).await;
    let xml = statement(&[
        Credit { reference: "L1", amount: "35.00", structured: Some(&first_reference), text: None },
        Credit { reference: "L2", amount: "35.96", structured: None, text: Some("ettemaks") },
        Credit { reference: "L3", amount: "10.00", structured: None, text: Some("kingitus") },
    ]);
    let report: Value = upload(&client, &xml).await.json().await.unwrap();
    assert_eq!(report["unmatched"].as_array().unwrap().len(), 3);

    let lines = unmatched_lines(&client).await;
    let listed: Vec<(&str, &str, Option<&str>)> =
        lines.iter().map(|l| (l["entryReference"].as_str().unwrap(), l["reason"].as_str().unwrap(), l["invoiceNumber"].as_str())).collect();
    assert_eq!(
        listed,
        vec![("L1", "AMOUNT_DIFFERS", Some(first.as_str())), ("L2", "NO_INVOICE", None), ("L3", "NO_INVOICE", None)]
    );
    let (l1, l2, l3) = (line_id(&lines, "L1").to_string(), line_id(&lines, "L2").to_string(), line_id(&lines, "L3").to_string());
    let invoice_id = |number: &str| {
        let pool = app.pool.clone();
        let number = number.to_string();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>("select id from invoices where number = $1").bind(number).fetch_one(&pool).await.unwrap()
        }
    };
    let (first_id, second_id) = (invoice_id(&first).await, invoice_id(&second).await);

    // only administrators; a reason is required; unknown lines and invoices are 404
    let (employer, _) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    assert_eq!(error_of(employer.get("/api/admin/bank-statements/unmatched").await).await.0, StatusCode::FORBIDDEN);
    let matching = json!({ "invoiceId": first_id, "reason": "paid by the owner privately" });
    let (code, _) = error_of(employer.post(&format!("/api/admin/bank-statements/lines/{l2}/match"), matching.clone()).await).await;
    assert_eq!(code, StatusCode::FORBIDDEN);
    let (code, body) =
        error_of(client.post(&format!("/api/admin/bank-statements/lines/{l2}/match"), json!({ "invoiceId": first_id, "reason": " " })).await).await;
    assert_eq!((code, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("reason")));
    let unknown = uuid::Uuid::new_v4();
    let (code, _) = error_of(client.post(&format!("/api/admin/bank-statements/lines/{unknown}/match"), matching.clone()).await).await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    let (code, _) = error_of(
        client.post(&format!("/api/admin/bank-statements/lines/{l2}/match"), json!({ "invoiceId": unknown, "reason": "x" })).await,
    )
    .await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    let (code, _) = error_of(client.post(&format!("/api/admin/bank-statements/lines/{unknown}/dismiss"), json!({ "reason": "x" })).await).await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    assert_eq!(status_of(&app, &first).await, "UNPAID", "nothing changed");

    // L2 pays the first invoice: its vacancy goes live, the payment is the bank's, recorded by the administrator
    let done: Value = client.post(&format!("/api/admin/bank-statements/lines/{l2}/match"), matching.clone()).await.json().await.unwrap();
    assert_eq!(done, json!({ "resolvedNow": true }));
    assert_eq!(status_of(&app, &first).await, "PAID");
    let waiting: i64 = sqlx::query_scalar("select count(*) from vacancies v join invoices i on i.company_id = v.company_id where i.id = $1 and v.payment_status = 'WAITING'")
        .bind(first_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(waiting, 0, "its vacancy was paid");
    let payment: (String, String, String, i64, bool) = sqlx::query_as(
        "select p.method, p.provider, p.provider_reference, p.amount_cents, p.recorded_by_user_id = u.id
         from payments p, users u where p.invoice_id = $1 and u.username = 'admin@example.ee'",
    )
    .bind(first_id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(payment, ("BANK_TRANSFER".into(), "bank".into(), "L2".into(), 3596, true));
    let linked: (Option<uuid::Uuid>, bool, Option<String>) =
        sqlx::query_as("select invoice_id, payment_id is not null, resolution from bank_transactions where entry_reference = 'L2'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(linked, (Some(first_id), true, Some("MATCHED".into())));

    // matched twice: nothing changes the second time, not even with another invoice
    let again: Value = client
        .post(&format!("/api/admin/bank-statements/lines/{l2}/match"), json!({ "invoiceId": second_id, "reason": "again" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again, json!({ "resolvedNow": false }));
    assert_eq!(status_of(&app, &second).await, "UNPAID");
    let payments: i64 = sqlx::query_scalar("select count(*) from payments").fetch_one(&app.pool).await.unwrap();
    assert_eq!(payments, 1);

    // L1 names the first invoice, now paid: it cannot pay it again; it is dismissed instead, once
    let (code, body) = error_of(client.post(&format!("/api/admin/bank-statements/lines/{l1}/match"), matching.clone()).await).await;
    assert_eq!((code, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("invoiceId")), "{body}");
    let dismissal = json!({ "reason": "short payment, refunded" });
    let dismissed: Value = client.post(&format!("/api/admin/bank-statements/lines/{l1}/dismiss"), dismissal.clone()).await.json().await.unwrap();
    assert_eq!(dismissed, json!({ "resolvedNow": true }));
    let dismissed: Value = client.post(&format!("/api/admin/bank-statements/lines/{l1}/dismiss"), dismissal).await.json().await.unwrap();
    assert_eq!(dismissed, json!({ "resolvedNow": false }));
    let late: Value = client
        .post(&format!("/api/admin/bank-statements/lines/{l1}/match"), json!({ "invoiceId": second_id, "reason": "late" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(late, json!({ "resolvedNow": false }), "a dismissed line is resolved");

    let lines = unmatched_lines(&client).await;
    assert_eq!(lines.iter().map(|l| l["id"].as_str().unwrap()).collect::<Vec<_>>(), vec![l3.as_str()]);
    // the same statement again changes nothing
    let report: Value = upload(&client, &xml).await.json().await.unwrap();
    assert_eq!(report["alreadyImported"], 3);
    assert_eq!(unmatched_lines(&client).await.len(), 1);

    let audit: Vec<(String, Value)> =
        sqlx::query_as("select action, details from audit_log where action like 'bank_statement.line_%' order by id")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(audit.len(), 2, "{audit:?}");
    assert_eq!(audit[0].0, "bank_statement.line_matched");
    assert_eq!(
        (audit[0].1["entryReference"].clone(), audit[0].1["number"].clone(), audit[0].1["amountCents"].clone(), audit[0].1["reason"].clone()),
        (json!("L2"), json!(first), json!(3596), json!("paid by the owner privately"))
    );
    assert_eq!((audit[1].0.as_str(), audit[1].1["reason"].clone()), ("bank_statement.line_dismissed", json!("short payment, refunded")));
}
