//! The employer autocomplete's matching and paging, shared by the engines: both only count
//! active vacancies per company key and hand the counts here.

use crate::model::{EmployerName, EmployerNameQuery, EmployerNames};

/// The facet value identifying a company: `country/registry code/business name`.
pub(crate) fn company_key(country_code: &str, registry_code: &str, business_name: &str) -> String {
    format!("{country_code}/{registry_code}/{business_name}")
}

/// Keeps the companies of the query's country whose name contains the search (lowercased),
/// names starting with it first, then alphabetically, and cuts the requested page.
pub(crate) fn page(
    companies: impl IntoIterator<Item = (String, u64)>,
    query: &EmployerNameQuery,
) -> EmployerNames {
    let needle = query.search.trim().to_lowercase();
    let mut matches: Vec<(bool, String, EmployerName)> = companies
        .into_iter()
        .filter_map(|(key, vacancy_count)| {
            let mut parts = key.splitn(3, '/');
            let (country_code, registry_code, business_name) =
                (parts.next()?, parts.next()?, parts.next()?);
            if country_code != query.country_code {
                return None;
            }
            let lowercase = business_name.to_lowercase();
            let position = lowercase.find(&needle)?;
            let name = EmployerName {
                business_name: business_name.to_owned(),
                country_code: country_code.to_owned(),
                registry_code: registry_code.to_owned(),
                vacancy_count,
            };
            Some((position != 0, lowercase, name))
        })
        .collect();
    matches.sort_by(|a, b| (a.0, &a.1, &a.2.registry_code).cmp(&(b.0, &b.1, &b.2.registry_code)));
    let total = matches.len() as u64;
    let names = matches
        .into_iter()
        .skip((query.page as usize).saturating_mul(EmployerNameQuery::PAGE_SIZE))
        .take(EmployerNameQuery::PAGE_SIZE)
        .map(|(_, _, name)| name)
        .collect();
    EmployerNames {
        names,
        total,
        total_pages: u32::try_from(total.div_ceil(EmployerNameQuery::PAGE_SIZE as u64))
            .unwrap_or(u32::MAX),
    }
}
