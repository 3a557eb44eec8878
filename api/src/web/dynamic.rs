//! Heads of pages whose content lives in the database: a vacancy page carries schema.org
//! JobPosting data (Google's required properties and the recommended ones we have), a company
//! page Organization data. A finished vacancy keeps its page but says noindex and drops the
//! JobPosting; a vacancy or company without a public page gets the not-found head.

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::Locale;
use domain::platform::reference::label_sql;
use indexer::text::delta_to_text;
use domain::vacancies::{ACTIVE_SQL, PUBLIC_SQL};
use serde_json::{Value, json};
use uuid::Uuid;

use super::HeadContent;
use crate::state::AppState;

const DESCRIPTION_CHARS: usize = 160;

/// The head of a database-backed page, `None` for any other path.
pub async fn head(app: &AppState, locale: Locale, rest: &str, origin: &str) -> anyhow::Result<Option<(StatusCode, HeadContent)>> {
    let segments: Vec<&str> = rest.split('/').collect();
    match segments.as_slice() {
        ["vacancies", id] => Ok(Some(match id.parse::<Uuid>() {
            Ok(id) => vacancy(app, locale, id, origin).await?,
            Err(_) => not_found(locale),
        })),
        ["companies", country, registry] => Ok(Some(company(app, locale, country, registry, origin).await?)),
        ["locations", code] => Ok(Some(location(app, locale, code, origin).await?)),
        _ => Ok(None),
    }
}

fn not_found(locale: Locale) -> (StatusCode, HeadContent) {
    (StatusCode::NOT_FOUND, super::not_found_content(locale))
}

fn summary(text: &str) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= DESCRIPTION_CHARS {
        return flat;
    }
    let cut: String = flat.chars().take(DESCRIPTION_CHARS - 1).collect();
    format!("{}…", cut.rsplit_once(' ').map(|(head, _)| head).unwrap_or(&cut))
}

/// The description as simple HTML paragraphs, text escaped.
pub(super) fn paragraphs(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("<p>{}</p>", l.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")))
        .collect()
}

/// schema.org employmentType for our employment types.
fn employment_type(code: &str) -> &'static str {
    match code {
        "FULL_TIME" => "FULL_TIME",
        "PART_TIME" => "PART_TIME",
        "TEMPORARY" | "SEASONAL" | "FIXED_TERM" => "TEMPORARY",
        "INTERNSHIP" => "INTERN",
        "FREELANCE" => "CONTRACTOR",
        _ => "OTHER",
    }
}

#[derive(sqlx::FromRow)]
struct VacancyRow {
    title: String,
    business_name: String,
    registry_code: String,
    logo_file_id: Option<Uuid>,
    address: Option<String>,
    city: Option<String>,
    county: Option<String>,
    salary_from: Option<f64>,
    salary_to: Option<f64>,
    salary_period_code: Option<String>,
    employment_type_code: Option<String>,
    remote_work: bool,
    apply_link: Option<String>,
    publish_at: Option<DateTime<Utc>>,
    valid_until: Option<DateTime<Utc>>,
    active: bool,
}

async fn vacancy(app: &AppState, locale: Locale, id: Uuid, origin: &str) -> anyhow::Result<(StatusCode, HeadContent)> {
    let sql = format!(
        "select coalesce({occupation}, v.occupation_label, '') as title, c.business_name, c.registry_code, p.logo_file_id, v.address,
                {place} as city, {county} as county,
                v.salary_from::float8 as salary_from, v.salary_to::float8 as salary_to, v.salary_period_code,
                v.employment_type_code, v.remote_work, v.apply_link, v.publish_at, v.valid_until, {ACTIVE_SQL} as active
         from vacancies v join companies c on c.id = v.company_id
         left join company_profiles p on p.company_id = c.id
         left join ref_occupations o on o.code = v.occupation_code
         left join ref_places pl on pl.code = v.ehak_code
         left join ref_places parent on parent.code = pl.parent_code
         left join ref_places grand on grand.code = parent.parent_code
         left join ref_places cty on cty.code = (case when parent.kind = 'county' then parent.code when grand.kind = 'county' then grand.code end)
         where v.id = $1 and {PUBLIC_SQL}",
        occupation = label_sql(locale, "o"),
        place = label_sql(locale, "pl"),
        county = label_sql(locale, "cty"),
    );
    let Some(row) = sqlx::query_as::<_, VacancyRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&app.pool).await? else {
        return Ok(not_found(locale));
    };
    let contents: Vec<(String, Option<String>, Option<String>)> =
        sqlx::query_as("select language_code, teaser, content from vacancy_contents where vacancy_id = $1").bind(id).fetch_all(&app.pool).await?;
    let pick = contents.iter().find(|(l, _, _)| l == locale.code()).or_else(|| contents.iter().find(|(l, _, _)| l == "et")).or(contents.first());
    let (teaser, body) = pick.map(|(_, t, c)| (t.clone().unwrap_or_default(), c.as_deref().map(delta_to_text).unwrap_or_default())).unwrap_or_default();
    let description = summary(&format!("{} — {}. {teaser} {body}", row.title, row.business_name));
    let logo = row.logo_file_id.map(|f| format!("{origin}/api/files/{f}"));
    let mut head = HeadContent { title: format!("{} — {}", row.title, row.business_name), description, indexable: row.active, image: logo.clone(), json_ld: None };
    if !row.active {
        return Ok((StatusCode::OK, head));
    }
    let mut posting = json!({
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        "title": row.title,
        "description": paragraphs(&format!("{teaser}\n{body}")),
        "datePosted": row.publish_at.map(|d| d.to_rfc3339()),
        "hiringOrganization": {
            "@type": "Organization",
            "name": row.business_name,
            "sameAs": format!("{origin}/{}/companies/EE/{}", locale.code(), row.registry_code),
        },
        "jobLocation": {
            "@type": "Place",
            "address": {
                "@type": "PostalAddress",
                "streetAddress": row.address,
                "addressLocality": row.city,
                "addressRegion": row.county,
                "addressCountry": "EE",
            },
        },
        "directApply": row.apply_link.is_none(),
        "identifier": { "@type": "PropertyValue", "name": row.business_name, "value": id.to_string() },
    });
    let object = posting.as_object_mut().expect("a JSON object");
    if let Some(logo) = logo {
        object["hiringOrganization"]["logo"] = Value::String(logo);
    }
    if let Some(until) = row.valid_until {
        object.insert("validThrough".into(), Value::String(until.to_rfc3339()));
    }
    if let Some(code) = &row.employment_type_code {
        object.insert("employmentType".into(), Value::String(employment_type(code).into()));
    }
    if row.remote_work {
        object.insert("jobLocationType".into(), Value::String("TELECOMMUTE".into()));
        object.insert("applicantLocationRequirements".into(), json!({ "@type": "Country", "name": "Estonia" }));
    }
    if let (Some(period), true) = (&row.salary_period_code, row.salary_from.is_some() || row.salary_to.is_some()) {
        let mut value = json!({ "@type": "QuantitativeValue", "unitText": period });
        match (row.salary_from, row.salary_to) {
            (Some(from), Some(to)) => {
                value["minValue"] = json!(from);
                value["maxValue"] = json!(to);
            }
            (Some(amount), None) | (None, Some(amount)) => value["value"] = json!(amount),
            (None, None) => {}
        }
        object.insert("baseSalary".into(), json!({ "@type": "MonetaryAmount", "currency": "EUR", "value": value }));
    }
    head.json_ld = Some(posting);
    Ok((StatusCode::OK, head))
}

