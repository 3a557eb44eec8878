//! The employer's vacancies: the list with its tabs, counts, filters and paging, and the status
//! call on the transition table, with the search index following.

use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::search::{NewVacancy, eventually, publish, spawn_with_worker};

/// A vacancy of `company_id` with these stored facts; times are days from now.
pub(crate) async fn insert(app: &TestApp, company_id: Uuid, kind: &str, status: &str, payment: &str, publish_at: Option<i64>, valid_until: Option<i64>) -> Uuid {
    sqlx::query_scalar(
        "insert into vacancies (company_id, type, status, payment_status, occupation_code, occupation_label, publish_at, valid_until)
         values ($1, $2, $3, $4, case when $2 = 'DEFAULT' then 'COOK' end, case when $2 = 'CV_BASE' then 'Kokad' end,
                 now() + make_interval(days => $5), now() + make_interval(days => $6))
         returning id",
    )
    .bind(company_id)
    .bind(kind)
    .bind(status)
    .bind(payment)
    .bind(publish_at.map(|d| d as i32))
    .bind(valid_until.map(|d| d as i32))
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

pub(crate) async fn company_of(app: &TestApp, registry_code: &str) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = $1").bind(registry_code).fetch_one(&app.pool).await.unwrap()
}

/// The boss of Näide OÜ signed in on the app's client.
pub(crate) async fn employer(app: &TestApp) -> Uuid {
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    company_of(app, "12345678").await
}

async fn list(client: &TestClient, query: &str) -> Value {
    let response = client.get(&format!("/api/employer/vacancies{query}")).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    response.json().await.unwrap()
}

async fn put_status(client: &TestClient, id: Uuid, status: &str) -> Response {
    let token = client.xsrf().await;
    client
        .http
        .put(client.url(&format!("/api/employer/vacancies/{id}/status")))
        .header("x-xsrf-token", token)
        .json(&json!({ "status": status }))
        .send()
        .await
        .unwrap()
}

