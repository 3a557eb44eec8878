//! The administrators' billing (issue 19): the price list, a company's prices and discounts,
//! every company's invoices with their sums, the PDF, forced payment and deletion; who may use
//! them and what the audit log keeps.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::publishing::{complete_draft, employer_client, published};

async fn admin(app: &TestApp, roles: &[&str]) -> TestClient {
    app.create_user("admin@vakants.ee", roles).await;
    let client = app.new_client();
    client.sign_in("admin@vakants.ee").await;
    client
}

async fn audited(app: &TestApp, action: &str) -> Vec<Value> {
    sqlx::query_scalar("select details from audit_log where action = $1 order by id")
        .bind(action)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

/// A company without a contract whose vacancy waits for payment on an UNPAID invoice.
async fn unpaid_invoice(app: &TestApp, email: &str, code: &str, name: &str) -> (TestClient, Uuid, Value) {
    let (client, company_id) = employer_client(app, email, code, name, false).await;
    let vacancy = complete_draft(app, company_id, "kokk", None).await;
    let row = published(&client, vacancy, &["VACANCY"]).await;
    (client, vacancy, row["invoice"].clone())
}

fn product_change(product: &Value) -> Value {
    json!({
        "code": product["code"], "labelEt": product["labelEt"], "labelEn": product["labelEn"], "labelRu": product["labelRu"],
        "descriptionEt": product["descriptionEt"], "descriptionEn": product["descriptionEn"], "descriptionRu": product["descriptionRu"],
        "priceCents": product["priceCents"], "vatRateBp": product["vatRateBp"], "isActive": product["isActive"],
    })
}

#[tokio::test]
async fn a_price_change_applies_to_new_orders_and_never_to_an_issued_invoice() {
    let app = spawn_app().await;
    let (_, _, invoice) = unpaid_invoice(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ").await;
    let admin = admin(&app, &["ADMIN"]).await;

    let page: Value = admin.get("/api/admin/product").await.json().await.unwrap();
    assert_eq!(page["size"], 50, "pages of 50 (spec 2 section 7)");
    assert_eq!(page["content"][0]["code"], "VACANCY");
    assert!(page["content"].as_array().unwrap().iter().any(|p| p["isActive"] == false), "inactive products are listed too");
    let mut change = product_change(&page["content"][0]);
    change["priceCents"] = json!(3500);
    change["labelEn"] = json!("  Job ad for 30 days ");
    let response = admin.put("/api/admin/product", change.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.unwrap();
    assert_eq!((saved["priceCents"].clone(), saved["labelEn"].clone()), (json!(3500), json!("Job ad for 30 days")));
    assert_ne!(saved["validFrom"], "2023-12-01", "a new price is valid from today");

    let (subtotal, total, unit): (i64, i64, i64) = sqlx::query_as(
        "select i.subtotal_cents, i.total_cents, l.unit_price_cents from invoices i join invoice_lines l on l.invoice_id = i.id where i.id = $1::uuid",
    )
    .bind(invoice["id"].as_str().unwrap())
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((subtotal, total, unit), (2900, 3596, 2900), "the issued invoice keeps its price");
    let detail: Value = admin.get("/api/admin/invoice").await.json().await.unwrap();
    assert_eq!(detail["content"][0]["sumCents"], 3596);

    let (client, company_id) = employer_client(&app, "teine@firma.ee", "87654321", "Lõuna Ehitus AS", false).await;
    let vacancy = complete_draft(&app, company_id, "kokk", None).await;
    let row = published(&client, vacancy, &["VACANCY"]).await;
    assert_eq!(row["invoice"]["subtotalCents"], 3500, "a new order pays the new price");

    let audit = audited(&app, "product.update").await;
    assert_eq!(audit.len(), 1);
    assert_eq!((audit[0]["before"]["priceCents"].clone(), audit[0]["after"]["priceCents"].clone()), (json!(2900), json!(3500)));

    for (field, value) in [("labelEt", json!(" ")), ("labelRu", json!("x".repeat(201))), ("priceCents", json!(-1)), ("vatRateBp", json!(10_001))] {
        let mut wrong = change.clone();
        wrong[field] = value;
        let (status, body) = error_of(admin.put("/api/admin/product", wrong).await).await;
        assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)));
    }
    let mut unknown = change.clone();
    unknown["code"] = json!("NOPE");
    assert_eq!(error_of(admin.put("/api/admin/product", unknown).await).await.0, StatusCode::NOT_FOUND);
    let (status, body) = error_of(admin.get("/api/admin/product?size=0").await).await;
    assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("size")));
    let second: Value = admin.get("/api/admin/product?size=5&page=1").await.json().await.unwrap();
    assert_eq!(second["content"][0]["code"], page["content"][5]["code"]);
}

