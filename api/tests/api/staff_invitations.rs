//! Issue 32 item 1: adding someone to a company's staff is an invitation the person answers in
//! their own account. Until they accept they keep their roles, profile and data, and the company
//! sees only the e-mail and "invited"; declining leaves nothing; a second add changes nothing; an
//! administrator's e-mail gains nothing without accepting; nobody answers another's invitation.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use domain::companies::invitations::{INVITATION_QUEUE, PENDING_MAX};

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};

const STAFF: &str = "/api/employer/company/EE/12345678/staff";
const INVITATIONS: &str = "/api/employer/company/EE/12345678/staff/invitations";
const MINE: &str = "/api/user/staff-invitations";

/// What an account is and holds, to compare before and after an invitation.
#[derive(Debug, PartialEq)]
struct AccountState {
    roles: Vec<String>,
    profile: (Option<String>, Option<String>, Option<String>),
    staff_rows: i64,
    cvs: i64,
}

async fn account_state(app: &TestApp, email: &str) -> AccountState {
    let id: Uuid = sqlx::query_scalar("select id from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap();
    AccountState {
        roles: sqlx::query_scalar("select role from user_roles where user_id = $1 order by role").bind(id).fetch_all(&app.pool).await.unwrap(),
        profile: sqlx::query_as("select firstname, lastname, phone_number from profiles where user_id = $1").bind(id).fetch_one(&app.pool).await.unwrap(),
        staff_rows: sqlx::query_scalar("select count(*) from company_staff where user_id = $1").bind(id).fetch_one(&app.pool).await.unwrap(),
        cvs: sqlx::query_scalar("select count(*) from cvs where owner_user_id = $1").bind(id).fetch_one(&app.pool).await.unwrap(),
    }
}

async fn queued_invitation_mails(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1").bind(INVITATION_QUEUE).fetch_one(&app.pool).await.unwrap()
}

/// The supervisor of Näide OÜ, signed in on the app's own client.
async fn with_supervisor() -> TestApp {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    app
}

/// The supervisor's add: the e-mail and the job title the company keeps.
fn add(email: &str) -> Value {
    json!({ "email": email, "jobTitle": "Raamatupidaja" })
}

async fn signed_in(app: &TestApp, email: &str) -> TestClient {
    let client = app.new_client();
    client.sign_in(email).await;
    client
}

#[tokio::test]
async fn the_applicant_added_by_a_supervisor_keeps_roles_profile_and_data_until_they_accept() {
    let app = with_supervisor().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    sqlx::query("insert into cvs (owner_user_id, title, status) select id, 'Kokk', 'ACTIVE' from users where username = 'mari@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    let mari = signed_in(&app, "mari@example.ee").await;
    let before = account_state(&app, "mari@example.ee").await;

    let response = app.client.post(STAFF, add(" Mari@Example.ee ")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.unwrap();
    assert_eq!((answer["email"].as_str(), answer["status"].as_str()), (Some("mari@example.ee"), Some("invited")));
    for hidden in ["userId", "firstname", "lastname", "phoneNumber"] {
        assert!(answer.get(hidden).is_none(), "the answer names no {hidden}: {answer}");
    }
    let text = answer.to_string();
    assert!(!text.contains("Test") && !text.contains("+37255555555"), "nothing of the account: {answer}");

    assert_eq!(account_state(&app, "mari@example.ee").await, before, "an invitation changes nothing of the account");
    let staff: Vec<Value> = app.client.get(STAFF).await.json().await.unwrap();
    assert_eq!(staff.iter().map(|m| m["email"].as_str().unwrap()).collect::<Vec<_>>(), ["boss@example.ee"]);
    let invited: Vec<Value> = app.client.get(INVITATIONS).await.json().await.unwrap();
    assert_eq!(invited.len(), 1);
    assert_eq!((invited[0]["email"].as_str(), invited[0]["status"].as_str()), (Some("mari@example.ee"), Some("invited")));
    assert!(invited[0].get("firstname").is_none() && !invited[0].to_string().contains("Test"), "{}", invited[0]);
    let me = mari.me().await;
    assert!(me["company"].is_null(), "mari acts for no company: {me}");
    assert_eq!(mari.get("/api/employer/company").await.status(), StatusCode::FORBIDDEN, "no employer area before accepting");

    let mine: Vec<Value> = mari.get(MINE).await.json().await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!((mine[0]["businessName"].as_str(), mine[0]["jobTitle"].as_str()), (Some("Näide OÜ"), Some("Raamatupidaja")));
    let response = mari.post_empty(&format!("{MINE}/{}/accept", mine[0]["id"].as_str().unwrap())).await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = response.json().await.unwrap();
    assert_eq!(me["company"]["registryCode"], "12345678", "the session acts for the company joined");

    let after = account_state(&app, "mari@example.ee").await;
    assert_eq!(after.roles, ["APPLICANT", "EMPLOYER", "USER"], "accepting adds EMPLOYER and keeps the rest");
    assert_eq!((after.profile, after.staff_rows, after.cvs), (before.profile, 1, before.cvs), "the profile is mari's own still");
    assert_eq!(mari.get("/api/employer/company").await.status(), StatusCode::OK);
    let staff: Vec<Value> = app.client.get(STAFF).await.json().await.unwrap();
    let joined = staff.iter().find(|m| m["email"] == "mari@example.ee").expect("mari on the staff");
    assert_eq!((joined["firstname"].as_str(), joined["jobTitle"].as_str()), (Some("Test"), Some("Raamatupidaja")));
    let invited: Vec<Value> = app.client.get(INVITATIONS).await.json().await.unwrap();
    assert!(invited.is_empty(), "an answered invitation is gone");
}

#[tokio::test]
async fn declining_leaves_nothing() {
    let app = with_supervisor().await;
    app.create_user("jaan@example.ee", &["APPLICANT"]).await;
    let before = account_state(&app, "jaan@example.ee").await;
    assert_eq!(app.client.post(STAFF, add("jaan@example.ee")).await.status(), StatusCode::OK);
    let jaan = signed_in(&app, "jaan@example.ee").await;
    let mine: Vec<Value> = jaan.get(MINE).await.json().await.unwrap();
    let id = mine[0]["id"].as_str().unwrap().to_string();

    assert_eq!(jaan.post_empty(&format!("{MINE}/{id}/decline")).await.status(), StatusCode::NO_CONTENT);

    assert_eq!(account_state(&app, "jaan@example.ee").await, before);
    let left: i64 = sqlx::query_scalar("select count(*) from company_staff_invitations").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0, "the invitation is deleted");
    let mine: Vec<Value> = jaan.get(MINE).await.json().await.unwrap();
    assert!(mine.is_empty());
    let invited: Vec<Value> = app.client.get(INVITATIONS).await.json().await.unwrap();
    assert!(invited.is_empty());
    assert_eq!(jaan.post_empty(&format!("{MINE}/{id}/accept")).await.status(), StatusCode::NOT_FOUND, "a declined invitation cannot be accepted");
    assert_eq!(account_state(&app, "jaan@example.ee").await, before);
}

#[tokio::test]
async fn a_second_add_of_the_same_email_changes_nothing() {
    let app = with_supervisor().await;
    app.create_user("jaan@example.ee", &[]).await;
    let before = account_state(&app, "jaan@example.ee").await;
    let first: Value = app.client.post(STAFF, add("jaan@example.ee")).await.json().await.unwrap();

    let again = json!({ "email": "JAAN@example.ee", "jobTitle": "Juhataja" });
    let response = app.client.post(STAFF, again).await;
    assert_eq!(response.status(), StatusCode::OK);
    let second: Value = response.json().await.unwrap();

    assert_eq!(second, first, "the same pending invitation, unchanged");
    assert_eq!(queued_invitation_mails(&app).await, 1, "no second mail");
    let rows: i64 = sqlx::query_scalar("select count(*) from company_staff_invitations").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 1);
    assert_eq!(account_state(&app, "jaan@example.ee").await, before);
}

#[tokio::test]
async fn an_administrators_email_can_be_invited_but_gains_nothing_without_accepting() {
    let app = with_supervisor().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    let before = account_state(&app, "admin@example.ee").await;

    assert_eq!(app.client.post(STAFF, add("admin@example.ee")).await.status(), StatusCode::OK);

    assert_eq!(account_state(&app, "admin@example.ee").await, before, "no EMPLOYER role, no staff row, the profile untouched");
    let admin = signed_in(&app, "admin@example.ee").await;
    assert!(admin.me().await["company"].is_null());
    assert_eq!(admin.get("/api/employer/company").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(admin.get(STAFF).await.status(), StatusCode::FORBIDDEN);
    let mine: Vec<Value> = admin.get(MINE).await.json().await.unwrap();
    assert_eq!(mine.len(), 1, "the invitation waits in the administrator's own account");
}

#[tokio::test]
async fn another_user_cannot_accept_or_decline_someone_elses_invitation() {
    let app = with_supervisor().await;
    app.create_user("mari@example.ee", &[]).await;
    app.create_user("kalle@example.ee", &[]).await;
    let invitation: Value = app.client.post(STAFF, add("mari@example.ee")).await.json().await.unwrap();
    let id = invitation["id"].as_str().unwrap();
    let kalle = signed_in(&app, "kalle@example.ee").await;
    let kalle_before = account_state(&app, "kalle@example.ee").await;

    let mine: Vec<Value> = kalle.get(MINE).await.json().await.unwrap();
    assert!(mine.is_empty(), "kalle sees no one else's invitation");
    let (status, error) = error_of(kalle.post_empty(&format!("{MINE}/{id}/accept")).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{error}");
    assert_eq!(kalle.post_empty(&format!("{MINE}/{id}/decline")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client.post_empty(&format!("{MINE}/{id}/accept")).await.status(), StatusCode::NOT_FOUND, "nor the supervisor who sent it");

    assert_eq!(account_state(&app, "kalle@example.ee").await, kalle_before);
    let invited: Vec<Value> = app.client.get(INVITATIONS).await.json().await.unwrap();
    assert_eq!(invited.len(), 1, "mari's invitation still waits");
}

#[tokio::test]
async fn the_supervisor_withdraws_an_invitation_and_other_staff_see_none() {
    let app = with_supervisor().await;
    app.create_user("mari@example.ee", &[]).await;
    let invitation: Value = app.client.post(STAFF, add("mari@example.ee")).await.json().await.unwrap();
    let id = invitation["id"].as_str().unwrap();

    app.create_user("colleague@example.ee", &["EMPLOYER"]).await;
    sqlx::query("insert into company_staff (company_id, user_id) select c.id, u.id from companies c, users u where u.username = 'colleague@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    let colleague = signed_in(&app, "colleague@example.ee").await;
    assert_eq!(colleague.get(INVITATIONS).await.status(), StatusCode::FORBIDDEN, "only the supervisor sees the invited e-mails");
    assert_eq!(colleague.delete(&format!("{INVITATIONS}/{id}")).await.status(), StatusCode::FORBIDDEN);

    assert_eq!(app.client.delete(&format!("{INVITATIONS}/{id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.client.delete(&format!("{INVITATIONS}/{id}")).await.status(), StatusCode::NOT_FOUND, "withdrawn already");
    let mari = signed_in(&app, "mari@example.ee").await;
    let mine: Vec<Value> = mari.get(MINE).await.json().await.unwrap();
    assert!(mine.is_empty());
    assert_eq!(mari.post_empty(&format!("{MINE}/{id}/accept")).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_expired_invitation_cannot_be_accepted_and_a_new_add_renews_it() {
    let app = with_supervisor().await;
    app.create_user("mari@example.ee", &[]).await;
    let invitation: Value = app.client.post(STAFF, add("mari@example.ee")).await.json().await.unwrap();
    let id = invitation["id"].as_str().unwrap();
    sqlx::query("update company_staff_invitations set expires_at = now() - interval '1 second'").execute(&app.pool).await.unwrap();
    let mari = signed_in(&app, "mari@example.ee").await;
    assert_eq!(mari.post_empty(&format!("{MINE}/{id}/accept")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(account_state(&app, "mari@example.ee").await.staff_rows, 0);

    let renewed: Value = app.client.post(STAFF, add("mari@example.ee")).await.json().await.unwrap();
    assert_eq!(renewed["id"], invitation["id"]);
    assert_eq!(queued_invitation_mails(&app).await, 2, "a renewed invitation is mailed again");
    assert_eq!(mari.post_empty(&format!("{MINE}/{id}/accept")).await.status(), StatusCode::OK);
    assert_eq!(account_state(&app, "mari@example.ee").await.staff_rows, 1);
}

#[tokio::test]
async fn an_administrator_acting_as_the_person_cannot_answer_their_invitation() {
    let app = with_supervisor().await;
    app.create_user("mari@example.ee", &[]).await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    let invitation: Value = app.client.post(STAFF, add("mari@example.ee")).await.json().await.unwrap();
    let id = invitation["id"].as_str().unwrap();
    let admin = signed_in(&app, "admin@example.ee").await;
    let response = admin.get("/api/admin/represent/mari@example.ee").await;
    assert_eq!(response.status(), StatusCode::OK, "the administrator acts as mari");

    assert_eq!(admin.post_empty(&format!("{MINE}/{id}/accept")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(admin.post_empty(&format!("{MINE}/{id}/decline")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(account_state(&app, "mari@example.ee").await.staff_rows, 0);
}

#[tokio::test]
async fn at_most_50_invitations_of_a_company_wait_at_once() {
    let app = with_supervisor().await;
    sqlx::query(
        "insert into company_staff_invitations (company_id, email, locale, expires_at)
         select c.id, 'person' || n || '@example.ee', 'et', now() + interval '1 day' from companies c, generate_series(1, $1) n",
    )
    .bind(PENDING_MAX as i32)
    .execute(&app.pool)
    .await
    .unwrap();

    let (status, error) = error_of(app.client.post(STAFF, add("one-more@example.ee")).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("email")), "{error}");
    assert_eq!(queued_invitation_mails(&app).await, 0);
    let again = app.client.post(STAFF, add("person1@example.ee")).await;
    assert_eq!(again.status(), StatusCode::OK, "a pending one is answered still");

    sqlx::query("update company_staff_invitations set expires_at = now() - interval '1 second' where email = 'person2@example.ee'").execute(&app.pool).await.unwrap();
    assert_eq!(app.client.post(STAFF, add("one-more@example.ee")).await.status(), StatusCode::OK, "an expired one no longer counts");
}
