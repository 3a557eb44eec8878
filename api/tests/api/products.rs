use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::spawn_app;

async fn products_in(app: &crate::helpers::TestApp, language: &str) -> Vec<Value> {
    let response = app.client.http.get(app.client.url("/api/open/products")).header("accept-language", language).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_price_list_is_public_in_list_order_and_in_the_requested_language() {
    let app = spawn_app().await;

    let en = products_in(&app, "en").await;
    let et = products_in(&app, "et").await;

    let vacancy = &en[0];
    assert_eq!(vacancy["code"], "VACANCY");
    assert_eq!(vacancy["label"], "Vacancy up to 30 days");
    assert_eq!(vacancy["priceCents"], 2900);
    assert_eq!(vacancy["vatRateBp"], 2400);
    assert_eq!(vacancy["validFrom"], "2023-12-01");
    assert_eq!(et[0]["label"], "Töökuulutus kuni 30 päeva");
    let basic = en.iter().find(|p| p["code"] == "BASIC").expect("BASIC on the list");
    assert_eq!(basic["priceCents"], 19900);
    assert_eq!(basic["proLevel"], 1);
    assert_eq!(basic["cvBaseDays"], 7);
}

#[tokio::test]
async fn an_inactive_product_is_left_off_the_price_list() {
    let app = spawn_app().await;
    sqlx::query("update products set is_active = false where code = 'BRANDING'").execute(&app.pool).await.unwrap();

    let en = products_in(&app, "en").await;

    assert!(en.iter().all(|p| p["code"] != "BRANDING"));
    assert!(en.iter().any(|p| p["code"] == "VACANCY"));
}
