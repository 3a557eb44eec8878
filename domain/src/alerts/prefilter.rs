//! The prefilter of the instant matching: which saved searches a run's vacancies could match at
//! all. A saved search's filter holds code groups (categories, places, …): inside a group values
//! are OR-ed and groups are AND-ed, so a vacancy can match it only if the vacancy carries a term
//! of each of its groups ([`could_match`]). A vacancy's terms ([`of_vacancy`]) are every value of
//! every group (its place with all its ancestors, as indexed). The prefilter never decides a
//! match: the engine does; it only leaves out saved searches that could not match.

use std::collections::HashMap;

use search::{DocBits, VacancyDoc, VacancyQuery};

/// The order of a filter's code groups.
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

/// The terms of a run's vacancies, each with the vacancies that carry it (by position):
/// [`VacancyTerms::could_any_match`] answers for all of them at once what [`could_match`] answers
/// for one, a few hash lookups for a saved search instead of a search through every vacancy's
/// terms (at 1M saved searches a run met ~750,000 candidates and ~125 vacancies). Two scratch
/// sets are kept for the answers, so that asking allocates nothing.
pub struct VacancyTerms {
    vacancies: u32,
    carriers: HashMap<String, DocBits>,
    /// The vacancies that carry a term of each group so far, and of the group at hand.
    all: DocBits,
    any: DocBits,
}

impl VacancyTerms {
    pub fn of(docs: &[VacancyDoc]) -> VacancyTerms {
        VacancyTerms::of_terms(docs.iter().map(of_vacancy).collect())
    }

    /// From each vacancy's terms ([`of_vacancy`]).
    fn of_terms(vacancies: Vec<Vec<String>>) -> VacancyTerms {
        let count = vacancies.len() as u32;
        let mut carriers: HashMap<String, DocBits> = HashMap::new();
        for (position, terms) in vacancies.into_iter().enumerate() {
            for term in terms {
                carriers.entry(term).or_insert_with(|| DocBits::zeros(count)).insert(position as u32);
            }
        }
        VacancyTerms { vacancies: count, carriers, all: DocBits::zeros(count), any: DocBits::zeros(count) }
    }

    /// Whether one of the vacancies could match a query of `groups` ([`could_match`]).
    pub fn could_any_match(&mut self, groups: &[Vec<String>]) -> bool {
        if self.vacancies == 0 {
            return false;
        }
        let VacancyTerms { carriers, all, any, .. } = self;
        for (index, group) in groups.iter().enumerate() {
            // the first group's carriers go straight into `all`
            let into = if index == 0 { &mut *all } else { &mut *any };
            into.clear();
            for term in group {
                if let Some(carrying) = carriers.get(term) {
                    into.unite(carrying);
                }
            }
            if index > 0 {
                all.intersect(any);
            }
            if all.is_empty() {
                return false;
            }
        }
        true
    }
}

/// Every term of a vacancy as indexed, sorted: a saved search can match it only if each of its
/// groups has one among these.
pub fn of_vacancy(doc: &VacancyDoc) -> Vec<String> {
    let mut terms = vec![term("business", &doc.card.business_name)];
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
        assert!(carries(&["place:0784", "place:37", "category:IT"]));
        assert!(!carries(&["place:0784", "category:SALES"]), "the category group has none of its terms");
        assert!(!carries(&["category:IT"]), "the place group has none of its terms");
        assert!(could_match(&groups_of_query(&VacancyQuery::default()), &[]), "no group: anything could match");
    }

    #[test]
    fn the_vacancies_terms_answer_for_all_of_them_what_could_match_answers_for_each() {
        let vacancies: Vec<Vec<String>> = (0..130)
            .map(|n| {
                let mut terms = vec![format!("place:{}", n % 7), format!("category:{}", n % 11)];
                terms.sort();
                terms
            })
            .collect();
        let mut all = VacancyTerms::of_terms(vacancies.clone());
        let mut some = VacancyTerms::of_terms(vacancies[..3].to_vec());
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
            for (terms, of) in [(&mut all, &vacancies[..]), (&mut some, &vacancies[..3])] {
                let each = of.iter().any(|vacancy| could_match(&groups, vacancy));
                assert_eq!(terms.could_any_match(&groups), each, "{groups:?} over {} vacancies", of.len());
            }
        }
        assert!(!VacancyTerms::of_terms(Vec::new()).could_any_match(&[]), "no vacancy: nothing could match");
    }
}
