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

use std::collections::HashMap;

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

/// The terms of a run's vacancies, each with the vacancies that carry it (bits by position):
/// [`VacancyTerms::could_any_match`] answers for all of them at once what [`could_match`] answers
/// for one, a few hash lookups for a saved search instead of a search through every vacancy's
/// terms (at 1M saved searches a run met ~750,000 candidates and ~125 vacancies).
pub struct VacancyTerms {
    words: usize,
    carriers: HashMap<String, Vec<u64>>,
}

impl VacancyTerms {
    pub fn of(docs: &[VacancyDoc]) -> VacancyTerms {
        VacancyTerms::of_terms(docs.iter().map(of_vacancy).collect())
    }

    /// From each vacancy's terms ([`of_vacancy`]).
    fn of_terms(vacancies: Vec<Vec<String>>) -> VacancyTerms {
        let words = vacancies.len().div_ceil(64);
        let mut carriers: HashMap<String, Vec<u64>> = HashMap::new();
        for (position, terms) in vacancies.into_iter().enumerate() {
            for term in terms {
                carriers.entry(term).or_insert_with(|| vec![0; words])[position / 64] |= 1 << (position % 64);
            }
        }
        VacancyTerms { words, carriers }
    }

    /// Whether one of the vacancies could match a query of `groups` ([`could_match`]).
    pub fn could_any_match(&self, groups: &[Vec<String>]) -> bool {
        if self.words == 0 {
            return false;
        }
        let mut all = vec![u64::MAX; self.words];
        let mut any = vec![0u64; self.words];
        for group in groups {
            any.fill(0);
            for term in group {
                if let Some(bits) = self.carriers.get(term) {
                    any.iter_mut().zip(bits).for_each(|(any, bits)| *any |= bits);
                }
            }
            all.iter_mut().zip(&any).for_each(|(all, any)| *all &= any);
            if all.iter().all(|bits| *bits == 0) {
                return false;
            }
        }
        true
    }
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

    #[test]
    fn the_vacancies_terms_answer_for_all_of_them_what_could_match_answers_for_each() {
        let vacancies: Vec<Vec<String>> = (0..130)
            .map(|n| {
                let mut terms = vec![ANY.to_owned(), format!("place:{}", n % 7), format!("category:{}", n % 11)];
                terms.sort();
                terms
            })
            .collect();
        let all = VacancyTerms::of_terms(vacancies.clone());
        let some = VacancyTerms::of_terms(vacancies[..3].to_vec());
        let group = |terms: &[&str]| terms.iter().map(|t| (*t).to_owned()).collect::<Vec<_>>();
        for groups in [
            vec![],
            vec![group(&["place:3"])],
            vec![group(&["place:3"]), group(&["category:3"])],
            vec![group(&["place:6"]), group(&["category:10"])],
            vec![group(&["place:1", "place:2"]), group(&["category:2", "category:9"])],
            vec![group(&["place:9"])],
            vec![group(&["place:1"]), group(&["category:2"])],
        ] {
            for (terms, of) in [(&all, &vacancies[..]), (&some, &vacancies[..3])] {
                let each = of.iter().any(|vacancy| could_match(&groups, vacancy));
                assert_eq!(terms.could_any_match(&groups), each, "{groups:?} over {} vacancies", of.len());
            }
        }
        assert!(!VacancyTerms::of_terms(Vec::new()).could_any_match(&[]), "no vacancy: nothing could match");
    }
}
