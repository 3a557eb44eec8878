//! The place hierarchy (town -> municipality -> county -> EE), loaded once: a document carries its
//! place and every ancestor so a filter on a county finds the vacancies of its towns.

use std::collections::HashMap;

use sqlx::PgPool;

#[derive(Clone, Debug, Default)]
pub struct Places {
    parent: HashMap<String, Option<String>>,
}

impl Places {
    pub async fn load(pool: &PgPool) -> sqlx::Result<Self> {
        let rows: Vec<(String, Option<String>)> = sqlx::query_as("select code, parent_code from ref_places").fetch_all(pool).await?;
        Ok(Places { parent: rows.into_iter().collect() })
    }

    /// The code and its ancestors, nearest first; unknown codes stand alone.
    pub fn with_ancestors(&self, code: &str) -> Vec<String> {
        let mut chain = vec![code.to_string()];
        let mut current = code.to_string();
        while let Some(Some(parent)) = self.parent.get(&current) {
            if chain.contains(parent) {
                break;
            }
            chain.push(parent.clone());
            current = parent.clone();
        }
        chain
    }

    /// The union of several places' chains, without duplicates, in first-seen order.
    pub fn expand<'a>(&self, codes: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let mut all: Vec<String> = Vec::new();
        for code in codes {
            for c in self.with_ancestors(code) {
                if !all.contains(&c) {
                    all.push(c);
                }
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_town_carries_its_municipality_county_and_country() {
        let places = Places {
            parent: [
                ("8151".to_string(), Some("0793".to_string())),
                ("0793".to_string(), Some("0079".to_string())),
                ("0079".to_string(), Some("EE".to_string())),
                ("EE".to_string(), None),
            ]
            .into_iter()
            .collect(),
        };
        assert_eq!(places.with_ancestors("8151"), ["8151", "0793", "0079", "EE"]);
        assert_eq!(places.with_ancestors("9999"), ["9999"]);
        assert_eq!(places.expand(["8151", "0793"]), ["8151", "0793", "0079", "EE"]);
    }
}
