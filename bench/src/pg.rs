//! The Postgres full-text baseline: one table per kind in the bench's own schema, loaded with
//! COPY, a `simple` tsvector over the unaccented et/en/ru text (GIN), arrays with GIN indexes,
//! btree on the rest. A search is what the engines answer in one pass, done in SQL:
//! the page of hits (ts_rank, then PRO level, then renewal date), one aggregate for the total
//! and flag counts, one GROUP BY salary period for the salary stats (extremes, mean and
//! percentiles of the midpoints), and one GROUP BY per facet group with that group's own filter
//! left out (disjunctive), all groups in one UNION ALL statement.
//!
//! What it does not do, to its advantage: no stemming (the `simple` configuration), no typo
//! tolerance; a prefix only on the last word, as the engine.

use chrono::{DateTime, Utc};
use search::{CvDoc, CvQuery, VacancyDoc, VacancyQuery};
use sqlx::postgres::{PgPoolOptions, PgRow};
use sqlx::{Executor, PgPool, Row};

pub struct Pg {
    pub pool: PgPool,
    schema: String,
}

impl Pg {
    /// One connection, so that the server-side work of the run is one backend process.
    pub async fn connect(database_url: &str, schema: &str) -> anyhow::Result<Pg> {
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .after_connect(|conn, _| {
                Box::pin(async move {
                    // what a DBA would give an index build and faceting queries
                    conn.execute("set maintenance_work_mem = '512MB'; set work_mem = '64MB'").await?;
                    Ok(())
                })
            })
            .connect(database_url)
            .await?;
        Ok(Pg { pool, schema: schema.to_string() })
    }

    pub async fn backend_pid(&self) -> anyhow::Result<i32> {
        Ok(sqlx::query_scalar("select pg_backend_pid()").fetch_one(&self.pool).await?)
    }

    async fn reset_schema(&self) -> anyhow::Result<()> {
        let s = &self.schema;
        self.pool.execute(sqlx::AssertSqlSafe(format!("drop schema if exists {s} cascade"))).await?;
        self.pool
            .execute(sqlx::AssertSqlSafe(format!(
                "create extension if not exists unaccent;
                 create schema {s};
                 create function {s}.fold(text) returns text language sql immutable parallel safe strict
                    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;"
            )))
            .await?;
        Ok(())
    }

    pub async fn drop_schema(&self) -> anyhow::Result<()> {
        self.pool
            .execute(sqlx::AssertSqlSafe(format!("drop schema if exists {} cascade", self.schema)))
            .await?;
        Ok(())
    }

