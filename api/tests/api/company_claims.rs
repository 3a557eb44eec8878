//! Claiming a company is a request: accepted at once when the claimant's verified e-mail is at the
//! host of the company's website in the register (never by its e-mail, never a domain other
//! register companies share or a disposable mail service's), otherwise decided by an
//! administrator (or by the company's supervisor when it has one). Until then the claimant is not
//! on the company's staff and publishes nothing.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};

const CLAIM: &str = "/api/user/companies/EE/12345678/register";

async fn claimant(app: &TestApp, email: &str) -> TestClient {
    let client = app.new_client();
    client.sign_in(email).await;
    let profile = json!({ "firstname": "Jaan", "lastname": "Tamm", "phoneNumber": "+37251234567" });
    assert_eq!(client.post("/api/user/profile", profile).await.status(), StatusCode::OK);
    client
}

async fn register_company(app: &TestApp, email: Option<&str>, website: Option<&str>) {
    app.add_register_company("12345678", "Põhja Puit OÜ").await;
    sqlx::query("update business_register set email = $1, website = $2 where registry_code = '12345678'")
        .bind(email)
        .bind(website)
        .execute(&app.pool)
        .await
        .unwrap();
}

async fn signed_in(app: &TestApp, email: &str, roles: &[&str]) -> TestClient {
    app.create_user(email, roles).await;
    let client = app.new_client();
    client.sign_in(email).await;
    client
}

