//! `GET /api/open/addresses/{countryCode}/geo/{adrId}`: the point of the company page's map.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_of, spawn_app};

async fn geo(app: &TestApp, path: &str) -> Value {
    let response = app.client.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

async fn place_point(app: &TestApp, code: &str) -> (f64, f64) {
    sqlx::query_as("select lat, lon from place_geo where place_code = $1").bind(code).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn an_address_with_a_point_of_its_own_is_answered_at_address_precision() {
    let app = spawn_app().await;
    sqlx::query("insert into address_geo (country_code, adr_id, lat, lon) values ('EE', 2281513, 59.43719, 24.74533)")
        .execute(&app.pool)
        .await
        .unwrap();

    let point = geo(&app, "/api/open/addresses/EE/geo/2281513").await;
    assert_eq!(point, json!({ "lat": 59.43719, "lon": 24.74533, "precision": "ADDRESS" }));
    assert_eq!(geo(&app, "/api/open/addresses/ee/geo/2281513").await, point, "the country code in any case");
}

#[tokio::test]
async fn an_address_without_a_point_falls_back_to_the_point_of_its_place() {
    let app = spawn_app().await;
    // a company's address filed under Tartu, and a register-only address filed under Tallinn
    sqlx::query("insert into companies (registry_code, business_name, address, ads_adr_id, ehak_code) values ('12345678', 'Emajõe Puit OÜ', 'Tartu maakond, Tartu linn, Riia 2', 3000001, '0793')")
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("insert into business_register (registry_code, business_name, ads_adr_id, ehak_code) values ('87654321', 'Kalev Haldus AS', 3000002, '0784')")
        .execute(&app.pool)
        .await
        .unwrap();

    let (lat, lon) = place_point(&app, "0793").await;
    assert_eq!(geo(&app, "/api/open/addresses/EE/geo/3000001").await, json!({ "lat": lat, "lon": lon, "precision": "PLACE" }));
    assert!((58.3..58.45).contains(&lat) && (26.6..26.8).contains(&lon), "Tartu lies at about 58.38 N, 26.72 E");

    let (lat, lon) = place_point(&app, "0784").await;
    assert_eq!(geo(&app, "/api/open/addresses/EE/geo/3000002").await, json!({ "lat": lat, "lon": lon, "precision": "PLACE" }));
    assert!((59.4..59.5).contains(&lat) && (24.7..24.8).contains(&lon), "Tallinn lies at about 59.44 N, 24.75 E");

    // the address's own point, once known, wins over its place
    sqlx::query("insert into address_geo (country_code, adr_id, lat, lon) values ('EE', 3000001, 58.37802, 26.72901)")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(geo(&app, "/api/open/addresses/EE/geo/3000001").await["precision"], "ADDRESS");
}

#[tokio::test]
async fn an_address_of_unknown_whereabouts_is_not_found_with_a_message() {
    let app = spawn_app().await;
    // filed under a village code that has no point, and an id no one knows
    sqlx::query("insert into business_register (registry_code, business_name, ads_adr_id, ehak_code) values ('87654321', 'Kalev Haldus AS', 3000003, '9999')")
        .execute(&app.pool)
        .await
        .unwrap();
    for adr_id in ["3000003", "4000000"] {
        let (status, error) = error_of(app.client.in_english().get(&format!("/api/open/addresses/EE/geo/{adr_id}")).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{adr_id}");
        assert_eq!(error["code"], "not_found");
        assert_eq!(error["message"], format!("No location is known for address {adr_id}"));
    }
}

#[tokio::test]
async fn a_non_numeric_address_id_or_an_unsupported_country_is_a_bad_request() {
    let app = spawn_app().await;
    for adr_id in ["abc", "-1", "0", "12.5"] {
        let (status, error) = error_of(app.client.in_english().get(&format!("/api/open/addresses/EE/geo/{adr_id}")).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{adr_id}");
        assert_eq!(error["field"], "adrId", "{adr_id}");
        assert!(error["message"].as_str().unwrap().contains("address id"), "{error}");
    }
    let (status, error) = error_of(app.client.get("/api/open/addresses/LV/geo/2281513").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "countryCode");
}

#[tokio::test]
async fn every_county_municipality_and_town_has_a_point_in_estonia() {
    let app = spawn_app().await;
    let missing: Vec<String> = sqlx::query_scalar(
        "select p.code from ref_places p left join place_geo g on g.place_code = p.code
         where p.kind <> 'country' and g.place_code is null order by p.code",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(missing, Vec::<String>::new());
    let outside: i64 = sqlx::query_scalar("select count(*) from place_geo where lat not between 57.5 and 59.9 or lon not between 21.7 and 28.3")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(outside, 0, "Estonia's bounding box");
}