    pub async fn relation_bytes(&self, table: &str) -> anyhow::Result<u64> {
        let bytes: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "select pg_total_relation_size('{}.{table}')",
            self.schema
        )))
        .fetch_one(&self.pool)
        .await?;
        Ok(bytes as u64)
    }

    async fn copy(&self, statement: &str, lines: impl Iterator<Item = String>) -> anyhow::Result<()> {
        let mut conn = self.pool.acquire().await?;
        let mut copy = conn.copy_in_raw(statement).await?;
        let mut buffer = String::new();
        for line in lines {
            buffer.push_str(&line);
            if buffer.len() > 8 << 20 {
                copy.send(std::mem::take(&mut buffer).into_bytes()).await?;
            }
        }
        if !buffer.is_empty() {
            copy.send(buffer.into_bytes()).await?;
        }
        copy.finish().await?;
        Ok(())
    }

    // ---- vacancies ----

    /// Full rebuild: schema, COPY, indexes, ANALYZE.
    pub async fn rebuild_vacancies(&self, docs: &[VacancyDoc]) -> anyhow::Result<()> {
        self.reset_schema().await?;
        let s = &self.schema;
        self.pool
            .execute(sqlx::AssertSqlSafe(format!(
                "create table {s}.vacancies (
                    id uuid not null,
                    card text not null,
                    body text not null,
                    tsv tsvector generated always as (to_tsvector('simple', {s}.fold(body))) stored,
                    category_codes text[] not null,
                    place_codes text[] not null,
                    employment_type text,
                    work_experience text,
                    language_codes text[] not null,
                    business_name text not null,
                    salary_low float8,
                    salary_high float8,
                    salary_period text,
                    by_agreement bool not null,
                    for_students bool not null,
                    for_underage bool not null,
                    for_disabled bool not null,
                    for_retired bool not null,
                    for_foreigners bool not null,
                    remote_work bool not null,
                    shift_work bool not null,
                    pro_level smallint not null,
                    renewed_at timestamptz,
                    valid_until timestamptz
                )"
            )))
            .await?;
        self.copy_vacancies(docs).await?;
        self.pool
            .execute(sqlx::AssertSqlSafe(format!(
                "alter table {s}.vacancies add primary key (id);
                 create index on {s}.vacancies using gin (tsv);
                 create index on {s}.vacancies using gin (category_codes);
                 create index on {s}.vacancies using gin (place_codes);
                 create index on {s}.vacancies using gin (language_codes);
                 create index on {s}.vacancies (employment_type);
                 create index on {s}.vacancies (work_experience);
                 create index on {s}.vacancies (business_name);
                 create index on {s}.vacancies (salary_low);
                 create index on {s}.vacancies (salary_high);
                 create index on {s}.vacancies (valid_until);
                 create index on {s}.vacancies (pro_level desc, renewed_at desc);
                 analyze {s}.vacancies;"
            )))
            .await?;
        Ok(())
    }

    /// COPY of documents (also one freshness probe: a single-row COPY is one committed write).
    pub async fn copy_vacancies(&self, docs: &[VacancyDoc]) -> anyhow::Result<()> {
        let statement = format!(
            "copy {}.vacancies (id, card, body, category_codes, place_codes, employment_type, work_experience,
                language_codes, business_name, salary_low, salary_high, salary_period, by_agreement, for_students,
                for_underage, for_disabled, for_retired, for_foreigners, remote_work, shift_work, pro_level,
                renewed_at, valid_until) from stdin with (format csv)",
            self.schema
        );
        self.copy(&statement, docs.iter().map(vacancy_line)).await
    }

    /// One search; returns the total.
    pub async fn search_vacancies(&self, query: &VacancyQuery) -> anyhow::Result<u64> {
        let s = &self.schema;
        let mut p = Params::default();
        let mut base = vec![format!("(valid_until is null or valid_until >= {})", p.ts(query.now))];
        let tsquery = query.text.as_deref().and_then(tsquery);
        let q = tsquery.map(|t| format!("to_tsquery('simple', {s}.fold({}))", p.text(t)));
        if let Some(q) = &q {
            base.push(format!("tsv @@ {q}"));
        }
        if let Some(from) = query.salary_from {
            base.push(format!("salary_high >= {}", p.f64(from)));
        }
        if let Some(to) = query.salary_to {
            base.push(format!("salary_low <= {}", p.f64(to)));
        }
        if let Some(period) = &query.salary_period {
            base.push(format!("salary_period = {}", p.text(period.clone())));
        }
        // (name, column, is_array, filter or None)
        let mut groups: Vec<(&str, &str, bool, Option<String>)> = Vec::new();
        let mut group = |name: &'static str, column: &'static str, array: bool, values: &[String], p: &mut Params| {
            let filter = (!values.is_empty()).then(|| {
                let k = p.arr(values.to_vec());
                if array { format!("{column} && {k}") } else { format!("{column} = any({k})") }
            });
            groups.push((name, column, array, filter));
        };
        group("category_codes", "category_codes", true, &query.category_codes, &mut p);
        group("place_codes", "place_codes", true, &query.place_codes, &mut p);
        group("employment_types", "employment_type", false, &query.employment_types, &mut p);
        group("work_experiences", "work_experience", false, &query.work_experiences, &mut p);
        group("language_codes", "language_codes", true, &query.language_codes, &mut p);
        group("business_names", "business_name", false, &query.business_names, &mut p);
        let f = &query.flags;
        let mut flags: Vec<String> = Vec::new();
        for (on, column) in [
            (query.salary_by_agreement, "by_agreement"),
            (f.for_students, "for_students"),
            (f.for_underage, "for_underage"),
            (f.for_disabled, "for_disabled"),
            (f.for_retired, "for_retired"),
            (f.for_foreigners, "for_foreigners"),
            (f.remote_work, "remote_work"),
            (f.shift_work, "shift_work"),
        ] {
            if on {
                flags.push(column.to_string());
            }
        }
        let all: Vec<String> = base
            .iter()
            .cloned()
            .chain(groups.iter().filter_map(|g| g.3.clone()))
            .chain(flags.iter().cloned())
            .collect();
        let all = all.join(" and ");

        // hits
        let order = match &q {
            Some(q) => format!("ts_rank(tsv, {q}) desc, pro_level desc, renewed_at desc"),
            None => "pro_level desc, renewed_at desc".to_string(),
        };
        if query.size > 0 {
            let sql = format!(
                "select card from {s}.vacancies where {all} order by {order} limit {} offset {}",
                query.size,
                query.page as u64 * query.size as u64
            );
            let _cards: Vec<PgRow> = p.bind(sqlx::query(sqlx::AssertSqlSafe(sql))).fetch_all(&self.pool).await?;
        }
        // total, flag counts (a flag's own filter only ever removes documents without it, so
        // its disjunctive count is its count under every filter)
        let sql = format!(
            "select count(*), count(*) filter (where by_agreement), count(*) filter (where for_students),
                    count(*) filter (where for_underage), count(*) filter (where for_disabled),
                    count(*) filter (where for_retired), count(*) filter (where for_foreigners),
                    count(*) filter (where remote_work), count(*) filter (where shift_work)
             from {s}.vacancies where {all}"
        );
        let row = p.bind(sqlx::query(sqlx::AssertSqlSafe(sql))).fetch_one(&self.pool).await?;
        let total: i64 = row.try_get(0)?;
        // salary stats per period, as the engines answer them: extremes, mean and the
        // percentiles of the midpoints the quartiles and the histogram's range need
        let sql = format!(
            "select salary_period, count(*), min(coalesce(salary_low, salary_high)), max(coalesce(salary_high, salary_low)),
                    avg((coalesce(salary_low, salary_high) + coalesce(salary_high, salary_low)) / 2),
                    percentile_cont(array[0.05, 0.25, 0.5, 0.75, 0.95]) within group
                        (order by (coalesce(salary_low, salary_high) + coalesce(salary_high, salary_low)) / 2)
             from {s}.vacancies where {all} and coalesce(salary_low, salary_high) is not null group by salary_period"
        );
        let _salaries: Vec<PgRow> = p.bind(sqlx::query(sqlx::AssertSqlSafe(sql))).fetch_all(&self.pool).await?;
        // one GROUP BY per facet group, without that group's own filter
        let parts: Vec<String> = groups
            .iter()
            .enumerate()
            .map(|(i, (name, column, array, _))| {
                let filters: Vec<String> = base
                    .iter()
                    .cloned()
                    .chain(groups.iter().enumerate().filter(|(j, _)| *j != i).filter_map(|(_, g)| g.3.clone()))
                    .chain(flags.iter().cloned())
                    .collect();
                let filters = filters.join(" and ");
                if *array {
                    format!(
                        "(select '{name}'::text, v, count(*) from {s}.vacancies cross join lateral unnest({column}) v
                          where {filters} group by v)"
                    )
                } else {
                    format!(
                        "(select '{name}'::text, {column}, count(*) from {s}.vacancies
                          where {filters} and {column} is not null group by {column})"
                    )
                }
            })
            .collect();
        let sql = parts.join(" union all ");
        let _facets: Vec<PgRow> = p.bind(sqlx::query(sqlx::AssertSqlSafe(sql))).fetch_all(&self.pool).await?;
        Ok(total as u64)
    }

    // ---- CVs ----

    pub async fn rebuild_cvs(&self, docs: &[CvDoc]) -> anyhow::Result<()> {
        self.reset_schema().await?;
        let s = &self.schema;
        self.pool
            .execute(sqlx::AssertSqlSafe(format!(
                "create table {s}.cvs (
                    id uuid not null,
                    card text not null,
                    body text not null,
                    tsv tsvector generated always as (to_tsvector('simple', {s}.fold(body))) stored,
                    category_codes text[] not null,
                    place_codes text[] not null,
                    language_codes text[] not null,
                    education_levels text[] not null,
                    work_experience text,
                    driver_licences text[] not null,
                    employment_types text[] not null,
                    updated_at timestamptz not null
                )"
            )))
            .await?;
        let statement = format!(
            "copy {s}.cvs (id, card, body, category_codes, place_codes, language_codes, education_levels,
                work_experience, driver_licences, employment_types, updated_at) from stdin with (format csv)"
        );
        self.copy(&statement, docs.iter().map(cv_line)).await?;
        self.pool
            .execute(sqlx::AssertSqlSafe(format!(
                "alter table {s}.cvs add primary key (id);
                 create index on {s}.cvs using gin (tsv);
                 create index on {s}.cvs using gin (category_codes);
                 create index on {s}.cvs using gin (place_codes);
                 create index on {s}.cvs using gin (language_codes);
                 create index on {s}.cvs using gin (education_levels);
                 create index on {s}.cvs using gin (driver_licences);
                 create index on {s}.cvs using gin (employment_types);
                 create index on {s}.cvs (work_experience);
                 create index on {s}.cvs (updated_at desc);
                 analyze {s}.cvs;"
            )))
            .await?;
        Ok(())
    }

    /// One CV-database search with highlighted snippets; returns the total.
    pub async fn search_cvs(&self, query: &CvQuery) -> anyhow::Result<u64> {
        let s = &self.schema;
        let mut p = Params::default();
        let mut base: Vec<String> = vec!["true".into()];
        let q = query
            .text
            .as_deref()
            .and_then(tsquery)
            .map(|t| format!("to_tsquery('simple', {s}.fold({}))", p.text(t)));
        if let Some(q) = &q {
            base.push(format!("tsv @@ {q}"));
        }
        let mut groups: Vec<(&str, bool, Option<String>)> = Vec::new();
        for (column, array, values) in [
            ("category_codes", true, &query.category_codes),
            ("place_codes", true, &query.place_codes),
            ("language_codes", true, &query.language_codes),
            ("education_levels", true, &query.education_levels),
            ("work_experience", false, &query.work_experiences),
            ("driver_licences", true, &query.driver_licences),
            ("employment_types", true, &query.employment_types),
        ] {
            let filter = (!values.is_empty()).then(|| {
                let k = p.arr(values.clone());
                if array { format!("{column} && {k}") } else { format!("{column} = any({k})") }
            });
            groups.push((column, array, filter));
        }
        let all: Vec<String> = base.iter().cloned().chain(groups.iter().filter_map(|g| g.2.clone())).collect();
        let all = all.join(" and ");
        let (order, snippet) = match &q {
            Some(q) => (
                format!("ts_rank(tsv, {q}) desc, updated_at desc"),
                format!("ts_headline('simple', body, {q}, 'MaxFragments=1, MaxWords=25, MinWords=8, StartSel=<mark>, StopSel=</mark>')"),
            ),
            None => ("updated_at desc".to_string(), "''".to_string()),
        };
        if query.size > 0 {
            // snippets only for the page, as the engine does
            let sql = format!(
                "select card, {snippet} from (select card, body from {s}.cvs where {all} order by {order} limit {} offset {}) page",
                query.size,
                query.page as u64 * query.size as u64
            );
            let _hits: Vec<PgRow> = p.bind(sqlx::query(sqlx::AssertSqlSafe(sql))).fetch_all(&self.pool).await?;
        }
        let total: i64 = p
            .bind(sqlx::query(sqlx::AssertSqlSafe(format!("select count(*) from {s}.cvs where {all}"))))
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        let parts: Vec<String> = groups
            .iter()
            .enumerate()
            .map(|(i, (column, array, _))| {
                let filters: Vec<String> = base
                    .iter()
                    .cloned()
                    .chain(groups.iter().enumerate().filter(|(j, _)| *j != i).filter_map(|(_, g)| g.2.clone()))
                    .collect();
                let filters = filters.join(" and ");
                if *array {
                    format!(
                        "(select '{column}'::text, v, count(*) from {s}.cvs cross join lateral unnest({column}) v
                          where {filters} group by v)"
                    )
                } else {
                    format!(
                        "(select '{column}'::text, {column}, count(*) from {s}.cvs
                          where {filters} and {column} is not null group by {column})"
                    )
                }
            })
            .collect();
        let _facets: Vec<PgRow> =
            p.bind(sqlx::query(sqlx::AssertSqlSafe(parts.join(" union all ")))).fetch_all(&self.pool).await?;
        Ok(total as u64)
    }
}

