//! Issue 35 §1–2: anyone reports an ad (rate-limited, once per reporter), administrators set which
//! publications wait for review, see the queue and decide (approve, reject, take down, dismiss),
//! every decision audited; a rejected ad that never went live is not charged; a taken-down ad
//! leaves the search at once; an approved ad edited in what job seekers read goes back to the queue
//! when the rule says so.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::employer_vacancy_document::full_document;
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::publishing::{complete_draft, employer_client, published};
use crate::search::{NewVacancy, company, eventually, publish, spawn_with_worker};
use api::rate_limit::{Limit, RateLimits};

async fn admin(app: &TestApp) -> TestClient {
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let client = app.new_client();
    client.sign_in("admin@vakants.ee").await;
    client
}

async fn set_rules(admin: &TestClient, first_ads: i32, strong_signal_waits: bool, edit_after_approval_waits: bool) {
    let rules = json!({ "firstAdsWithoutContract": first_ads, "strongSignalWaits": strong_signal_waits, "editAfterApprovalWaits": edit_after_approval_waits });
    let response = admin.put("/api/admin/moderation/rules", rules.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap(), rules);
}

async fn report(client: &TestClient, id: Uuid, reason: &str, text: Option<&str>) -> reqwest::Response {
    client.post(&format!("/api/open/vacancies/{id}/reports"), json!({ "reason": reason, "text": text })).await
}

fn found(page: &Value, id: Uuid) -> bool {
    page["content"].as_array().unwrap().iter().any(|card| card["vacancyId"] == id.to_string())
}

async fn queue(admin: &TestClient) -> Vec<Value> {
    let response = admin.get("/api/admin/moderation").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap().as_array().unwrap().clone()
}

fn in_queue(queue: &[Value], id: Uuid) -> Option<Value> {
    queue.iter().find(|item| item["vacancyId"] == id.to_string()).cloned()
}

async fn review_of(app: &TestApp, id: Uuid) -> (String, Option<String>) {
    sqlx::query_as("select review_status, review_reason from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap()
}

async fn audited(app: &TestApp, action: &str) -> i64 {
    sqlx::query_scalar("select count(*) from audit_log where action = $1").bind(action).fetch_one(&app.pool).await.unwrap()
}

async fn outbox(app: &TestApp, to: &str) -> Vec<Value> {
    app.client.get(&format!("/api/dev/outbox?to={to}")).await.json::<Value>().await.unwrap().as_array().unwrap().clone()
}

/// The employer's list row of the vacancy.
async fn my_row(client: &TestClient, id: Uuid) -> Value {
    let page: Value = client.get("/api/employer/vacancies").await.json().await.unwrap();
    page["content"].as_array().unwrap().iter().find(|row| row["id"] == id.to_string()).cloned().expect("the vacancy in my vacancies")
}

async fn public_page(app: &TestApp, id: Uuid) -> StatusCode {
    app.client.get(&format!("/api/open/vacancies/{id}")).await.status()
}

#[tokio::test]
async fn anyone_reports_an_ad_and_the_same_reporter_counts_once() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;

    let first = report(&app.client, id, "SCAM", Some("Küsib koolituse eest raha")).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    assert_eq!(first.json::<Value>().await.unwrap(), json!({ "counted": true }));
    let again = report(&app.client, id, "OTHER", None).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.json::<Value>().await.unwrap(), json!({ "counted": false }), "the same address again counts once");

    app.create_user("reporter@example.ee", &["APPLICANT"]).await;
    let reporter = app.new_client();
    reporter.sign_in("reporter@example.ee").await;
    assert_eq!(report(&reporter, id, "DISCRIMINATORY", None).await.status(), StatusCode::CREATED, "an account is its own reporter");
    assert_eq!(report(&reporter, id, "DISCRIMINATORY", None).await.status(), StatusCode::OK);

    let stored: Vec<(String, Option<String>)> =
        sqlx::query_as("select reason, text from vacancy_reports where vacancy_id = $1 order by created_at").bind(id).fetch_all(&app.pool).await.unwrap();
    assert_eq!(stored, vec![("SCAM".into(), Some("Küsib koolituse eest raha".into())), ("DISCRIMINATORY".into(), None)]);
    let mine: Value = reporter.get("/api/user/vacancy-reports").await.json().await.unwrap();
    assert_eq!((mine[0]["vacancyId"].clone(), mine[0]["outcome"].clone(), mine[0]["reason"].clone()), (json!(id), json!("OPEN"), json!("DISCRIMINATORY")));
    assert_eq!(mine.as_array().unwrap().len(), 1, "a reporter sees only their own reports: {mine}");
}

