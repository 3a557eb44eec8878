//! Publishing a vacancy with the order behind it: what can be bought at the company's prices, the
//! quote, the order and invoice made on the publishing transaction, a contract company going live
//! at once, any other waiting for payment until the sandbox pays, and the search following.

use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::search::{eventually, spawn_with_worker};

/// A signed-in client of the employer `email` on the company `registry_code`, and its id.
pub(crate) async fn employer_client(app: &TestApp, email: &str, registry_code: &str, name: &str, has_contract: bool) -> (TestClient, Uuid) {
    app.create_employer(email, &[(registry_code, name)]).await;
    let company_id: Uuid = sqlx::query_scalar("update companies set has_contract = $2 where registry_code = $1 returning id")
        .bind(registry_code)
        .bind(has_contract)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let client = app.new_client();
    client.sign_in(email).await;
    (client, company_id)
}

/// A draft that passes the publish rules, its text holding `word`; `publish_in_secs` is its stored
/// publish time from now (now when none: the publish rules need one).
pub(crate) async fn complete_draft(app: &TestApp, company_id: Uuid, word: &str, publish_in_secs: Option<i64>) -> Uuid {
    let id: Uuid = sqlx::query_scalar(
        "insert into vacancies (company_id, occupation_code, employment_type_code, ehak_code, address, salary_by_agreement, publish_at)
         values ($1, 'COOK', 'FULL_TIME', '0784', 'Harju maakond, Tallinn, Narva mnt 5', true,
                 now() + make_interval(secs => coalesce($2, 0)))
         returning id",
    )
    .bind(company_id)
    .bind(publish_in_secs.map(|s| s as f64))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    sqlx::query("insert into vacancy_categories (vacancy_id, category_code) values ($1, 'CATERING')")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("insert into vacancy_contents (vacancy_id, language_code, teaser, content) values ($1, 'et', 'Ootame kokka', $2)")
        .bind(id)
        .bind(format!(r#"{{"ops":[{{"insert":"Köök otsib: {word}.\n"}}]}}"#))
        .execute(&app.pool)
        .await
        .unwrap();
    id
}

pub(crate) async fn publish(client: &TestClient, id: Uuid, product_codes: &[&str]) -> Response {
    put_status(client, id, json!({ "status": "EXISTS", "productCodes": product_codes })).await
}

async fn put_status(client: &TestClient, id: Uuid, body: Value) -> Response {
    let token = client.xsrf().await;
    client
        .http
        .put(client.url(&format!("/api/employer/vacancies/{id}/status")))
        .header("x-xsrf-token", token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

pub(crate) async fn published(client: &TestClient, id: Uuid, product_codes: &[&str]) -> Value {
    let response = publish(client, id, product_codes).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn found(page: &Value, id: Uuid) -> bool {
    page["content"].as_array().unwrap().iter().any(|card| card["vacancyId"] == id.to_string())
}

async fn vacancy_facts(app: &TestApp, id: Uuid) -> (String, String, i16, bool) {
    sqlx::query_as("select status, payment_status, pro_level, is_branded from vacancies where id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn services_of(app: &TestApp, invoice_id: &str) -> Vec<(String, String, String)> {
    sqlx::query_as("select product_code, type, status from services where invoice_id = $1::uuid order by product_code, type")
        .bind(invoice_id)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

async fn pay(client: &TestClient, invoice_id: &str) -> Response {
    client.post_empty(&format!("/api/dev/invoices/{invoice_id}/pay")).await
}

async fn invoices_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from invoices").fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn a_contract_company_goes_live_at_once_with_what_it_bought_and_is_found() {
    let app = spawn_with_worker().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "trühvlimeister", None).await;

    let row = published(&client, id, &["VACANCY", "PRO_3", "BRANDING"]).await;

    assert_eq!((row["status"].clone(), row["displayedState"].clone()), (json!("EXISTS"), json!("ACTIVE")));
    let invoice = &row["invoice"];
    assert_eq!(invoice["status"], "UNPAID", "a contract company pays by the invoice later");
    assert_eq!(invoice["subtotalCents"], 2900 + 1400 + 2900);
    assert_eq!(invoice["totalCents"], 7200 + 696 + 336 + 696);
    assert_eq!(vacancy_facts(&app, id).await, ("EXISTS".into(), "PAID".into(), 3, true));
    let invoice_id = invoice["id"].as_str().unwrap();
    let services = services_of(&app, invoice_id).await;
    assert!(services.iter().all(|(_, _, status)| status == "ACTIVE"), "{services:?}");
    let (valid_until_days, renewed): (f64, bool) = sqlx::query_as(
        "select (extract(epoch from valid_until - publish_at) / 86400)::float8, renewed_at = publish_at from vacancies where id = $1",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((valid_until_days, renewed), (30.0, true));

    let page = eventually(&app, json!({ "occupation": "trühvlimeister" }), |p| found(p, id)).await;
    let card = page["content"].as_array().unwrap().iter().find(|c| c["vacancyId"] == id.to_string()).unwrap();
    assert_eq!((card["premiumStatus"].clone(), card["isBranded"].clone()), (json!(3), json!(true)), "{card}");
    let active = client.get("/api/employer/vacancies?status=active").await.json::<Value>().await.unwrap();
    assert_eq!(active["content"][0]["invoice"]["id"], invoice["id"], "the list rows carry the invoice");
}

#[tokio::test]
async fn any_other_company_waits_for_payment_and_the_sandbox_payment_puts_it_live_once() {
    let app = spawn_with_worker().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let first = complete_draft(&app, company_id, "marsipanimeister", None).await;
    let second = complete_draft(&app, company_id, "šokolaadimeister", None).await;

    let one = published(&client, first, &["BASIC"]).await;
    let two = published(&client, second, &["VACANCY", "PRO_1", "CV_BASE_7_DAYS_WITH_VACANCY"]).await;

    for row in [&one, &two] {
        assert_eq!(row["displayedState"], "WAITING_FOR_PAYMENT");
        assert_eq!(row["invoice"]["status"], "UNPAID");
        let reference = row["invoice"]["referenceNumber"].as_str().unwrap();
        assert!(domain::billing::shared::is_valid_reference_number(reference), "{reference}");
        assert_eq!(
            reference,
            format!("{}{}", row["invoice"]["number"].as_str().unwrap().replace('-', ""), &reference[reference.len() - 1..])
        );
        let issued = chrono::NaiveDate::parse_from_str(row["invoice"]["issuedOn"].as_str().unwrap(), "%Y-%m-%d").unwrap();
        let due = chrono::NaiveDate::parse_from_str(row["invoice"]["dueOn"].as_str().unwrap(), "%Y-%m-%d").unwrap();
        assert_eq!(due - issued, chrono::TimeDelta::days(14));
    }
    let number = |row: &Value| -> (String, u32) {
        let (year, n) = row["invoice"]["number"].as_str().unwrap().split_once('-').unwrap();
        (year.to_string(), n.parse().unwrap())
    };
    let (year, n) = number(&one);
    assert_eq!(year, chrono::Utc::now().format("%Y").to_string());
    assert_eq!((n, number(&two)), (1, (year, 2)), "gapless within the year");

    // the lines of the second: VAT per line, lines sum to the invoice
    let invoice_id = two["invoice"]["id"].as_str().unwrap();
    let lines: Vec<(String, i64, i64, i64, i32)> = sqlx::query_as(
        "select product_code, unit_price_cents, line_total_cents, vat_cents, vat_rate_bp from invoice_lines where invoice_id = $1::uuid order by position",
    )
    .bind(invoice_id)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let codes: Vec<&str> = lines.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(codes, vec!["VACANCY", "PRO_1", "CV_BASE_7_DAYS_WITH_VACANCY"]);
    for (code, _, net, vat, rate) in &lines {
        assert_eq!(*rate, 2400, "{code}");
        assert_eq!(*vat, (net * 24 + 50) / 100, "{code}: 24 % of the line, rounded half up");
    }
    let net: i64 = lines.iter().map(|l| l.2).sum();
    let vat: i64 = lines.iter().map(|l| l.3).sum();
    assert_eq!((two["invoice"]["subtotalCents"].as_i64(), two["invoice"]["vatCents"].as_i64()), (Some(net), Some(vat)));
    assert_eq!(two["invoice"]["totalCents"].as_i64(), Some(net + vat));
    let buyer: (String, String, Option<String>) =
        sqlx::query_as("select buyer_name, buyer_registry_code, buyer_address from invoices where id = $1::uuid")
            .bind(invoice_id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((buyer.0.as_str(), buyer.1.as_str()), ("Näide OÜ", "12345678"));

    let basic_invoice = one["invoice"]["id"].as_str().unwrap();
    assert_eq!(
        services_of(&app, basic_invoice).await,
        vec![("BASIC".into(), "CV".into(), "UNPAID".into()), ("BASIC".into(), "VACANCY".into(), "UNPAID".into())],
        "a package's CV-database days are a service of their own"
    );
    let waiting = client.get("/api/employer/vacancies?status=waitingForPayment").await.json::<Value>().await.unwrap();
    assert_eq!(waiting["counts"]["waitingForPayment"], 2);
    assert!(waiting["content"].as_array().unwrap().iter().all(|row| row["invoice"]["status"] == "UNPAID"));
    assert_eq!(vacancy_facts(&app, first).await, ("EXISTS".into(), "WAITING".into(), 0, false));

    // the sandbox pays the BASIC invoice: live with PRO 1, promoted a week, a week of CV database
    assert_eq!(pay(&client, basic_invoice).await.status(), StatusCode::NO_CONTENT);
    eventually(&app, json!({}), |p| found(p, first) && !found(p, second)).await;
    assert_eq!(vacancy_facts(&app, first).await, ("EXISTS".into(), "PAID".into(), 1, false));
    let row = client.get("/api/employer/vacancies?status=active").await.json::<Value>().await.unwrap();
    assert_eq!(row["content"][0]["displayedState"], "ACTIVE");
    assert_eq!(row["content"][0]["invoice"]["status"], "PAID");
    let periods: Vec<(String, String, f64)> = sqlx::query_as(
        "select type, status, (extract(epoch from ends_at - starts_at) / 86400)::float8 from services where invoice_id = $1::uuid order by type",
    )
    .bind(basic_invoice)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(periods, vec![("CV".into(), "ACTIVE".into(), 7.0), ("VACANCY".into(), "ACTIVE".into(), 30.0)]);
    let promoted: f64 =
        sqlx::query_scalar("select (extract(epoch from promoted_until - publish_at) / 86400)::float8 from vacancies where id = $1")
            .bind(first)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(promoted, 7.0);
    let payments: Vec<(String, String, i64, String)> =
        sqlx::query_as("select method, provider, amount_cents, status from payments where invoice_id = $1::uuid")
            .bind(basic_invoice)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(payments, vec![("INVOICE".into(), "sandbox".into(), 19900 + 4776, "SUCCEEDED".into())]);

    // paying again changes nothing
    let before: (chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>) =
        sqlx::query_as("select publish_at, valid_until from vacancies where id = $1").bind(first).fetch_one(&app.pool).await.unwrap();
    assert_eq!(pay(&client, basic_invoice).await.status(), StatusCode::NO_CONTENT);
    let after: (chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>) =
        sqlx::query_as("select publish_at, valid_until from vacancies where id = $1").bind(first).fetch_one(&app.pool).await.unwrap();
    assert_eq!(before, after);
    let count: i64 = sqlx::query_scalar("select count(*) from payments").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 1, "no second payment");

    // the other company's staff, and visitors, do not reach the invoice
    let (stranger, _) = employer_client(&app, "muu@example.ee", "11111116", "Muu OÜ", false).await;
    assert_eq!(error_of(pay(&stranger, invoice_id).await).await.0, StatusCode::NOT_FOUND);
    assert_eq!(error_of(pay(&stranger, &Uuid::new_v4().to_string()).await).await.0, StatusCode::NOT_FOUND);
    assert_eq!(pay(&app.new_client(), invoice_id).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(vacancy_facts(&app, second).await.1, "WAITING", "still unpaid");
}

#[tokio::test]
async fn the_sandbox_payment_is_not_there_outside_dev_mode() {
    let app = crate::helpers::spawn_app_with(crate::helpers::AppOptions { prod: true, ..Default::default() }).await;
    let response = app.client.post_empty(&format!("/api/dev/invoices/{}/pay", Uuid::new_v4())).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_future_publish_date_waits_for_publication_and_goes_live_with_the_time_rule() {
    let app = spawn_with_worker().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    // far enough ahead that nothing in the test's run reaches it on its own
    let id = complete_draft(&app, company_id, "kondiitrimeister", Some(3600)).await;

    let row = published(&client, id, &["PREMIUM"]).await;
    assert_eq!(row["displayedState"], "WAITING_FOR_PUBLICATION");
    let services = services_of(&app, row["invoice"]["id"].as_str().unwrap()).await;
    assert!(services.iter().all(|(_, _, status)| status == "WAITING"), "{services:?}");
    let (publish_at, renewed_at): (chrono::DateTime<chrono::Utc>, Option<chrono::DateTime<chrono::Utc>>) =
        sqlx::query_as("select publish_at, renewed_at from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(publish_at > chrono::Utc::now() + chrono::TimeDelta::minutes(59), "the future publish time is kept");
    assert_eq!(renewed_at, None, "not live yet");
    let go_live = domain::vacancies::time_rules::go_live;
    assert_eq!(go_live(&app.pool, chrono::Utc::now()).await.unwrap(), 0);

    // time passes: the stored times move back instead, as the index reads the real clock
    sqlx::query("update vacancies set publish_at = publish_at - interval '1 hour 1 minute', valid_until = valid_until - interval '1 hour 1 minute' where id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    // the worker's minute tick may have been first: either way it is done once
    assert!(go_live(&app.pool, chrono::Utc::now()).await.unwrap() <= 1);
    assert_eq!(go_live(&app.pool, chrono::Utc::now()).await.unwrap(), 0, "a second run changes nothing");
    eventually(&app, json!({ "occupation": "kondiitrimeister" }), |p| found(p, id)).await;
    let state = client.get("/api/employer/vacancies").await.json::<Value>().await.unwrap();
    assert_eq!(state["content"][0]["displayedState"], "ACTIVE");
}

#[tokio::test]
async fn what_to_buy_is_checked_and_a_refusal_names_product_codes() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    sqlx::query("update products set is_active = false where code = 'BRANDING'").execute(&app.pool).await.unwrap();

    let refused = [
        json!({ "status": "EXISTS" }),
        json!({ "status": "EXISTS", "productCodes": [] }),
        json!({ "status": "EXISTS", "productCodes": ["PRO_1"] }),
        json!({ "status": "EXISTS", "productCodes": ["VACANCY", "BASIC"] }),
        json!({ "status": "EXISTS", "productCodes": ["VACANCY", "VACANCY"] }),
        json!({ "status": "EXISTS", "productCodes": ["VACANCY", "NOPE"] }),
        json!({ "status": "EXISTS", "productCodes": ["VACANCY", "PRO_1", "PRO_2"] }),
        json!({ "status": "EXISTS", "productCodes": ["VACANCY", "BRANDING"] }),
        json!({ "status": "EXISTS", "productCodes": ["VACANCY", "CV_BASE_DAY"] }),
        json!({ "status": "EXISTS", "productCodes": ["VACANCY", "REGISTRATION"] }),
    ];
    for body in refused {
        let (status, error) = error_of(put_status(&client, id, body.clone()).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("productCodes")), "{body}: {error}");
        let (status, error) = error_of(
            client
                .post(
                    &format!("/api/employer/vacancies/{id}/quote"),
                    json!({ "productCodes": body["productCodes"].as_array().cloned().unwrap_or_default() }),
                )
                .await,
        )
        .await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("productCodes")), "quote {body}");
    }
    assert_eq!(vacancy_facts(&app, id).await.0, "TEMPORARY", "nothing was published");
    assert_eq!(invoices_count(&app).await, 0);
    let services: i64 = sqlx::query_scalar("select count(*) from services").fetch_one(&app.pool).await.unwrap();
    assert_eq!(services, 0);

    // the refusals used no invoice number
    let row = published(&client, id, &["APEX", "PRO_2"]).await;
    assert!(row["invoice"]["number"].as_str().unwrap().ends_with("-000001"), "{row}");
    assert_eq!(vacancy_facts(&app, id).await.2, 5, "the higher PRO level of the two");
}

#[tokio::test]
async fn an_incomplete_draft_is_refused_naming_the_missing_field() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let cases = [
        ("update vacancies set occupation_code = null where id = $1", "occupationCode"),
        ("update vacancies set employment_type_code = null where id = $1", "employmentTypeCode"),
        ("update vacancies set ehak_code = null, address = '  ' where id = $1", "address"),
        ("update vacancies set publish_at = null where id = $1", "publishAt"),
        ("delete from vacancy_categories where vacancy_id = $1", "categoryCodes"),
        ("update vacancy_contents set teaser = '' where vacancy_id = $1", "contents[0].teaser"),
    ];
    for (unset, field) in cases {
        let id = complete_draft(&app, company_id, "kokk", None).await;
        sqlx::query(sqlx::AssertSqlSafe(unset)).bind(id).execute(&app.pool).await.unwrap();
        let (status, error) = error_of(publish(&client, id, &["VACANCY"]).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{error}");
        assert_eq!(vacancy_facts(&app, id).await.0, "TEMPORARY");
    }
    assert_eq!(invoices_count(&app).await, 0);
}

#[tokio::test]
async fn the_company_s_own_price_and_discount_show_in_the_offers_the_quote_and_the_invoice() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    sqlx::query(
        "insert into company_product_prices (company_id, product_code, price_cents, discount)
         values ($1, 'VACANCY', 2500, 0.125), ($1, 'PRO_3', null, 0.3333)",
    )
    .bind(company_id)
    .execute(&app.pool)
    .await
    .unwrap();

    let response = client
        .http
        .get(client.url(&format!("/api/employer/vacancies/{id}/products")))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let offers: Value = response.json().await.unwrap();
    let offer = |code: &str| offers["products"].as_array().unwrap().iter().find(|o| o["code"] == code).cloned().unwrap();
    let codes: Vec<&str> = offers["products"].as_array().unwrap().iter().map(|o| o["code"].as_str().unwrap()).collect();
    assert_eq!(
        codes,
        vec!["VACANCY", "BRANDING", "BASIC", "PREMIUM", "APEX", "PRO_1", "PRO_2", "PRO_3", "PRO_4", "PRO_5", "CV_BASE_7_DAYS_WITH_VACANCY"]
    );
    let vacancy = offer("VACANCY");
    assert_eq!(vacancy["label"], "Vacancy up to 30 days");
    assert_eq!(vacancy["group"], "VACANCY");
    assert_eq!(
        (vacancy["listPriceCents"].clone(), vacancy["priceCents"].clone(), vacancy["discount"].clone()),
        (json!(2900), json!(2188), json!(0.125))
    );
    assert_eq!(vacancy["durationDays"], 30);
    let pro = offer("PRO_3");
    assert_eq!((pro["group"].clone(), pro["proLevel"].clone()), (json!("PRO"), json!(3)));
    assert_eq!((pro["priceCents"].clone(), pro["discount"].clone()), (json!(933), json!(0.3333)), "1400 × 0.6667 = 933.38");
    let premium = offer("PREMIUM");
    assert_eq!(
        (premium["group"].clone(), premium["priceCents"].clone(), premium["promoDays"].clone(), premium["cvBaseDays"].clone()),
        (json!("PACKAGE"), json!(29900), json!(14), json!(14))
    );
    assert_eq!(offer("CV_BASE_7_DAYS_WITH_VACANCY")["group"], "CV_BASE");

    let quote: Value = client
        .post(&format!("/api/employer/vacancies/{id}/quote"), json!({ "productCodes": ["PRO_3", "VACANCY"] }))
        .await
        .json()
        .await
        .unwrap();
    let expected = json!({
        "lines": [
            { "code": "VACANCY", "label": "Töökuulutus kuni 30 päeva", "quantity": 1, "unitPriceCents": 2500, "discount": 0.125, "netCents": 2188, "vatRateBp": 2400, "vatCents": 525 },
            { "code": "PRO_3", "label": "PRO staatus 3", "quantity": 1, "unitPriceCents": 1400, "discount": 0.3333, "netCents": 933, "vatRateBp": 2400, "vatCents": 224 },
        ],
        "subtotalCents": 3121, "vatCents": 749, "totalCents": 3870,
    });
    assert_eq!(quote, expected);

    let row = published(&client, id, &["VACANCY", "PRO_3"]).await;
    let invoice = &row["invoice"];
    assert_eq!(
        (invoice["subtotalCents"].clone(), invoice["vatCents"].clone(), invoice["totalCents"].clone()),
        (json!(3121), json!(749), json!(3870))
    );
    let lines: Vec<(String, i64, String, i64, i64)> = sqlx::query_as(
        "select product_code, unit_price_cents, discount::text, line_total_cents, vat_cents from invoice_lines where invoice_id = $1::uuid order by position",
    )
    .bind(invoice["id"].as_str().unwrap())
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(lines, vec![("VACANCY".into(), 2500, "0.1250".into(), 2188, 525), ("PRO_3".into(), 1400, "0.3333".into(), 933, 224)]);
}

#[tokio::test]
async fn another_company_s_vacancy_is_not_found_on_products_quote_and_status() {
    let app = spawn_app().await;
    let (client, _) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let (_, other) = employer_client(&app, "muu@example.ee", "11111116", "Muu OÜ", true).await;
    let theirs = complete_draft(&app, other, "kokk", None).await;

    for id in [theirs, Uuid::new_v4()] {
        assert_eq!(error_of(client.get(&format!("/api/employer/vacancies/{id}/products")).await).await.0, StatusCode::NOT_FOUND);
        let quote = client.post(&format!("/api/employer/vacancies/{id}/quote"), json!({ "productCodes": ["VACANCY"] })).await;
        assert_eq!(error_of(quote).await.0, StatusCode::NOT_FOUND);
        assert_eq!(error_of(publish(&client, id, &["VACANCY"]).await).await.0, StatusCode::NOT_FOUND);
    }
    assert_eq!(vacancy_facts(&app, theirs).await.0, "TEMPORARY");
    assert_eq!(invoices_count(&app).await, 0);

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    assert_eq!(applicant.get(&format!("/api/employer/vacancies/{theirs}/products")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.new_client().get(&format!("/api/employer/vacancies/{theirs}/products")).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_finished_vacancy_is_published_again_with_a_new_order() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    sqlx::query(
        "update vacancies set status = 'EXISTS', payment_status = 'PAID', pro_level = 4, is_branded = true,
                publish_at = now() - interval '31 days', valid_until = now() - interval '1 day',
                renewed_at = now() - interval '3 days', finished_at = now() - interval '1 day'
         where id = $1",
    )
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    let first = published(&client, complete_draft(&app, company_id, "kokk", None).await, &["VACANCY"]).await;

    let row = published(&client, id, &["VACANCY"]).await;

    assert_eq!(row["displayedState"], "ACTIVE");
    assert_ne!(row["invoice"]["id"], first["invoice"]["id"]);
    assert!(row["invoice"]["number"].as_str().unwrap().ends_with("-000002"));
    assert_eq!(vacancy_facts(&app, id).await, ("EXISTS".into(), "PAID".into(), 0, false), "what the last run bought is gone");
    let (runs_for, finished): (f64, Option<chrono::DateTime<chrono::Utc>>) =
        sqlx::query_as("select (extract(epoch from valid_until - publish_at) / 86400)::float8, finished_at from vacancies where id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((runs_for, finished), (30.0, None));
    let publish_at_is_now: bool = sqlx::query_scalar("select publish_at > now() - interval '1 minute' from vacancies where id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(publish_at_is_now);
}

#[tokio::test]
async fn deleting_a_vacancy_that_waits_for_payment_cancels_its_order() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    let row = published(&client, id, &["VACANCY", "BRANDING"]).await;
    let invoice_id = row["invoice"]["id"].as_str().unwrap().to_string();

    let deleted = put_status(&client, id, json!({ "status": "DELETED" })).await;
    assert_eq!(deleted.status(), StatusCode::OK);

    let status: String =
        sqlx::query_scalar("select status from invoices where id = $1::uuid").bind(&invoice_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(status, "CANCELLED");
    assert!(services_of(&app, &invoice_id).await.iter().all(|(_, _, status)| status == "CANCELLED"));
    let (code, _) = error_of(pay(&client, &invoice_id).await).await;
    assert_eq!(code, StatusCode::BAD_REQUEST, "a cancelled invoice is not paid");
    let payments: i64 = sqlx::query_scalar("select count(*) from payments").fetch_one(&app.pool).await.unwrap();
    assert_eq!(payments, 0);
}