/// `word & word & last:*` from what the user typed; `None` when nothing searchable is left.
pub fn tsquery(text: &str) -> Option<String> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect();
    let last = words.len().checked_sub(1)?;
    let terms: Vec<String> =
        words.iter().enumerate().map(|(i, w)| if i == last { format!("{w}:*") } else { w.clone() }).collect();
    Some(terms.join(" & "))
}

enum Arg {
    Text(String),
    Arr(Vec<String>),
    F64(f64),
    Ts(DateTime<Utc>),
}

/// Positional parameters, each bound once and referenced wherever a condition repeats.
#[derive(Default)]
struct Params(Vec<Arg>);

impl Params {
    fn push(&mut self, arg: Arg) -> String {
        self.0.push(arg);
        format!("${}", self.0.len())
    }
    fn text(&mut self, value: String) -> String {
        self.push(Arg::Text(value))
    }
    fn arr(&mut self, value: Vec<String>) -> String {
        let k = self.push(Arg::Arr(value));
        format!("{k}::text[]")
    }
    fn f64(&mut self, value: f64) -> String {
        self.push(Arg::F64(value))
    }
    fn ts(&mut self, value: DateTime<Utc>) -> String {
        self.push(Arg::Ts(value))
    }
    fn bind<'q>(
        &'q self,
        mut query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    ) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
        for arg in &self.0 {
            query = match arg {
                Arg::Text(v) => query.bind(v),
                Arg::Arr(v) => query.bind(v),
                Arg::F64(v) => query.bind(*v),
                Arg::Ts(v) => query.bind(*v),
            };
        }
        query
    }
}

