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

#[tokio::test]
async fn the_additional_promotion_is_listed_without_an_amount_and_sold_only_once_an_administrator_prices_it() {
    let app = spawn_app().await;
    let (employer, company_id) = crate::publishing::employer_client(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ", true).await;
    let live = crate::publishing::complete_draft(&app, company_id, "kokk", None).await;
    crate::publishing::published(&employer, live, &["VACANCY"]).await;
    let promo_of = |list: &[Value]| list.iter().find(|p| p["code"] == "ADDITIONAL_PROMO").cloned();
    let order = serde_json::json!({ "productCodes": ["ADDITIONAL_PROMO"], "vacancyId": live });

    // as migrated: inactive at 0 — on the price page without an amount, sold nowhere
    let listed = promo_of(&products_in(&app, "en").await).expect("the price page lists the additional promotion");
    assert_eq!((listed["available"].clone(), listed["priceCents"].clone()), (serde_json::json!(false), serde_json::json!(0)));
    assert_eq!(listed["label"], "Additional promotion");
    assert!(products_in(&app, "en").await.iter().filter(|p| p["code"] != "ADDITIONAL_PROMO").all(|p| p["available"] == true));
    let offers: Vec<Value> = employer.get("/api/employer/products").await.json().await.unwrap();
    assert!(promo_of(&offers).is_none());

    // active but still at 0: not priced, so still not for sale (never given away)
    sqlx::query("update products set is_active = true where code = 'ADDITIONAL_PROMO'").execute(&app.pool).await.unwrap();
    assert_eq!(promo_of(&products_in(&app, "et").await).unwrap()["available"], false);
    let offers: Vec<Value> = employer.get("/api/employer/products").await.json().await.unwrap();
    assert!(promo_of(&offers).is_none());
    let premium: Value = employer.get("/api/employer/premium-services").await.json().await.unwrap();
    assert!(promo_of(premium["products"].as_array().unwrap()).is_none());
    let (status, error) = crate::helpers::error_of(employer.post("/api/user/invoices", order.clone()).await).await;
    assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, serde_json::json!("productCodes")), "{error}");

    // priced: its amount shows, it is offered and bought as an extra of the running vacancy
    sqlx::query("update products set price_cents = 1500 where code = 'ADDITIONAL_PROMO'").execute(&app.pool).await.unwrap();
    let listed = promo_of(&products_in(&app, "en").await).unwrap();
    assert_eq!((listed["available"].clone(), listed["priceCents"].clone()), (serde_json::json!(true), serde_json::json!(1500)));
    let premium: Value = employer.get("/api/employer/premium-services").await.json().await.unwrap();
    assert_eq!(promo_of(premium["products"].as_array().unwrap()).unwrap()["priceCents"], 1500);
    let response = employer.post("/api/user/invoices", order).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let invoice: Value = response.json().await.unwrap();
    assert_eq!(invoice["subtotalCents"], 1500);

    // an administrator who takes it off sale again: listed without an amount
    sqlx::query("update products set is_active = false where code = 'ADDITIONAL_PROMO'").execute(&app.pool).await.unwrap();
    let listed = promo_of(&products_in(&app, "en").await).unwrap();
    assert_eq!((listed["available"].clone(), listed["priceCents"].clone()), (serde_json::json!(false), serde_json::json!(0)));
}