#[tokio::test]
async fn a_report_names_a_wrong_reason_or_a_long_text_and_an_unknown_ad_is_not_found() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;

    let (status, _) = error_of(report(&app.client, id, "BORING", None).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "an unknown reason");
    let (status, body) = error_of(report(&app.client, id, "OTHER", Some(&"x".repeat(1001))).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("text")), "{body}");
    assert_eq!(report(&app.client, Uuid::new_v4(), "SCAM", None).await.status(), StatusCode::NOT_FOUND);
    let draft = complete_draft(&app, company_id, "mustand", None).await;
    assert_eq!(report(&app.client, draft, "SCAM", None).await.status(), StatusCode::NOT_FOUND, "a draft has no page to report");
    let count: i64 = sqlx::query_scalar("select count(*) from vacancy_reports").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn reports_are_limited_per_address_and_per_account() {
    let limits = RateLimits {
        reports_per_ip: Limit { max: 3, window_secs: 3600 },
        reports_per_account: Limit { max: 2, window_secs: 3600 },
        ..RateLimits::default()
    };
    let app = spawn_app_with(AppOptions { limits, ..AppOptions::default() }).await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;

    app.create_user("reporter@example.ee", &["APPLICANT"]).await;
    let reporter = app.new_client();
    reporter.sign_in("reporter@example.ee").await;
    assert_eq!(report(&reporter, id, "SCAM", None).await.status(), StatusCode::CREATED);
    assert_eq!(report(&reporter, id, "SCAM", None).await.status(), StatusCode::OK);
    let over = report(&reporter, id, "SCAM", None).await;
    assert_eq!(over.status(), StatusCode::TOO_MANY_REQUESTS, "the account's third report");
    assert!(over.headers().get("retry-after").is_some());

    // the address has made 3 reports: the visitor on it is refused too
    assert_eq!(report(&app.client, id, "SCAM", None).await.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn the_first_ad_of_a_company_without_a_contract_waits_for_review_and_goes_live_when_approved() {
    let app = spawn_with_worker().await;
    let admin = admin(&app).await;
    set_rules(&admin, 1, false, false).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let id = complete_draft(&app, company_id, "kringlimeister", None).await;

    let row = published(&client, id, &["VACANCY"]).await;
    assert_eq!(row["review"], json!({ "status": "PENDING", "reason": null }), "{row}");
    let invoice_id = row["invoice"]["id"].as_str().unwrap().to_string();
    assert!(client.post_empty(&format!("/api/dev/invoices/{invoice_id}/pay")).await.status().is_success());
    let row = my_row(&client, id).await;
    assert_eq!(row["review"]["status"], "PENDING", "paid, it still waits for review: {row}");
    assert_eq!(public_page(&app, id).await, StatusCode::NOT_FOUND, "no public page while it waits");

    let item = in_queue(&queue(&admin).await, id).expect("the ad in the queue");
    assert_eq!(item["waiting"], true);
    assert_eq!(item["company"]["businessName"], "Näide OÜ");
    assert_eq!((item["company"]["hasContract"].clone(), item["company"]["adsPublished"].clone()), (json!(false), json!(0)), "{item}");
    assert!(item["signals"].is_array());

    let approve = admin.post_empty(&format!("/api/admin/moderation/vacancies/{id}/approve")).await;
    assert_eq!(approve.status(), StatusCode::NO_CONTENT);
    eventually(&app, json!({ "occupation": "kringlimeister" }), |p| found(p, id)).await;
    assert_eq!(public_page(&app, id).await, StatusCode::OK);
    assert_eq!(my_row(&client, id).await["displayedState"], "ACTIVE");
    let days: f64 = sqlx::query_scalar("select (extract(epoch from valid_until - publish_at) / 86400)::float8 from vacancies where id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(days, 30.0, "the run counts from going live");
    assert!(in_queue(&queue(&admin).await, id).is_none(), "decided, it leaves the queue");
    assert_eq!(audited(&app, "moderation.approve").await, 1);
    assert_eq!(audited(&app, "moderation.rules").await, 1);

    // its second ad goes live at once (the rule holds back the first one only), reviewed after
    let second = complete_draft(&app, company_id, "saiameister", None).await;
    let row = published(&client, second, &["VACANCY"]).await;
    assert_eq!(row["review"]["status"], "UNREVIEWED", "{row}");
}

#[tokio::test]
async fn a_strong_signal_sends_the_ad_to_review_when_the_rule_says_so() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    set_rules(&admin, 0, true, false).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "pay for training, maksa koolituse eest", None).await;

    let row = published(&client, id, &["VACANCY"]).await;
    // whatever the detectors find decides: a strong signal holds the ad back, none lets it live
    let strong: bool = sqlx::query_scalar("select exists (select 1 from vacancy_signals where vacancy_id = $1 and strong)")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let expected = if strong { "PENDING" } else { "UNREVIEWED" };
    assert_eq!(row["review"]["status"], expected, "{row}");
    let item = in_queue(&queue(&admin).await, id).expect("either way it is in the queue");
    assert_eq!(item["waiting"], strong);
}

#[tokio::test]
async fn rejecting_an_ad_that_waited_cancels_its_unpaid_order_and_tells_the_company_why() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    set_rules(&admin, 1, false, false).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    sqlx::query("update users set locale = 'en' where username = 'boss@example.ee'").execute(&app.pool).await.unwrap();
    let id = complete_draft(&app, company_id, "kringlimeister", None).await;
    let row = published(&client, id, &["VACANCY", "BRANDING"]).await;
    let invoice_id = row["invoice"]["id"].as_str().unwrap().to_string();

    let (status, body) = error_of(admin.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "  " })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("reason")));
    let reject = admin.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "Asks applicants to pay for training" })).await;
    assert_eq!(reject.status(), StatusCode::NO_CONTENT);

    let invoice: String = sqlx::query_scalar("select status from invoices where id = $1::uuid").bind(&invoice_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(invoice, "CANCELLED", "nothing is charged for an ad that never went live");
    let services: Vec<String> =
        sqlx::query_scalar("select status from services where invoice_id = $1::uuid").bind(&invoice_id).fetch_all(&app.pool).await.unwrap();
    assert!(!services.is_empty() && services.iter().all(|s| s == "CANCELLED"), "{services:?}");
    let row = my_row(&client, id).await;
    assert_eq!(row["displayedState"], "DRAFT", "back among the drafts: {row}");
    assert_eq!(row["review"], json!({ "status": "REJECTED", "reason": "Asks applicants to pay for training" }));
    let mails = outbox(&app, "boss@example.ee").await;
    let mail = mails.iter().find(|m| m["subject"].as_str().unwrap().contains("was not published")).expect("the rejection mail in English");
    assert!(mail["text"].as_str().unwrap().contains("Asks applicants to pay for training"), "{mail}");
    assert_eq!(audited(&app, "moderation.reject").await, 1);

    let (status, body) = error_of(admin.post(&format!("/api/admin/moderation/vacancies/{id}/approve"), json!({})).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("vacancyId")), "a rejected ad is not approved");

    // published again, it waits again and the reason goes
    let row = published(&client, id, &["VACANCY"]).await;
    assert_eq!(row["review"], json!({ "status": "PENDING", "reason": null }), "{row}");
}

