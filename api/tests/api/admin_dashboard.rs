//! The back office's dashboard (issue 19): who may read it, and figures that follow what happens —
//! an invoice issued and paid, a vacancy going live, an application, a CV in the database — on
//! Tallinn days.

use chrono::{TimeDelta, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::candidates::{apply, company_id, vacancy_with_questions};
use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::publishing::{complete_draft, employer_client, published};
use crate::search::{NewVacancy, publish};

async fn admin(app: &TestApp, email: &str, roles: &[&str]) -> TestClient {
    app.create_user(email, roles).await;
    let client = app.new_client();
    client.sign_in(email).await;
    client
}

async fn dashboard(client: &TestClient) -> Value {
    let response = client.get("/api/admin/dashboard").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn figures(board: &Value) -> [i64; 6] {
    [
        "vacanciesLive",
        "publishedToday",
        "applicationsToday",
        "revenuePaidCents",
        "revenueUnpaidCents",
        "cvDatabaseSize",
    ]
    .map(|key| board[key].as_i64().unwrap_or_else(|| panic!("{key} in {board}")))
}

fn last_days(board: &Value, n: usize) -> Vec<i64> {
    let days = board["publishedPerDay"].as_array().unwrap();
    days[days.len() - n..].iter().map(|d| d["count"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn administrators_and_supervisors_read_the_dashboard_and_nobody_else() {
    let app = spawn_app().await;
    let (employer, _) = employer_client(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ", false).await;
    assert_eq!(error_of(employer.get("/api/admin/dashboard").await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(app.new_client().get("/api/admin/dashboard").await).await.0, StatusCode::UNAUTHORIZED);
    let supervisor = admin(&app, "boss@vakants.ee", &["ADMIN", "SUPERVISOR"]).await;
    let administrator = admin(&app, "admin@vakants.ee", &["ADMIN"]).await;
    for client in [&supervisor, &administrator] {
        let board = dashboard(client).await;
        assert_eq!(figures(&board), [0; 6]);
        let days = board["publishedPerDay"].as_array().unwrap();
        assert_eq!(days.len(), 30, "30 days, today included");
        assert_eq!(days[29], json!({ "day": board["today"], "count": 0 }));
        let today = chrono::NaiveDate::parse_from_str(board["today"].as_str().unwrap(), "%Y-%m-%d").unwrap();
        assert_eq!(today, Utc::now().with_timezone(&chrono_tz::Europe::Tallinn).date_naive(), "a Tallinn day");
        assert_eq!(days[0]["day"], json!((today - TimeDelta::days(29)).to_string()));
    }
}

#[tokio::test]
async fn the_figures_follow_an_invoice_paid_a_vacancy_live_an_application_and_a_cv() {
    let app = spawn_app().await;
    let administrator = admin(&app, "admin@vakants.ee", &["ADMIN"]).await;

    // a vacancy waiting for payment on an unpaid invoice (35.96 €): revenue unpaid, nothing live
    let (employer, company) = employer_client(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ", false).await;
    let vacancy = complete_draft(&app, company, "kokk", None).await;
    let invoice = published(&employer, vacancy, &["VACANCY"]).await["invoice"].clone();
    assert_eq!(figures(&dashboard(&administrator).await), [0, 0, 0, 0, 3596, 0]);

    // the administrator forces the payment: the revenue is paid, the vacancy is live, published today
    let id = invoice["id"].as_str().unwrap();
    let paid: Value = administrator.get(&format!("/api/admin/invoice/{id}/forcedPayment?reason=cash")).await.json().await.unwrap();
    assert_eq!(paid["paidNow"], true);
    let board = dashboard(&administrator).await;
    assert_eq!(figures(&board), [1, 1, 0, 3596, 0, 0]);
    assert_eq!(last_days(&board, 2), vec![0, 1]);

    // a vacancy that went live yesterday (Tallinn) counts as live and on yesterday's bar only; one
    // waiting for its publish time counts nowhere; an invoice deleted leaves the revenue
    app.create_employer("chef@kohvik.ee", &[("87654321", "Kohvik OÜ")]).await;
    let other = company_id(&app, "87654321").await;
    let yesterday = Utc::now().with_timezone(&chrono_tz::Europe::Tallinn) - TimeDelta::days(1);
    publish(&app, other, NewVacancy { publish_at: Some(yesterday.to_utc()), ..NewVacancy::default() }, true).await;
    publish(&app, other, NewVacancy { publish_at: Some(Utc::now() + TimeDelta::days(2)), ..NewVacancy::default() }, true).await;
    let board = dashboard(&administrator).await;
    assert_eq!(figures(&board), [2, 1, 0, 3596, 0, 0]);
    assert_eq!(last_days(&board, 2), vec![1, 1]);

    // an application today, and a finished visible CV of an applicant (a draft and a hidden one do not count)
    let open = vacancy_with_questions(&app, other, None).await;
    sqlx::query("update vacancies set publish_at = now() where id = $1").bind(open).execute(&app.pool).await.unwrap();
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    apply(&mari, open).await;
    for (status, visibility) in [("ACTIVE", "VISIBLE"), ("DRAFT", "VISIBLE"), ("ACTIVE", "HIDDEN")] {
        sqlx::query(
            "insert into cvs (owner_user_id, status, visibility, title) select id, $1, $2, 'Kokk' from users where username = 'mari@example.ee'",
        )
        .bind(status)
        .bind(visibility)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    let board = dashboard(&administrator).await;
    assert_eq!(figures(&board), [3, 2, 1, 3596, 0, 1], "{board}");
}
