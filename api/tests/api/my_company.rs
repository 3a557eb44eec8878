//! The my-company calls: the company's general information (any staff member edits it; the public
//! company page and an index job follow on the same commit) and its staff (the supervisor runs it;
//! people join by accepting an invitation, see `staff_invitations`).

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use domain::companies::invitations::{self, INVITATION_QUEUE, MailStaffInvitation};

use crate::helpers::{TEST_PUBLIC_URL, TestApp, TestClient, error_of, spawn_app};

const PROFILE: &str = "/api/employer/companies/EE/12345678/profile";
const STAFF: &str = "/api/employer/company/EE/12345678/staff";

pub(crate) async fn company_id(app: &TestApp, registry_code: &str) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = $1").bind(registry_code).fetch_one(&app.pool).await.unwrap()
}

async fn user_id(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap()
}

/// The queued staff invitation mails.
async fn invitation_jobs(app: &TestApp) -> Vec<MailStaffInvitation> {
    let jobs: Vec<Vec<u8>> = sqlx::query_scalar("select job from apalis.jobs where job_type = $1")
        .bind(INVITATION_QUEUE)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    jobs.iter().map(|job| serde_json::from_slice(job).unwrap()).collect()
}

fn full_profile() -> Value {
    json!({
        "address": "Harju maakond, Tallinn, Narva mnt 5",
        "adsAdrId": 2280361,
        "ehakCode": "0784",
        "categoryCodes": ["IT"],
        "companyType": "OÜ",
        "employerType": "Erasektor",
        "contactPhoneNumber": "+372 5123 4567",
        "email": "Info@Naide.ee",
        "invoicesEmail": "arved@naide.ee",
        "website": "https://naide.ee",
        "descriptions": [{ "languageCode": "et", "content": "{\"ops\":[{\"insert\":\"Teeme puitmaju\\n\"}]}" }],
        "facebook": "https://facebook.com/naide",
        "linkedIn": "https://linkedin.com/company/naide"
    })
}

#[tokio::test]
async fn a_staff_member_saves_the_general_information_and_the_public_page_shows_it() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    let category: String = sqlx::query_scalar("select code from ref_categories order by code limit 1").fetch_one(&app.pool).await.unwrap();
    let size: String = sqlx::query_scalar("select code from ref_company_sizes order by code limit 1").fetch_one(&app.pool).await.unwrap();
    app.client.sign_in("boss@example.ee").await;
    let mut body = full_profile();
    body["categoryCodes"] = json!([category]);
    body["companySizeCode"] = json!(size);

    let response = app.client.post(PROFILE, body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["profile"]["email"], "info@naide.ee");
    assert_eq!(saved["profile"]["contactPhoneNumber"], "+37251234567");
    assert_eq!(saved["isSupervisor"], true);

    let mine: Value = app.client.get("/api/employer/company").await.json().await.unwrap();
    assert_eq!(mine["businessName"], "Näide OÜ");
    assert_eq!(mine["profile"]["invoicesEmail"], "arved@naide.ee");
    assert_eq!(mine["profile"]["categoryCodes"], json!([category]));

    let public: Value = app.new_client().get("/api/open/companies/EE/12345678").await.json().await.unwrap();
    assert_eq!(public["address"]["address"], "Harju maakond, Tallinn, Narva mnt 5");
    assert_eq!(public["address"]["adrId"], 2280361);
    assert_eq!(public["cityCode"], "0784");
    assert_eq!(public["profile"]["email"], "info@naide.ee");
    assert_eq!(public["profile"]["website"], "https://naide.ee");
    assert_eq!(public["profile"]["linkedIn"], "https://linkedin.com/company/naide");
    assert_eq!(public["profile"]["categories"][0]["code"], category);
    assert_eq!(public["profile"]["companySize"]["code"], size);
    assert!(public["profile"]["descriptions"][0]["content"].as_str().unwrap().contains("Teeme puitmaju"));

    let id = company_id(&app, "12345678").await;
    assert_eq!(company_writes(&app, id, "company.profile").await, (1, 1), "one index job and one audit row");
}