fn ids(page: &Value) -> Vec<String> {
    page["content"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_list_counts_every_tab_and_filters_by_tab_and_type() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let draft = insert(&app, company_id, "DEFAULT", "TEMPORARY", "NONE", None, None).await;
    let waiting = insert(&app, company_id, "DEFAULT", "EXISTS", "WAITING", Some(0), Some(29)).await;
    let active = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(29)).await;
    let scheduled = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(2), Some(32)).await;
    let hidden = insert(&app, company_id, "DEFAULT", "HIDDEN", "PAID", Some(-1), Some(29)).await;
    let finished = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-31), Some(-1)).await;
    let archived = insert(&app, company_id, "DEFAULT", "ARCHIVED", "PAID", Some(-40), Some(-10)).await;
    let cv_base = insert(&app, company_id, "CV_BASE", "EXISTS", "PAID", Some(-1), None).await;
    let deleted = insert(&app, company_id, "DEFAULT", "DELETED", "PAID", Some(-1), Some(29)).await;
    app.create_employer("muu@example.ee", &[("11111116", "Muu OÜ")]).await;
    let elsewhere = insert(&app, company_of(&app, "11111116").await, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(29)).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    sqlx::query("insert into applications (vacancy_id, applicant_user_id) select $1, id from users where username = 'mari@example.ee'")
        .bind(active)
        .execute(&app.pool)
        .await
        .unwrap();

    let all = list(&app.client, "").await;
    let expected = json!({ "all": 8, "active": 2, "drafts": 1, "waitingForPayment": 1, "hidden": 1, "archive": 1, "finished": 1, "cvDatabase": 1 });
    assert_eq!(all["counts"], expected);
    assert_eq!(all["totalElements"], 8);
    assert_eq!((all["page"].clone(), all["size"].clone(), all["totalPages"].clone()), (json!(0), json!(20), json!(1)));
    let listed = ids(&all);
    assert!(!listed.contains(&deleted.to_string()), "a deleted vacancy never shows");
    assert!(!listed.contains(&elsewhere.to_string()), "another company's vacancy never shows");

    let row = all["content"].as_array().unwrap().iter().find(|v| v["id"] == active.to_string()).unwrap();
    assert_eq!(row["displayedState"], "ACTIVE");
    assert_eq!(row["status"], "EXISTS");
    assert_eq!(row["type"], "DEFAULT");
    assert_eq!(row["occupationLabel"], "Kokk");
    assert_eq!(row["applicationsCount"], 1);
    for key in ["publishAt", "validUntil", "createdAt", "updatedAt"] {
        assert!(row[key].is_string(), "{key}: {row}");
    }

    let tabs = [
        ("active", vec![(active, "ACTIVE"), (scheduled, "WAITING_FOR_PUBLICATION")]),
        ("drafts", vec![(draft, "DRAFT")]),
        ("waitingForPayment", vec![(waiting, "WAITING_FOR_PAYMENT")]),
        ("hidden", vec![(hidden, "HIDDEN")]),
        ("archive", vec![(archived, "ARCHIVED")]),
        ("finished", vec![(finished, "FINISHED")]),
        ("cvDatabase", vec![(cv_base, "CV_DATABASE")]),
    ];
    for (tab, wanted) in tabs {
        let page = list(&app.client, &format!("?status={tab}")).await;
        assert_eq!(page["counts"], expected, "the counts ignore the filter ({tab})");
        let mut got: Vec<(String, String)> = page["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| (v["id"].as_str().unwrap().to_string(), v["displayedState"].as_str().unwrap().to_string()))
            .collect();
        let mut wanted: Vec<(String, String)> = wanted.into_iter().map(|(id, state)| (id.to_string(), state.to_string())).collect();
        got.sort();
        wanted.sort();
        assert_eq!(got, wanted, "{tab}");
    }

    let cv = list(&app.client, "?type=CV_BASE").await;
    assert_eq!(ids(&cv), vec![cv_base.to_string()]);
    assert_eq!(cv["content"][0]["occupationLabel"], "Kokad");
    assert_eq!(list(&app.client, "?type=DEFAULT").await["totalElements"], 7);
    assert_eq!(list(&app.client, "?type=CV_BASE&status=drafts").await["totalElements"], 0);

    let english = app.client.http.get(app.client.url("/api/employer/vacancies?status=drafts")).header("accept-language", "en").send().await.unwrap();
    let english: Value = english.json().await.unwrap();
    let label_en: String = sqlx::query_scalar("select label_en from ref_occupations where code = 'COOK'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(english["content"][0]["occupationLabel"], label_en.as_str());

    for (query, field) in [("?status=PUBLISHED", "status"), ("?type=OTHER", "type"), ("?size=101", "size"), ("?size=0", "size")] {
        let (status, error) = error_of(app.client.get(&format!("/api/employer/vacancies{query}")).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(error["field"], field, "{query}");
    }
}

#[tokio::test]
async fn the_list_is_paged_newest_change_first() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let mut made = Vec::new();
    for n in 0..25 {
        let id = insert(&app, company_id, "DEFAULT", "TEMPORARY", "NONE", None, None).await;
        sqlx::query("update vacancies set created_at = now() - make_interval(mins => $2), updated_at = now() - make_interval(mins => $2) where id = $1")
            .bind(id)
            .bind(100 - n)
            .execute(&app.pool)
            .await
            .unwrap();
        made.push(id.to_string());
    }
    made.reverse(); // newest first
    let first = list(&app.client, "?size=10").await;
    assert_eq!((first["totalElements"].clone(), first["totalPages"].clone()), (json!(25), json!(3)));
    assert_eq!(ids(&first), made[..10].to_vec());
    assert_eq!(ids(&list(&app.client, "?size=10&page=1").await), made[10..20].to_vec());
    let last = list(&app.client, "?size=10&page=2&status=drafts").await;
    assert_eq!(ids(&last), made[20..].to_vec());
    assert_eq!(last["counts"]["drafts"], 25);
    assert_eq!(ids(&list(&app.client, "?size=10&page=3").await), Vec::<String>::new());
    assert_eq!(list(&app.client, "").await["content"].as_array().unwrap().len(), 20, "20 by default");
}

#[tokio::test]
async fn only_the_company_s_staff_reach_its_vacancies() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let own = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(29)).await;
    app.create_employer("muu@example.ee", &[("11111116", "Muu OÜ")]).await;
    let elsewhere = insert(&app, company_of(&app, "11111116").await, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(29)).await;

    let (status, _) = error_of(put_status(&app.client, elsewhere, "HIDDEN").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another company's vacancy");
    let still: String = sqlx::query_scalar("select status from vacancies where id = $1").bind(elsewhere).fetch_one(&app.pool).await.unwrap();
    assert_eq!(still, "EXISTS");
    assert_eq!(error_of(put_status(&app.client, Uuid::new_v4(), "HIDDEN").await).await.0, StatusCode::NOT_FOUND);

    let anonymous = app.new_client();
    assert_eq!(anonymous.get("/api/employer/vacancies").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(put_status(&anonymous, own, "HIDDEN").await.status(), StatusCode::UNAUTHORIZED);

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    assert_eq!(applicant.get("/api/employer/vacancies").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(put_status(&applicant, own, "HIDDEN").await.status(), StatusCode::FORBIDDEN);
}

async fn set(app: &TestApp, id: Uuid, status: &str) -> Value {
    let response = put_status(&app.client, id, status).await;
    assert_eq!(response.status(), StatusCode::OK, "{status}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_status_call_follows_the_table_and_the_index_follows() {
    let app = spawn_with_worker().await;
    let company_id = employer(&app).await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    let found = |p: &Value| p["content"].as_array().unwrap().iter().any(|v| v["vacancyId"] == id.to_string());
    eventually(&app, json!({}), found).await;

    let hidden = set(&app, id, "HIDDEN").await;
    assert_eq!((hidden["id"].clone(), hidden["status"].clone(), hidden["displayedState"].clone()), (json!(id), json!("HIDDEN"), json!("HIDDEN")));
    assert_eq!(list(&app.client, "?status=hidden").await["counts"]["hidden"], 1);
    assert_eq!(ids(&list(&app.client, "?status=hidden").await), vec![id.to_string()]);
    eventually(&app, json!({}), |p| !found(p)).await;

    let shown = set(&app, id, "EXISTS").await;
    assert_eq!(shown["displayedState"], "ACTIVE");
    assert_eq!(ids(&list(&app.client, "?status=active").await), vec![id.to_string()]);
    eventually(&app, json!({}), found).await;

    let archived = set(&app, id, "ARCHIVED").await;
    assert_eq!(archived["displayedState"], "ARCHIVED");
    assert_eq!(ids(&list(&app.client, "?status=archive").await), vec![id.to_string()]);
    eventually(&app, json!({}), |p| !found(p)).await;
    // an archived vacancy is neither hidden nor shown again
    let (status, error) = error_of(put_status(&app.client, id, "HIDDEN").await).await;
    assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("status")));

    let deleted = set(&app, id, "DELETED").await;
    assert_eq!(deleted["displayedState"], "DELETED");
    let after = list(&app.client, "").await;
    assert_eq!(after["counts"]["all"], 0);
    assert_eq!(after["totalElements"], 0);
    assert_eq!(error_of(put_status(&app.client, id, "EXISTS").await).await.0, StatusCode::NOT_FOUND, "a deleted vacancy is gone");
}

#[tokio::test]
async fn a_refused_move_is_a_400_naming_status() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let draft = insert(&app, company_id, "DEFAULT", "TEMPORARY", "NONE", None, None).await;
    let waiting = insert(&app, company_id, "DEFAULT", "EXISTS", "WAITING", Some(0), Some(29)).await;
    for (id, status) in
        [(draft, "ARCHIVED"), (draft, "HIDDEN"), (draft, "TEMPORARY"), (draft, "exists"), (waiting, "HIDDEN"), (waiting, "EXISTS")]
    {
        let (code, error) = error_of(put_status(&app.client, id, status).await).await;
        assert_eq!(code, StatusCode::BAD_REQUEST, "{status}");
        assert_eq!(error["field"], "status", "{status}: {error}");
    }
    // publishing without saying what to buy names what is missing (publishing.rs has the rest)
    let (code, error) = error_of(put_status(&app.client, draft, "EXISTS").await).await;
    assert_eq!((code, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("productCodes")));
    let stored: String = sqlx::query_scalar("select status from vacancies where id = $1").bind(draft).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, "TEMPORARY", "nothing was published");

    let gone = set(&app, draft, "DELETED").await;
    assert_eq!(gone["displayedState"], "DELETED");
    assert_eq!(set(&app, waiting, "DELETED").await["displayedState"], "DELETED");
    assert_eq!(list(&app.client, "").await["counts"]["all"], 0);
}