async fn claims(client: &TestClient, path: &str) -> Vec<Value> {
    let response = client.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

async fn mails_to(client: &TestClient, email: &str) -> Vec<Value> {
    client.http.get(client.url(&format!("/api/dev/outbox?to={email}"))).send().await.unwrap().json().await.unwrap()
}

async fn claim_statuses(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("select status from company_claims order by created_at").fetch_all(&app.pool).await.unwrap()
}

#[tokio::test]
async fn a_claim_from_the_domain_of_the_registers_website_is_accepted_at_once() {
    let app = spawn_app().await;
    register_company(&app, None, Some("https://www.puit.ee/")).await;
    let jaan = claimant(&app, "jaan@puit.ee").await;

    let response = jaan.post_empty(CLAIM).await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = response.json().await.unwrap();
    assert_eq!(me["roles"], json!(["EMPLOYER", "USER"]));
    assert_eq!(me["company"]["registryCode"], "12345678");
    assert!(me.get("pendingClaims").is_none());
    assert_eq!(claim_statuses(&app).await, vec!["APPROVED"]);
}

#[tokio::test]
async fn a_register_email_at_any_mail_service_never_passes_a_claim_at_once() {
    // the register's e-mail says nothing about who works there: anyone has a mailbox at a provider
    let app = spawn_app().await;
    register_company(&app, None, None).await;
    for (n, provider) in ["inbox.ru", "bk.ru", "yandex.com", "gmx.de", "web.de", "aol.com", "puit.ee"].into_iter().enumerate() {
        sqlx::query("update business_register set email = $1 where registry_code = '12345678'")
            .bind(format!("firma@{provider}"))
            .execute(&app.pool)
            .await
            .unwrap();
        let claimant = claimant(&app, &format!("someone{n}@{provider}")).await;
        assert_eq!(claimant.post_empty(CLAIM).await.status(), StatusCode::ACCEPTED, "{provider}: the claim waits for a decision");
    }
    let staff: i64 = sqlx::query_scalar("select count(*) from company_staff").fetch_one(&app.pool).await.unwrap();
    assert_eq!(staff, 0, "nobody joined the company");
}

#[tokio::test]
async fn a_website_domain_other_register_companies_share_waits_for_a_decision() {
    // a page on a portal that also gives mail (hot.ee, pri.ee, mail.ru's pages): its domain is
    // shared by the register's other companies, so an address there proves nothing
    let app = spawn_app().await;
    register_company(&app, None, Some("http://www.pri.ee/puit")).await;
    app.add_register_company("22222222", "Muu Firma OÜ").await;
    sqlx::query("update business_register set email = 'muu.firma@pri.ee' where registry_code = '22222222'")
        .execute(&app.pool)
        .await
        .unwrap();
    let anyone = claimant(&app, "anyone@pri.ee").await;
    assert_eq!(anyone.post_empty(CLAIM).await.status(), StatusCode::ACCEPTED);
    assert_eq!(claim_statuses(&app).await, vec!["PENDING"]);

    // once no other company gives the domain, an address at the company's own site passes
    sqlx::query("update business_register set email = null where registry_code = '22222222'").execute(&app.pool).await.unwrap();
    sqlx::query("update business_register set website = 'https://www.puit.ee' where registry_code = '12345678'")
        .execute(&app.pool)
        .await
        .unwrap();
    let owner = claimant(&app, "juhan@puit.ee").await;
    assert_eq!(owner.post_empty(CLAIM).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_claim_the_register_does_not_confirm_waits_publishes_nothing_and_an_administrator_approves_it() {
    let app = spawn_app().await;
    register_company(&app, Some("info@puit.ee"), None).await;
    let jaan = claimant(&app, "jaan@example.ee").await;

    let response = jaan.post_empty(CLAIM).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let me: Value = response.json().await.unwrap();
    assert_eq!(me["roles"], json!(["USER"]));
    assert_eq!(me["company"], Value::Null);
    assert_eq!(me["pendingClaims"], json!([{ "countryCode": "EE", "registryCode": "12345678", "businessName": "Põhja Puit OÜ" }]));
    assert_eq!(jaan.post_empty(CLAIM).await.status(), StatusCode::ACCEPTED, "claiming again answers the same claim");
    assert_eq!(claim_statuses(&app).await, vec!["PENDING"]);
    assert_eq!(jaan.me().await["pendingClaims"][0]["registryCode"], "12345678");
    // publishes nothing: not on any staff, no employer calls, the company is not registered
    assert_eq!(jaan.get("/api/employer/my-companies").await.status(), StatusCode::FORBIDDEN);
    let companies: i64 = sqlx::query_scalar("select count(*) from companies").fetch_one(&app.pool).await.unwrap();
    assert_eq!(companies, 0);

    let admin = signed_in(&app, "admin@example.ee", &["ADMIN"]).await;
    let waiting = claims(&admin, "/api/admin/company-claims").await;
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0]["username"], "jaan@example.ee");
    assert_eq!(waiting[0]["businessName"], "Põhja Puit OÜ");
    assert_eq!(waiting[0]["registerEmail"], "info@puit.ee");
    assert_eq!(waiting[0]["supervisor"], Value::Null);
    let id = waiting[0]["id"].as_str().unwrap();

    let response = admin.post_empty(&format!("/api/admin/company-claims/{id}/approve")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(admin.post_empty(&format!("/api/admin/company-claims/{id}/approve")).await.status(), StatusCode::NOT_FOUND, "decided once");
    assert!(claims(&admin, "/api/admin/company-claims").await.is_empty());

    let me = jaan.me().await;
    assert_eq!(me["roles"], json!(["EMPLOYER", "USER"]));
    assert!(me.get("pendingClaims").is_none());
    let companies: Value = jaan.get("/api/employer/my-companies").await.json().await.unwrap();
    assert_eq!(companies[0]["registryCode"], "12345678");
    let supervisor: String =
        sqlx::query_scalar("select u.username from companies c join users u on u.id = c.supervisor_user_id").fetch_one(&app.pool).await.unwrap();
    assert_eq!(supervisor, "jaan@example.ee");
    let mails = mails_to(&jaan, "jaan@example.ee").await;
    assert!(mails[0]["subject"].as_str().unwrap().contains("Põhja Puit OÜ"), "{mails:?}");
    assert!(mails[0]["text"].as_str().unwrap().contains("kinnitatud"), "in the claimant's language (et): {mails:?}");
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'company_claim.approve'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 1);
}

#[tokio::test]
async fn a_rejected_claim_leaves_the_user_without_the_company_and_tells_them_why() {
    let app = spawn_app().await;
    register_company(&app, None, None).await;
    let jaan = claimant(&app, "jaan@example.ee").await;
    assert_eq!(jaan.post_empty(CLAIM).await.status(), StatusCode::ACCEPTED);
    let admin = signed_in(&app, "super@example.ee", &["SUPERVISOR"]).await;
    let id = claims(&admin, "/api/admin/company-claims").await[0]["id"].as_str().unwrap().to_string();

    let (status, error) =
        error_of(admin.post(&format!("/api/admin/company-claims/{id}/reject"), json!({ "reason": "x".repeat(501) })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "reason");
    let response = admin.post(&format!("/api/admin/company-claims/{id}/reject"), json!({ "reason": "Not in the register's contacts" })).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);

    let me = jaan.me().await;
    assert_eq!(me["roles"], json!(["USER"]));
    assert!(me.get("pendingClaims").is_none());
    assert_eq!(claim_statuses(&app).await, vec!["REJECTED"]);
    let mails = mails_to(&jaan, "jaan@example.ee").await;
    assert!(mails[0]["text"].as_str().unwrap().contains("Not in the register's contacts"), "{mails:?}");
}

#[tokio::test]
async fn a_claim_on_a_company_with_a_supervisor_goes_to_that_supervisor() {
    let app = spawn_app().await;
    app.create_employer("first@example.ee", &[("12345678", "Põhja Puit OÜ")]).await;
    sqlx::query("update business_register set website = 'https://example.ee'").execute(&app.pool).await.unwrap();
    let second = claimant(&app, "second@example.ee").await;
    assert_eq!(second.post_empty(CLAIM).await.status(), StatusCode::ACCEPTED, "a matching domain does not pass the supervisor by");

    let first = app.new_client();
    first.sign_in("first@example.ee").await;
    let waiting = claims(&first, "/api/employer/company-claims").await;
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0]["username"], "second@example.ee");
    assert_eq!(waiting[0]["supervisor"], "first@example.ee");
    let id = waiting[0]["id"].as_str().unwrap();
    assert_eq!(first.post_empty(&format!("/api/employer/company-claims/{id}/approve")).await.status(), StatusCode::NO_CONTENT);

    let companies: Value = second.get("/api/employer/my-companies").await.json().await.unwrap();
    assert_eq!(companies[0]["registryCode"], "12345678");
    let (supervisor, staff): (String, i64) = sqlx::query_as(
        "select u.username, (select count(*) from company_staff) from companies c join users u on u.id = c.supervisor_user_id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((supervisor.as_str(), staff), ("first@example.ee", 2), "the supervisor stays; the claimant joins the staff");
}

