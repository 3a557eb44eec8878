//! The employer's side of applications: the candidate list of a vacancy, one candidate (opening it
//! clears its change flag), rating, verdict and the assessment of answers (from which the score
//! comes), the status table, and the staff's comments.
//!
//! Who sees a vacancy's candidates: the staff of the vacancy's company acting for it — the
//! supervisor and staff with the administrator tag for every vacancy, any other staff member (a
//! moderator, spec 2 section 6) only for the vacancies delegated to them. Anything else, a deleted
//! vacancy, a withdrawn, anonymised or deleted application, and one no longer workable (see
//! [`super::workable_sql`]) is "not found"; the list leaves those out.
//!
//! **Score**: each answer carries the weight its question had when the application was sent. The
//! employer assesses answers GOOD (counts 1), PARTLY (0.5) or POOR (0). The score is
//! `round(100 × Σ weight × value / Σ weight)` over the assessed answers: 0 to 100, or none while no
//! answer with a weight above 0 is assessed.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use super::workable_sql;
use crate::delegation;
use crate::platform::error::{Error, Result};

/// Longest comment.
pub const MAX_COMMENT: usize = 2000;

/// The employer's rating of an application.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Rating {
    NotKnown,
    Positive,
    Negative,
    Neutral,
}

/// The employer's verdict; the applicant sees it as match, probable match or no match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Verdict {
    Suitable,
    PossiblySuitable,
    NotSuitable,
}

/// What changed since the company's staff last opened the application.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChangeFlag {
    /// Opened since it last changed.
    None,
    /// Not opened yet.
    New,
    /// The applicant changed the CV sent with it after it was opened.
    Updated,
}

/// The employer's assessment of one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Assessment {
    Good,
    Partly,
    Poor,
}

/// An application's status (spec: TEMPORARY, EXISTS, HIDDEN, ARCHIVED, DELETED).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ApplicationStatus {
    Temporary,
    Exists,
    Hidden,
    Archived,
    Deleted,
}

macro_rules! text_enum {
    ($ty:ty { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $ty {
            pub const ALL: &'static [$ty] = &[$(<$ty>::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $(<$ty>::$variant => $text),+ }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text { $($text => Some(<$ty>::$variant),)+ _ => None }
            }
        }
    };
}

text_enum!(Rating { NotKnown => "NOT_KNOWN", Positive => "POSITIVE", Negative => "NEGATIVE", Neutral => "NEUTRAL" });
text_enum!(Verdict { Suitable => "SUITABLE", PossiblySuitable => "POSSIBLY_SUITABLE", NotSuitable => "NOT_SUITABLE" });
text_enum!(ChangeFlag { None => "NONE", New => "NEW", Updated => "UPDATED" });
text_enum!(Assessment { Good => "GOOD", Partly => "PARTLY", Poor => "POOR" });
text_enum!(ApplicationStatus {
    Temporary => "TEMPORARY", Exists => "EXISTS", Hidden => "HIDDEN", Archived => "ARCHIVED", Deleted => "DELETED",
});

/// The one table of the moves the employer may make with an application's status; every other
/// move (to TEMPORARY, out of DELETED, to the status it already has) is refused.
///
/// | from \ to | EXISTS | HIDDEN | ARCHIVED | DELETED |
/// |---|---|---|---|---|
/// | TEMPORARY (a CV-database candidate not confirmed yet) | yes | – | – | yes |
/// | EXISTS | – | yes | yes | yes |
/// | HIDDEN | yes | – | yes | yes |
/// | ARCHIVED | yes | – | – | yes |
/// | DELETED | – | – | – | – |
pub const TRANSITIONS: &[(ApplicationStatus, ApplicationStatus)] = {
    use ApplicationStatus::*;
    &[
        (Temporary, Exists),
        (Temporary, Deleted),
        (Exists, Hidden),
        (Exists, Archived),
        (Exists, Deleted),
        (Hidden, Exists),
        (Hidden, Archived),
        (Hidden, Deleted),
        (Archived, Exists),
        (Archived, Deleted),
    ]
};