#[tokio::test]
async fn rejecting_an_ad_paid_while_it_waited_lists_its_invoice_as_a_refund_due_until_an_administrator_records_it() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    set_rules(&admin, 1, false, false).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let id = complete_draft(&app, company_id, "kringlimeister", None).await;
    let row = published(&client, id, &["VACANCY"]).await;
    let invoice_id = row["invoice"]["id"].as_str().unwrap().to_string();
    assert!(client.post_empty(&format!("/api/dev/invoices/{invoice_id}/pay")).await.status().is_success());
    assert_eq!(admin.get("/api/admin/moderation/refunds").await.json::<Value>().await.unwrap(), json!([]));

    let reject = admin.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "Not a real job" })).await;
    assert_eq!(reject.status(), StatusCode::NO_CONTENT);
    let invoice: String = sqlx::query_scalar("select status from invoices where id = $1::uuid").bind(&invoice_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(invoice, "PAID", "billing has no credit notes: a paid invoice stays paid");
    let services: Vec<String> =
        sqlx::query_scalar("select status from services where invoice_id = $1::uuid").bind(&invoice_id).fetch_all(&app.pool).await.unwrap();
    assert!(!services.is_empty() && services.iter().all(|s| s == "CANCELLED"), "{services:?}");
    assert_eq!(my_row(&client, id).await["displayedState"], "DRAFT");

    let due: Value = admin.get("/api/admin/moderation/refunds").await.json().await.unwrap();
    let due = due.as_array().unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!((due[0]["invoiceId"].clone(), due[0]["vacancyId"].clone()), (json!(invoice_id), json!(id)));
    assert!(due[0]["totalCents"].as_i64().unwrap() > 0 && due[0]["invoiceNumber"].is_string(), "{due:?}");
    let details: Value = sqlx::query_scalar("select details from audit_log where action = 'moderation.reject'").fetch_one(&app.pool).await.unwrap();
    assert_eq!((details["refundDueInvoices"].clone(), details["wentLive"].clone()), (json!([invoice_id]), json!(false)), "{details}");

    let (employer_status, _) = error_of(client.post_empty(&format!("/api/admin/moderation/refunds/{invoice_id}/made")).await).await;
    assert_eq!(employer_status, StatusCode::FORBIDDEN, "only administrators record refunds");
    assert_eq!(admin.post_empty(&format!("/api/admin/moderation/refunds/{}/made", Uuid::new_v4())).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(admin.post_empty(&format!("/api/admin/moderation/refunds/{invoice_id}/made")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(admin.get("/api/admin/moderation/refunds").await.json::<Value>().await.unwrap(), json!([]), "made, it leaves the list");
    let (status, body) = error_of(admin.post_empty(&format!("/api/admin/moderation/refunds/{invoice_id}/made")).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("invoiceId")), "recorded once");
    assert_eq!(audited(&app, "moderation.refund_made").await, 1);
}

#[tokio::test]
async fn rejecting_a_live_ad_reviewed_after_takes_it_out_of_search_at_once_ends_its_run_and_keeps_its_invoice() {
    let app = spawn_with_worker().await;
    let admin = admin(&app).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    sqlx::query("update users set locale = 'ru' where username = 'boss@example.ee'").execute(&app.pool).await.unwrap();
    let id = complete_draft(&app, company_id, "marmelaadimeister", None).await;
    let row = published(&client, id, &["VACANCY"]).await;
    assert_eq!(row["review"]["status"], "UNREVIEWED", "no rule: live once paid, reviewed after: {row}");
    let invoice_id = row["invoice"]["id"].as_str().unwrap().to_string();
    assert!(client.post_empty(&format!("/api/dev/invoices/{invoice_id}/pay")).await.status().is_success());
    eventually(&app, json!({ "occupation": "marmelaadimeister" }), |p| found(p, id)).await;
    assert_eq!(report(&app.client, id, "SCAM", Some("Asks for a fee")).await.status(), StatusCode::CREATED);
    assert!(in_queue(&queue(&admin).await, id).is_some_and(|item| item["waiting"] == false));

    let reject = admin.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "Asks applicants for a fee" })).await;
    assert_eq!(reject.status(), StatusCode::NO_CONTENT);
    eventually(&app, json!({ "occupation": "marmelaadimeister" }), |p| !found(p, id)).await;
    assert_eq!(public_page(&app, id).await, StatusCode::NOT_FOUND);
    assert_eq!(review_of(&app, id).await, ("REJECTED".into(), Some("Asks applicants for a fee".into())));
    let row = my_row(&client, id).await;
    assert_eq!(row["displayedState"], "FINISHED", "its run ended: {row}");
    assert_eq!(row["review"], json!({ "status": "REJECTED", "reason": "Asks applicants for a fee" }));
    let invoice: String = sqlx::query_scalar("select status from invoices where id = $1::uuid").bind(&invoice_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(invoice, "PAID", "it was live, so it was charged");
    assert_eq!(admin.get("/api/admin/moderation/refunds").await.json::<Value>().await.unwrap(), json!([]), "no refund for an ad that was live");
    let details: Value = sqlx::query_scalar("select details from audit_log where action = 'moderation.reject'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(details["wentLive"], true, "{details}");
    let report_outcome: String = sqlx::query_scalar("select outcome from vacancy_reports where vacancy_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(report_outcome, "REJECTED");
    let mails = outbox(&app, "boss@example.ee").await;
    let mail = mails.iter().find(|m| m["subject"].as_str().unwrap().contains("отклонено")).expect("the rejection mail in Russian");
    assert!(mail["text"].as_str().unwrap().contains("Asks applicants for a fee"), "{mail}");
    assert!(in_queue(&queue(&admin).await, id).is_none(), "decided, it leaves the queue");

    for decision in ["approve", "take-down", "reject"] {
        let (status, body) = error_of(admin.post(&format!("/api/admin/moderation/vacancies/{id}/{decision}"), json!({ "reason": "again" })).await).await;
        assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("vacancyId")), "{decision} of a rejected ad");
    }
    // corrected, it is published again (a new order) and passes the gate again
    let row = published(&client, id, &["VACANCY"]).await;
    assert_eq!(row["review"], json!({ "status": "UNREVIEWED", "reason": null }), "{row}");
    assert_ne!(row["invoice"]["id"], json!(invoice_id), "a new order");
}

