//! Retention run by the worker (issue 36 section 2): each kind of personal data leaves when its
//! period ends and not before, driven with a fixed clock; one job per subject, resumable after
//! being stopped midway; files leave the store, CVs leave the search, audit entries lose their
//! content; the warning mail goes 30 days before, and a sign-in keeps the account.

use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use domain::platform::retention::Periods;
use domain::retention::{self, Context, Outcome, RetentionJob};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::cvs::{applicant, full_cv, save_ok, search_until, with};
use crate::helpers::{AppOptions, TestApp, spawn_app, spawn_app_with};
use crate::mydata::unzip;
use crate::search::{NewVacancy, company, publish};

/// A fixed instant to the second, `days` before now.
fn days_ago(days: i64) -> DateTime<Utc> {
    (Utc::now() - TimeDelta::days(days)).duration_trunc(TimeDelta::seconds(1)).unwrap()
}

fn context(app: &TestApp) -> Context {
    let mailing = app.mailing();
    Context { pool: app.pool.clone(), store: app.files.clone(), mailer: mailing.mailer, public_url: mailing.public_url, periods: Periods::default() }
}

async fn user_id(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap()
}

async fn count(app: &TestApp, sql: &str, id: Uuid) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).bind(id).fetch_one(&app.pool).await.unwrap()
}

/// A file in the store and its row; answers (file id, storage key).
async fn stored_file(app: &TestApp, owner: Uuid, kind: &str, bytes: &[u8]) -> (Uuid, String) {
    let key = app.files.put(bytes).await.unwrap();
    let id: Uuid = sqlx::query_scalar(
        "insert into files (owner_user_id, kind, original_name, content_type, size_bytes, storage_key, sha256)
         values ($1, $2, 'liide.pdf', 'application/pdf', $3, $4, '\\x00') returning id",
    )
    .bind(owner)
    .bind(kind)
    .bind(bytes.len() as i64)
    .bind(&key)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    (id, key)
}

/// An application with everything that goes with it.
struct Applied {
    applicant: Uuid,
    company: Uuid,
    application: Uuid,
    chat: Uuid,
    attachment_key: String,
    /// When the vacancy's run ended.
    ended: DateTime<Utc>,
}

/// Mari applied to a vacancy of Põhja Köök that ended at `ended`: an answer, the employer's
/// comment, a share link, an interview and a chat about it with an attachment in the store.
async fn applied(app: &TestApp, ended: DateTime<Utc>) -> Applied {
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = user_id(app, "mari@example.ee").await;
    let company = company(app, "Põhja Köök OÜ", "12345678").await;
    let vacancy = publish(app, company, NewVacancy { publish_at: Some(ended - TimeDelta::days(30)), valid_until: Some(ended), ..NewVacancy::default() }, true).await;
    let application: Uuid = sqlx::query_scalar(
        "insert into applications (vacancy_id, applicant_user_id, cover_letter) values ($1, $2, 'Olen kirglik kokk') returning id",
    )
    .bind(vacancy)
    .bind(applicant)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    for sql in [
        "insert into application_answers (application_id, question, answer) values ($1, 'Kas sobib öövahetus?', 'Jah')",
        "insert into application_comments (application_id, body) values ($1, 'Tugev kandidaat, helistada')",
        "insert into application_links (application_id, expires_at) values ($1, now() + interval '7 days')",
    ] {
        sqlx::query(sql).bind(application).execute(&app.pool).await.unwrap();
    }
    sqlx::query(
        "insert into interviews (company_id, vacancy_id, application_id, applicant_user_id, type, duration_minutes, starts_at, applicant_message)
         select $2, a.vacancy_id, a.id, a.applicant_user_id, 'OFFICE', 30, $3, 'Tulen kohale' from applications a where a.id = $1",
    )
    .bind(application)
    .bind(company)
    .bind(ended - TimeDelta::days(10))
    .execute(&app.pool)
    .await
    .unwrap();
    let chat: Uuid = sqlx::query_scalar(
        "insert into chats (company_id, applicant_user_id, application_id, last_message_at) values ($1, $2, $3, $4) returning id",
    )
    .bind(company)
    .bind(applicant)
    .bind(application)
    .bind(ended - TimeDelta::days(5))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let (file, attachment_key) = stored_file(app, applicant, "chat_attachment", b"%PDF-1.4 tunnistus").await;
    sqlx::query("insert into chat_messages (chat_id, author_user_id, body, attachment_file_id, created_at) values ($1, $2, 'Saadan tunnistuse', $3, $4)")
        .bind(chat)
        .bind(applicant)
        .bind(file)
        .bind(ended - TimeDelta::days(5))
        .execute(&app.pool)
        .await
        .unwrap();
    Applied { applicant, company, application, chat, attachment_key, ended }
}