/// Whether the employer may move an application from `from` to `to`.
pub fn may_move(from: ApplicationStatus, to: ApplicationStatus) -> bool {
    TRANSITIONS.contains(&(from, to))
}

/// A member of the company's staff acting for it.
#[derive(Clone, Copy, Debug)]
pub struct Staff {
    pub user_id: Uuid,
    pub company_id: Uuid,
}

/// SQL: the vacancy `v` is the company's ($1), not deleted, and the user ($2) sees its candidates
/// (the one rule, [`delegation::sees_vacancy_sql`]).
fn sees_vacancy() -> String {
    format!("v.company_id = $1 and v.status <> 'DELETED' and {}", delegation::sees_vacancy_sql("v", "$2"))
}

/// SQL: the application `a` is one the employer works on.
const LIVE_APPLICATION: &str = "a.status <> 'DELETED' and a.withdrawn_at is null and a.anonymised_at is null";

/// SQL: the score of the application `a` (see the module's doc), null while nothing is assessed.
const SCORE_SQL: &str = "(select round(100.0 * sum(aa.weight * case aa.assessment when 'GOOD' then 1.0 when 'PARTLY' then 0.5 else 0 end)
        / nullif(sum(aa.weight), 0))::int
    from application_answers aa where aa.application_id = a.id and aa.assessment is not null)";

/// How the candidate list is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    Date,
    Score,
    Rating,
    Verdict,
    /// Best match first: the score the candidate's CV has for the vacancy, which the search
    /// engine computes; [`list`] returns the candidates by date and the caller orders them.
    Match,
}

/// What the candidate list shows: every filter is optional; sorted by date, newest first, unless asked.
#[derive(Clone, Debug, Default)]
pub struct ListFilter {
    pub status: Option<ApplicationStatus>,
    /// `Some(None)` asks for the candidates without a verdict.
    pub verdict: Option<Option<Verdict>>,
    pub rating: Option<Rating>,
    /// At least this score (0 to 100); candidates without a score are left out.
    pub min_score: Option<i32>,
    /// Applied on or after this day (Europe/Tallinn).
    pub from: Option<NaiveDate>,
    /// Applied on or before this day (Europe/Tallinn).
    pub to: Option<NaiveDate>,
    pub sort: Option<SortBy>,
    pub ascending: bool,
}

/// The query parameters of the candidate list, as sent.
#[derive(Clone, Debug, Default)]
pub struct ListParams<'a> {
    pub application_status: Option<&'a str>,
    pub verdict: Option<&'a str>,
    pub rating: Option<&'a str>,
    pub min_score: Option<&'a str>,
    pub from: Option<&'a str>,
    pub to: Option<&'a str>,
    pub sort: Option<&'a str>,
    pub order: Option<&'a str>,
}

fn given(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

fn names<T: Copy>(all: &[T], name: fn(T) -> &'static str) -> String {
    all.iter().map(|v| name(*v)).collect::<Vec<_>>().join(", ")
}

impl ListFilter {
    /// Reads the parameters; an unknown value is a 400 naming its parameter and what it takes.
    pub fn parse(p: &ListParams<'_>) -> Result<Self> {
        let status = match given(p.application_status) {
            None => None,
            Some(text) => match ApplicationStatus::parse(text) {
                Some(ApplicationStatus::Deleted) | None => {
                    return Err(Error::field("applicationStatus", "Unknown applicationStatus: use TEMPORARY, EXISTS, HIDDEN or ARCHIVED"));
                }
                status => status,
            },
        };
        let verdict = match given(p.verdict) {
            None => None,
            Some("NONE") => Some(None),
            Some(text) => Some(Some(Verdict::parse(text).ok_or_else(|| {
                Error::field("verdict", format!("Unknown verdict: use {} or NONE", names(Verdict::ALL, Verdict::as_str)))
            })?)),
        };
        let rating = match given(p.rating) {
            None => None,
            Some(text) => Some(
                Rating::parse(text)
                    .ok_or_else(|| Error::field("rating", format!("Unknown rating: use {}", names(Rating::ALL, Rating::as_str))))?,
            ),
        };
        let min_score = match given(p.min_score) {
            None => None,
            Some(text) => match text.parse::<i32>() {
                Ok(score) if (0..=100).contains(&score) => Some(score),
                _ => return Err(Error::field("minScore", "minScore must be a whole number from 0 to 100")),
            },
        };
        let day = |field: &'static str, text: Option<&str>| -> Result<Option<NaiveDate>> {
            given(text)
                .map(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").map_err(|_| Error::field(field, format!("{field} must be a date as yyyy-MM-dd"))))
                .transpose()
        };
        let (from, to) = (day("from", p.from)?, day("to", p.to)?);
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(Error::field("to", "to must not be before from"));
        }
        let sort = match given(p.sort) {
            None => None,
            Some("date") => Some(SortBy::Date),
            Some("score") => Some(SortBy::Score),
            Some("rating") => Some(SortBy::Rating),
            Some("verdict") => Some(SortBy::Verdict),
            Some("match") => Some(SortBy::Match),
            Some(_) => return Err(Error::field("sort", "Unknown sort: use date, score, rating, verdict or match")),
        };
        let ascending = match given(p.order) {
            None | Some("desc") => false,
            Some("asc") => true,
            Some(_) => return Err(Error::field("order", "Unknown order: use asc or desc")),
        };
        Ok(ListFilter { status, verdict, rating, min_score, from, to, sort, ascending })
    }
}

