//! Orders beyond publishing (issue 16): the products and CV-database offer at the company's
//! prices, `POST /api/user/invoices` with its rules and rounding, the invoices list and detail
//! with their owners, the services lists and the INVOICES badge.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::publishing::{complete_draft, employer_client, published};

pub(crate) async fn order(client: &TestClient, body: Value) -> reqwest::Response {
    client.post("/api/user/invoices", body).await
}

pub(crate) async fn ordered(client: &TestClient, body: Value) -> Value {
    let response = order(client, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn pay(client: &TestClient, invoice_id: &str) {
    assert_eq!(
        client
            .post_empty(&format!("/api/dev/invoices/{invoice_id}/pay"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
}

async fn invoices_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from invoices")
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

pub(crate) async fn services_of(
    app: &TestApp,
    invoice_id: &str,
) -> Vec<(String, String, String, i32)> {
    sqlx::query_as("select product_code, type, status, quantity from services where invoice_id = $1::uuid order by product_code, type")
        .bind(invoice_id)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

async fn discount(app: &TestApp, company_id: Uuid, code: &str, fraction: &str) {
    sqlx::query("insert into company_product_prices (company_id, product_code, discount) values ($1, $2, $3::numeric)")
        .bind(company_id)
        .bind(code)
        .bind(fraction)
        .execute(&app.pool)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_products_are_every_active_product_at_the_company_s_price_and_applicants_are_refused() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    discount(&app, company_id, "CV_BASE_DAY", "0.125").await;

    let offers: Vec<Value> = client
        .get("/api/employer/products")
        .await
        .json()
        .await
        .unwrap();

    let codes: Vec<&str> = offers.iter().map(|o| o["code"].as_str().unwrap()).collect();
    assert_eq!(
        codes,
        vec![
            "VACANCY",
            "BRANDING",
            "BASIC",
            "PREMIUM",
            "APEX",
            "PRO_1",
            "PRO_2",
            "PRO_3",
            "PRO_4",
            "PRO_5",
            "CV_BASE_DAY",
            "CV_BASE_7_DAYS_WITH_VACANCY",
            "REGISTRATION"
        ],
        "price-list order; the inactive additional promotion is left off"
    );
    let day = offers.iter().find(|o| o["code"] == "CV_BASE_DAY").unwrap();
    assert_eq!(
        (day["group"].clone(), day["unit"].clone()),
        (json!("CV_BASE_DAY"), json!("DAY"))
    );
    assert_eq!(
        (
            day["listPriceCents"].clone(),
            day["priceCents"].clone(),
            day["discount"].clone()
        ),
        (json!(2900), json!(2538), json!(0.125))
    );
    let registration = offers.iter().find(|o| o["code"] == "REGISTRATION").unwrap();
    assert_eq!(
        (registration["group"].clone(), registration["unit"].clone()),
        (json!("OTHER"), json!("ITEM"))
    );
    assert_eq!(
        offers.iter().find(|o| o["code"] == "PRO_2").unwrap()["group"],
        "PRO"
    );

    sqlx::query(
        "update products set is_active = true, price_cents = 1500 where code = 'ADDITIONAL_PROMO'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let offers: Vec<Value> = client
        .get("/api/employer/products")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        offers
            .iter()
            .find(|o| o["code"] == "ADDITIONAL_PROMO")
            .unwrap()["group"],
        "PROMOTION"
    );

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    for path in [
        "/api/employer/products",
        "/api/employer/products/cv-base",
        "/api/employer/services",
    ] {
        assert_eq!(
            error_of(applicant.get(path).await).await.0,
            StatusCode::FORBIDDEN,
            "{path}"
        );
        assert_eq!(
            error_of(app.new_client().get(path).await).await.0,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_cv_base_offer_has_the_discounted_week_only_while_a_vacancy_is_active() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;

    let offer: Value = client
        .get("/api/employer/products/cv-base")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(offer["perDay"]["code"], "CV_BASE_DAY");
    assert_eq!(offer["withVacancy"], Value::Null, "no active vacancy");
    assert_eq!(offer["maxDays"], 365);
    assert_eq!(offer["access"], json!({ "active": false, "endsAt": null }));
    assert_eq!(
        error_of(
            order(
                &client,
                json!({ "productCodes": ["CV_BASE_7_DAYS_WITH_VACANCY"] })
            )
            .await
        )
        .await
        .1["field"],
        "productCodes"
    );

    let id = complete_draft(&app, company_id, "kokk", None).await;
    published(&client, id, &["VACANCY"]).await;
    let offer: Value = client
        .get("/api/employer/products/cv-base")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(offer["withVacancy"]["code"], "CV_BASE_7_DAYS_WITH_VACANCY");
    assert_eq!(offer["withVacancy"]["priceCents"], 2900);

    let invoice = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_7_DAYS_WITH_VACANCY"] }),
    )
    .await;
    assert_eq!(
        invoice["totalCents"],
        Value::Null,
        "the invoice says sumCents"
    );
    assert_eq!(invoice["sumCents"], 2900 + 696);
    let offer: Value = client
        .get("/api/employer/products/cv-base")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        offer["access"]["active"], true,
        "a contract company's week starts at once"
    );
    let ends: chrono::DateTime<chrono::Utc> =
        offer["access"]["endsAt"].as_str().unwrap().parse().unwrap();
    let days = (ends - chrono::Utc::now()).num_hours();
    assert!((7 * 24 - 1..=7 * 24).contains(&days), "{days} hours");
}

#[tokio::test]
async fn three_cv_database_days_at_12_5_percent_off_are_one_line_rounded_once_and_start_when_paid()
{
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    discount(&app, company_id, "CV_BASE_DAY", "0.125").await;

    let invoice = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 3 }),
    )
    .await;

    assert_eq!(invoice["status"], "UNPAID");
    let lines = invoice["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line["code"], "CV_BASE_DAY");
    assert_eq!(
        line["description"], "Ligipääs CV-andmebaasile (1 päev)",
        "the invoice's language"
    );
    assert_eq!(
        (
            line["quantity"].clone(),
            line["unitPriceCents"].clone(),
            line["discount"].clone()
        ),
        (json!(3), json!(2900), json!(0.125))
    );
    assert_eq!(
        line["netCents"], 7613,
        "3 × 29 € × 0.875 = 76.125 €, rounded once, not 3 × 25.38 €"
    );
    assert_eq!(line["vatRateBp"], 2400);
    assert_eq!(line["vatCents"], 1827, "24 % of 76.13 € = 18.2712 €");
    assert_eq!(
        (
            invoice["subtotalCents"].clone(),
            invoice["vatCents"].clone(),
            invoice["sumCents"].clone()
        ),
        (json!(7613), json!(1827), json!(9440))
    );
    let sum: i64 = lines
        .iter()
        .map(|l| l["netCents"].as_i64().unwrap() + l["vatCents"].as_i64().unwrap())
        .sum();
    assert_eq!(
        invoice["sumCents"].as_i64(),
        Some(sum),
        "the total is the sum of the lines"
    );
    assert_eq!(invoice["buyer"]["name"], "Näide OÜ");
    assert_eq!(invoice["buyer"]["registryCode"], "12345678");
    assert_eq!(invoice["vacancyId"], Value::Null);
    assert_eq!(invoice["payments"], json!([]));
    assert_eq!(invoice["overdue"], false);
    let reference = invoice["referenceNumber"].as_str().unwrap();
    assert!(
        domain::billing::shared::is_valid_reference_number(reference),
        "{reference}"
    );
    let seller = domain::billing::seller::Seller::default();
    assert_eq!(
        invoice["bank"],
        json!({ "recipient": seller.name, "iban": seller.iban, "bankName": seller.bank_name, "bic": seller.bic })
    );
    let id = invoice["id"].as_str().unwrap();
    assert_eq!(
        services_of(&app, id).await,
        vec![("CV_BASE_DAY".into(), "CV".into(), "UNPAID".into(), 3)]
    );
    let badges: Value = client
        .get("/api/user/menu-notifications")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        badges["invoices"], 1,
        "the INVOICES badge counts the unpaid invoice"
    );

    pay(&client, id).await;

    let (status, days): (String, f64) = sqlx::query_as(
        "select status, (extract(epoch from ends_at - starts_at) / 86400)::float8 from services where invoice_id = $1::uuid",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        (status.as_str(), days),
        ("ACTIVE", 3.0),
        "three days of access from the payment"
    );
    assert!(
        domain::companies::has_cv_database_access(&app.pool, company_id)
            .await
            .unwrap()
    );
    let paid: Value = client
        .get(&format!("/api/user/invoices/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(paid["status"], "PAID");
    assert!(paid["paidAt"].is_string());
    let payments = paid["payments"].as_array().unwrap();
    assert_eq!(
        (
            payments.len(),
            payments[0]["method"].clone(),
            payments[0]["amountCents"].clone()
        ),
        (1, json!("INVOICE"), json!(9440))
    );
    let badges: Value = client
        .get("/api/user/menu-notifications")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(badges["invoices"], 0);
}

#[tokio::test]
async fn an_order_that_breaks_a_rule_is_refused_naming_the_field_and_makes_nothing() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let (_, other_company) =
        employer_client(&app, "muu@example.ee", "11111116", "Muu OÜ", true).await;
    let live = complete_draft(&app, company_id, "kokk", None).await;
    published(&client, live, &["VACANCY", "PRO_2"]).await;
    let draft = complete_draft(&app, company_id, "pagar", None).await;
    let theirs = complete_draft(&app, other_company, "kelner", None).await;
    let before = invoices_count(&app).await;

    let refused = [
        (json!({ "productCodes": [] }), "productCodes"),
        (json!({ "productCodes": [""] }), "productCodes"),
        (json!({ "productCodes": ["NOPE"] }), "productCodes"),
        (
            json!({ "productCodes": ["VACANCY"], "vacancyId": live }),
            "productCodes",
        ),
        (json!({ "productCodes": ["REGISTRATION"] }), "productCodes"),
        (
            json!({ "productCodes": ["ADDITIONAL_PROMO"], "vacancyId": live }),
            "productCodes",
        ),
        (json!({ "productCodes": ["CV_BASE_DAY"] }), "days"),
        (
            json!({ "productCodes": ["CV_BASE_DAY"], "days": 0 }),
            "days",
        ),
        (
            json!({ "productCodes": ["CV_BASE_DAY"], "days": 366 }),
            "days",
        ),
        (
            json!({ "productCodes": ["CV_BASE_DAY", "BRANDING"], "days": 3, "vacancyId": live }),
            "productCodes",
        ),
        (
            json!({ "productCodes": ["CV_BASE_DAY", "CV_BASE_DAY"], "days": 3 }),
            "productCodes",
        ),
        (json!({ "productCodes": ["BRANDING"] }), "vacancyId"),
        (
            json!({ "productCodes": ["BRANDING"], "vacancyId": draft }),
            "vacancyId",
        ),
        (
            json!({ "productCodes": ["PRO_1", "PRO_4"], "vacancyId": live }),
            "productCodes",
        ),
        (
            json!({ "productCodes": ["BASIC", "APEX"], "vacancyId": live }),
            "productCodes",
        ),
        (
            json!({ "productCodes": ["PRO_2"], "vacancyId": live }),
            "productCodes",
        ),
        (
            json!({ "productCodes": ["PRO_1"], "vacancyId": live }),
            "productCodes",
        ),
    ];
    for (body, field) in refused {
        let (status, error) = error_of(order(&client, body.clone()).await).await;
        assert_eq!(
            (status, error["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field)),
            "{body}: {error}"
        );
    }
    let (status, error) = error_of(
        order(
            &client.in_english(),
            json!({ "productCodes": ["CV_BASE_DAY"], "days": 400 }),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, error["message"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("Number of days must be between 1 and 365")
        )
    );
    for vacancy in [theirs, Uuid::new_v4()] {
        let (status, _) = error_of(
            order(
                &client,
                json!({ "productCodes": ["BRANDING"], "vacancyId": vacancy }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "another company's vacancy");
    }
    assert_eq!(
        invoices_count(&app).await,
        before,
        "a refused order makes no invoice"
    );

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    assert_eq!(
        error_of(
            order(
                &applicant,
                json!({ "productCodes": ["CV_BASE_DAY"], "days": 1 })
            )
            .await
        )
        .await
        .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        error_of(
            order(
                &app.new_client(),
                json!({ "productCodes": ["CV_BASE_DAY"], "days": 1 })
            )
            .await
        )
        .await
        .0,
        StatusCode::UNAUTHORIZED
    );

    let accepted = ordered(
        &client,
        json!({ "productCodes": ["PRO_3", "BRANDING"], "vacancyId": live }),
    )
    .await;
    assert_eq!(accepted["vacancyId"], json!(live));
}

#[tokio::test]
async fn a_company_without_a_contract_gets_its_extras_when_it_pays() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    let publishing = published(&client, id, &["VACANCY"]).await;
    pay(&client, publishing["invoice"]["id"].as_str().unwrap()).await;

    let invoice = ordered(
        &client,
        json!({ "productCodes": ["BRANDING", "PRO_4"], "vacancyId": id }),
    )
    .await;
    let invoice_id = invoice["id"].as_str().unwrap();
    let facts: (i16, bool) =
        sqlx::query_as("select pro_level, is_branded from vacancies where id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(facts, (0, false), "nothing before the payment");
    assert!(
        services_of(&app, invoice_id)
            .await
            .iter()
            .all(|s| s.2 == "UNPAID")
    );

    pay(&client, invoice_id).await;

    let facts: (i16, bool) =
        sqlx::query_as("select pro_level, is_branded from vacancies where id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(facts, (4, true));
    let services = services_of(&app, invoice_id).await;
    assert!(services.iter().all(|s| s.2 == "ACTIVE"), "{services:?}");
    let jobs: i64 =
        sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1 and job = $2")
            .bind(domain::platform::jobs::INDEX_QUEUE)
            .bind(serde_json::to_vec(&domain::platform::jobs::IndexJob::Vacancy(id)).unwrap())
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(
        jobs, 3,
        "publishing, its payment and the extras' payment each queued the vacancy's index job"
    );
}

#[tokio::test]
async fn invoices_are_listed_filtered_sorted_and_paged_for_their_owner_only() {
    let app = spawn_app().await;
    let (client, _) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let (stranger, _) = employer_client(&app, "muu@example.ee", "11111116", "Muu OÜ", false).await;
    let first = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 1 }),
    )
    .await;
    let second = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 2 }),
    )
    .await;
    let third = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 3 }),
    )
    .await;
    pay(&client, second["id"].as_str().unwrap()).await;
    sqlx::query(
        "update invoices set issued_on = issued_on - 20, due_on = due_on - 20 where id = $1::uuid",
    )
    .bind(first["id"].as_str().unwrap())
    .execute(&app.pool)
    .await
    .unwrap();

    let all: Value = client
        .get("/api/user/invoices/my")
        .await
        .json()
        .await
        .unwrap();
    let numbers = |page: &Value| {
        page["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["number"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let number = |invoice: &Value| invoice["number"].as_str().unwrap().to_string();
    assert_eq!(
        numbers(&all),
        vec![number(&third), number(&second), number(&first)],
        "newest first"
    );
    assert_eq!(
        (
            all["totalElements"].clone(),
            all["totalPages"].clone(),
            all["page"].clone(),
            all["size"].clone()
        ),
        (json!(3), json!(1), json!(0), json!(2000))
    );
    let oldest = &all["content"][2];
    assert_eq!(
        (oldest["overdue"].clone(), oldest["status"].clone()),
        (json!(true), json!("UNPAID")),
        "past its due day"
    );
    assert_eq!(all["content"][0]["overdue"], false);

    let paid: Value = client
        .get("/api/user/invoices/my?status=PAID")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(numbers(&paid), vec![number(&second)]);
    let by_status: Value = client
        .get("/api/user/invoices/my?sort=status&order=asc")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        numbers(&by_status),
        vec![number(&third), number(&first), number(&second)],
        "unpaid first, newest first within"
    );
    let ascending: Value = client
        .get("/api/user/invoices/my?sort=date&order=asc&size=2&page=1")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(numbers(&ascending), vec![number(&third)]);
    assert_eq!(
        (ascending["totalPages"].clone(), ascending["page"].clone()),
        (json!(2), json!(1))
    );
    for (query, field) in [
        ("status=paid", "status"),
        ("sort=number", "sort"),
        ("order=up", "order"),
        ("size=0", "size"),
        ("size=2001", "size"),
    ] {
        let (status, error) =
            error_of(client.get(&format!("/api/user/invoices/my?{query}")).await).await;
        assert_eq!(
            (status, error["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field)),
            "{query}"
        );
    }

    let theirs: Value = stranger
        .get("/api/user/invoices/my")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(theirs["totalElements"], 0);
    let id = first["id"].as_str().unwrap();
    assert_eq!(
        error_of(stranger.get(&format!("/api/user/invoices/{id}")).await)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        error_of(
            client
                .get(&format!("/api/user/invoices/{}", Uuid::new_v4()))
                .await
        )
        .await
        .0,
        StatusCode::NOT_FOUND
    );
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    assert_eq!(
        error_of(applicant.get(&format!("/api/user/invoices/{id}")).await)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    let own: Value = applicant
        .get("/api/user/invoices/my")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        own["totalElements"], 0,
        "a user acting for no company sees only invoices issued to them"
    );
    sqlx::query("update invoices set deleted_at = now() where id = $1::uuid")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(
        error_of(client.get(&format!("/api/user/invoices/{id}")).await)
            .await
            .0,
        StatusCode::NOT_FOUND,
        "deleted"
    );
}

#[tokio::test]
async fn the_services_lists_put_active_first_and_each_holder_sees_its_own() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let (stranger, _) = employer_client(&app, "muu@example.ee", "11111116", "Muu OÜ", false).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    let publishing = published(&client, id, &["VACANCY", "PRO_1"]).await;
    pay(&client, publishing["invoice"]["id"].as_str().unwrap()).await;
    let days = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 5 }),
    )
    .await;

    let services: Vec<Value> = client
        .get("/api/employer/services")
        .await
        .json()
        .await
        .unwrap();
    let summary: Vec<(String, String, String)> = services
        .iter()
        .map(|s| {
            (
                s["productCode"].as_str().unwrap().into(),
                s["type"].as_str().unwrap().into(),
                s["status"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(summary.len(), 3);
    assert!(summary[..2].iter().all(|s| s.2 == "ACTIVE"), "{summary:?}");
    assert_eq!(
        summary[2],
        ("CV_BASE_DAY".into(), "CV".into(), "UNPAID".into())
    );
    let pro = services
        .iter()
        .find(|s| s["productCode"] == "PRO_1")
        .unwrap();
    assert_eq!(pro["vacancyId"], json!(id));
    assert_eq!(pro["vacancyTitle"], "Kokk");
    assert_eq!(pro["label"], "PRO staatus 1");
    assert_eq!(pro["invoiceNumber"], publishing["invoice"]["number"]);
    assert!(pro["endsAt"].is_string() && pro["startsAt"].is_string());
    assert_eq!(services[2]["quantity"], 5);
    assert_eq!(services[2]["invoiceId"], days["id"]);
    let english: Vec<Value> = client
        .http
        .get(client.url("/api/employer/services?status=UNPAID"))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(english.len(), 1);
    assert_eq!(english[0]["label"], "CV database access (1 day)");
    assert_eq!(
        error_of(client.get("/api/employer/services?status=DONE").await)
            .await
            .1["field"],
        "status"
    );
    let theirs: Vec<Value> = stranger
        .get("/api/employer/services")
        .await
        .json()
        .await
        .unwrap();
    assert!(theirs.is_empty());

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    let own: Vec<Value> = applicant
        .get("/api/applicant/services")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        own.is_empty(),
        "a company's services are not the applicant's"
    );
    assert_eq!(
        error_of(applicant.get("/api/applicant/services?status=nope").await)
            .await
            .1["field"],
        "status"
    );
    assert_eq!(
        error_of(client.get("/api/applicant/services").await)
            .await
            .0,
        StatusCode::FORBIDDEN
    );
}
