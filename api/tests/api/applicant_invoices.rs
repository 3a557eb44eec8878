//! The applicant's invoices: the same list and detail as an employer's, of the invoices addressed
//! to the applicant alone.

use reqwest::StatusCode;
use serde_json::Value;
use uuid::Uuid;

use crate::helpers::{TestApp, error_of, spawn_app};

async fn invoice(app: &TestApp, number: &str, user: &str, company: Option<Uuid>) -> Uuid {
    sqlx::query_scalar(
        "insert into invoices (number, company_id, user_id, buyer_name, due_on, subtotal_cents, vat_cents, total_cents)
         select $1, $2, id, 'Ostja', current_date + 14, 2900, 696, 3596 from users where username = $3 returning id",
    )
    .bind(number)
    .bind(company)
    .bind(user)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn an_applicant_lists_and_opens_only_the_invoices_addressed_to_them() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.create_user("kati@example.ee", &["APPLICANT"]).await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let company: Uuid = sqlx::query_scalar("select id from companies").fetch_one(&app.pool).await.unwrap();
    let own = invoice(&app, "VK-2026-0001", "mari@example.ee", None).await;
    let others = invoice(&app, "VK-2026-0002", "kati@example.ee", None).await;
    let companys = invoice(&app, "VK-2026-0003", "boss@example.ee", Some(company)).await;
    app.client.sign_in("mari@example.ee").await;

    let page: Value = app.client.get("/api/user/invoices/my").await.json().await.unwrap();
    let numbers: Vec<&str> = page["content"].as_array().unwrap().iter().map(|i| i["number"].as_str().unwrap()).collect();
    assert_eq!(numbers, ["VK-2026-0001"]);
    let unpaid: Value = app.client.get("/api/user/invoices/my?status=UNPAID").await.json().await.unwrap();
    assert_eq!(unpaid["totalElements"], 1);

    let detail = app.client.get(&format!("/api/user/invoices/{own}")).await;
    assert_eq!(detail.status(), StatusCode::OK);
    assert_eq!(detail.json::<Value>().await.unwrap()["number"], "VK-2026-0001");
    for id in [others, companys, Uuid::new_v4()] {
        let (status, _) = error_of(app.client.get(&format!("/api/user/invoices/{id}")).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{id}");
    }
    let badges: Value = app.client.get("/api/user/menu-notifications").await.json().await.unwrap();
    assert_eq!(badges["invoices"], 1, "her unpaid invoice");
}