/// One candidate of the list.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Candidate {
    pub id: Uuid,
    pub vacancy_id: Uuid,
    pub applicant_user_id: Uuid,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub cv_id: Option<Uuid>,
    pub cv_title: Option<String>,
    pub cv_updated_at: Option<DateTime<Utc>>,
    pub cover_letter: Option<String>,
    pub status: String,
    pub verdict: Option<String>,
    pub rating: String,
    pub change_flag: String,
    /// APPLY, or CV_BASE for a CV the company's staff added from the CV database.
    pub source: String,
    pub score: Option<i32>,
    pub answers_count: i64,
    pub comments_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn candidate_select(now_bind: &str) -> String {
    format!(
        "select a.id, a.vacancy_id, a.applicant_user_id, p.firstname, p.lastname, a.cv_id, cv.title as cv_title,
                cv.updated_at as cv_updated_at, a.cover_letter, a.status, a.verdict, a.rating, a.change_flag, a.source,
                {SCORE_SQL} as score,
                (select count(*) from application_answers aa where aa.application_id = a.id) as answers_count,
                (select count(*) from application_comments cm where cm.application_id = a.id) as comments_count,
                a.created_at, a.updated_at
         from applications a join vacancies v on v.id = a.vacancy_id
         left join cvs cv on cv.id = a.cv_id and cv.deleted_at is null
         left join profiles p on p.user_id = a.applicant_user_id
         where {} and {LIVE_APPLICATION} and {}",
        sees_vacancy(),
        workable_sql(now_bind)
    )
}

/// Whether the staff member sees the vacancy's candidates; "not found" otherwise.
pub async fn vacancy_seen(pool: &PgPool, staff: Staff, vacancy_id: Uuid) -> Result<()> {
    let sql = format!("select exists (select 1 from vacancies v where v.id = $3 and {})", sees_vacancy());
    let seen: bool = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(staff.company_id)
        .bind(staff.user_id)
        .bind(vacancy_id)
        .fetch_one(pool)
        .await?;
    if !seen {
        return Err(Error::not_found());
    }
    Ok(())
}