#[tokio::test]
async fn a_draft_and_an_approved_ad_are_not_rejected() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let draft = complete_draft(&app, company_id, "mustand", None).await;
    let (status, body) = error_of(admin.post(&format!("/api/admin/moderation/vacancies/{draft}/reject"), json!({ "reason": "x" })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("vacancyId")), "a draft");
    let id = complete_draft(&app, company_id, "kringlimeister", None).await;
    published(&client, id, &["VACANCY"]).await;
    assert_eq!(admin.post_empty(&format!("/api/admin/moderation/vacancies/{id}/approve")).await.status(), StatusCode::NO_CONTENT);
    let (status, body) = error_of(admin.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "x" })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("vacancyId")), "an approved ad is taken down instead");
    assert_eq!(review_of(&app, id).await.0, "APPROVED");
}

#[tokio::test]
async fn a_contract_company_s_rejected_ad_is_not_charged_either() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    set_rules(&admin, 0, false, false).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kringlimeister", None).await;
    // waiting for review as the strong-signal rule would hold it
    set_rules(&admin, 0, true, false).await;
    let row = published(&client, id, &["VACANCY", "PRO_3"]).await;
    if row["review"]["status"] != "PENDING" {
        sqlx::query("update vacancies set review_status = 'PENDING' where id = $1").bind(id).execute(&app.pool).await.unwrap();
    }
    let invoice_id = row["invoice"]["id"].as_str().unwrap().to_string();
    assert_eq!(public_page(&app, id).await, StatusCode::NOT_FOUND, "paid by its contract, it still waits");

    let reject = admin.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "Misleading salary" })).await;
    assert_eq!(reject.status(), StatusCode::NO_CONTENT);
    let invoice: String = sqlx::query_scalar("select status from invoices where id = $1::uuid").bind(&invoice_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(invoice, "CANCELLED");
    let (status, payment, pro): (String, String, i16) =
        sqlx::query_as("select status, payment_status, pro_level from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((status.as_str(), payment.as_str(), pro), ("TEMPORARY", "NONE", 0));
}

#[tokio::test]
async fn taking_down_a_live_reported_ad_removes_it_from_search_at_once_and_the_reporter_sees_the_outcome() {
    let app = spawn_with_worker().await;
    let admin = admin(&app).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "trühvlimeister", None).await;
    let row = published(&client, id, &["VACANCY"]).await;
    assert_eq!((row["displayedState"].clone(), row["review"]["status"].clone()), (json!("ACTIVE"), json!("UNREVIEWED")));
    eventually(&app, json!({ "occupation": "trühvlimeister" }), |p| found(p, id)).await;

    app.create_user("reporter@example.ee", &["APPLICANT"]).await;
    let reporter = app.new_client();
    reporter.sign_in("reporter@example.ee").await;
    assert_eq!(report(&reporter, id, "SCAM", Some("Wants a deposit")).await.status(), StatusCode::CREATED);
    let items = queue(&admin).await;
    let item = in_queue(&items, id).expect("the reported ad in the queue");
    assert_eq!(item["reports"][0]["reason"], "SCAM");
    assert_eq!(item["reports"][0]["text"], "Wants a deposit");
    assert_eq!(item["company"]["reports"], 1);
    assert_eq!(items[0]["vacancyId"], id.to_string(), "newest report first");

    let down = admin.post(&format!("/api/admin/moderation/vacancies/{id}/take-down"), json!({ "reason": "Asks for a deposit" })).await;
    assert_eq!(down.status(), StatusCode::NO_CONTENT);
    let (status, body) = error_of(admin.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "x" })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("vacancyId")), "a taken-down ad is not rejected too");

    eventually(&app, json!({ "occupation": "trühvlimeister" }), |p| !found(p, id)).await;
    assert_eq!(public_page(&app, id).await, StatusCode::NOT_FOUND);
    assert_eq!(review_of(&app, id).await, ("TAKEN_DOWN".into(), Some("Asks for a deposit".into())));
    assert_eq!(my_row(&client, id).await["review"]["status"], "TAKEN_DOWN");
    let mine: Value = reporter.get("/api/user/vacancy-reports").await.json().await.unwrap();
    assert_eq!(mine[0]["outcome"], "TAKEN_DOWN");
    let mails = outbox(&app, "boss@example.ee").await;
    assert!(mails.iter().any(|m| m["text"].as_str().unwrap().contains("Asks for a deposit")), "the company is told in its language (et)");
    assert_eq!(audited(&app, "moderation.take_down").await, 1);
    assert!(in_queue(&queue(&admin).await, id).is_none());
}