/// How many index jobs of the company are queued, and how many audit rows of `action` name it.
pub(crate) async fn company_writes(app: &TestApp, company_id: Uuid, action: &str) -> (i64, i64) {
    sqlx::query_as(
        "select (select count(*) from apalis.jobs where job_type = $1 and job = $2),
                (select count(*) from audit_log where action = $3 and target_company_id = $4)",
    )
    .bind(domain::platform::jobs::INDEX_QUEUE)
    .bind(serde_json::to_vec(&domain::platform::jobs::IndexJob::Company(company_id)).unwrap())
    .bind(action)
    .bind(company_id)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_bad_profile_is_a_400_naming_the_field_and_changes_nothing() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    let cases = [
        ("email", json!(null)),
        ("email", json!("not-an-email")),
        ("invoicesEmail", json!("arved@")),
        ("contactPhoneNumber", json!("5123 4567")),
        ("website", json!("naide.ee")),
        ("facebook", json!("javascript:alert(1)")),
        ("categoryCodes[0]", json!(["NO_SUCH_CATEGORY"])),
        ("companySizeCode", json!("NO_SUCH_SIZE")),
        ("ehakCode", json!("9999999")),
    ];
    for (field, value) in cases {
        let mut body = full_profile();
        body["categoryCodes"] = json!([]);
        let key = if field == "categoryCodes[0]" { "categoryCodes" } else { field };
        body[key] = value;
        let (status, error) = error_of(app.client.post(PROFILE, body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{field}");
        assert_eq!(error["field"], field, "{error}");
    }
    let stored: Option<String> = sqlx::query_scalar("select email from company_profiles").fetch_optional(&app.pool).await.unwrap();
    assert_eq!(stored, None);
}

#[tokio::test]
async fn another_companys_profile_and_staff_are_not_found() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    app.client.sign_in("other@example.ee").await;

    let (status, _) = error_of(app.client.post(PROFILE, full_profile()).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = error_of(app.client.get(STAFF).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let staff = json!({ "email": "x@example.ee" });
    assert_eq!(app.client.post(STAFF, staff).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client.get(&format!("{STAFF}/invitations")).await.status(), StatusCode::NOT_FOUND);
    let boss = user_id(&app, "boss@example.ee").await;
    assert_eq!(app.client.delete(&format!("{STAFF}?userId={boss}")).await.status(), StatusCode::NOT_FOUND);
    let me = user_id(&app, "other@example.ee").await;
    assert_eq!(app.client.post_empty(&format!("{STAFF}/supervisor/{me}")).await.status(), StatusCode::NOT_FOUND);
}

/// The supervisor (signed in on the app's client) invites `email`, whose account exists; the
/// person signs in on a client of their own and accepts. Answers that client and their user id.
async fn invite_and_accept(app: &TestApp, email: &str) -> (TestClient, Uuid) {
    let invitation: Value = app.client.post(STAFF, json!({ "email": email })).await.json().await.unwrap();
    let person = app.new_client();
    person.sign_in(email).await;
    let accepted = person.post_empty(&format!("/api/user/staff-invitations/{}/accept", invitation["id"].as_str().unwrap())).await;
    assert_eq!(accepted.status(), StatusCode::OK);
    (person, user_id(app, email).await)
}

#[tokio::test]
async fn the_supervisor_invites_a_new_email_whose_person_creates_the_account_through_the_mailed_link_and_accepts() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;

    let body = json!({ "email": " Mari@Example.ee ", "jobTitle": "Raamatupidaja" });
    let response = app.client.post(STAFF, body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let invitation: Value = response.json().await.unwrap();
    assert_eq!((invitation["email"].as_str(), invitation["status"].as_str()), (Some("mari@example.ee"), Some("invited")));
    let accounts: i64 = sqlx::query_scalar("select count(*) from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(accounts, 0, "no account is made for the person: they make it by signing in");

    let queued = invitation_jobs(&app).await;
    assert_eq!(queued.len(), 1, "the invitation is queued on the add's transaction");
    assert_eq!(queued[0], MailStaffInvitation { invitation_id: invitation["id"].as_str().unwrap().parse().unwrap() });
    assert!(invitations::mail_invitation(&app.pool, &app.mailing().mailer, TEST_PUBLIC_URL, &queued[0]).await.unwrap());
    let mails: Value = app.client.get("/api/dev/outbox?to=mari@example.ee").await.json().await.unwrap();
    let mail = &mails[0];
    assert!(mail["subject"].as_str().unwrap().contains("Näide OÜ"), "{mail}");
    assert!(mail["text"].as_str().unwrap().contains(&format!("{TEST_PUBLIC_URL}/et/login?p=/et/invitations")), "{mail}");

    let list: Vec<Value> = app.client.get(STAFF).await.json().await.unwrap();
    assert_eq!(list.iter().map(|m| m["email"].as_str().unwrap()).collect::<Vec<_>>(), ["boss@example.ee"], "not on the staff before accepting");

    // the sign-in page finds no account, so the web asks for the consents and registers it
    let mari = app.new_client();
    let known: bool = mari.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await.json().await.unwrap();
    assert!(!known);
    let me = mari.sign_in("mari@example.ee").await;
    assert_eq!(me["roles"], json!(["USER"]), "{me}");
    let mine: Vec<Value> = mari.get("/api/user/staff-invitations").await.json().await.unwrap();
    assert_eq!(mine.len(), 1);
    let response = mari.post_empty(&format!("/api/user/staff-invitations/{}/accept", mine[0]["id"].as_str().unwrap())).await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = response.json().await.unwrap();
    assert!(me["roles"].as_array().unwrap().contains(&json!("EMPLOYER")), "{me}");
    assert_eq!(me["company"]["registryCode"], "12345678");
    let company: Value = mari.get("/api/employer/company").await.json().await.unwrap();
    assert_eq!(company["isSupervisor"], false);
    let list: Vec<Value> = app.client.get(STAFF).await.json().await.unwrap();
    assert_eq!(list.len(), 2);
}

#[tokio::test]
async fn an_account_a_company_made_before_invitations_gives_the_consents_at_its_first_sign_in() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    sqlx::query(
        "with u as (insert into users (username) values ('mari@example.ee') returning id),
              r as (insert into user_roles (user_id, role) select id, 'USER' from u union all select id, 'EMPLOYER' from u)
         insert into company_staff (company_id, user_id) select c.id, u.id from companies c, u",
    )
    .execute(&app.pool)
    .await
    .unwrap();

    let mari = app.new_client();
    let known: bool = mari.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await.json().await.unwrap();
    assert!(!known, "no code before the consents: the web asks for them as for a new account");
    let refused = mari.post("/api/auth/register", json!({ "email": "mari@example.ee", "termsOfUse": true })).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let me = mari.sign_in("mari@example.ee").await;
    assert_eq!(me["company"]["registryCode"], "12345678");
}

#[tokio::test]
async fn the_supervisor_edits_only_a_members_job_title_never_their_name_or_phone() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.create_user("jaan@example.ee", &[]).await;
    app.create_user("outsider@example.ee", &[]).await;
    app.client.sign_in("boss@example.ee").await;
    let (_, jaan) = invite_and_accept(&app, "jaan@example.ee").await;

    let (status, error) = error_of(app.client.post(STAFF, json!({ "email": "jaan@example.ee" })).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("email")), "a member is not invited again: {error}");
    for body in [json!({ "email": "jaan@example.ee", "firstname": "Jaan" }), json!({ "email": "new@example.ee", "phoneNumber": "+37255550000" })] {
        let (status, error) = error_of(app.client.post(STAFF, body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "the supervisor gives no name or phone: {error}");
    }
    let (status, error) = error_of(app.client.post(&format!("{STAFF}/{jaan}"), json!({ "jobTitle": "Laojuhataja", "firstname": "Jaan" })).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("firstname")), "{error}");

    let member: Value = app.client.post(&format!("{STAFF}/{jaan}"), json!({ "jobTitle": " Laojuhataja " })).await.json().await.unwrap();
    assert_eq!(member["jobTitle"], "Laojuhataja");
    assert_eq!((member["firstname"].as_str(), member["phoneNumber"].as_str()), (Some("Test"), Some("+37255555555")), "the name and phone are jaan's own");
    let profile: (String, String) = sqlx::query_as("select firstname, phone_number from profiles where user_id = $1").bind(jaan).fetch_one(&app.pool).await.unwrap();
    assert_eq!(profile, ("Test".to_string(), "+37255555555".to_string()));

    let (status, error) = error_of(app.client.post(&format!("{STAFF}/{jaan}"), json!({ "jobTitle": "x".repeat(101) })).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("jobTitle")));
    let outsider = user_id(&app, "outsider@example.ee").await;
    assert_eq!(app.client.post(&format!("{STAFF}/{outsider}"), json!({ "jobTitle": "Kuller" })).await.status(), StatusCode::NOT_FOUND, "only members");
    let cleared: Value = app.client.post(&format!("{STAFF}/{jaan}"), json!({ "jobTitle": "" })).await.json().await.unwrap();
    assert_eq!(cleared["jobTitle"], Value::Null);
}