async fn company(app: &AppState, locale: Locale, country: &str, registry: &str, origin: &str) -> anyhow::Result<(StatusCode, HeadContent)> {
    let row: Option<(Uuid, String, Option<String>, Option<Uuid>, Option<String>)> = sqlx::query_as(
        "select c.id, c.business_name, c.address, p.logo_file_id, p.website from companies c
         left join company_profiles p on p.company_id = c.id
         where c.country_code = upper($1) and c.registry_code = $2 and c.deleted_at is null",
    )
    .bind(country)
    .bind(registry)
    .fetch_optional(&app.pool)
    .await?;
    let Some((company_id, name, address, logo_file, website)) = row else {
        return Ok(not_found(locale));
    };
    let description: Option<String> = sqlx::query_scalar(
        "select content from company_descriptions where company_id = $1 order by (language_code = $2) desc, (language_code = 'et') desc limit 1",
    )
    .bind(company_id)
    .bind(locale.code())
    .fetch_optional(&app.pool)
    .await?;
    let logo = logo_file.map(|f| format!("{origin}/api/files/{f}"));
    let mut organization = json!({
        "@context": "https://schema.org/",
        "@type": "Organization",
        "name": name,
        "url": format!("{origin}/{}/companies/{}/{registry}", locale.code(), country.to_uppercase()),
        "identifier": registry,
        "address": { "@type": "PostalAddress", "streetAddress": address, "addressCountry": country.to_uppercase() },
    });
    if let Some(logo) = &logo {
        organization["logo"] = Value::String(logo.clone());
    }
    if let Some(site) = website {
        organization["sameAs"] = json!([site]);
    }
    let text = description.map(|d| delta_to_text(&d)).unwrap_or_default();
    Ok((
        StatusCode::OK,
        HeadContent {
            description: summary(if text.is_empty() { &name } else { &text }),
            title: name,
            indexable: true,
            image: logo,
            json_ld: Some(organization),
        },
    ))
}

/// A location landing page: indexable while it has open vacancies, with its place chain as a
/// schema.org BreadcrumbList.
async fn location(app: &AppState, locale: Locale, code: &str, origin: &str) -> anyhow::Result<(StatusCode, HeadContent)> {
    let Some(location) = crate::routes::locations::location_of(app, locale, code).await? else {
        return Ok(not_found(locale));
    };
    let place = &location.place.label;
    let count = location.vacancy_count;
    let (title, description) = match locale {
        Locale::Et => (
            format!("Tööpakkumised – {place}"),
            format!("{count} avatud tööpakkumist: {place}. Leia töö ja kandideeri Vakantsis."),
        ),
        Locale::En => (format!("Jobs in {place}"), format!("{count} open vacancies in {place}. Find a job and apply on Vakants.")),
        Locale::Ru => (format!("Вакансии – {place}"), format!("Открытых вакансий: {count} ({place}). Найдите работу и откликнитесь на Vakants.")),
    };
    let items: Vec<Value> = location
        .parents
        .iter()
        .chain(std::iter::once(&location.place))
        .enumerate()
        .map(|(n, place)| {
            json!({
                "@type": "ListItem",
                "position": n + 1,
                "name": place.label,
                "item": format!("{origin}/{}/locations/{}", locale.code(), place.code),
            })
        })
        .collect();
    Ok((
        StatusCode::OK,
        HeadContent {
            title,
            description,
            indexable: count > 0,
            image: None,
            json_ld: Some(json!({ "@context": "https://schema.org/", "@type": "BreadcrumbList", "itemListElement": items })),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_are_cut_on_a_word_boundary() {
        let long = "sõna ".repeat(60);
        let cut = summary(&long);
        assert!(cut.chars().count() <= DESCRIPTION_CHARS);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn description_html_is_escaped() {
        assert_eq!(paragraphs("a <b>\n\nc & d"), "<p>a &lt;b&gt;</p><p>c &amp; d</p>");
    }
}