#[tokio::test]
async fn the_list_sorts_by_any_listed_field_ties_by_id_and_refuses_another() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let soon = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(5)).await;
    let later = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-2), Some(20)).await;
    let draft = insert(&app, company_id, "CV_BASE", "TEMPORARY", "NONE", None, None).await;
    sqlx::query("update vacancies set created_at = '2026-01-01T10:00:00Z', updated_at = '2026-01-01T10:00:00Z'").execute(&app.pool).await.unwrap();
    let mut tied = vec![soon.to_string(), later.to_string(), draft.to_string()];
    tied.sort();

    assert_eq!(ids(&list(&app.client, "?sort=validUntil").await), [later.to_string(), soon.to_string(), draft.to_string()], "latest expiry first, none last");
    assert_eq!(ids(&list(&app.client, "?sort=validUntil&order=asc").await), [soon.to_string(), later.to_string(), draft.to_string()]);
    assert_eq!(ids(&list(&app.client, "?sort=published").await), [soon.to_string(), later.to_string(), draft.to_string()]);
    assert_eq!(ids(&list(&app.client, "?sort=created&order=asc").await), tied, "equal dates are ordered by id");
    let paged: Vec<String> = [list(&app.client, "?sort=created&order=asc&size=1&page=1").await, list(&app.client, "?sort=created&order=asc&size=1&page=2").await]
        .iter()
        .flat_map(ids)
        .collect();
    assert_eq!(paged, tied[1..], "the same order page by page");
    let by_occupation = list(&app.client, "?sort=occupation&status=active").await;
    assert_eq!(by_occupation["totalElements"], 2, "sorting keeps the tab's filter");

    for (query, field) in [("?sort=salary", "sort"), ("?sort=created&order=newest", "order")] {
        let (status, error) = error_of(app.client.get(&format!("/api/employer/vacancies{query}")).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{query}");
    }
}