#[tokio::test]
async fn dismissing_reports_closes_them_and_the_ad_stays_live() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    assert_eq!(report(&app.client, id, "FILLED", None).await.status(), StatusCode::CREATED);
    assert!(in_queue(&queue(&admin).await, id).is_some());

    let response = admin.post_empty(&format!("/api/admin/moderation/vacancies/{id}/dismiss-reports")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({ "dismissed": 1 }));
    assert!(in_queue(&queue(&admin).await, id).is_none(), "no open report, never through the gate: out of the queue");
    assert_eq!(public_page(&app, id).await, StatusCode::OK);
    let outcome: String = sqlx::query_scalar("select outcome from vacancy_reports where vacancy_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(outcome, "DISMISSED");
    assert_eq!(audited(&app, "moderation.dismiss_reports").await, 1);
    let view: Value = admin.get(&format!("/api/admin/moderation/vacancies/{id}")).await.json().await.unwrap();
    assert_eq!((view["vacancyId"].clone(), view["reviewStatus"].clone()), (json!(id), json!("NONE")), "the ad's admin view: {view}");
}

#[tokio::test]
async fn an_approved_ad_edited_in_what_job_seekers_read_goes_back_to_the_queue_when_the_rule_says_so() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kringlimeister", None).await;
    published(&client, id, &["VACANCY"]).await;
    assert_eq!(admin.post_empty(&format!("/api/admin/moderation/vacancies/{id}/approve")).await.status(), StatusCode::NO_CONTENT);

    // rule off: the edit keeps it approved and live
    assert_eq!(client.put(&format!("/api/employer/vacancies/{id}"), full_document()).await.status(), StatusCode::OK);
    assert_eq!(review_of(&app, id).await.0, "APPROVED");

    set_rules(&admin, 0, false, true).await;
    // an edit of nothing job seekers read changes nothing
    assert_eq!(client.put(&format!("/api/employer/vacancies/{id}"), full_document()).await.status(), StatusCode::OK);
    assert_eq!(review_of(&app, id).await.0, "APPROVED");
    let mut edited = full_document();
    edited["salaryFrom"] = json!(1700.0);
    assert_eq!(client.put(&format!("/api/employer/vacancies/{id}"), edited).await.status(), StatusCode::OK);
    assert_eq!(review_of(&app, id).await.0, "PENDING", "a salary changed after approval waits for review again");
    assert_eq!(public_page(&app, id).await, StatusCode::NOT_FOUND);
    assert_eq!(my_row(&client, id).await["review"]["status"], "PENDING");
    assert!(in_queue(&queue(&admin).await, id).is_some_and(|item| item["waiting"] == true));
}

