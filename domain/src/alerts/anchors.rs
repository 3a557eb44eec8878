//! The prefilter of the matching: which saved searches a vacancy could match at all.
//!
//! A saved search keeps, in `saved_searches.anchors` (GIN-indexed), the terms of one of its
//! filter's code groups: a vacancy can match it only if the vacancy has one of those terms, since
//! inside a group values are OR-ed and groups are AND-ed. The group kept is the first non-empty one
//! of [`GROUP_ORDER`] (the business name and the place are the most selective in practice); a
//! filter with no code group keeps [`ANY`], which every vacancy carries. A vacancy's terms
//! ([`of_vacancy`]) are every value of every group (its place with all its ancestors, as indexed)
//! and [`ANY`]. The anchors never decide a match: the engine does; they only leave out saved
//! searches that could not match.

use search::{VacancyDoc, VacancyQuery};

/// The term every vacancy carries: the anchor of a filter with no code group.
pub const ANY: &str = "*";

/// The order in which a filter's groups are tried for its anchors.
pub const GROUP_ORDER: [&str; 6] = ["business", "place", "category", "language", "experience", "employment"];

fn term(group: &str, value: &str) -> String {
    format!("{group}:{value}")
}

fn group_values<'a>(query: &'a VacancyQuery, group: &str) -> &'a [String] {
    match group {
        "business" => &query.business_names,
        "place" => &query.place_codes,
        "category" => &query.category_codes,
        "language" => &query.language_codes,
        "experience" => &query.work_experiences,
        "employment" => &query.employment_types,
        _ => &[],
    }
}

/// The anchors of a saved search's query: the terms of its first non-empty group, sorted and
/// deduplicated, or `["*"]`.
pub fn of_query(query: &VacancyQuery) -> Vec<String> {
    for group in GROUP_ORDER {
        let values = group_values(query, group);
        if !values.is_empty() {
            let mut terms: Vec<String> = values.iter().map(|value| term(group, value)).collect();
            terms.sort();
            terms.dedup();
            return terms;
        }
    }
    vec![ANY.to_owned()]
}

/// The terms of every non-empty code group of a saved search's query, each group sorted: a
/// vacancy can match the query only if it carries a term of each group ([`could_match`]).
pub fn groups_of_query(query: &VacancyQuery) -> Vec<Vec<String>> {
    GROUP_ORDER
        .iter()
        .map(|group| {
            let mut terms: Vec<String> = group_values(query, group).iter().map(|value| term(group, value)).collect();
            terms.sort();
            terms.dedup();
            terms
        })
        .filter(|terms| !terms.is_empty())
        .collect()
}

/// Whether a vacancy carrying `terms` (sorted, as [`of_vacancy`] gives them) could match a query of
/// `groups` ([`groups_of_query`]): inside a group values are OR-ed and groups are AND-ed, so each
/// group needs one of its terms among the vacancy's. A prefilter only: `true` never decides a
/// match, the engine does; `false` is certain.
pub fn could_match(groups: &[Vec<String>], terms: &[String]) -> bool {
    groups.iter().all(|group| group.iter().any(|term| terms.binary_search(term).is_ok()))
}

/// Every term of a vacancy as indexed, and [`ANY`]: a saved search can match it only if one of
/// its anchors is among these.
pub fn of_vacancy(doc: &VacancyDoc) -> Vec<String> {
    let mut terms = vec![ANY.to_owned(), term("business", &doc.card.business_name)];
    terms.extend(doc.place_codes.iter().map(|code| term("place", code)));
    terms.extend(doc.category_codes.iter().map(|code| term("category", code)));
    terms.extend(doc.language_codes.iter().map(|code| term("language", code)));
    terms.extend(doc.work_experience.iter().map(|code| term("experience", code)));
    terms.extend(doc.employment_type.iter().map(|code| term("employment", code)));
    terms.sort();
    terms.dedup();
    terms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_is_anchored_on_its_first_non_empty_group_and_an_empty_one_on_any() {
        let mut query = VacancyQuery { category_codes: vec!["IT".into(), "IT".into(), "FINANCE".into()], ..VacancyQuery::default() };
        assert_eq!(of_query(&query), vec!["category:FINANCE", "category:IT"]);
        query.place_codes = vec!["0784".into()];
        assert_eq!(of_query(&query), vec!["place:0784"]);
        query.business_names = vec!["Näidis OÜ".into()];
        assert_eq!(of_query(&query), vec!["business:Näidis OÜ"]);
        let words_only = VacancyQuery { text: Some("kokk".into()), ..VacancyQuery::default() };
        assert_eq!(of_query(&words_only), vec![ANY]);
    }

    #[test]
    fn a_vacancy_could_match_only_a_query_each_of_whose_groups_it_carries_a_term_of() {
        let query = VacancyQuery {
            category_codes: vec!["IT".into(), "FINANCE".into()],
            place_codes: vec!["0784".into()],
            ..VacancyQuery::default()
        };
        let groups = groups_of_query(&query);
        assert_eq!(groups, vec![vec!["place:0784".to_owned()], vec!["category:FINANCE".to_owned(), "category:IT".to_owned()]]);
        let carries = |terms: &[&str]| {
            let mut terms: Vec<String> = terms.iter().map(|t| (*t).to_owned()).collect();
            terms.sort();
            could_match(&groups, &terms)
        };
        assert!(carries(&[ANY, "place:0784", "place:37", "category:IT"]));
        assert!(!carries(&[ANY, "place:0784", "category:SALES"]), "the category group has none of its terms");
        assert!(!carries(&[ANY, "category:IT"]), "the place group has none of its terms");
        assert!(could_match(&groups_of_query(&VacancyQuery::default()), &[ANY.to_owned()]), "no group: anything could match");
    }
}