#[tokio::test]
async fn a_company_price_and_discount_show_at_once_in_the_company_s_products_and_can_be_removed() {
    let app = spawn_app().await;
    let (employer, company_id) = employer_client(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ", false).await;
    let admin = admin(&app, &["SUPERVISOR"]).await;
    let path = "/api/admin/company/EE/12345678/product";

    let response = admin.put(path, json!({ "productCode": "VACANCY", "priceCents": 2000, "discount": 0.25 })).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let offers: Vec<Value> = employer.get("/api/employer/products").await.json().await.unwrap();
    let vacancy = offers.iter().find(|o| o["code"] == "VACANCY").unwrap();
    assert_eq!((vacancy["priceCents"].clone(), vacancy["discount"].clone()), (json!(1500), json!(0.25)));
    let prices: Vec<Value> = admin.get(&format!("{path}?fillEmptyProducts=true")).await.json().await.unwrap();
    let row = prices.iter().find(|p| p["code"] == "VACANCY").unwrap();
    assert_eq!(
        (row["listPriceCents"].clone(), row["priceCents"].clone(), row["discount"].clone(), row["netPriceCents"].clone(), row["custom"].clone()),
        (json!(2900), json!(2000), json!(0.25), json!(1500), json!(true))
    );
    assert_eq!(prices.iter().find(|p| p["code"] == "BRANDING").unwrap()["custom"], false);

    let draft = complete_draft(&app, company_id, "kokk", None).await;
    let row = published(&employer, draft, &["VACANCY"]).await;
    assert_eq!(row["invoice"]["subtotalCents"], 1500, "the publish step's order pays the company's price");

    for (body, field) in [
        (json!({ "productCode": "VACANCY", "discount": 1.5 }), "discount"),
        (json!({ "productCode": "VACANCY", "discount": 0.12345 }), "discount"),
        (json!({ "productCode": "VACANCY", "priceCents": -5 }), "priceCents"),
        (json!({ "productCode": "NOPE" }), "productCode"),
    ] {
        let (status, error) = error_of(admin.put(path, body.clone()).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{body}");
    }
    assert_eq!(error_of(admin.put("/api/admin/company/EE/99999999/product", json!({ "productCode": "VACANCY" })).await).await.0, StatusCode::NOT_FOUND);

    assert_eq!(admin.delete(&format!("{path}?productCode=VACANCY")).await.status(), StatusCode::NO_CONTENT);
    let offers: Vec<Value> = employer.get("/api/employer/products").await.json().await.unwrap();
    assert_eq!(offers.iter().find(|o| o["code"] == "VACANCY").unwrap()["priceCents"], 2900, "the list price again");
    assert_eq!(error_of(admin.delete(&format!("{path}?productCode=VACANCY")).await).await.0, StatusCode::NOT_FOUND);

    let set = audited(&app, "company.product_price").await;
    assert_eq!((set.len(), set[0]["discount"].clone()), (1, json!(0.25)));
    assert_eq!(audited(&app, "company.product_price_removed").await.len(), 1);
}

#[tokio::test]
async fn fill_empty_products_lists_every_product_at_the_list_price_where_the_company_has_no_own_price() {
    let app = spawn_app().await;
    employer_client(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ", false).await;
    let admin = admin(&app, &["ADMIN"]).await;
    let path = "/api/admin/company/EE/12345678/product";
    let codes = |prices: &[Value]| prices.iter().map(|p| p["code"].as_str().unwrap().to_string()).collect::<Vec<_>>();

    let own: Vec<Value> = admin.get(path).await.json().await.unwrap();
    assert!(own.is_empty(), "no own terms yet: {own:?}");
    admin.put(path, json!({ "productCode": "PRO_3", "priceCents": 1000 })).await;
    admin.put(path, json!({ "productCode": "BRANDING", "discount": 0.5 })).await;

    for query in ["", "?fillEmptyProducts=false"] {
        let own: Vec<Value> = admin.get(&format!("{path}{query}")).await.json().await.unwrap();
        assert_eq!(codes(&own), ["BRANDING", "PRO_3"], "only the company's own terms, in price-list order ({query})");
        assert!(own.iter().all(|p| p["custom"] == true));
    }
    let filled: Vec<Value> = admin.get(&format!("{path}?fillEmptyProducts=true")).await.json().await.unwrap();
    let every: Vec<String> = sqlx::query_scalar("select code from products order by sort_order, code").fetch_all(&app.pool).await.unwrap();
    assert_eq!(codes(&filled), every, "every product, inactive ones too");
    let vacancy = filled.iter().find(|p| p["code"] == "VACANCY").unwrap();
    assert_eq!(
        (vacancy["custom"].clone(), vacancy["priceCents"].clone(), vacancy["listPriceCents"].clone(), vacancy["netPriceCents"].clone()),
        (json!(false), Value::Null, json!(2900), json!(2900)),
        "a product without own terms at the list price"
    );
    let pro = filled.iter().find(|p| p["code"] == "PRO_3").unwrap();
    assert_eq!((pro["custom"].clone(), pro["netPriceCents"].clone()), (json!(true), json!(1000)));
    let branding = filled.iter().find(|p| p["code"] == "BRANDING").unwrap();
    assert_eq!((branding["priceCents"].clone(), branding["netPriceCents"].clone()), (Value::Null, json!(1450)));

    let (status, error) = error_of(admin.get(&format!("{path}?fillEmptyProducts=maybe")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
}

#[tokio::test]
async fn administrators_list_every_company_s_invoices_with_filters_and_sums_per_status() {
    let app = spawn_app().await;
    let (first, _, one) = unpaid_invoice(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ").await;
    let (_, _, two) = unpaid_invoice(&app, "teine@firma.ee", "87654321", "Lõuna Ehitus AS").await;
    assert_eq!(first.post_empty(&format!("/api/dev/invoices/{}/pay", one["id"].as_str().unwrap())).await.status(), StatusCode::NO_CONTENT);
    let admin = admin(&app, &["ADMIN"]).await;

    let all: Value = admin.get("/api/admin/invoice").await.json().await.unwrap();
    assert_eq!(all["totalElements"], 2);
    assert_eq!(all["content"][0]["number"], two["number"], "newest first");
    assert_eq!(all["content"][0]["buyerName"], "Lõuna Ehitus AS");
    assert_eq!(all["content"][0]["registryCode"], "87654321");
    assert_eq!(
        all["sums"],
        json!([
            { "status": "UNPAID", "count": 1, "totalCents": 3596 },
            { "status": "PAID", "count": 1, "totalCents": 3596 },
            { "status": "CANCELLED", "count": 0, "totalCents": 0 },
        ])
    );

    let paid: Value = admin.get("/api/admin/invoice?status=PAID").await.json().await.unwrap();
    assert_eq!((paid["totalElements"].clone(), paid["content"][0]["number"].clone()), (json!(1), one["number"].clone()));
    assert_eq!(paid["sums"][0]["count"], 1, "the sums leave the status filter out");
    let by_name: Value = admin.get("/api/admin/invoice?company=k%C3%B6%C3%B6k").await.json().await.unwrap();
    assert_eq!((by_name["totalElements"].clone(), by_name["sums"][1]["count"].clone()), (json!(1), json!(1)));
    let by_code: Value = admin.get("/api/admin/invoice?company=8765").await.json().await.unwrap();
    assert_eq!(by_code["content"][0]["number"], two["number"]);
    let before: Value = admin.get("/api/admin/invoice?to=2020-01-01").await.json().await.unwrap();
    assert_eq!((before["totalElements"].clone(), before["sums"][0]["count"].clone()), (json!(0), json!(0)));
    let paged: Value = admin.get("/api/admin/invoice?size=1&page=1&sort=status&order=asc").await.json().await.unwrap();
    assert_eq!((paged["totalPages"].clone(), paged["content"][0]["status"].clone()), (json!(2), json!("PAID")));

    for (query, field) in [("status=LOST", "status"), ("from=2026-02-01&to=2026-01-01", "to"), ("size=0", "size"), ("sort=sum", "sort")] {
        let (status, body) = error_of(admin.get(&format!("/api/admin/invoice?{query}")).await).await;
        assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{query}");
    }

    let pdf = admin.get(&format!("/api/admin/invoice/{}/pdf?lang=en", two["id"].as_str().unwrap())).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    assert_eq!(error_of(admin.get(&format!("/api/admin/invoice/{}/pdf", Uuid::new_v4())).await).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_forced_payment_starts_the_order_once_and_records_who_and_why() {
    let app = spawn_app().await;
    let (_, vacancy, invoice) = unpaid_invoice(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ").await;
    let admin = admin(&app, &["ADMIN"]).await;
    let id = invoice["id"].as_str().unwrap();
    let admin_id: Uuid = sqlx::query_scalar("select id from users where username = 'admin@vakants.ee'").fetch_one(&app.pool).await.unwrap();

    let (status, body) = error_of(admin.get(&format!("/api/admin/invoice/{id}/forcedPayment")).await).await;
    assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("reason")), "a reason is required");
    let without_token = admin.http.get(admin.url(&format!("/api/admin/invoice/{id}/forcedPayment?reason=x"))).send().await.unwrap();
    assert_eq!(without_token.status(), StatusCode::FORBIDDEN, "it changes state: the anti-forgery header is needed");

    let first: Value = admin.get(&format!("/api/admin/invoice/{id}/forcedPayment?reason=paid%20in%20cash")).await.json().await.unwrap();
    assert_eq!(first["paidNow"], true);
    let (status, payment_status, live): (String, String, bool) = sqlx::query_as(
        "select i.status, v.payment_status, v.status = 'EXISTS' from invoices i, vacancies v where i.id = $1::uuid and v.id = $2",
    )
    .bind(id)
    .bind(vacancy)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((status.as_str(), payment_status.as_str(), live), ("PAID", "PAID", true), "the vacancy goes live");

    let second: Value = admin.get(&format!("/api/admin/invoice/{id}/forcedPayment?reason=again")).await.json().await.unwrap();
    assert_eq!(second["paidNow"], false, "twice changes nothing the second time");
    let payments: Vec<(String, Option<Uuid>)> = sqlx::query_as("select provider, recorded_by_user_id from payments where invoice_id = $1::uuid")
        .bind(id)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(payments, vec![("admin".to_string(), Some(admin_id))]);
    let audit = audited(&app, "invoice.forced_payment").await;
    assert_eq!((audit.len(), audit[0]["reason"].clone()), (1, json!("paid in cash")));
}

#[tokio::test]
async fn an_invoice_is_deleted_only_after_its_number_is_typed_and_an_unpaid_one_is_cancelled_first() {
    let app = spawn_app().await;
    let (employer, vacancy, invoice) = unpaid_invoice(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ").await;
    let admin = admin(&app, &["SUPERVISOR"]).await;
    let id = invoice["id"].as_str().unwrap();

    let (status, body) = error_of(admin.in_english().delete(&format!("/api/admin/invoice/{id}?number=2000-000001")).await).await;
    assert_eq!((status, body["field"].clone(), body["message"].clone()), (StatusCode::BAD_REQUEST, json!("number"), json!("Wrong invoice number")));
    assert_eq!(error_of(admin.delete(&format!("/api/admin/invoice/{id}")).await).await.0, StatusCode::BAD_REQUEST);
    let kept: Option<chrono::DateTime<chrono::Utc>> = sqlx::query_scalar("select deleted_at from invoices where id = $1::uuid").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(kept.is_none(), "a wrong number deletes nothing");

    let number = invoice["number"].as_str().unwrap();
    assert_eq!(admin.delete(&format!("/api/admin/invoice/{id}?number={number}")).await.status(), StatusCode::NO_CONTENT);
    let (status, deleted): (String, bool) = sqlx::query_as("select status, deleted_at is not null from invoices where id = $1::uuid").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((status.as_str(), deleted), ("CANCELLED", true), "the row is kept for the accounts");
    let draft: String = sqlx::query_scalar("select status from vacancies where id = $1").bind(vacancy).fetch_one(&app.pool).await.unwrap();
    assert_eq!(draft, "TEMPORARY", "the vacancy waiting for payment is a draft again");
    assert_eq!(error_of(employer.get(&format!("/api/user/invoices/{id}")).await).await.0, StatusCode::NOT_FOUND);
    let listed: Value = admin.get("/api/admin/invoice").await.json().await.unwrap();
    assert_eq!(listed["totalElements"], 0);
    assert_eq!(error_of(admin.delete(&format!("/api/admin/invoice/{id}?number={number}")).await).await.0, StatusCode::NOT_FOUND);
    let audit = audited(&app, "invoice.delete").await;
    assert_eq!((audit.len(), audit[0]["number"].clone()), (1, json!(number)));
}

#[tokio::test]
async fn only_administrators_and_supervisors_reach_the_billing_calls() {
    let app = spawn_app().await;
    let (employer, _, invoice) = unpaid_invoice(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ").await;
    let id = invoice["id"].as_str().unwrap();
    let calls: Vec<(&str, String)> = vec![
        ("GET", "/api/admin/product".into()),
        ("PUT", "/api/admin/product".into()),
        ("GET", "/api/admin/company/EE/12345678/product".into()),
        ("PUT", "/api/admin/company/EE/12345678/product".into()),
        ("DELETE", "/api/admin/company/EE/12345678/product?productCode=VACANCY".into()),
        ("GET", "/api/admin/invoice".into()),
        ("GET", format!("/api/admin/invoice/{id}/pdf")),
        ("GET", format!("/api/admin/invoice/{id}/forcedPayment?reason=x")),
        ("DELETE", format!("/api/admin/invoice/{id}?number={}", invoice["number"].as_str().unwrap())),
    ];
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    let anonymous = app.new_client();
    for (client, expected) in [(&employer, StatusCode::FORBIDDEN), (&applicant, StatusCode::FORBIDDEN), (&anonymous, StatusCode::UNAUTHORIZED)] {
        for (method, path) in &calls {
            let response = match *method {
                "GET" => client.get(path).await,
                "PUT" => client.put(path, json!({ "productCode": "VACANCY", "discount": 1 })).await,
                _ => client.delete(path).await,
            };
            assert_eq!(response.status(), expected, "{method} {path}");
        }
    }
    let (status, deleted): (String, bool) = sqlx::query_as("select status, deleted_at is not null from invoices where id = $1::uuid").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((status.as_str(), deleted), ("UNPAID", false), "nothing changed");
    let terms: i64 = sqlx::query_scalar("select count(*) from company_product_prices").fetch_one(&app.pool).await.unwrap();
    assert_eq!(terms, 0);
}
