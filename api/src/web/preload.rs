//! Preload hints for a page's first screen. The app loads its language file and the route's
//! module only after its entry script has run; naming them in the head lets the browser fetch
//! them beside the entry, so the first paint waits for one round of downloads instead of three.
//! Files come from Vite's build manifest; a missing manifest or module just means no hints.

use std::collections::{BTreeSet, HashMap};

use domain::Locale;
use serde::Deserialize;

/// The module of each public route, as `web/src/app/router.tsx` lazily imports it (`*` matches
/// one segment). Only pages people land on from outside are listed.
const ROUTE_MODULES: &[(&str, &str)] = &[
    ("", "src/features/home/routes/home.tsx"),
    ("vacancies", "src/features/vacancies/routes/vacancies.tsx"),
    ("vacancies/*", "src/features/vacancies/routes/vacancy.tsx"),
    ("categories", "src/features/vacancies/routes/categories.tsx"),
    ("locations/*", "src/features/locations/routes/location.tsx"),
    ("companies/*", "src/features/companies/routes/companies.tsx"),
    ("companies/*/*", "src/features/companies/routes/company.tsx"),
    ("about-us", "src/features/info/routes/about-us.tsx"),
    ("contacts", "src/features/info/routes/contacts.tsx"),
    ("prices-and-services", "src/features/info/routes/prices-and-services.tsx"),
    ("partnership-tootukassa", "src/features/info/routes/partnership-tootukassa.tsx"),
    ("faq-employers", "src/features/info/routes/faq-employers.tsx"),
    ("faq-applicants", "src/features/info/routes/faq-applicants.tsx"),
    ("login", "src/features/auth/routes/login.tsx"),
];

#[derive(Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
}

type Manifest = HashMap<String, Chunk>;

/// `key` and everything it imports statically.
fn closure<'m>(manifest: &'m Manifest, key: &'m str, seen: &mut BTreeSet<&'m str>) {
    if !seen.insert(key) {
        return;
    }
    if let Some(chunk) = manifest.get(key) {
        for imported in &chunk.imports {
            closure(manifest, imported, seen);
        }
    }
}

/// `<link>` tags for the page language's translations and the route's module with its imports and
/// styles, minus what the entry already brings (its script tag and Vite's own preloads).
pub fn links(manifest_json: &str, locale: Locale, rest: &str) -> String {
    let Ok(manifest) = serde_json::from_str::<Manifest>(manifest_json) else { return String::new() };
    let mut from_entry = BTreeSet::new();
    for (key, _) in manifest.iter().filter(|(_, chunk)| chunk.is_entry) {
        closure(&manifest, key, &mut from_entry);
    }
    let mut wanted = BTreeSet::new();
    let language = format!("src/shared/i18n/locales/{}.json", locale.code());
    closure(&manifest, &language, &mut wanted);
    if let Some((_, module)) = ROUTE_MODULES.iter().find(|(pattern, _)| super::matches(pattern, rest)) {
        closure(&manifest, module, &mut wanted);
    }
    let mut html = String::new();
    for key in wanted.difference(&from_entry) {
        let Some(chunk) = manifest.get(*key) else { continue };
        for css in &chunk.css {
            html.push_str(&format!("\n    <link rel=\"stylesheet\" crossorigin href=\"/{}\" />", super::escape(css)));
        }
        if chunk.file.ends_with(".js") {
            html.push_str(&format!("\n    <link rel=\"modulepreload\" crossorigin href=\"/{}\" />", super::escape(&chunk.file)));
        }
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"{
      "index.html": {"file": "assets/index-a.js", "isEntry": true, "imports": ["_shared-b.js"], "css": ["assets/index-a.css"]},
      "_shared-b.js": {"file": "assets/shared-b.js"},
      "_card-c.js": {"file": "assets/card-c.js", "imports": ["_shared-b.js"], "css": ["assets/card-c.css"]},
      "src/features/vacancies/routes/vacancy.tsx": {"file": "assets/vacancy-d.js", "isDynamicEntry": true, "imports": ["_shared-b.js", "_card-c.js"]},
      "src/shared/i18n/locales/ru.json": {"file": "assets/ru-e.js", "isDynamicEntry": true}
    }"#;

    #[test]
    fn a_vacancy_page_preloads_its_module_imports_and_language_but_not_the_entry_s() {
        let html = links(MANIFEST, Locale::Ru, "vacancies/0b9e1a36-2c4f-4d4e-9d6a-0f3f0f0f0f0f");
        assert!(html.contains(r#"<link rel="modulepreload" crossorigin href="/assets/vacancy-d.js" />"#));
        assert!(html.contains(r#"href="/assets/card-c.js""#));
        assert!(html.contains(r#"<link rel="stylesheet" crossorigin href="/assets/card-c.css" />"#));
        assert!(html.contains(r#"href="/assets/ru-e.js""#));
        assert!(!html.contains("shared-b.js"), "the entry already preloads it");
        assert!(!html.contains("index-a"), "the entry is in the page already");
    }

    #[test]
    fn an_unlisted_route_or_a_missing_manifest_gets_only_what_exists() {
        assert_eq!(links("", Locale::Et, "vacancies"), "");
        let html = links(MANIFEST, Locale::Et, "account/profile");
        assert_eq!(html, "", "no et language in this manifest and no module for the route");
    }

    #[test]
    fn every_listed_module_is_a_route_of_the_web_app() {
        let router = include_str!("../../../web/src/app/router.tsx");
        for (pattern, module) in ROUTE_MODULES {
            let import = format!("import('@/{}')", module.trim_start_matches("src/").trim_end_matches(".tsx"));
            assert!(router.contains(&import), "{pattern}: {module} is not imported by the router");
        }
    }
}
