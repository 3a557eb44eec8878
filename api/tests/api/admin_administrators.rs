//! The administrators, run by supervisors only: add by e-mail, name and phone; remove; never
//! oneself or the last supervisor.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{error_of, spawn_app};

fn new_admin(email: &str) -> Value {
    json!({ "email": email, "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+372 5123 4567" })
}

#[tokio::test]
async fn a_supervisor_adds_an_administrator_who_signs_in_and_removes_them() {
    let app = spawn_app().await;
    app.create_user("juht@vakants.ee", &["SUPERVISOR"]).await;
    let supervisor = app.new_client();
    supervisor.sign_in("juht@vakants.ee").await;

    let response = supervisor.post("/api/admin/administrators", new_admin(" Mari@Vakants.ee ")).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let added: Value = response.json().await.unwrap();
    assert_eq!((added["email"].clone(), added["supervisor"].clone(), added["phoneNumber"].clone()), (json!("mari@vakants.ee"), json!(false), json!("+37251234567")));
    let list: Vec<Value> = supervisor.get("/api/admin/administrators").await.json().await.unwrap();
    assert_eq!(list.iter().map(|a| a["email"].as_str().unwrap()).collect::<Vec<_>>(), ["juht@vakants.ee", "mari@vakants.ee"], "supervisors first");

    let mari = app.new_client();
    mari.sign_in("mari@vakants.ee").await;
    assert_eq!(mari.get("/api/admin/company/EE").await.status(), StatusCode::OK, "the new administrator reaches the back office");
    assert_eq!(error_of(mari.get("/api/admin/administrators").await).await.0, StatusCode::FORBIDDEN, "an ADMIN does not see administrators");
    assert_eq!(error_of(mari.post("/api/admin/administrators", new_admin("x@vakants.ee")).await).await.0, StatusCode::FORBIDDEN);

    let (status, body) = error_of(supervisor.in_english().post("/api/admin/administrators", new_admin("mari@vakants.ee")).await).await;
    assert_eq!((status, body["field"].clone(), body["message"].clone()), (StatusCode::BAD_REQUEST, json!("email"), json!("This user is already registered in the system")));
    let mut no_code = new_admin("jaan@vakants.ee");
    no_code["phoneNumber"] = json!("5123 4567");
    let (status, body) = error_of(supervisor.post("/api/admin/administrators", no_code).await).await;
    assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("phoneNumber")));
    let mut nameless = new_admin("jaan@vakants.ee");
    nameless["lastname"] = json!(" ");
    assert_eq!(error_of(supervisor.post("/api/admin/administrators", nameless).await).await.1["field"], "lastname");

    assert_eq!(supervisor.delete("/api/admin/administrators?username=mari@vakants.ee").await.status(), StatusCode::NO_CONTENT);
    assert_eq!(error_of(mari.get("/api/admin/company/EE").await).await.0, StatusCode::UNAUTHORIZED, "signed out everywhere");
    let roles: Vec<String> = sqlx::query_scalar("select r.role from user_roles r join users u on u.id = r.user_id where u.username = 'mari@vakants.ee'")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(roles, ["USER"]);
    assert_eq!(error_of(supervisor.delete("/api/admin/administrators?username=mari@vakants.ee").await).await.0, StatusCode::NOT_FOUND);
    let actions: Vec<String> = sqlx::query_scalar("select action from audit_log where action like 'administrator.%' order by id").fetch_all(&app.pool).await.unwrap();
    assert_eq!(actions, ["administrator.add", "administrator.remove"]);
}

#[tokio::test]
async fn nobody_removes_themselves_or_the_last_supervisor() {
    let app = spawn_app().await;
    app.create_user("juht@vakants.ee", &["SUPERVISOR"]).await;
    app.create_user("teine@vakants.ee", &["SUPERVISOR"]).await;
    let supervisor = app.new_client();
    supervisor.sign_in("juht@vakants.ee").await;

    let (status, body) = error_of(supervisor.in_english().delete("/api/admin/administrators?username=juht@vakants.ee").await).await;
    assert_eq!((status, body["message"].clone()), (StatusCode::BAD_REQUEST, json!("You cannot remove yourself")));
    let other = app.new_client();
    other.sign_in("teine@vakants.ee").await;

    // two supervisors removing each other at once: one wins, and a supervisor is always left
    let (one, two) = tokio::join!(
        supervisor.delete("/api/admin/administrators?username=teine@vakants.ee"),
        other.delete("/api/admin/administrators?username=juht@vakants.ee"),
    );
    let statuses = [one.status(), two.status()];
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::NO_CONTENT).count(), 1, "{statuses:?}");
    let left: i64 = sqlx::query_scalar("select count(*) from user_roles where role = 'SUPERVISOR'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 1);
}

#[tokio::test]
async fn an_administrator_keeps_their_name_phone_and_language_in_my_profile() {
    let app = spawn_app().await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let admin = app.new_client();
    admin.sign_in("admin@vakants.ee").await;
    assert_eq!(admin.me().await["profile"]["language"], "et", "the language chosen at registration");

    let profile = json!({ "firstname": " Anne ", "lastname": "Admin", "phoneNumber": "+371 2012 3456", "language": "en" });
    let response = admin.post("/api/user/profile", profile).await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = response.json().await.unwrap();
    assert_eq!(
        (me["profile"]["firstname"].clone(), me["profile"]["phoneNumber"].clone(), me["profile"]["language"].clone()),
        (json!("Anne"), json!("+37120123456"), json!("en"))
    );
    let locale: String = sqlx::query_scalar("select locale from users where username = 'admin@vakants.ee'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(locale, "en", "her e-mails come in English");

    let (status, body) =
        error_of(admin.post("/api/user/profile", json!({ "firstname": "Anne", "lastname": "Admin", "phoneNumber": "+37120123456", "language": "de" })).await).await;
    assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("language")));
    let kept = admin.post("/api/user/profile", json!({ "firstname": "Anne", "lastname": "Admin", "phoneNumber": "+37120123456" })).await;
    assert_eq!(kept.json::<Value>().await.unwrap()["profile"]["language"], "en", "left as it is when not sent");
}
