//! Courses and the outsource market (issue 34): administrators add, edit, hide and delete
//! listings; employers read the visible ones with filters.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};

fn course(title: &str) -> Value {
    json!({
        "kind": "COURSE", "title": title, "provider": "Koolitus OÜ", "description": "Kaks päeva värbamisest.",
        "languageCode": "et", "priceCents": 19900, "startsOn": "2099-12-01", "endsOn": "2099-12-02",
        "link": "https://koolitus.ee/varbamine"
    })
}

async fn clients(app: &TestApp) -> (TestClient, TestClient) {
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let admin = app.new_client();
    admin.sign_in("admin@vakants.ee").await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    let employer = app.new_client();
    employer.sign_in("boss@example.ee").await;
    (admin, employer)
}

async fn created(admin: &TestClient, body: Value) -> Value {
    let response = admin.post("/api/admin/market", body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn titles(client: &TestClient, query: &str) -> Vec<String> {
    let response = client.get(&format!("/api/employer/market?{query}")).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    let listings: Vec<Value> = response.json().await.unwrap();
    listings.iter().map(|l| l["title"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn an_administrator_adds_edits_hides_and_deletes_a_listing_and_employers_see_only_visible_ones() {
    let app = spawn_app().await;
    let (admin, employer) = clients(&app).await;

    let listing = created(&admin, course(" Värbamise alused ")).await;
    assert_eq!(
        (listing["kind"].clone(), listing["title"].clone(), listing["priceCents"].clone(), listing["startsOn"].clone(), listing["hidden"].clone()),
        (json!("COURSE"), json!("Värbamise alused"), json!(19900), json!("2099-12-01"), json!(false))
    );
    let id = listing["id"].as_str().unwrap();
    assert_eq!(titles(&employer, "kind=COURSE").await, ["Värbamise alused"]);
    assert!(titles(&employer, "kind=OUTSOURCE").await.is_empty(), "a course is not on the outsource market");

    let mut hidden = course("Värbamise alused II");
    hidden["hidden"] = json!(true);
    let response = admin.put(&format!("/api/admin/market/{id}"), hidden).await;
    assert_eq!(response.status(), StatusCode::OK);
    let edited: Value = response.json().await.unwrap();
    assert_eq!((edited["title"].clone(), edited["hidden"].clone()), (json!("Värbamise alused II"), json!(true)));
    assert!(titles(&employer, "kind=COURSE").await.is_empty(), "a hidden listing is not shown to employers");
    let all: Vec<Value> = admin.get("/api/admin/market?kind=COURSE").await.json().await.unwrap();
    assert_eq!(all.len(), 1, "administrators see hidden listings");
    assert_eq!(all[0]["hidden"], json!(true));

    assert_eq!(admin.delete(&format!("/api/admin/market/{id}")).await.status(), StatusCode::NO_CONTENT);
    let all: Vec<Value> = admin.get("/api/admin/market").await.json().await.unwrap();
    assert!(all.is_empty());
    assert_eq!(error_of(admin.delete(&format!("/api/admin/market/{id}")).await).await.0, StatusCode::NOT_FOUND);
    assert_eq!(error_of(admin.put(&format!("/api/admin/market/{id}"), course("X")).await).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_administrators_manage_listings_and_only_employers_read_them() {
    let app = spawn_app().await;
    let (admin, employer) = clients(&app).await;
    let id = created(&admin, course("Värbamine")).await["id"].as_str().unwrap().to_string();

    assert_eq!(error_of(employer.post("/api/admin/market", course("Oma kursus")).await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(employer.put(&format!("/api/admin/market/{id}"), course("Oma")).await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(employer.delete(&format!("/api/admin/market/{id}")).await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(employer.get("/api/admin/market").await).await.0, StatusCode::FORBIDDEN);

    app.create_user("job@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("job@example.ee").await;
    assert_eq!(error_of(applicant.get("/api/employer/market?kind=COURSE").await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(app.new_client().get("/api/employer/market?kind=COURSE").await).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(error_of(app.new_client().get("/api/admin/market").await).await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_listing_breaking_a_rule_is_refused_naming_its_field() {
    let app = spawn_app().await;
    let (admin, _) = clients(&app).await;
    let cases = [
        ("kind", json!("BOOK")),
        ("title", json!(" ")),
        ("provider", json!(null)),
        ("description", json!("x".repeat(5001))),
        ("languageCode", json!("fi")),
        ("priceCents", json!(0)),
        ("startsOn", json!("1.12.2099")),
        ("endsOn", json!("2099-11-30")),
        ("link", json!("javascript:alert(1)")),
    ];
    for (field, value) in cases {
        let mut body = course("Värbamine");
        body[field] = value;
        let (status, error) = error_of(admin.post("/api/admin/market", body).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{field}");
    }
    let mut end_without_start = course("Värbamine");
    end_without_start["startsOn"] = json!(null);
    assert_eq!(error_of(admin.post("/api/admin/market", end_without_start).await).await.1["field"], "endsOn");
    let id = created(&admin, course("Värbamine")).await["id"].as_str().unwrap().to_string();
    let mut no_link = course("Värbamine");
    no_link["link"] = json!("");
    assert_eq!(error_of(admin.put(&format!("/api/admin/market/{id}"), no_link).await).await.1["field"], "link");
    assert_eq!(error_of(admin.get("/api/admin/market?kind=BOOK").await).await.1["field"], "kind");
    let all: Vec<Value> = admin.get("/api/admin/market").await.json().await.unwrap();
    assert_eq!(all.len(), 1, "nothing refused was stored");
}

#[tokio::test]
async fn employers_filter_by_language_price_and_time_and_past_listings_are_gone() {
    let app = spawn_app().await;
    let (admin, employer) = clients(&app).await;
    created(&admin, course("Paid Estonian upcoming")).await;
    let mut free_any_time = course("Free English any time");
    free_any_time["languageCode"] = json!("en");
    free_any_time["priceCents"] = json!(null);
    free_any_time["startsOn"] = json!(null);
    free_any_time["endsOn"] = json!(null);
    created(&admin, free_any_time).await;
    let mut past = course("Past course");
    past["startsOn"] = json!("2020-01-01");
    past["endsOn"] = json!("2020-01-02");
    created(&admin, past).await;
    let mut outsource = course("Palgaarvestus");
    outsource["kind"] = json!("OUTSOURCE");
    outsource["priceCents"] = json!(null);
    created(&admin, outsource).await;

    assert_eq!(titles(&employer, "kind=COURSE").await, ["Paid Estonian upcoming", "Free English any time"], "dated first; the past one is gone");
    assert_eq!(titles(&employer, "kind=COURSE&price=free").await, ["Free English any time"]);
    assert_eq!(titles(&employer, "kind=COURSE&price=paid").await, ["Paid Estonian upcoming"]);
    assert_eq!(titles(&employer, "kind=COURSE&language=en").await, ["Free English any time"]);
    assert_eq!(titles(&employer, "kind=COURSE&when=upcoming").await, ["Paid Estonian upcoming"]);
    assert_eq!(titles(&employer, "kind=COURSE&when=anytime&language=et").await, Vec::<String>::new());
    assert_eq!(titles(&employer, "kind=OUTSOURCE&price=free").await, ["Palgaarvestus"]);
    for (query, field) in [("", "kind"), ("kind=COURSE&language=de", "language"), ("kind=COURSE&price=cheap", "price"), ("kind=COURSE&when=soon", "when")] {
        let (status, error) = error_of(employer.get(&format!("/api/employer/market?{query}")).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{query}");
    }
    let all: Vec<Value> = admin.get("/api/admin/market?kind=COURSE").await.json().await.unwrap();
    assert_eq!(all.len(), 3, "administrators see past listings too");
}