/// What is left of the application: (applications, answers, comments, links, interviews, chats, messages).
async fn left_of(app: &TestApp, applied: &Applied) -> [i64; 7] {
    let id = applied.application;
    [
        count(app, "select count(*) from applications where id = $1", id).await,
        count(app, "select count(*) from application_answers where application_id = $1", id).await,
        count(app, "select count(*) from application_comments where application_id = $1", id).await,
        count(app, "select count(*) from application_links where application_id = $1", id).await,
        count(app, "select count(*) from interviews where applicant_user_id = $1", applied.applicant).await,
        count(app, "select count(*) from chats where id = $1", applied.chat).await,
        count(app, "select count(*) from chat_messages where chat_id = $1", applied.chat).await,
    ]
}

#[tokio::test]
async fn an_application_goes_a_year_after_its_vacancys_workable_period_and_not_a_second_before() {
    let app = spawn_app().await;
    let ctx = context(&app);
    let applied = applied(&app, days_ago(500)).await;
    let job = RetentionJob::Application(applied.application);
    let goes = applied.ended + TimeDelta::days(30) + TimeDelta::days(365);

    assert!(retention::queue_due(&app.pool, &ctx.periods, goes - TimeDelta::seconds(1)).await.unwrap().is_empty(), "not due a second before");
    assert_eq!(retention::run(&ctx, &job, goes - TimeDelta::seconds(1)).await.unwrap(), Outcome::NotDue, "a job run early changes nothing");
    assert_eq!(left_of(&app, &applied).await, [1; 7]);
    assert!(app.files.exists(&applied.attachment_key).await);

    let queued = retention::queue_due(&app.pool, &ctx.periods, goes).await.unwrap();
    assert_eq!(queued, vec![job.clone()], "one job for the application; the chat goes with it");
    assert!(retention::queue_due(&app.pool, &ctx.periods, goes).await.unwrap().is_empty(), "a queued subject is not queued twice");
    let waiting: i64 = sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1 and status = 'Pending'")
        .bind(retention::QUEUE)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(waiting, 1);

    assert_eq!(retention::run(&ctx, &job, goes).await.unwrap(), Outcome::Done);
    assert_eq!(left_of(&app, &applied).await, [0; 7], "the application, its answers, comments, links, interview and chat are gone");
    assert!(!app.files.exists(&applied.attachment_key).await, "the chat's attachment left the store");
    assert_eq!(count(&app, "select count(*) from files where owner_user_id = $1", applied.applicant).await, 0);
    let audit: Value = sqlx::query_scalar("select details from audit_log where action = 'retention.application' and target_user_id = $1")
        .bind(applied.applicant)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audit["applicationId"], json!(applied.application));
    assert_eq!(audit["files"], 1);
    assert!(!audit.to_string().contains("kokk") && !audit.to_string().contains("Tugev"), "the audit entry holds no content: {audit}");
    assert_eq!(count(&app, "select count(*) from users where id = $1 and deleted_at is null", applied.applicant).await, 1, "the account stays");

    assert_eq!(retention::run(&ctx, &job, goes).await.unwrap(), Outcome::NotDue, "a second run finds nothing");
}