#[tokio::test]
async fn an_invitation_without_a_valid_email_or_with_a_long_job_title_is_a_400_naming_the_field() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    for (body, field) in [
        (json!({ "email": "" }), "email"),
        (json!({ "email": "not an e-mail" }), "email"),
        (json!({ "email": "boss@example.ee" }), "email"),
        (json!({ "email": "mari@example.ee", "jobTitle": "x".repeat(101) }), "jobTitle"),
    ] {
        let (status, error) = error_of(app.client.post(STAFF, body).await).await;
        assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{error}");
    }
    let invitations: i64 = sqlx::query_scalar("select count(*) from company_staff_invitations").fetch_one(&app.pool).await.unwrap();
    assert_eq!(invitations, 0);
    assert!(invitation_jobs(&app).await.is_empty(), "no invitation mail for an add that failed");
}

#[tokio::test]
async fn a_staff_member_who_is_not_the_supervisor_may_read_the_staff_but_not_change_it() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.create_user("mari@example.ee", &["EMPLOYER"]).await;
    let company = company_id(&app, "12345678").await;
    let mari_id = user_id(&app, "mari@example.ee").await;
    let boss_id = user_id(&app, "boss@example.ee").await;
    sqlx::query("insert into company_staff (company_id, user_id) values ($1, $2)").bind(company).bind(mari_id).execute(&app.pool).await.unwrap();
    app.client.sign_in("mari@example.ee").await;

    assert_eq!(app.client.get(STAFF).await.status(), StatusCode::OK);
    let add = json!({ "email": "x@example.ee" });
    let (status, error) = error_of(app.client.post(STAFF, add).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("access_denied")));
    assert_eq!(app.client.post(&format!("{STAFF}/{boss_id}"), json!({ "jobTitle": "Boss" })).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.client.get(&format!("{STAFF}/invitations")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.client.delete(&format!("{STAFF}?userId={boss_id}")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.client.post_empty(&format!("{STAFF}/supervisor/{mari_id}")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.client.post(PROFILE, full_profile()).await.status(), StatusCode::OK, "any staff member edits the general information");
}

#[tokio::test]
async fn a_removed_staff_member_loses_the_company_at_their_next_request() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.sign_in("boss@example.ee").await;
    let (mari, mari_id) = invite_and_accept(&app, "mari@example.ee").await;
    assert_eq!(mari.get("/api/employer/company").await.status(), StatusCode::OK);
    assert_eq!(mari.get(STAFF).await.status(), StatusCode::OK);

    assert_eq!(app.client.delete(&format!("{STAFF}?userId={mari_id}")).await.status(), StatusCode::NO_CONTENT);

    assert_eq!(mari.get("/api/employer/company").await.status(), StatusCode::FORBIDDEN, "the session still names the company");
    assert_eq!(mari.get(STAFF).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(mari.post(PROFILE, full_profile()).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client.delete(&format!("{STAFF}?userId={mari_id}")).await.status(), StatusCode::NOT_FOUND, "removed already");
}

#[tokio::test]
async fn the_supervisor_cannot_remove_themself_but_hands_the_role_over_and_stays_on_the_staff() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.sign_in("boss@example.ee").await;
    let boss_id = user_id(&app, "boss@example.ee").await;
    let (status, error) = error_of(app.client.delete(&format!("{STAFF}?userId={boss_id}")).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("userId")));
    let outsider = Uuid::new_v4();
    assert_eq!(app.client.post_empty(&format!("{STAFF}/supervisor/{outsider}")).await.status(), StatusCode::NOT_FOUND);

    let (_, mari_id) = invite_and_accept(&app, "mari@example.ee").await;
    let response = app.client.post_empty(&format!("{STAFF}/supervisor/{mari_id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let list: Vec<Value> = app.client.get(STAFF).await.json().await.unwrap();
    assert_eq!(list[0]["email"], "mari@example.ee");
    assert_eq!(list[0]["isSupervisor"], true);
    assert_eq!(list[1]["isSupervisor"], false);

    let add = json!({ "email": "x@example.ee" });
    assert_eq!(app.client.post(STAFF, add).await.status(), StatusCode::FORBIDDEN, "the former supervisor runs the staff no more");
}

#[tokio::test]
async fn no_invitation_mail_goes_for_an_invitation_withdrawn_before_it_was_sent() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    let invitation: Value = app.client.post(STAFF, json!({ "email": "mari@example.ee" })).await.json().await.unwrap();
    let withdrawn = app.client.delete(&format!("{STAFF}/invitations/{}", invitation["id"].as_str().unwrap())).await;
    assert_eq!(withdrawn.status(), StatusCode::NO_CONTENT);

    let queued = invitation_jobs(&app).await;
    assert!(!invitations::mail_invitation(&app.pool, &app.mailing().mailer, TEST_PUBLIC_URL, &queued[0]).await.unwrap());
    let mails: Value = app.client.get("/api/dev/outbox?to=mari@example.ee").await.json().await.unwrap();
    assert_eq!(mails, json!([]));
}

#[tokio::test]
async fn the_worker_mails_the_queued_invitation_in_the_persons_language() {
    let app = crate::search::spawn_with_worker().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.create_user("jaan@example.ee", &[]).await;
    sqlx::query("update users set locale = 'en' where username = 'jaan@example.ee'").execute(&app.pool).await.unwrap();
    app.client.sign_in("boss@example.ee").await;
    let add = json!({ "email": "jaan@example.ee", "jobTitle": "Laojuhataja" });
    assert_eq!(app.client.post(STAFF, add).await.status(), StatusCode::OK);
    for _ in 0..100 {
        let outbox: Value = app.client.get("/api/dev/outbox?to=jaan@example.ee").await.json().await.unwrap();
        if let Some(mail) = outbox.as_array().unwrap().iter().find(|m| m["subject"].as_str().unwrap().contains("Näide OÜ")) {
            assert_eq!(mail["subject"], "Vakants: an invitation to join the staff of Näide OÜ");
            assert!(mail["text"].as_str().unwrap().contains(&format!("{TEST_PUBLIC_URL}/en/login?p=/en/invitations")), "{mail}");
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the worker never mailed the invitation");
}