/// The candidates of one of the company's vacancies at `now`, filtered and sorted. A vacancy the
/// staff member does not see is "not found"; applications no longer workable are left out.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, staff: Staff, vacancy_id: Uuid, filter: &ListFilter, now: DateTime<Utc>) -> Result<Vec<Candidate>> {
    vacancy_seen(pool, staff, vacancy_id).await?;
    let direction = if filter.ascending { "asc" } else { "desc" };
    let key = match filter.sort.unwrap_or(SortBy::Date) {
        SortBy::Date | SortBy::Match => "c.created_at",
        SortBy::Score => "c.score",
        // best first when descending
        SortBy::Rating => "case c.rating when 'POSITIVE' then 3 when 'NEUTRAL' then 2 when 'NOT_KNOWN' then 1 else 0 end",
        SortBy::Verdict => "case c.verdict when 'SUITABLE' then 3 when 'POSSIBLY_SUITABLE' then 2 when 'NOT_SUITABLE' then 1 else 0 end",
    };
    let sql = format!(
        "select * from ({} and a.vacancy_id = $4) c
         where ($5::text is null or c.status = $5)
           and (not $6 or ($7::text is null and c.verdict is null) or c.verdict = $7)
           and ($8::text is null or c.rating = $8)
           and ($9::int is null or c.score >= $9)
           and ($10::date is null or (c.created_at at time zone 'Europe/Tallinn')::date >= $10)
           and ($11::date is null or (c.created_at at time zone 'Europe/Tallinn')::date <= $11)
         order by {key} {direction} nulls last, c.created_at desc, c.id",
        candidate_select("$3")
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(staff.company_id)
        .bind(staff.user_id)
        .bind(now)
        .bind(vacancy_id)
        .bind(filter.status.map(ApplicationStatus::as_str))
        .bind(filter.verdict.is_some())
        .bind(filter.verdict.flatten().map(Verdict::as_str))
        .bind(filter.rating.map(Rating::as_str))
        .bind(filter.min_score)
        .bind(filter.from)
        .bind(filter.to)
        .fetch_all(pool)
        .await?)
}

/// An answer as the employer reads it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CandidateAnswer {
    pub id: Uuid,
    pub question: String,
    pub answer: String,
    pub weight: i32,
    pub assessment: Option<String>,
}

/// One candidate in full.
#[derive(Clone, Debug)]
pub struct CandidateDetail {
    pub candidate: Candidate,
    pub answers: Vec<CandidateAnswer>,
}

/// One candidate the staff member may work on at `now`; "not found" otherwise. Reads, changes nothing.
async fn find(pool: &PgPool, staff: Staff, application_id: Uuid, now: DateTime<Utc>) -> Result<Candidate> {
    let sql = format!("{} and a.id = $4", candidate_select("$3"));
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(staff.company_id)
        .bind(staff.user_id)
        .bind(now)
        .bind(application_id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(Error::not_found)
}

async fn detail(pool: &PgPool, candidate: Candidate) -> Result<CandidateDetail> {
    let answers = sqlx::query_as(
        "select aa.id, aa.question, aa.answer, aa.weight, aa.assessment from application_answers aa
         left join vacancy_questions q on q.id = aa.question_id
         where aa.application_id = $1 order by q.position nulls last, aa.created_at, aa.id",
    )
    .bind(candidate.id)
    .fetch_all(pool)
    .await?;
    Ok(CandidateDetail { candidate, answers })
}

/// Opens a candidate: answers it in full and clears its change flag (NEW or UPDATED becomes NONE).
#[tracing::instrument(skip_all)]
pub async fn open(pool: &PgPool, staff: Staff, application_id: Uuid, now: DateTime<Utc>) -> Result<CandidateDetail> {
    let mut candidate = find(pool, staff, application_id, now).await?;
    if candidate.change_flag != ChangeFlag::None.as_str() {
        sqlx::query("update applications set change_flag = 'NONE' where id = $1").bind(application_id).execute(pool).await?;
        candidate.change_flag = ChangeFlag::None.as_str().to_string();
    }
    detail(pool, candidate).await
}

/// The employer's judgement of a candidate; what is left out stays as it is.
#[derive(Clone, Debug, Default)]
pub struct Judgement {
    pub rating: Option<Rating>,
    /// `Some(None)` clears the verdict.
    pub verdict: Option<Option<Verdict>>,
    /// (answer id, assessment; `None` clears it).
    pub assessments: Vec<(Uuid, Option<Assessment>)>,
}

/// Rates a candidate, gives or clears the verdict (which the applicant then sees) and assesses
/// answers, in one transaction. An answer of another application is a 400 naming `answers`.
#[tracing::instrument(skip_all)]
pub async fn judge(pool: &PgPool, staff: Staff, application_id: Uuid, judgement: &Judgement, now: DateTime<Utc>) -> Result<CandidateDetail> {
    find(pool, staff, application_id, now).await?;
    let mut tx = pool.begin().await?;
    if let Some(rating) = judgement.rating {
        sqlx::query("update applications set rating = $2 where id = $1").bind(application_id).bind(rating.as_str()).execute(&mut *tx).await?;
    }
    if let Some(verdict) = judgement.verdict {
        sqlx::query("update applications set verdict = $2 where id = $1")
            .bind(application_id)
            .bind(verdict.map(Verdict::as_str))
            .execute(&mut *tx)
            .await?;
    }
    for (answer_id, assessment) in &judgement.assessments {
        let done = sqlx::query("update application_answers set assessment = $3 where id = $1 and application_id = $2")
            .bind(answer_id)
            .bind(application_id)
            .bind(assessment.map(Assessment::as_str))
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            return Err(Error::field("answers", "An answer is not one of this application's"));
        }
    }
    tx.commit().await?;
    detail(pool, find(pool, staff, application_id, now).await?).await
}