#[tokio::test]
async fn an_application_of_a_vacancy_published_again_stays() {
    let app = spawn_app().await;
    let ctx = context(&app);
    let applied = applied(&app, days_ago(500)).await;
    let goes = applied.ended + TimeDelta::days(395);
    sqlx::query("update vacancies set valid_until = now() + interval '20 days' where company_id = $1").bind(applied.company).execute(&app.pool).await.unwrap();
    assert!(retention::queue_due(&app.pool, &ctx.periods, goes).await.unwrap().is_empty());
    assert_eq!(retention::run(&ctx, &RetentionJob::Application(applied.application), goes).await.unwrap(), Outcome::NotDue);
    assert_eq!(left_of(&app, &applied).await, [1; 7]);
}

#[tokio::test]
async fn a_job_stopped_after_the_files_went_finishes_on_its_next_run() {
    let app = spawn_app().await;
    let ctx = context(&app);
    let applied = applied(&app, days_ago(500)).await;
    let job = RetentionJob::Application(applied.application);
    let goes = applied.ended + TimeDelta::days(395);

    // killed midway: the bytes are gone, the rows are not
    retention::run_until_files_removed(&ctx, &job, goes).await.unwrap();
    assert!(!app.files.exists(&applied.attachment_key).await);
    assert_eq!(left_of(&app, &applied).await, [1; 7], "the rows are still there");
    assert_eq!(retention::due(&app.pool, &ctx.periods, goes).await.unwrap(), vec![job.clone()], "and still due");

    // the next run finishes it, though the bytes are missing already
    assert_eq!(retention::run(&ctx, &job, goes).await.unwrap(), Outcome::Done);
    assert_eq!(left_of(&app, &applied).await, [0; 7]);
    assert_eq!(count(&app, "select count(*) from files where owner_user_id = $1", applied.applicant).await, 0);
    assert!(retention::due(&app.pool, &ctx.periods, goes).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_chat_no_application_holds_goes_when_it_has_been_quiet_for_the_period() {
    let app = spawn_app().await;
    let ctx = context(&app);
    let applied = applied(&app, days_ago(500)).await;
    // the company found Mari in the CV database: the chat is about no application
    sqlx::query("delete from applications where id = $1").bind(applied.application).execute(&app.pool).await.unwrap();
    let quiet_since = applied.ended - TimeDelta::days(5);
    let job = RetentionJob::Chat(applied.chat);
    let goes = quiet_since + TimeDelta::days(395);
    assert!(retention::due(&app.pool, &ctx.periods, goes - TimeDelta::seconds(1)).await.unwrap().is_empty());
    assert_eq!(retention::due(&app.pool, &ctx.periods, goes).await.unwrap(), vec![job.clone()]);
    assert_eq!(retention::run(&ctx, &job, goes).await.unwrap(), Outcome::Done);
    assert_eq!(count(&app, "select count(*) from chats where id = $1", applied.chat).await, 0);
    assert!(!app.files.exists(&applied.attachment_key).await);
}

/// An applicant whose last sign-in (and registration) was at `last_active`, with a CV, a CV PDF
/// in the store and a profile; answers their id and the PDF's key.
async fn inactive_applicant(app: &TestApp, email: &str, locale: &str, last_active: DateTime<Utc>) -> (Uuid, String) {
    app.create_user(email, &["APPLICANT"]).await;
    let id = user_id(app, email).await;
    let (file, key) = stored_file(app, id, "cv_pdf", b"%PDF-1.4 elulugu").await;
    sqlx::query("insert into cvs (owner_user_id, title, pdf_file_id) values ($1, 'Kokk', $2)").bind(id).bind(file).execute(&app.pool).await.unwrap();
    sqlx::query("update users set locale = $2, last_login_at = $3, created_at = $3 where id = $1")
        .bind(id)
        .bind(locale)
        .bind(last_active)
        .execute(&app.pool)
        .await
        .unwrap();
    (id, key)
}

async fn jobs_about(app: &TestApp, id: Uuid, now: DateTime<Utc>) -> Vec<RetentionJob> {
    retention::due(&app.pool, &Periods::default(), now)
        .await
        .unwrap()
        .into_iter()
        .filter(|job| matches!(job, RetentionJob::WarnAccount(u) | RetentionJob::Account(u) if *u == id))
        .collect()
}

async fn outbox(app: &TestApp, email: &str) -> Vec<(String, String)> {
    sqlx::query_as("select subject, body_text from dev_outbox where to_address = $1 order by id").bind(email).fetch_all(&app.pool).await.unwrap()
}

#[tokio::test]
async fn an_inactive_account_is_warned_thirty_days_before_in_its_language_and_erased_after_two_years() {
    let app = spawn_app().await;
    let ctx = context(&app);
    let last_active = days_ago(800);
    let (id, pdf_key) = inactive_applicant(&app, "ivan@example.ee", "ru", last_active).await;
    let warn_at = last_active + TimeDelta::days(700);
    let erase_at = last_active + TimeDelta::days(730);

    assert!(jobs_about(&app, id, warn_at - TimeDelta::seconds(1)).await.is_empty(), "no warning before 700 days");
    assert_eq!(jobs_about(&app, id, warn_at).await, vec![RetentionJob::WarnAccount(id)]);
    assert_eq!(retention::run(&ctx, &RetentionJob::WarnAccount(id), warn_at).await.unwrap(), Outcome::Done);
    let mails = outbox(&app, "ivan@example.ee").await;
    assert_eq!(mails.len(), 1);
    let day = erase_at.with_timezone(&chrono_tz::Europe::Tallinn).format("%d.%m.%Y").to_string();
    assert_eq!(mails[0].0, format!("Vakants: ваша учётная запись будет удалена {day}"), "in Russian, naming the day");
    assert!(mails[0].1.contains("/ru/login?email=ivan%40example.ee"), "{}", mails[0].1);
    assert_eq!(retention::run(&ctx, &RetentionJob::WarnAccount(id), warn_at).await.unwrap(), Outcome::NotDue, "warned once");
    assert!(jobs_about(&app, id, warn_at + TimeDelta::days(10)).await.is_empty());

    assert!(jobs_about(&app, id, erase_at - TimeDelta::seconds(1)).await.is_empty(), "kept until two years have passed");
    assert_eq!(retention::run(&ctx, &RetentionJob::Account(id), erase_at - TimeDelta::seconds(1)).await.unwrap(), Outcome::NotDue);
    assert_eq!(jobs_about(&app, id, erase_at).await, vec![RetentionJob::Account(id)]);
    assert_eq!(retention::run(&ctx, &RetentionJob::Account(id), erase_at).await.unwrap(), Outcome::Done);

    let (username, deleted): (String, Option<DateTime<Utc>>) =
        sqlx::query_as("select username, deleted_at from users where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(deleted.is_some() && username.ends_with("@deleted.invalid"), "{username}");
    assert_eq!(count(&app, "select count(*) from cvs where owner_user_id = $1", id).await, 0);
    assert_eq!(count(&app, "select count(*) from files where owner_user_id = $1", id).await, 0);
    assert!(!app.files.exists(&pdf_key).await, "the CV PDF left the store");
    let action: String = sqlx::query_scalar("select action from audit_log where target_user_id = $1 order by id desc limit 1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(action, "retention.account");
    assert!(jobs_about(&app, id, erase_at + TimeDelta::days(400)).await.is_empty(), "an erased account is never due again");
}

#[tokio::test]
async fn an_account_is_not_erased_without_a_warning_thirty_days_before() {
    let app = spawn_app().await;
    let ctx = context(&app);
    // the worker was away: two and a half years without a warning
    let last_active = days_ago(900);
    let (id, _) = inactive_applicant(&app, "jaan@example.ee", "et", last_active).await;
    let now = last_active + TimeDelta::days(900);
    assert_eq!(jobs_about(&app, id, now).await, vec![RetentionJob::WarnAccount(id)], "warned first, not erased");
    assert_eq!(retention::run(&ctx, &RetentionJob::Account(id), now).await.unwrap(), Outcome::NotDue);
    retention::run(&ctx, &RetentionJob::WarnAccount(id), now).await.unwrap();
    let mails = outbox(&app, "jaan@example.ee").await;
    let day = (now + TimeDelta::days(30)).with_timezone(&chrono_tz::Europe::Tallinn).format("%d.%m.%Y").to_string();
    assert_eq!(mails[0].0, format!("Vakants: sinu konto kustutatakse {day}"), "thirty days from the warning, in Estonian");
    assert!(jobs_about(&app, id, now + TimeDelta::days(30) - TimeDelta::seconds(1)).await.is_empty());
    assert_eq!(jobs_about(&app, id, now + TimeDelta::days(30)).await, vec![RetentionJob::Account(id)]);
}

#[tokio::test]
async fn signing_in_after_the_warning_keeps_the_account() {
    let app = spawn_app().await;
    let ctx = context(&app);
    let last_active = days_ago(700);
    let (id, pdf_key) = inactive_applicant(&app, "mari@example.ee", "en", last_active).await;
    let warn_at = last_active + TimeDelta::days(700);
    assert_eq!(retention::run(&ctx, &RetentionJob::WarnAccount(id), warn_at).await.unwrap(), Outcome::Done);
    assert!(outbox(&app, "mari@example.ee").await[0].0.starts_with("Vakants: your account will be deleted on "), "in English");

    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;

    let erase_at = last_active + TimeDelta::days(730);
    assert!(jobs_about(&app, id, erase_at).await.is_empty(), "the sign-in moved the clock");
    assert_eq!(retention::run(&ctx, &RetentionJob::Account(id), erase_at).await.unwrap(), Outcome::NotDue, "a job queued before the sign-in does nothing");
    assert_eq!(count(&app, "select count(*) from users where id = $1 and deleted_at is null", id).await, 1);
    assert!(app.files.exists(&pdf_key).await);
    assert_eq!(mari.get("/api/user/my-data").await.status(), StatusCode::OK, "still signed in and whole");
    // the next warning comes 700 days after the sign-in, not sooner
    assert!(jobs_about(&app, id, erase_at + TimeDelta::days(600)).await.is_empty());
}

#[tokio::test]
async fn administrators_are_never_erased_for_inactivity() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    let id = user_id(&app, "admin@example.ee").await;
    sqlx::query("update users set last_login_at = $2, created_at = $2 where id = $1").bind(id).bind(days_ago(1000)).execute(&app.pool).await.unwrap();
    assert!(jobs_about(&app, id, Utc::now()).await.is_empty());
}

#[tokio::test]
async fn an_erased_accounts_cv_leaves_the_cv_search_through_the_real_worker() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let cv_id = save_ok(&mari, with(full_cv(), "/skills/0/skill", json!("Sushimeister"))).await["cvId"].as_str().unwrap().to_string();
    search_until(&app, "sushimeister", &[&cv_id]).await;

    let id = user_id(&app, "mari@example.ee").await;
    // two years quiet, warned 30 days ago (her sessions were long over)
    sqlx::query("update users set last_login_at = now() - interval '800 days', created_at = now() - interval '800 days', retention_warned_at = now() - interval '31 days' where id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("update sessions set last_seen_at = now() - interval '800 days' where user_id = $1").bind(id).execute(&app.pool).await.unwrap();
    assert_eq!(worker::maintenance::retention_pass(&app.pool, &Periods::default(), Utc::now()).await.unwrap(), 1);

    // the worker's retention queue erases her, and the index job it queued takes the CV out
    for _ in 0..150 {
        if count(&app, "select count(*) from users where id = $1 and deleted_at is not null", id).await == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(count(&app, "select count(*) from users where id = $1 and deleted_at is not null", id).await, 1, "the worker ran the job");
    search_until(&app, "sushimeister", &[]).await;
}

#[tokio::test]
async fn audit_entries_about_an_erased_person_keep_what_happened_but_lose_the_content() {
    let app = spawn_app().await;
    let ctx = context(&app);
    let last_active = days_ago(800);
    let (id, _) = inactive_applicant(&app, "mari@example.ee", "et", last_active).await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    let admin = user_id(&app, "admin@example.ee").await;
    let entries = [
        // about her, with her data
        ("profile.update", Some(admin), Some(id), json!({ "before": { "firstname": "Mari" }, "after": { "firstname": "Maria" } }), "10.0.0.1"),
        // her own action, from her address
        ("company.claim", Some(id), None, json!({ "registryCode": "12345678" }), "192.0.2.7"),
        // someone else's entry naming her address
        ("company_staff.invite", Some(admin), None, json!({ "email": "mari@example.ee" }), "10.0.0.2"),
        // nothing of hers
        ("product.update", Some(admin), None, json!({ "price": 99 }), "10.0.0.3"),
    ];
    for (action, actor, target, details, ip) in &entries {
        sqlx::query("insert into audit_log (actor_user_id, action, target_user_id, details, ip) values ($1, $2, $3, $4, $5::inet)")
            .bind(actor)
            .bind(action)
            .bind(target)
            .bind(details)
            .bind(ip)
            .execute(&app.pool)
            .await
            .unwrap();
    }
    sqlx::query("update users set retention_warned_at = $2 where id = $1").bind(id).bind(last_active + TimeDelta::days(700)).execute(&app.pool).await.unwrap();
    assert_eq!(retention::run(&ctx, &RetentionJob::Account(id), last_active + TimeDelta::days(730)).await.unwrap(), Outcome::Done);

    let rows: Vec<(String, Value, Option<String>)> = sqlx::query_as("select action, details, host(ip) from audit_log order by id").fetch_all(&app.pool).await.unwrap();
    let find = |action: &str| rows.iter().find(|(a, _, _)| a == action).unwrap().clone();
    assert_eq!(find("profile.update").1, json!({ "redacted": true }), "the action and time stay, the content goes");
    assert_eq!(find("profile.update").2.as_deref(), Some("10.0.0.1"), "the administrator's address stays");
    assert_eq!(find("company.claim").2, None, "her address goes");
    assert_eq!(find("company_staff.invite").1, json!({ "redacted": true }));
    assert_eq!(find("product.update").1, json!({ "price": 99 }), "entries about others are untouched");
    let erasure = find("retention.account").1;
    assert!(!erasure.to_string().contains("mari"), "{erasure}");
}

#[tokio::test]
async fn unconfirmed_alerts_go_after_a_week_audit_entries_after_seven_years_and_saved_search_removals_after_a_day() {
    let app = spawn_app().await;
    let periods = Periods::default();
    let made = days_ago(3000);
    sqlx::query(
        "insert into saved_searches (email, name, filter, frequency, token_hash, created_at)
         values ('visitor@example.ee', 'Kokad', '{}', 'DAILY', '\\x01', $1), ('kept@example.ee', 'Kokad', '{}', 'DAILY', '\\x02', $1)",
    )
    .bind(made)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("update saved_searches set confirmed_at = $1 where email = 'kept@example.ee'").bind(made).execute(&app.pool).await.unwrap();
    sqlx::query("insert into audit_log (action, created_at) values ('product.update', $1)").bind(made).execute(&app.pool).await.unwrap();
    // a removal the matching's reads of changes read for a day (the deletes below write theirs at
    // the database's clock, years later)
    let removed = made + TimeDelta::days(2556);
    sqlx::query("insert into saved_search_removals (saved_search_id, removed_at) values ($1, $2)")
        .bind(Uuid::new_v4())
        .bind(removed)
        .execute(&app.pool)
        .await
        .unwrap();

    let purged = retention::purge_bulk(&app.pool, &periods, made + TimeDelta::days(7)).await.unwrap();
    assert_eq!((purged.unconfirmed_alerts, purged.audit_entries), (0, 0));
    let purged = retention::purge_bulk(&app.pool, &periods, made + TimeDelta::days(7) + TimeDelta::seconds(1)).await.unwrap();
    assert_eq!(purged.unconfirmed_alerts, 1, "the unconfirmed one; the confirmed one stays");
    let emails: Vec<String> = sqlx::query_scalar("select email from saved_searches").fetch_all(&app.pool).await.unwrap();
    assert_eq!(emails, vec!["kept@example.ee".to_string()]);

    let purged = retention::purge_bulk(&app.pool, &periods, made + TimeDelta::days(2557)).await.unwrap();
    assert_eq!((purged.audit_entries, purged.saved_search_removals), (0, 0), "the removal is a day old, not more");
    let purged = retention::purge_bulk(&app.pool, &periods, made + TimeDelta::days(2557) + TimeDelta::seconds(1)).await.unwrap();
    assert_eq!((purged.audit_entries, purged.saved_search_removals), (1, 1));
    let left: i64 = sqlx::query_scalar("select count(*) from saved_search_removals").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 1, "the removal written by deleting the unconfirmed alert stays");
}

#[tokio::test]
async fn sessions_and_sign_in_codes_go_a_day_after_they_end() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let id = user_id(&app, "mari@example.ee").await;
    sqlx::query("update sessions set expires_at = now() - interval '25 hours' where user_id = $1").bind(id).execute(&app.pool).await.unwrap();
    sqlx::query("update one_time_codes set expires_at = now() - interval '23 hours' where user_id = $1").bind(id).execute(&app.pool).await.unwrap();
    let (sessions, codes, _) = worker::maintenance::purge(&app.pool).await.unwrap();
    assert_eq!((sessions, codes), (1, 0), "the session ended over a day ago; the code less than a day ago");
    sqlx::query("update one_time_codes set expires_at = now() - interval '25 hours' where user_id = $1").bind(id).execute(&app.pool).await.unwrap();
    assert_eq!(worker::maintenance::purge(&app.pool).await.unwrap().1, 1);
    assert_eq!(mari.get("/api/user/my-data").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_export_lists_what_is_kept_and_until_when() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let id = user_id(&app, "mari@example.ee").await;
    let company = company(&app, "Põhja Köök OÜ", "12345678").await;
    let ended = days_ago(10);
    let vacancy = publish(&app, company, NewVacancy { publish_at: Some(ended - TimeDelta::days(30)), valid_until: Some(ended), ..NewVacancy::default() }, true).await;
    let application: Uuid = sqlx::query_scalar("insert into applications (vacancy_id, applicant_user_id) values ($1, $2) returning id")
        .bind(vacancy)
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();

    let response = mari.get("/api/user/my-data").await;
    assert_eq!(response.status(), StatusCode::OK);
    let (data, _) = unzip(&response.bytes().await.unwrap());
    let retention = &data["retention"];
    let kinds: Vec<&str> = retention["rules"].as_array().unwrap().iter().map(|rule| rule["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["account", "application", "cvDatabaseAddition", "session", "unconfirmedAlert", "auditLog", "invoice"]);
    let items = retention["items"].as_array().unwrap();
    let item = |kind: &str| items.iter().find(|item| item["kind"] == kind).unwrap_or_else(|| panic!("{kind} in {items:?}"));

    let last_login: DateTime<Utc> = sqlx::query_scalar("select last_login_at from users where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    let account_until: DateTime<Utc> = item("account")["keptUntil"].as_str().unwrap().parse().unwrap();
    let expected = last_login + TimeDelta::days(730);
    assert!((account_until - expected).num_seconds().abs() <= 1, "{account_until} ≈ {expected}");

    assert_eq!(item("application")["id"], json!(application));
    let application_until: DateTime<Utc> = item("application")["keptUntil"].as_str().unwrap().parse().unwrap();
    assert_eq!(application_until, ended + TimeDelta::days(395), "the vacancy's end, 30 workable days and a year");
    assert!(item("session")["keptUntil"].is_string());
}