fn csv_text(out: &mut String, value: &str) {
    out.push('"');
    out.push_str(&value.replace('"', "\"\""));
    out.push('"');
}

fn csv_array(out: &mut String, values: &[String]) {
    out.push('"');
    out.push('{');
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // codes are plain; quote anyway for array syntax, doubling the CSV quotes
        out.push_str("\"\"");
        out.push_str(&v.replace(['"', '\\'], ""));
        out.push_str("\"\"");
    }
    out.push('}');
    out.push('"');
}

fn csv_opt(out: &mut String, value: Option<String>) {
    if let Some(v) = value {
        csv_text(out, &v);
    }
}

fn vacancy_line(doc: &VacancyDoc) -> String {
    let c = &doc.card;
    let mut line = String::with_capacity(4096);
    line.push_str(&c.vacancy_id.to_string());
    line.push(',');
    csv_text(&mut line, &serde_json::to_string(c).expect("a card serializes"));
    line.push(',');
    csv_text(&mut line, &format!("{}\n{}\n{}", doc.text.et, doc.text.en, doc.text.ru));
    line.push(',');
    csv_array(&mut line, &doc.category_codes);
    line.push(',');
    csv_array(&mut line, &doc.place_codes);
    line.push(',');
    csv_opt(&mut line, doc.employment_type.clone());
    line.push(',');
    csv_opt(&mut line, doc.work_experience.clone());
    line.push(',');
    csv_array(&mut line, &doc.language_codes);
    line.push(',');
    csv_text(&mut line, &c.business_name);
    line.push(',');
    let low = c.salary_from.or(c.salary_to);
    let high = c.salary_to.or(c.salary_from);
    csv_opt(&mut line, low.map(|v| v.to_string()));
    line.push(',');
    csv_opt(&mut line, high.map(|v| v.to_string()));
    line.push(',');
    csv_opt(&mut line, c.salary_period.clone());
    let f = &c.flags;
    for flag in [
        c.by_agreement,
        f.for_students,
        f.for_underage,
        f.for_disabled,
        f.for_retired,
        f.for_foreigners,
        f.remote_work,
        f.shift_work,
    ] {
        line.push(',');
        line.push_str(if flag { "t" } else { "f" });
    }
    line.push(',');
    line.push_str(&c.pro_level.to_string());
    line.push(',');
    csv_opt(&mut line, c.renewed_at.map(|t| t.to_rfc3339()));
    line.push(',');
    csv_opt(&mut line, c.valid_until.map(|t| t.to_rfc3339()));
    line.push('\n');
    line
}

fn cv_line(doc: &CvDoc) -> String {
    let c = &doc.card;
    let mut line = String::with_capacity(2048);
    line.push_str(&c.cv_id.to_string());
    line.push(',');
    csv_text(&mut line, &serde_json::to_string(c).expect("a card serializes"));
    line.push(',');
    csv_text(&mut line, &doc.text);
    for values in [&c.category_codes, &c.place_codes, &c.language_codes, &c.education_levels] {
        line.push(',');
        csv_array(&mut line, values);
    }
    line.push(',');
    csv_opt(&mut line, c.work_experience.clone());
    for values in [&c.driver_licences, &c.employment_types] {
        line.push(',');
        csv_array(&mut line, values);
    }
    line.push(',');
    line.push_str(&c.updated_at.to_rfc3339());
    line.push('\n');
    line
}
