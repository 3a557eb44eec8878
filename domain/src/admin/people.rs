//! The people of the back office's lists: employers and applicants, found by e-mail or name and
//! paged (spec 2 section 3: 2000 a page by default).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, Result};
use crate::platform::sorting::{SortField, Sorting};

/// The page size when none is asked for (spec 2 section 3), also the largest.
pub const DEFAULT_PAGE_SIZE: u32 = 2000;

/// What the lists of people sort by (`?sort=`): registered (the default, newest first), modified,
/// last sign-in (newest first), e-mail or name (A to Z, by last name then first name).
pub const SORT_FIELDS: &[SortField] = &[
    SortField::desc("created", "u.created_at"),
    SortField::desc("modified", "u.modified_at"),
    SortField::desc("lastLogin", "u.last_login_at"),
    SortField::asc("email", "u.username"),
    SortField::asc("name", "lower(concat_ws(' ', p.lastname, p.firstname)) collate \"et-x-icu\""),
];

/// A search of people: part of the e-mail or of the name, the sort, a zero-based page and its size.
#[derive(Clone, Debug, Default)]
pub struct PeopleQuery<'a> {
    pub search: Option<&'a str>,
    /// One of [`SORT_FIELDS`].
    pub sort: Option<&'a str>,
    /// `asc` or `desc`; the field's own direction when absent.
    pub order: Option<&'a str>,
    pub page: Option<u32>,
    pub size: Option<u32>,
}

struct Checked {
    search: String,
    pattern: String,
    sorting: Sorting,
    page: u32,
    size: u32,
}

impl PeopleQuery<'_> {
    fn check(&self) -> Result<Checked> {
        let search = self.search.map(str::trim).unwrap_or_default();
        if search.chars().count() > 100 {
            return Err(Error::field("search", "The search is too long (at most 100 characters)"));
        }
        let size = self.size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=DEFAULT_PAGE_SIZE).contains(&size) {
            return Err(Error::field("size", format!("Page size must be between 1 and {DEFAULT_PAGE_SIZE}")));
        }
        let sorting = Sorting::parse(SORT_FIELDS, self.sort, self.order)?;
        let pattern = format!("%{}%", search.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
        Ok(Checked { search: search.to_string(), pattern, sorting, page: self.page.unwrap_or(0), size })
    }
}

/// An employer of the administrators' list.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminEmployer {
    pub user_id: Uuid,
    /// The e-mail address, which is the username; "log in as" takes it.
    pub email: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub phone_number: Option<String>,
    /// The business names of the companies they work for.
    pub companies: Vec<String>,
    pub created_at: DateTime<Utc>,
    /// When their profile or account settings last changed (spec 2: an employer user's modifiedDate).
    pub modified_at: DateTime<Utc>,
    pub last_login_at: Option<DateTime<Utc>>,
}

/// An applicant of the administrators' list.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminApplicant {
    pub user_id: Uuid,
    /// The e-mail address, which is the username: typed to confirm a deletion.
    pub email: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub phone_number: Option<String>,
    pub cvs: i64,
    pub applications: i64,
    pub created_at: DateTime<Utc>,
    pub modified_at: DateTime<Utc>,
    pub last_login_at: Option<DateTime<Utc>>,
}

/// A page of employers.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminEmployerPage {
    pub content: Vec<AdminEmployer>,
    pub total_elements: i64,
    pub total_pages: u32,
    pub page: u32,
    pub size: u32,
}

/// A page of applicants.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminApplicantPage {
    pub content: Vec<AdminApplicant>,
    pub total_elements: i64,
    pub total_pages: u32,
    pub page: u32,
    pub size: u32,
}

/// One page of people of either kind: the rows, the total, the page and its size.
struct Page<T> {
    content: Vec<T>,
    total_elements: i64,
    total_pages: u32,
    page: u32,
    size: u32,
}

/// The users of `role` whose e-mail or name holds `$1` (`$2` its pattern), in `order_by`, paged
/// by `$3` and `$4`; the columns after the shared ones are `extra`.
fn people_sql(role: &str, extra: &str, order_by: &str) -> String {
    format!(
        "select u.id as user_id, u.username as email, p.firstname, p.lastname, p.phone_number, u.created_at, u.modified_at, u.last_login_at,
                {extra}, count(*) over () as total
         from users u join user_roles r on r.user_id = u.id and r.role = '{role}'
         left join profiles p on p.user_id = u.id
         where u.deleted_at is null
           and ($1 = '' or u.username ilike $2 or concat_ws(' ', p.firstname, p.lastname) ilike $2)
         order by {order_by}
         limit $3 offset $4"
    )
}

async fn page_of<T>(pool: &PgPool, role: &str, extra: &str, query: &PeopleQuery<'_>) -> Result<Page<T>>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
{
    #[derive(sqlx::FromRow)]
    struct Row<T> {
        #[sqlx(flatten)]
        person: T,
        total: i64,
    }
    let checked = query.check()?;
    // the order comes from the checked choices (SORT_FIELDS), never from the request's text
    let sql = people_sql(role, extra, &checked.sorting.order_by("u.id"));
    let rows: Vec<Row<T>> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&checked.search)
        .bind(&checked.pattern)
        .bind(i64::from(checked.size))
        .bind(i64::from(checked.page) * i64::from(checked.size))
        .fetch_all(pool)
        .await?;
    let total_elements = rows.first().map_or(0, |row| row.total);
    Ok(Page {
        content: rows.into_iter().map(|row| row.person).collect(),
        total_pages: (total_elements as u64).div_ceil(u64::from(checked.size)) as u32,
        total_elements,
        page: checked.page,
        size: checked.size,
    })
}

/// The employers (role EMPLOYER) with the companies they work for.
#[tracing::instrument(skip_all)]
pub async fn employers(pool: &PgPool, query: &PeopleQuery<'_>) -> Result<AdminEmployerPage> {
    let companies = "array(select c.business_name from company_staff s join companies c on c.id = s.company_id
                           where s.user_id = u.id and c.deleted_at is null order by c.business_name) as companies";
    let Page { content, total_elements, total_pages, page, size } = page_of(pool, "EMPLOYER", companies, query).await?;
    Ok(AdminEmployerPage { content, total_elements, total_pages, page, size })
}

/// The applicants (role APPLICANT) with the number of their CVs and applications.
#[tracing::instrument(skip_all)]
pub async fn applicants(pool: &PgPool, query: &PeopleQuery<'_>) -> Result<AdminApplicantPage> {
    let counts = "(select count(*) from cvs where cvs.owner_user_id = u.id) as cvs,
                  (select count(*) from applications a where a.applicant_user_id = u.id) as applications";
    let Page { content, total_elements, total_pages, page, size } = page_of(pool, "APPLICANT", counts, query).await?;
    Ok(AdminApplicantPage { content, total_elements, total_pages, page, size })
}
