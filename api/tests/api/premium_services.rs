//! The premium services page's call (issue 34): what the acting company may buy at its own prices
//! and discount, what it has running and until when, and the vacancies extras can be bought for.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::billing_orders::ordered;
use crate::helpers::{error_of, spawn_app};
use crate::publishing::{complete_draft, employer_client, published};

fn codes(page: &Value) -> Vec<&str> {
    page["products"].as_array().unwrap().iter().map(|p| p["code"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn the_page_shows_the_company_s_own_prices_and_what_it_has_running() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    sqlx::query(
        "insert into company_product_prices (company_id, product_code, price_cents, discount)
         values ($1, 'CV_BASE_DAY', null, 0.125), ($1, 'BRANDING', 12345, 0)",
    )
    .bind(company_id)
    .execute(&app.pool)
    .await
    .unwrap();

    let response = client.get("/api/employer/premium-services").await;
    assert_eq!(response.status(), StatusCode::OK);
    let page: Value = response.json().await.unwrap();
    assert_eq!(
        codes(&page),
        ["BRANDING", "BASIC", "PREMIUM", "APEX", "PRO_1", "PRO_2", "PRO_3", "PRO_4", "PRO_5", "CV_BASE_DAY"],
        "price-list order; no VACANCY or REGISTRATION, no discounted week without an active vacancy"
    );
    let product = |code: &str| page["products"].as_array().unwrap().iter().find(|p| p["code"] == code).unwrap().clone();
    let day = product("CV_BASE_DAY");
    assert_eq!((day["listPriceCents"].clone(), day["priceCents"].clone(), day["discount"].clone()), (json!(2900), json!(2538), json!(0.125)));
    assert_eq!(product("BRANDING")["priceCents"], json!(12345), "its own price");
    assert_eq!((page["running"].clone(), page["vacancies"].clone()), (json!([]), json!([])));
    assert_eq!((page["cvAccess"]["active"].clone(), page["maxCvDays"].clone()), (json!(false), json!(365)));

    let vacancy = complete_draft(&app, company_id, "kokk", None).await;
    published(&client, vacancy, &["VACANCY"]).await;
    let invoice = ordered(&client, json!({ "productCodes": ["CV_BASE_DAY"], "days": 3 })).await;

    let page: Value = client.get("/api/employer/premium-services").await.json().await.unwrap();
    assert!(codes(&page).contains(&"CV_BASE_7_DAYS_WITH_VACANCY"), "the discounted week while a vacancy is active");
    let running: Vec<(&str, &str)> = page["running"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["productCode"].as_str().unwrap(), s["status"].as_str().unwrap()))
        .collect();
    assert!(running.contains(&("CV_BASE_DAY", "ACTIVE")), "{running:?}");
    assert!(running.contains(&("VACANCY", "ACTIVE")), "{running:?}");
    let cv = page["running"].as_array().unwrap().iter().find(|s| s["productCode"] == "CV_BASE_DAY").unwrap();
    assert!(cv["endsAt"].is_string(), "until when");
    assert_eq!(cv["invoiceId"], invoice["id"]);
    assert_eq!(page["cvAccess"]["active"], json!(true));
    assert_eq!(page["vacancies"].as_array().unwrap().len(), 1);
    assert_eq!((page["vacancies"][0]["id"].clone(), page["vacancies"][0]["proLevel"].clone()), (json!(vacancy.to_string()), json!(0)));
}

#[tokio::test]
async fn the_page_is_for_the_staff_of_a_company_only() {
    let app = spawn_app().await;
    let (_, other_company) = employer_client(&app, "other@example.ee", "87654321", "Teine OÜ", false).await;
    sqlx::query("insert into company_product_prices (company_id, product_code, price_cents, discount) values ($1, 'BRANDING', 1, 0)")
        .bind(other_company)
        .execute(&app.pool)
        .await
        .unwrap();
    let (client, _) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let page: Value = client.get("/api/employer/premium-services").await.json().await.unwrap();
    let branding = page["products"].as_array().unwrap().iter().find(|p| p["code"] == "BRANDING").unwrap();
    assert_ne!(branding["priceCents"], json!(1), "another company's price is not this one's");

    app.create_user("job@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("job@example.ee").await;
    assert_eq!(error_of(applicant.get("/api/employer/premium-services").await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(app.new_client().get("/api/employer/premium-services").await).await.0, StatusCode::UNAUTHORIZED);
}