/// Moves a candidate's status as [`TRANSITIONS`] allows; any other move is a 400 naming `status`
/// and the move. Answers the candidate, or `None` once deleted (it shows nowhere after).
#[tracing::instrument(skip_all)]
pub async fn change_status(
    pool: &PgPool,
    staff: Staff,
    application_id: Uuid,
    status: &str,
    now: DateTime<Utc>,
) -> Result<Option<CandidateDetail>> {
    let to = ApplicationStatus::parse(status.trim()).ok_or_else(|| {
        Error::field("status", format!("Unknown status: use {}", names(ApplicationStatus::ALL, ApplicationStatus::as_str)))
    })?;
    let candidate = find(pool, staff, application_id, now).await?;
    let from = ApplicationStatus::parse(&candidate.status).ok_or_else(|| anyhow::anyhow!("application status {} unknown", candidate.status))?;
    if !may_move(from, to) {
        return Err(Error::field("status", format!("An application cannot move from {} to {}", from.as_str(), to.as_str())));
    }
    let done = sqlx::query("update applications set status = $3 where id = $1 and status = $2")
        .bind(application_id)
        .bind(from.as_str())
        .bind(to.as_str())
        .execute(pool)
        .await?;
    if done.rows_affected() == 0 {
        // changed by someone else meanwhile: judge again against what it is now
        return Err(Error::field("status", "The application's status changed meanwhile; reload and try again"));
    }
    if to == ApplicationStatus::Deleted {
        return Ok(None);
    }
    Ok(Some(detail(pool, find(pool, staff, application_id, now).await?).await?))
}

/// A comment of the company's staff on an application; never shown to the applicant.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Comment {
    pub id: Uuid,
    pub author_user_id: Option<Uuid>,
    pub author_firstname: Option<String>,
    pub author_lastname: Option<String>,
    pub author_username: Option<String>,
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// Whether the reader may delete it: their own, or any when they supervise or administer the company.
    pub deletable: bool,
}

async fn comments_of(pool: &PgPool, staff: Staff, application_id: Uuid, only: Option<Uuid>) -> Result<Vec<Comment>> {
    let sql = format!(
        "select cm.id, cm.author_user_id, p.firstname as author_firstname, p.lastname as author_lastname, u.username as author_username,
                cm.body, cm.created_at,
                (cm.author_user_id = $2 or {}) as deletable
         from application_comments cm left join users u on u.id = cm.author_user_id left join profiles p on p.user_id = cm.author_user_id
         where cm.application_id = $3 and ($4::uuid is null or cm.id = $4) order by cm.created_at, cm.id",
        delegation::oversees_sql("$1", "$2")
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
    .bind(staff.company_id)
    .bind(staff.user_id)
    .bind(application_id)
    .bind(only)
    .fetch_all(pool)
    .await?)
}

/// The comments on a candidate, oldest first.
#[tracing::instrument(skip_all)]
pub async fn comments(pool: &PgPool, staff: Staff, application_id: Uuid, now: DateTime<Utc>) -> Result<Vec<Comment>> {
    find(pool, staff, application_id, now).await?;
    comments_of(pool, staff, application_id, None).await
}