#[tokio::test]
async fn applicants_and_other_employers_cannot_see_or_decide_claims() {
    let app = spawn_app().await;
    app.create_employer("first@example.ee", &[("12345678", "Põhja Puit OÜ")]).await;
    app.create_employer("other@example.ee", &[("87654321", "Lõuna Ehitus AS")]).await;
    let second = claimant(&app, "second@example.ee").await;
    assert_eq!(second.post_empty(CLAIM).await.status(), StatusCode::ACCEPTED);
    let id: uuid::Uuid = sqlx::query_scalar("select id from company_claims").fetch_one(&app.pool).await.unwrap();

    let applicant = signed_in(&app, "mari@example.ee", &["APPLICANT"]).await;
    assert_eq!(applicant.get("/api/admin/company-claims").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(applicant.post_empty(&format!("/api/admin/company-claims/{id}/approve")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(applicant.get("/api/employer/company-claims").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(applicant.post_empty(&format!("/api/employer/company-claims/{id}/approve")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(second.post_empty(&format!("/api/employer/company-claims/{id}/approve")).await.status(), StatusCode::FORBIDDEN, "not an employer yet");

    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    assert!(claims(&other, "/api/employer/company-claims").await.is_empty());
    assert_eq!(other.post_empty(&format!("/api/employer/company-claims/{id}/approve")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.post(&format!("/api/employer/company-claims/{id}/reject"), json!({})).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(claim_statuses(&app).await, vec!["PENDING"]);
}
