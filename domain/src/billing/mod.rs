//! Billing: the price list, what a company pays (`pricing`), what it can buy (`catalog`), the order
//! behind publishing a vacancy with its services and invoice (`orders`), orders beyond publishing
//! (`purchase`), the invoices a user reads (`invoices`) with the seller's details (`seller`), the
//! services' lifecycle and clock (`services`), recording payments (`payments`, [`mark_paid`]),
//! paying online through a payment provider (`online`, `provider`), bank statements
//! (`bank_statements`), overdue reminders (`reminders`) and the invoice's PDF, e-invoice and mail
//! (`documents`); and the administrators' side: products, company prices, every company's invoices,
//! forced payment and deletion (`administration`).
//! Money is integer euro cents, VAT rates basis points, discounts ten-thousandths; see
//! docs/billing.md.
//!
//! Billing writes the vacancies an order is for (paid, live, PRO level, branding, promotion) with
//! its own SQL: it sits below `vacancies` in the layers and does not use it.

pub mod administration;
pub mod bank_lines;
pub mod bank_statements;
pub mod catalog;
pub mod documents;
pub mod invoices;
pub mod online;
pub mod orders;
pub mod payments;
pub mod premium;
pub mod pricing;
pub mod products;
pub mod provider;
pub mod purchase;
pub mod reminders;
pub mod seller;
pub mod services;
pub mod shared;

pub use payments::{Marked, PaymentMethod, PaymentRecord, mark_paid};

#[cfg(test)]
mod imports {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    /// The parts of billing a source uses: every `super::part` and `billing::part` outside
    /// comments, among the `parts` there are.
    fn parts_used(source: &str, parts: &BTreeSet<String>) -> BTreeSet<String> {
        let mut used = BTreeSet::new();
        for line in source.lines().filter(|line| !line.trim_start().starts_with("//")) {
            for prefix in ["super::", "billing::"] {
                for (at, _) in line.match_indices(prefix) {
                    let part: String =
                        line[at + prefix.len()..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                    if parts.contains(&part) {
                        used.insert(part);
                    }
                }
            }
        }
        used
    }

    /// The parts on a cycle of `uses`, if any (a depth-first search for a back edge).
    fn cycle(uses: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
        fn visit(
            part: &str,
            uses: &BTreeMap<String, BTreeSet<String>>,
            path: &mut Vec<String>,
            done: &mut BTreeSet<String>,
        ) -> Option<Vec<String>> {
            if let Some(at) = path.iter().position(|p| p == part) {
                let mut cycle = path[at..].to_vec();
                cycle.push(part.to_string());
                return Some(cycle);
            }
            if done.contains(part) {
                return None;
            }
            path.push(part.to_string());
            for next in uses.get(part).into_iter().flatten() {
                if let Some(cycle) = visit(next, uses, path, done) {
                    return Some(cycle);
                }
            }
            path.pop();
            done.insert(part.to_string());
            None
        }
        let mut done = BTreeSet::new();
        uses.keys().find_map(|part| visit(part, uses, &mut Vec::new(), &mut done))
    }

    #[test]
    fn the_billing_files_import_each_other_in_no_cycle() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/billing");
        let mut sources: BTreeMap<String, String> = BTreeMap::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                // A folder part (`provider`): its files reach the others only by `billing::`.
                let mut text = String::new();
                for inner in std::fs::read_dir(&path).unwrap() {
                    let source = std::fs::read_to_string(inner.unwrap().path()).unwrap();
                    text.extend(source.lines().filter(|l| !l.contains("super::")).map(|l| format!("{l}\n")));
                }
                sources.insert(name, text);
            } else if name != "mod" {
                sources.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
        let parts: BTreeSet<String> = sources.keys().cloned().collect();
        assert!(parts.contains("shared") && parts.contains("orders"), "{parts:?}");
        let uses: BTreeMap<String, BTreeSet<String>> = sources
            .iter()
            .map(|(part, source)| {
                let mut used = parts_used(source, &parts);
                used.remove(part);
                (part.clone(), used)
            })
            .collect();
        assert!(uses["shared"].is_empty(), "shared uses {:?}", uses["shared"]);
        assert!(uses["catalog"].contains("shared"), "the test reads the imports: {:?}", uses["catalog"]);
        assert_eq!(cycle(&uses), None, "billing's files import each other in a cycle");
    }

    #[test]
    fn the_cycle_finder_finds_a_cycle() {
        let uses: BTreeMap<String, BTreeSet<String>> = [
            ("a", vec!["b"]),
            ("b", vec!["c"]),
            ("c", vec!["a"]),
            ("d", vec![]),
        ]
        .into_iter()
        .map(|(part, used)| (part.to_string(), used.into_iter().map(String::from).collect()))
        .collect();
        assert_eq!(cycle(&uses), Some(vec!["a".to_string(), "b".into(), "c".into(), "a".into()]));
        let parts: BTreeSet<String> = ["orders".to_string(), "shared".to_string()].into();
        let used = parts_used("use super::orders::x;\n// super::shared\nlet a = crate::billing::shared::f();", &parts);
        assert_eq!(used, parts);
    }
}