/// Adds a comment (1 to [`MAX_COMMENT`] characters, trimmed; a 400 naming `body` otherwise).
#[tracing::instrument(skip_all)]
pub async fn add_comment(pool: &PgPool, staff: Staff, application_id: Uuid, body: &str, now: DateTime<Utc>) -> Result<Comment> {
    let body = body.trim();
    if body.is_empty() {
        return Err(Error::field("body", "Write the comment"));
    }
    if body.chars().count() > MAX_COMMENT {
        return Err(Error::field("body", format!("The comment is longer than {MAX_COMMENT} characters")));
    }
    find(pool, staff, application_id, now).await?;
    let id: Uuid = sqlx::query_scalar("insert into application_comments (application_id, author_user_id, body) values ($1, $2, $3) returning id")
        .bind(application_id)
        .bind(staff.user_id)
        .bind(body)
        .fetch_one(pool)
        .await?;
    comments_of(pool, staff, application_id, Some(id)).await?.pop().ok_or_else(|| anyhow::anyhow!("comment {id} vanished").into())
}

/// Deletes a comment: its author may, and so may the company's supervisor and administrators; for
/// anyone else it is "not found", as is a comment of another application.
#[tracing::instrument(skip_all)]
pub async fn delete_comment(pool: &PgPool, staff: Staff, application_id: Uuid, comment_id: Uuid, now: DateTime<Utc>) -> Result<()> {
    find(pool, staff, application_id, now).await?;
    let comment = comments_of(pool, staff, application_id, Some(comment_id)).await?.pop().ok_or_else(Error::not_found)?;
    if !comment.deletable {
        return Err(Error::not_found());
    }
    sqlx::query("delete from application_comments where id = $1").bind(comment_id).execute(pool).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lets_the_employer_make_only_its_moves() {
        use ApplicationStatus::*;
        let allowed = [(Temporary, Exists), (Temporary, Deleted), (Exists, Hidden), (Exists, Archived), (Exists, Deleted), (Hidden, Exists),
            (Hidden, Archived), (Hidden, Deleted), (Archived, Exists), (Archived, Deleted)];
        for from in ApplicationStatus::ALL {
            for to in ApplicationStatus::ALL {
                assert_eq!(may_move(*from, *to), allowed.contains(&(*from, *to)), "{from:?} -> {to:?}");
            }
        }
    }

    #[test]
    fn the_list_names_each_parameter_it_cannot_read() {
        let cases: [(ListParams, &str); 8] = [
            (ListParams { application_status: Some("GONE"), ..Default::default() }, "applicationStatus"),
            (ListParams { application_status: Some("DELETED"), ..Default::default() }, "applicationStatus"),
            (ListParams { verdict: Some("GREAT"), ..Default::default() }, "verdict"),
            (ListParams { rating: Some("5"), ..Default::default() }, "rating"),
            (ListParams { min_score: Some("101"), ..Default::default() }, "minScore"),
            (ListParams { from: Some("1.2.2026"), ..Default::default() }, "from"),
            (ListParams { sort: Some("name"), ..Default::default() }, "sort"),
            (ListParams { order: Some("up"), ..Default::default() }, "order"),
        ];
        for (params, field) in cases {
            match ListFilter::parse(&params) {
                Err(Error::Client { field: Some(named), .. }) => assert_eq!(named, field),
                other => panic!("{field}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_list_reads_every_parameter() {
        let filter = ListFilter::parse(&ListParams {
            application_status: Some("HIDDEN"),
            verdict: Some("NONE"),
            rating: Some("POSITIVE"),
            min_score: Some("50"),
            from: Some("2026-01-01"),
            to: Some("2026-01-31"),
            sort: Some("score"),
            order: Some("asc"),
        })
        .unwrap();
        assert_eq!(filter.status, Some(ApplicationStatus::Hidden));
        assert_eq!(filter.verdict, Some(None));
        assert_eq!(filter.rating, Some(Rating::Positive));
        assert_eq!(filter.min_score, Some(50));
        assert_eq!(filter.sort, Some(SortBy::Score));
        assert!(filter.ascending);
    }
}
