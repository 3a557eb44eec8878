//! The demo data of `vakants seed` gives each demo account's screens content (issue 34 §5): the
//! demo employer's candidates, chats, interviews and CV-database access, the demo applicant's
//! applications in every tab with their interviews tied to them; once.

use chrono::{Duration, Utc};
use domain::applications::{self, Tab};
use fixtures::activity::{self, ActivityReport};
use fixtures::{DEMO_ACCOUNTS, DEMO_COMPANIES};
use uuid::Uuid;

use crate::helpers::spawn_app;

async fn count(pool: &sqlx::PgPool, sql: &'static str, bind: Uuid) -> i64 {
    sqlx::query_scalar(sql).bind(bind).fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn the_demo_accounts_get_applications_chats_interviews_and_cv_access_once() {
    let app = spawn_app().await;
    let (applicant_email, employer_email) = (DEMO_ACCOUNTS[0].0, DEMO_ACCOUNTS[1].0);
    app.create_employer(employer_email, &DEMO_COMPANIES).await;
    app.create_user(applicant_email, &["APPLICANT"]).await;
    fixtures::cvs::generate(&app.pool, &app.files, 12, fixtures::DEMO_SEED, fixtures::cvs::PdfText::Known).await.unwrap();
    fixtures::demo_vacancies::seed(&app.pool).await.unwrap();
    assert!(fixtures::cvs::seed_demo_applicant(&app.pool, applicant_email).await.unwrap());

    let report = activity::seed_demo(&app.pool).await.unwrap();
    assert_eq!(report, ActivityReport { applications: 15, chats: 4, interviews: 3, cv_access: true });
    assert_eq!(fixtures::interviews::seed_demo(&app.pool, applicant_email).await.unwrap(), 3);
    assert_eq!(activity::seed_demo(&app.pool).await.unwrap(), ActivityReport::default(), "seeding again adds nothing");
    assert_eq!(fixtures::interviews::seed_demo(&app.pool, applicant_email).await.unwrap(), 0);

    let pool = &app.pool;
    let id = |email: &'static str| async move {
        sqlx::query_scalar::<_, Uuid>("select id from users where username = $1").bind(email).fetch_one(pool).await.unwrap()
    };
    let (applicant, employer) = (id(applicant_email).await, id(employer_email).await);
    let company = |code: &'static str| async move {
        sqlx::query_scalar::<_, Uuid>("select id from companies where registry_code = $1").bind(code).fetch_one(pool).await.unwrap()
    };
    let (demo, building) = (company(DEMO_COMPANIES[0].0).await, company(DEMO_COMPANIES[1].0).await);

    // the applicant: something in every tab of "my applications", a verdict to see, the confectioner left to the journeys
    let tab = |tab: Tab| applications::mine(&app.pool, applicant, tab);
    let active = tab(Tab::Active).await.unwrap();
    assert_eq!(active.len(), 3);
    assert!(active.iter().any(|a| a.verdict.as_deref() == Some("SUITABLE")), "a match to see");
    assert_eq!(tab(Tab::Archive).await.unwrap().len(), 1);
    assert_eq!(tab(Tab::Cancelled).await.unwrap().len(), 1);
    assert_eq!(tab(Tab::All).await.unwrap().len(), 5);
    assert!(!tab(Tab::All).await.unwrap().iter().any(|a| a.vacancy_id == fixtures::demo_vacancies::demo_id(1)), "not the confectioner");
    // their interviews belong to their applications, to the vacancy each is on
    let tied = count(
        &app.pool,
        "select count(*) from interviews i join applications a on a.id = i.application_id
         where i.applicant_user_id = $1 and a.applicant_user_id = i.applicant_user_id and a.vacancy_id = i.vacancy_id",
        applicant,
    )
    .await;
    assert_eq!(tied, 3);
    // a chat with the employer, answered, and its messages in the notification centre
    let answered = "select count(*) from chats c where c.applicant_user_id = $1
                    and exists (select 1 from chat_messages m where m.chat_id = c.id and m.author_user_id = c.applicant_user_id)
                    and exists (select 1 from chat_messages m where m.chat_id = c.id and m.author_user_id is distinct from c.applicant_user_id)";
    assert_eq!(count(&app.pool, answered, applicant).await, 1);
    assert!(count(&app.pool, "select count(*) from notifications where user_id = $1 and kind = 'MESSAGE_RECEIVED'", applicant).await > 0);

    // the employer: new candidates and ones rated, judged, assessed and commented
    let of_demo = |sql: &'static str| count(&app.pool, sql, demo);
    let applications_sql = "select count(*) from applications a join vacancies v on v.id = a.vacancy_id where v.company_id = $1";
    assert!(of_demo("select count(*) from applications a join vacancies v on v.id = a.vacancy_id where v.company_id = $1 and a.change_flag = 'NEW'").await >= 3);
    assert!(of_demo("select count(*) from applications a join vacancies v on v.id = a.vacancy_id where v.company_id = $1 and a.rating <> 'NOT_KNOWN'").await >= 4);
    assert!(of_demo("select count(*) from applications a join vacancies v on v.id = a.vacancy_id where v.company_id = $1 and a.verdict is not null").await >= 3);
    assert!(of_demo("select count(*) from application_answers aa join applications a on a.id = aa.application_id join vacancies v on v.id = a.vacancy_id where v.company_id = $1 and aa.assessment is not null").await >= 2);
    assert!(of_demo("select count(*) from application_comments cm join applications a on a.id = cm.application_id join vacancies v on v.id = a.vacancy_id where v.company_id = $1").await >= 2);
    assert_eq!(of_demo("select count(*) from notifications where company_id = $1 and kind = 'APPLICATION_RECEIVED'").await, of_demo(applications_sql).await);
    assert!(count(&app.pool, applications_sql, building).await >= 5, "the other demo company has candidates too");
    let chats_answered = "select count(*) from chats c where c.company_id = $1
                          and exists (select 1 from chat_messages m where m.chat_id = c.id and m.author_user_id = c.applicant_user_id)";
    assert!(count(&app.pool, chats_answered, demo).await >= 3);
    // interviews this week and next in the demo employer's calendar (accepted times and offered slots)
    let times: Vec<chrono::DateTime<Utc>> = sqlx::query_scalar(
        "select i.starts_at from interviews i where i.created_by_user_id = $1 and i.status = 'ACCEPTED'
         union all
         select s.starts_at from interviews i join interview_slots s on s.interview_id = i.id where i.created_by_user_id = $1 and i.status = 'INVITED'",
    )
    .bind(employer)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let now = Utc::now();
    assert!(times.iter().all(|t| *t > now), "{times:?}");
    assert!(times.iter().filter(|t| **t < now + Duration::days(6)).count() >= 3, "{times:?}");
    assert!(times.iter().filter(|t| **t > now + Duration::days(7) && **t < now + Duration::days(14)).count() >= 2, "{times:?}");
    let employer_interviews_tied = count(&app.pool, "select count(*) from interviews where created_by_user_id = $1 and application_id is null", employer).await;
    assert_eq!(employer_interviews_tied, 0, "every interview belongs to an application");

    // one demo company has CV-database access, paid; the other (the billing journey's) has none
    assert!(domain::companies::has_cv_database_access(&app.pool, demo).await.unwrap());
    assert!(!domain::companies::has_cv_database_access(&app.pool, building).await.unwrap());
    let unpaid = count(&app.pool, "select count(*) from invoices where company_id = $1 and status <> 'PAID'", demo).await;
    assert_eq!(unpaid, 0);
}