/// Every administrators' moderation call's status for `client`.
async fn admin_calls(client: &TestClient, id: Uuid) -> Vec<StatusCode> {
    let rules = json!({ "firstAdsWithoutContract": 0, "strongSignalWaits": false, "editAfterApprovalWaits": false });
    vec![
        client.get("/api/admin/moderation").await.status(),
        client.get(&format!("/api/admin/moderation/vacancies/{id}")).await.status(),
        client.get("/api/admin/moderation/rules").await.status(),
        client.put("/api/admin/moderation/rules", rules).await.status(),
        client.post_empty(&format!("/api/admin/moderation/vacancies/{id}/approve")).await.status(),
        client.post(&format!("/api/admin/moderation/vacancies/{id}/reject"), json!({ "reason": "x" })).await.status(),
        client.post(&format!("/api/admin/moderation/vacancies/{id}/take-down"), json!({ "reason": "x" })).await.status(),
        client.post_empty(&format!("/api/admin/moderation/vacancies/{id}/dismiss-reports")).await.status(),
        client.get("/api/admin/moderation/refunds").await.status(),
        client.post_empty(&format!("/api/admin/moderation/refunds/{id}/made")).await.status(),
    ]
}

#[tokio::test]
async fn only_administrators_see_the_queue_and_decide() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    assert_eq!(report(&app.client, id, "SCAM", None).await.status(), StatusCode::CREATED);
    let (employer, _) = employer_client(&app, "boss@example.ee", "87654321", "Näide OÜ", false).await;

    assert!(admin_calls(&employer, id).await.iter().all(|s| *s == StatusCode::FORBIDDEN), "an employer");
    assert!(admin_calls(&app.client, id).await.iter().all(|s| *s == StatusCode::UNAUTHORIZED), "a visitor");
    let reports: Value = employer.get("/api/user/vacancy-reports").await.json().await.unwrap();
    assert_eq!(reports, json!([]), "a company sees no one else's reports");
    assert_eq!(review_of(&app, id).await.0, "NONE", "nothing was decided");

    let admin = admin(&app).await;
    let (status, body) = error_of(admin.put("/api/admin/moderation/rules", json!({ "firstAdsWithoutContract": -1, "strongSignalWaits": false, "editAfterApprovalWaits": false })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("firstAdsWithoutContract")));
    assert_eq!(admin.post_empty(&format!("/api/admin/moderation/vacancies/{}/approve", Uuid::new_v4())).await.status(), StatusCode::NOT_FOUND);
}
