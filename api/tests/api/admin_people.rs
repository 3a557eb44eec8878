//! The back office's employers and applicants: search, paging, and deleting an applicant after a
//! wrong then the right username.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::cvs::{applicant, full_cv, save_ok};
use crate::helpers::{TestClient, error_of, spawn_app};

async fn admin(app: &crate::helpers::TestApp) -> TestClient {
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let client = app.new_client();
    client.sign_in("admin@vakants.ee").await;
    client
}

#[tokio::test]
async fn administrators_find_employers_and_applicants_by_email_or_name_and_page_through_them() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ"), ("87654321", "Lõuna Ehitus AS")]).await;
    let mari = applicant(&app, "mari@example.ee").await;
    save_ok(&mari, full_cv()).await;
    applicant(&app, "jaan@example.ee").await;
    sqlx::query("update profiles set firstname = 'Jaan', lastname = 'Tamm' where user_id = (select id from users where username = 'jaan@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    let admin = admin(&app).await;

    let employers: Value = admin.get("/api/admin/employers").await.json().await.unwrap();
    assert_eq!((employers["totalElements"].clone(), employers["size"].clone()), (json!(1), json!(2000)), "2000 a page by default");
    assert_eq!(employers["content"][0]["email"], "boss@firma.ee");
    assert_eq!(employers["content"][0]["companies"], json!(["Lõuna Ehitus AS", "Põhja Köök OÜ"]));

    let applicants: Value = admin.get("/api/admin/applicant").await.json().await.unwrap();
    assert_eq!(applicants["totalElements"], 2);
    assert_eq!(applicants["content"][0]["email"], "jaan@example.ee", "newest first");
    let mari_row = &applicants["content"][1];
    assert_eq!((mari_row["cvs"].clone(), mari_row["applications"].clone()), (json!(1), json!(0)));
    let by_name: Value = admin.get("/api/admin/applicant?search=jaan%20tam").await.json().await.unwrap();
    assert_eq!((by_name["totalElements"].clone(), by_name["content"][0]["email"].clone()), (json!(1), json!("jaan@example.ee")));
    let by_email: Value = admin.get("/api/admin/applicant?search=MARI@").await.json().await.unwrap();
    assert_eq!(by_email["content"][0]["email"], "mari@example.ee");
    let paged: Value = admin.get("/api/admin/applicant?size=1&page=1").await.json().await.unwrap();
    assert_eq!((paged["totalPages"].clone(), paged["content"][0]["email"].clone()), (json!(2), json!("mari@example.ee")));
    for path in ["/api/admin/applicant?size=2001", "/api/admin/employers?size=0"] {
        let (status, body) = error_of(admin.get(path).await).await;
        assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("size")), "{path}");
    }
    let (status, body) = error_of(admin.get(&format!("/api/admin/employers?search={}", "x".repeat(101))).await).await;
    assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("search")));

    assert_eq!(error_of(mari.get("/api/admin/applicant").await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(mari.get("/api/admin/employers").await).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_applicant_is_deleted_after_a_wrong_then_the_right_username_as_their_own_deletion_would() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    save_ok(&mari, full_cv()).await;
    let id: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let boss: Uuid = sqlx::query_scalar("select id from users where username = 'boss@firma.ee'").fetch_one(&app.pool).await.unwrap();
    let admin = admin(&app).await;
    let admin_id: Uuid = sqlx::query_scalar("select id from users where username = 'admin@vakants.ee'").fetch_one(&app.pool).await.unwrap();

    let (status, body) = error_of(admin.in_english().delete(&format!("/api/admin/applicant/{id}?username=jaan@example.ee")).await).await;
    assert_eq!((status, body["field"].clone(), body["message"].clone()), (StatusCode::BAD_REQUEST, json!("username"), json!("Wrong username")));
    assert_eq!(mari.get("/api/applicant/cv/my").await.status(), StatusCode::OK, "nothing happened");

    let (status, body) = error_of(admin.in_english().delete(&format!("/api/admin/applicant/{boss}?username=boss@firma.ee")).await).await;
    assert_eq!((status, body["message"].clone()), (StatusCode::BAD_REQUEST, json!("Failed to delete applicant boss@firma.ee")), "not an applicant");
    let (status, body) = error_of(admin.in_english().delete(&format!("/api/admin/applicant/{admin_id}?username=admin@vakants.ee")).await).await;
    assert_eq!((status, body["message"].clone()), (StatusCode::BAD_REQUEST, json!("Failed to delete applicant admin@vakants.ee")));
    assert_eq!(error_of(admin.delete(&format!("/api/admin/applicant/{}?username=x@y.ee", Uuid::new_v4())).await).await.0, StatusCode::NOT_FOUND);

    assert_eq!(admin.delete(&format!("/api/admin/applicant/{id}?username=%20Mari@Example.ee")).await.status(), StatusCode::NO_CONTENT);
    let (cvs, deleted): (i64, bool) = sqlx::query_as("select (select count(*) from cvs where owner_user_id = $1), deleted_at is not null from users where id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!((cvs, deleted), (0, true), "CVs erased, the account a tombstone");
    assert_eq!(error_of(mari.get("/api/applicant/cv/my").await).await.0, StatusCode::UNAUTHORIZED, "signed out");
    let (actor, target): (Option<Uuid>, Option<Uuid>) = sqlx::query_as("select actor_user_id, target_user_id from audit_log where action = 'applicant.delete'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!((actor, target), (Some(admin_id), Some(id)));
    let listed: Value = admin.get("/api/admin/applicant").await.json().await.unwrap();
    assert_eq!(listed["totalElements"], 0);
}

#[tokio::test]
async fn administrators_sort_people_by_any_listed_field_ties_by_id_and_hear_which_field_was_wrong() {
    let app = spawn_app().await;
    for (email, first, last) in [("anna@example.ee", "Anna", "Tamm"), ("berit@example.ee", "Berit", "Aas"), ("carl@example.ee", "Carl", "Mets")] {
        app.create_user(email, &["APPLICANT"]).await;
        sqlx::query("update profiles set firstname = $2, lastname = $3 where user_id = (select id from users where username = $1)")
            .bind(email)
            .bind(first)
            .bind(last)
            .execute(&app.pool)
            .await
            .unwrap();
    }
    // anna and berit registered at the same moment: the id decides, the same way on every page
    sqlx::query("update users set created_at = '2026-01-01T10:00:00Z', modified_at = '2026-01-02T10:00:00Z' where username in ('anna@example.ee', 'berit@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("update users set created_at = '2026-02-01T10:00:00Z', modified_at = '2026-02-02T10:00:00Z' where username = 'carl@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    let admin = admin(&app).await;
    let emails = |page: &Value| -> Vec<String> { page["content"].as_array().unwrap().iter().map(|p| p["email"].as_str().unwrap().to_string()).collect() };
    let list = |query: &'static str| {
        let admin = &admin;
        async move {
            let response = admin.get(&format!("/api/admin/applicant{query}")).await;
            assert_eq!(response.status(), StatusCode::OK, "{query}");
            response.json::<Value>().await.unwrap()
        }
    };

    assert_eq!(emails(&list("?sort=email").await), ["anna@example.ee", "berit@example.ee", "carl@example.ee"], "texts A to Z by default");
    assert_eq!(emails(&list("?sort=email&order=desc").await), ["carl@example.ee", "berit@example.ee", "anna@example.ee"]);
    assert_eq!(emails(&list("?sort=name").await), ["berit@example.ee", "carl@example.ee", "anna@example.ee"], "by last name");
    let tied: Vec<String> = {
        let mut ids: Vec<(Uuid, String)> = sqlx::query_as("select id, username from users where username in ('anna@example.ee', 'berit@example.ee')")
            .fetch_all(&app.pool)
            .await
            .unwrap();
        ids.sort();
        ids.into_iter().map(|(_, email)| email).collect()
    };
    let oldest_first = emails(&list("?sort=created&order=asc").await);
    assert_eq!(oldest_first[..2], tied[..], "equal dates are ordered by id");
    assert_eq!(oldest_first[2], "carl@example.ee");
    let one_by_one: Vec<String> = [list("?sort=created&order=asc&size=1&page=0").await, list("?sort=created&order=asc&size=1&page=1").await]
        .iter()
        .flat_map(emails)
        .collect();
    assert_eq!(one_by_one, tied, "the same order page by page");

    // signing in is not a change of the account; a new phone number is
    let anna = app.new_client();
    anna.sign_in("anna@example.ee").await;
    let modified = list("?sort=modified").await;
    assert_eq!(modified["content"][0]["email"], "carl@example.ee", "a sign-in leaves the modified date: {modified}");
    sqlx::query("update profiles set phone_number = '+372 5555 5555' where user_id = (select id from users where username = 'anna@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    let modified = list("?sort=modified").await;
    assert_eq!(modified["content"][0]["email"], "anna@example.ee", "the profile changed: {modified}");
    assert!(modified["content"][0]["modifiedAt"].as_str().unwrap() > modified["content"][0]["createdAt"].as_str().unwrap());
    assert_eq!(emails(&list("?sort=lastLogin").await)[0], "anna@example.ee", "the latest sign-in first");

    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let employers: Value = admin.get("/api/admin/employers?sort=modified&order=asc").await.json().await.unwrap();
    assert_eq!(employers["content"][0]["email"], "boss@firma.ee");
    assert!(employers["content"][0]["modifiedAt"].is_string(), "an employer user's modified date: {employers}");

    for (path, field) in [
        ("/api/admin/applicant?sort=password", "sort"),
        ("/api/admin/employers?sort=created%3Bdrop", "sort"),
        ("/api/admin/employers?sort=email&order=up", "order"),
    ] {
        let (status, body) = error_of(admin.get(path).await).await;
        assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{path}");
    }
}
