//! The first screen of the pages people land on, as plain HTML inside the app's root element: the
//! header, and the page's heading with its first content (the home page's hero and calls to
//! action, the search page's heading, a vacancy's cover, title, company and description). A
//! visitor sees the page as soon as the HTML and the stylesheet are in, instead of after the app's
//! scripts ran; search engines and browsers without JavaScript read the content too. The app
//! replaces it with the same screen when it starts (its first render clears the root element).
//!
//! Texts come from the web app's own language files, so both say the same; sizes and spacing
//! follow the app's theme (Mantine's defaults as our theme keeps them), so the app's screen lands
//! on the same places.

use std::sync::LazyLock;

use domain::Locale;
use serde_json::Value;

use super::escape;

static LOCALES: LazyLock<[Value; 3]> = LazyLock::new(|| {
    let parse = |text: &str| serde_json::from_str(text).unwrap_or(Value::Null);
    [
        parse(include_str!("../../../web/src/shared/i18n/locales/et.json")),
        parse(include_str!("../../../web/src/shared/i18n/locales/en.json")),
        parse(include_str!("../../../web/src/shared/i18n/locales/ru.json")),
    ]
});

/// A text of the web app (`section.key`) in `locale`, else in Estonian, the fallback.
fn text(locale: Locale, key: &str) -> String {
    let pointer = format!("/{}", key.replace('.', "/"));
    let lookup = |i: usize| LOCALES[i].pointer(&pointer).and_then(Value::as_str).map(str::to_string);
    lookup(super::index(locale)).or_else(|| lookup(0)).unwrap_or_default()
}

/// Styles of the first screen, on top of Mantine's stylesheet (which the page loads before it
/// paints): the app's header, containers and type scale.
pub const STYLE: &str = "<style>
      .vk-header{position:fixed;top:0;left:0;right:0;height:64px;z-index:100;display:flex;align-items:center;gap:20px;padding:0 16px;background:var(--mantine-color-body);border-bottom:1px solid var(--mantine-color-gray-3)}
      .vk-header[data-transparent]{background:transparent;border-bottom-color:transparent}
      .vk-burger{width:18px;height:12px;border-block:2px solid var(--mantine-color-black);position:relative;margin:0 4px}
      .vk-burger::after{content:'';position:absolute;left:0;right:0;top:3px;border-top:2px solid var(--mantine-color-black)}
      .vk-logo{color:var(--mantine-color-blue-8);font-size:24px;font-weight:800;text-decoration:none}
      .vk-nav{display:none;gap:20px}.vk-nav a{color:var(--mantine-color-black);font-size:14px;font-weight:500;text-decoration:none}
      .vk-languages{margin-left:auto;display:flex;gap:4px}.vk-languages a{color:#495057;font-size:14px;font-weight:600;text-decoration:none;padding:4px 8px}.vk-languages a[aria-current]{color:#1971c2}
      .vk-header .vk-login{display:none;padding:0 18px}
      .vk-main{padding-top:64px;min-height:100vh}
      .vk-container{box-sizing:border-box;margin:0 auto;padding:0 16px;width:100%}
      .vk-hero{margin-top:-64px;padding:120px 0 72px;background:linear-gradient(135deg,#d0ebff 0%,#e3fafc 60%,#fff 100%)}
      .vk-hero h1{margin:0 0 16px;font-size:32px;line-height:1.15;max-width:680px}
      .vk-hero p{margin:0;font-size:18px;line-height:1.6;color:var(--mantine-color-dark-6);max-width:680px}
      .vk-cards{display:grid;grid-template-columns:1fr;gap:20px;padding:32px 0}
      .vk-card{border:1px solid var(--mantine-color-gray-3);border-radius:8px;padding:32px;box-shadow:var(--mantine-shadow-sm)}
      .vk-card{display:flex;flex-direction:column;gap:10px}.vk-icon{width:48px;height:48px;border-radius:8px;background:rgba(34,139,230,.1)}
      .vk-card h2{margin:0;font-size:22px;line-height:1.4}.vk-card p{margin:0;color:#495057}
      .vk-card .vk-button{margin-top:auto}.vk-card p{margin-bottom:16px}
      .vk-button{display:block;height:36px;line-height:36px;border-radius:4px;background:#1971c2;color:#fff;font-size:14px;font-weight:600;text-align:center;text-decoration:none}
      .vk-button[data-light]{background:rgba(34,139,230,.1);color:#1864ab}
      .vk-page{padding:32px 16px}
      .vk-page h1{margin:0;font-size:34px;line-height:1.3}
      .vk-lead{margin:4px 0 0;color:#495057}
      .vk-cover{height:160px;background-size:cover;background-position:center}
      .vk-stars{color:var(--mantine-color-yellow-7);margin:0 0 8px}
      .vk-company{display:inline-block;margin-top:8px;font-weight:600;color:#1971c2;text-decoration:none}
      .vk-description{margin-top:24px;line-height:1.55}.vk-description p{margin:0 0 12px}
      .vk-bar{border:1px solid var(--mantine-color-gray-3);border-radius:4px;padding:12px;margin-top:24px;display:flex;flex-direction:column;gap:10px}
      .vk-field{font-size:14px;font-weight:500;line-height:1.2}.vk-field span{display:block;height:36px;margin-top:4px;border:1px solid #ced4da;border-radius:4px;box-sizing:border-box}
      .vk-field+.vk-field{margin-top:4px}.vk-filters{height:36px;margin-top:4px;border:1px solid #ced4da;border-radius:4px}
      .vk-query{margin-top:16px}.vk-count{margin:16px 0;font-size:14px;color:#495057}
      .vk-hits{display:flex;flex-direction:column;gap:16px}
      .vk-chips,.vk-panel{display:none}
      .vk-panel{border:1px solid var(--mantine-color-gray-3);border-radius:4px;padding:16px;min-height:900px;box-sizing:border-box}.vk-panel h2{margin:0;font-size:20px}
      .vk-hit{display:flex;gap:16px;align-items:flex-start;border:1px solid var(--mantine-color-gray-3);border-radius:8px;padding:20px;background:#fff center/cover}
      .vk-hit[data-premium]{box-shadow:var(--mantine-shadow-sm)}
      .vk-logo-box{flex:none;width:56px;height:56px;border-radius:8px;overflow:hidden;background:rgba(34,139,230,.1);color:#1864ab;display:flex;align-items:center;justify-content:center;font-weight:700}
      .vk-logo-box img{width:100%;height:100%;object-fit:cover}
      .vk-hit-body{flex:1;min-width:0;display:flex;flex-direction:column;gap:6px;font-size:14px;line-height:1.55}
      .vk-hit-body .vk-stars{margin:0;font-size:14px}
      .vk-hit-title{font-size:18px;font-weight:700;line-height:1.3;color:#000;text-decoration:none}
      .vk-hit-company{font-weight:500}.vk-salary{color:#1971c2;font-weight:600}.vk-muted{color:#495057}
      .vk-tags{display:flex;flex-wrap:wrap;gap:6px}.vk-tags span{height:18px;line-height:18px;padding:0 8px;border-radius:32px;background:#f1f3f5;color:#495057;font-size:10px;font-weight:700;text-transform:uppercase}
      .vk-where{display:flex;flex-wrap:wrap;column-gap:16px;color:#495057}
      @media (min-width:48em){.vk-hero h1{font-size:44px}.vk-cards{grid-template-columns:1fr 1fr}.vk-header .vk-login{display:block}}
      @media (min-width:62em){.vk-burger{display:none}.vk-nav{display:flex}.vk-cover{height:280px}}
      @media (min-width:64em){.vk-bar{display:none}.vk-chips{display:block;height:44px;margin-top:20px}
        .vk-grid{display:grid;grid-template-columns:calc((100% + 20px) / 3 - 20px) 1fr;gap:20px;margin-top:20px;align-items:start}.vk-panel{display:block}.vk-query{margin-top:4px}}
      @media (min-width:75em){.vk-lg{max-width:1140px}.vk-xl{max-width:1320px}}
    </style>";

fn header(locale: Locale, rest: &str, transparent: bool) -> String {
    let lang = locale.code();
    let nav = [("", "nav.home"), ("employer/account/cv-base", "nav.cvBase"), ("vacancies", "nav.vacancies"), ("categories", "nav.categories"), ("companies/EE", "nav.employers"), ("faq-applicants", "nav.faq")]
        .iter()
        .map(|(path, key)| format!("<a href=\"/{lang}/{path}\">{}</a>", escape(&text(locale, key))))
        .collect::<String>();
    let languages = Locale::ALL
        .iter()
        .map(|other| {
            let code = other.code();
            let href = if rest.is_empty() { format!("/{code}/") } else { format!("/{code}/{rest}") };
            let current = if *other == locale { " aria-current=\"true\"" } else { "" };
            format!("<a href=\"{}\" hreflang=\"{code}\" lang=\"{code}\"{current}>{}</a>", escape(&href), code.to_uppercase())
        })
        .collect::<String>();
    format!(
        "<header class=\"vk-header\"{}><span class=\"vk-burger\" aria-hidden=\"true\"></span><a class=\"vk-logo\" href=\"/{lang}/\">Vakants</a><nav class=\"vk-nav\" aria-label=\"{}\">{nav}</nav><div class=\"vk-languages\">{languages}</div><a class=\"vk-button vk-login\" href=\"/{lang}/login\">{}</a></header>",
        if transparent { " data-transparent" } else { "" },
        escape(&text(locale, "nav.mainNavigation")),
        escape(&text(locale, "nav.login")),
    )
}

fn home(locale: Locale) -> String {
    // the app's cards start from the sign-in page until the visitor signs in
    let card = |who: &str, path: &str, light: bool| {
        let target = format!("/{}/{path}", locale.code());
        format!(
            "<div class=\"vk-card\"><div class=\"vk-icon\"></div><h2>{}</h2><p>{}</p><a class=\"vk-button\"{} href=\"/{}/login?p={}\">{}</a></div>",
            escape(&text(locale, &format!("home.{who}Title"))),
            escape(&text(locale, &format!("home.{who}Text"))),
            if light { " data-light" } else { "" },
            locale.code(),
            form_urlencoded::byte_serialize(target.as_bytes()).collect::<String>(),
            escape(&text(locale, &format!("home.{who}Action"))),
        )
    };
    format!(
        "<div class=\"vk-hero\"><div class=\"vk-container vk-lg\"><h1>{}</h1><p>{}</p></div></div><div class=\"vk-container vk-lg\"><div class=\"vk-cards\">{}{}</div></div>",
        escape(&text(locale, "home.title")),
        escape(&text(locale, "home.about")),
        // the targets are CREATIONS of web/src/shared/session/creation.ts (creation-first-screen.test.ts checks it)
        card("applicant", "account/create-cv", false),
        card("employer", "employer/account/my-vacancies/create-vacancy", true)
    )
}

fn search(locale: Locale, filter: Option<&Value>, answer: Option<&Value>) -> Option<String> {
    // a city's own heading needs the city's name: the app writes that one
    if filter.and_then(|f| f.get("cityCode")).is_some() {
        return None;
    }
    let hits = answer.and_then(|a| a.get("content")).and_then(Value::as_array).map(|cards| cards.iter().map(|card| hit(locale, card)).collect::<String>());
    let results = match (hits, answer.and_then(|a| a.get("totalElements")).and_then(Value::as_u64)) {
        (Some(hits), Some(total)) => format!(
            "<div class=\"vk-chips\" aria-hidden=\"true\"></div><div class=\"vk-grid\"><div class=\"vk-panel\" aria-hidden=\"true\"><h2>{}</h2></div><div>\
             <div class=\"vk-bar\" aria-hidden=\"true\"><div class=\"vk-field\">{}<span></span></div><div class=\"vk-field\">{}<span></span></div><div class=\"vk-filters\"></div></div>\
             <div class=\"vk-field vk-query\" aria-hidden=\"true\">{}<span></span></div><p class=\"vk-count\">{}</p><div class=\"vk-hits\">{hits}</div></div></div>",
            escape(&text(locale, "search.filters")),
            escape(&text(locale, "search.category")),
            escape(&text(locale, "search.city")),
            escape(&text(locale, "search.occupation")),
            escape(&text(locale, "search.found").replace("{{count}}", &total.to_string())),
        ),
        _ => String::new(),
    };
    Some(format!(
        "<div class=\"vk-container vk-xl vk-page\"><h1>{}</h1><p class=\"vk-lead\">{}</p>{results}</div>",
        escape(&text(locale, "search.titleEstonia")),
        escape(&text(locale, "search.leadEstonia"))
    ))
}

/// A teaser cut to 360 characters at a word boundary with an ellipsis (`cutTeaser` of the web app).
fn cut_teaser(text: &str) -> String {
    const LIMIT: usize = 360;
    let clean = text.trim();
    if clean.chars().count() <= LIMIT {
        return clean.to_string();
    }
    let head: String = clean.chars().take(LIMIT).collect();
    let next_is_space = clean.chars().nth(LIMIT).is_some_and(char::is_whitespace);
    let cut = if next_is_space { head.as_str() } else { head.rfind(char::is_whitespace).filter(|i| *i > 0).map(|i| &head[..i]).unwrap_or(&head) };
    format!("{}…", cut.trim_end_matches(|c: char| c.is_whitespace() || ",.;:!?-".contains(c)))
}

/// Euros as the card shows them: whole amounts without decimals (Intl's et, en and ru formats).
fn euros(amount: f64, locale: Locale) -> String {
    let whole = (amount * 100.0).round() % 100.0 == 0.0;
    let number = if whole { format!("{}", amount.round() as i64) } else { format!("{amount:.2}") };
    let (int, fraction) = number.split_once('.').map(|(i, f)| (i.to_string(), Some(f.to_string()))).unwrap_or((number.clone(), None));
    let group = |separator: &str, min: usize| {
        if int.len() < min {
            return int.clone();
        }
        let digits: Vec<char> = int.chars().collect();
        let mut out = String::new();
        for (i, c) in digits.iter().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push_str(separator);
            }
            out.push(*c);
        }
        out
    };
    // Estonian groups from five digits (1200, 12 000), Russian and English from four
    match locale {
        Locale::En => format!("€{}{}", group(",", 4), fraction.map(|f| format!(".{f}")).unwrap_or_default()),
        Locale::Ru => format!("{}{}\u{a0}€", group("\u{a0}", 4), fraction.map(|f| format!(",{f}")).unwrap_or_default()),
        Locale::Et => format!("{}{}\u{a0}€", group("\u{a0}", 5), fraction.map(|f| format!(",{f}")).unwrap_or_default()),
    }
}

/// The card's salary line (`salaryLine` of the web app).
fn salary(card: &Value, locale: Locale) -> Option<String> {
    if card.get("byAgreement").and_then(Value::as_bool) == Some(true) {
        return Some(text(locale, "vacancy.byAgreement"));
    }
    let (from, to) = (card.get("salaryFrom").and_then(Value::as_f64), card.get("salaryTo").and_then(Value::as_f64));
    let period = card.pointer("/salaryPeriod/label").and_then(Value::as_str).map(|p| format!(" {p}")).unwrap_or_default();
    match (from, to) {
        (Some(from), Some(to)) if from != to => Some(format!("{} – {}{period}", euros(from, locale), euros(to, locale))),
        (Some(from), to) => Some(format!("{}{}{period}", if to == Some(from) { String::new() } else { format!("{} ", text(locale, "vacancy.from")) }, euros(from, locale))),
        (None, Some(to)) => Some(format!("{} {}{period}", text(locale, "vacancy.upTo"), euros(to, locale))),
        (None, None) => None,
    }
}

/// dd.MM.yyyy in Estonian time.
fn estonian_date(iso: &str) -> Option<String> {
    let at = chrono::DateTime::parse_from_rfc3339(iso).ok()?;
    Some(at.with_timezone(&chrono_tz::Europe::Tallinn).format("%d.%m.%Y").to_string())
}

/// One vacancy card, as the app's `VacancyCard` lays it out.
fn hit(locale: Locale, card: &Value) -> String {
    let str_of = |pointer: &str| card.pointer(pointer).and_then(Value::as_str);
    let lang = locale.code();
    let title = str_of(&format!("/occupation/labels/{lang}")).filter(|t| !t.is_empty()).or_else(|| str_of("/occupation/labels/et")).unwrap_or_default();
    let business = str_of("/businessName").unwrap_or_default();
    let mut html = String::from("<article class=\"vk-hit\"");
    let premium = card.get("premiumStatus").and_then(Value::as_u64).unwrap_or(0).min(5) as usize;
    if premium > 0 {
        html.push_str(" data-premium");
    }
    if let Some(cover) = str_of("/cover/url") {
        html.push_str(&format!(
            " style=\"background-image:linear-gradient(rgba(255,255,255,0.88),rgba(255,255,255,0.94)),url(&quot;{}&quot;)\"",
            escape(cover)
        ));
    }
    html.push_str(&format!(" aria-label=\"{}\"><div class=\"vk-logo-box\">", escape(title)));
    match str_of("/companyLogo/url") {
        Some(logo) => html.push_str(&format!("<img src=\"{}\" alt=\"{}\" width=\"56\" height=\"56\">", escape(logo), escape(business))),
        // the first two letters of the business name, as the app's avatar writes them
        None => html.push_str(&escape(&business.trim().chars().take(2).collect::<String>().to_uppercase())),
    }
    html.push_str("</div><div class=\"vk-hit-body\">");
    if premium > 0 {
        html.push_str(&format!("<div class=\"vk-stars\">{}</div>", "★".repeat(premium)));
    }
    html.push_str(&format!(
        "<a class=\"vk-hit-title\" href=\"/{lang}/vacancies/{}\">{}</a><div class=\"vk-hit-company\">{}</div>",
        escape(str_of("/vacancyId").unwrap_or_default()),
        escape(title),
        escape(business)
    ));
    if let Some(salary) = salary(card, locale) {
        html.push_str(&format!("<div class=\"vk-salary\">{}</div>", escape(&salary)));
    }
    let teasers = card.get("teasers").and_then(Value::as_array).cloned().unwrap_or_default();
    let teaser = |code: &str| teasers.iter().find(|t| t.get("languageCode").and_then(Value::as_str) == Some(code));
    if let Some(teaser) = teaser(lang).or_else(|| teaser("et")).or(teasers.first()).and_then(|t| t.get("content")).and_then(Value::as_str) {
        html.push_str(&format!("<div class=\"vk-muted\">{}</div>", escape(&cut_teaser(teaser))));
    }
    let tags: String = ["remoteWork", "shiftWork", "forStudents", "forUnderage", "forRetired", "forDisabled", "forForeigners"]
        .iter()
        .filter(|flag| card.get(**flag).and_then(Value::as_bool) == Some(true))
        .map(|flag| format!("<span>{}</span>", escape(&text(locale, &format!("search.flags.{flag}")))))
        .collect();
    if !tags.is_empty() {
        html.push_str(&format!("<div class=\"vk-tags\">{tags}</div>"));
    }
    let location = str_of("/address").and_then(|a| {
        let parts: Vec<&str> = a.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
        parts.get(1).or(parts.first()).map(|p| p.to_string())
    });
    let expires = str_of("/validUntil").and_then(estonian_date).map(|date| text(locale, "vacancy.validUntil").replace("{{date}}", &date));
    html.push_str(&format!(
        "<div class=\"vk-where\">{}{}</div></div></article>",
        location.map(|l| format!("<span>{}</span>", escape(&l))).unwrap_or_default(),
        expires.map(|e| format!("<span>{}</span>", escape(&e))).unwrap_or_default()
    ));
    html
}

/// The description of a vacancy in `locale` (else Estonian, else the first) as paragraphs.
fn description(vacancy: &Value, locale: Locale) -> String {
    let contents = vacancy.get("content").and_then(Value::as_array).cloned().unwrap_or_default();
    let in_language = |code: &str| contents.iter().find(|c| c.get("languageCode").and_then(Value::as_str) == Some(code));
    let Some(stored) = in_language(locale.code()).or_else(|| in_language("et")).or(contents.first()).and_then(|c| c.get("content")).and_then(Value::as_str) else {
        return String::new();
    };
    super::dynamic::paragraphs(&indexer::text::delta_to_text(stored))
}

fn vacancy(locale: Locale, vacancy: &Value, branding: Option<&Value>) -> Option<String> {
    let labels = vacancy.pointer("/occupation/labels")?;
    let title = labels.get(locale.code()).or_else(|| labels.get("et")).and_then(Value::as_str)?;
    let company = vacancy.get("company")?;
    let lang = locale.code();
    let mut html = String::new();
    if let Some(cover) = branding.and_then(|b| b.pointer("/cover/url")).and_then(Value::as_str) {
        html.push_str(&format!("<div class=\"vk-cover\" style=\"background-image:url(&quot;{}&quot;)\"></div>", escape(cover)));
    }
    html.push_str("<div class=\"vk-container vk-xl vk-page\">");
    let stars = vacancy.get("premiumStatus").and_then(Value::as_i64).unwrap_or(0).clamp(0, 5) as usize;
    if stars > 0 {
        html.push_str(&format!("<div class=\"vk-stars\" aria-hidden=\"true\">{}</div>", "★".repeat(stars)));
    }
    html.push_str(&format!("<h1>{}</h1>", escape(title)));
    let (country, registry, name) = (
        company.get("countryCode").and_then(Value::as_str).unwrap_or("EE"),
        company.get("registryCode").and_then(Value::as_str).unwrap_or_default(),
        company.get("businessName").and_then(Value::as_str).unwrap_or_default(),
    );
    html.push_str(&format!("<a class=\"vk-company\" href=\"/{lang}/companies/{}/{}\">{}</a>", escape(country), escape(registry), escape(name)));
    html.push_str(&format!("<div class=\"vk-description\">{}</div></div>", description(vacancy, locale)));
    Some(html)
}

/// The first screen of the page below `/{lang}` (`rest`), given the API answers the page carries
/// (`search` for the search page, `vacancy` and `branding` for a vacancy page); `None` where the
/// page has none (the app then paints it alone).
pub fn render(locale: Locale, rest: &str, search: Option<(&Value, &Value)>, vacancy_answer: Option<&Value>, branding: Option<&Value>) -> Option<String> {
    let segments: Vec<&str> = rest.split('/').collect();
    let (transparent, main) = match segments.as_slice() {
        [""] => (true, home(locale)),
        ["vacancies"] => (false, self::search(locale, search.map(|(filter, _)| filter), search.map(|(_, answer)| answer))?),
        ["vacancies", _] => (false, vacancy(locale, vacancy_answer?, branding)?),
        _ => return None,
    };
    Some(format!("{}<main class=\"vk-main\">{main}</main>", header(locale, rest, transparent)))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_home_page_shows_the_hero_and_calls_to_action_in_the_page_language() {
        let html = render(Locale::En, "", None, None, None).unwrap();
        assert!(html.contains("<h1>Find work and workers in Estonia</h1>"));
        assert!(html.contains("<h2>For employers</h2>"));
        assert!(html.contains("<a href=\"/en/vacancies\">"), "the header's links stay in the language");
        assert!(html.contains("<a href=\"/et/\" hreflang=\"et\" lang=\"et\">ET</a>"));
        assert!(html.contains("lang=\"en\" aria-current=\"true\">EN</a>"));
        assert!(html.contains("href=\"/en/login?p=%2Fen%2Faccount%2Fcreate-cv\">Create a CV</a>"));
        assert!(html.contains("href=\"/en/login?p=%2Fen%2Femployer%2Faccount%2Fmy-vacancies%2Fcreate-vacancy\">Create a vacancy</a>"));
        assert!(html.contains("data-transparent"));
    }

    #[test]
    fn a_vacancy_shows_its_cover_title_company_and_description_escaped() {
        let vacancy = json!({
            "occupation": { "labels": { "et": "Kokk", "ru": "Повар <script>" } },
            "company": { "countryCode": "EE", "registryCode": "10000001", "businessName": "Näide & Poeg OÜ" },
            "premiumStatus": 2,
            "content": [{ "languageCode": "et", "content": "{\"ops\":[{\"insert\":\"Otsime kokka.\\nTule meile!\\n\"}]}" }],
        });
        let branding = json!({ "cover": { "url": "/api/files/abc" } });
        let html = render(Locale::Ru, "vacancies/1", None, Some(&vacancy), Some(&branding)).unwrap();
        assert!(html.contains("<h1>Повар &lt;script&gt;</h1>"));
        assert!(html.contains("href=\"/ru/companies/EE/10000001\">Näide &amp; Poeg OÜ</a>"));
        assert!(html.contains("<p>Otsime kokka.</p><p>Tule meile!</p>"), "the Estonian text where the page language has none");
        assert!(html.contains("background-image:url(&quot;/api/files/abc&quot;)"));
        assert!(html.contains("★★"));
    }

    #[test]
    fn pages_without_their_content_get_no_first_screen() {
        assert!(render(Locale::Et, "vacancies/1", None, None, None).is_none());
        assert!(render(Locale::Et, "vacancies", Some((&json!({ "cityCode": ["0784"] }), &json!({}))), None, None).is_none());
        assert!(render(Locale::Et, "account/profile", None, None, None).is_none());
        assert!(render(Locale::Et, "vacancies", Some((&json!({}), &json!({}))), None, None).unwrap().contains("<h1>Töökuulutused Eestis</h1>"));
    }

    #[test]
    fn the_search_page_shows_its_cards_as_the_app_writes_them() {
        let answer = json!({ "totalElements": 42, "content": [{
            "vacancyId": "v1", "occupation": { "labels": { "et": "Kokk", "en": "Cook" } }, "businessName": "Näide Grupp OÜ",
            "companyLogo": null, "cover": { "url": "/api/files/c1" }, "premiumStatus": 3, "byAgreement": false,
            "salaryFrom": 1200.0, "salaryTo": 12500.5, "salaryPeriod": { "label": "per month" },
            "teasers": [{ "languageCode": "et", "content": "Tule meile kokaks." }], "remoteWork": true,
            "address": "Harju maakond, Tallinn", "validUntil": "2026-12-31T22:30:00Z",
        }]});
        let html = render(Locale::En, "vacancies", Some((&json!({}), &answer)), None, None).unwrap();
        assert!(html.contains("<p class=\"vk-count\">Vacancies found: 42</p>"), "{html}");
        assert!(html.contains("<a class=\"vk-hit-title\" href=\"/en/vacancies/v1\">Cook</a>"));
        assert!(html.contains("€1,200 – €12,500.50 per month"), "{html}");
        assert!(html.contains(">NÄ</div>"), "initials without a logo");
        assert!(html.contains("url(&quot;/api/files/c1&quot;)"));
        assert!(html.contains("<span>Tallinn</span>"));
        assert!(html.contains("01.01.2027"), "the date in Estonian time");
        assert!(html.contains("Tule meile kokaks."), "the Estonian teaser where English has none");
    }

    #[test]
    fn teasers_are_cut_at_a_word_like_the_app_cuts_them() {
        let long = "sõna ".repeat(100);
        let cut = cut_teaser(&long);
        assert!(cut.ends_with("sõna…") && cut.chars().count() <= 361, "{cut}");
        assert_eq!(cut_teaser("  lühike  "), "lühike");
        assert_eq!(euros(1200.0, Locale::Et), "1200\u{a0}€");
        assert_eq!(euros(12000.0, Locale::Ru), "12\u{a0}000\u{a0}€");
        assert_eq!(euros(1200.0, Locale::Ru), "1\u{a0}200\u{a0}€");
        assert_eq!(euros(1200.5, Locale::Et), "1200,50\u{a0}€");
        assert_eq!(euros(1050.5, Locale::En), "€1,050.50");
    }
}

/// The value of `attribute="…"` in a tag.
fn attribute<'a>(tag: &'a str, attribute: &str) -> Option<&'a str> {
    let start = tag.find(&format!("{attribute}=\""))? + attribute.len() + 2;
    Some(&tag[start..start + tag[start..].find('"')?])
}

/// Starts the app after the first screen is painted: the entry script and the module preloads
/// leave the page's head and an inline script adds them back once the browser reports its first
/// paint (or has drawn a frame, where it cannot report paints; after two seconds at the latest,
/// for a page opened in the background). The first screen then waits only for
/// the HTML and the stylesheet, and the app's downloads do not compete with them.
pub fn start_after_paint(html: &str) -> String {
    let mut kept = String::with_capacity(html.len());
    let (mut scripts, mut preloads) = (Vec::new(), Vec::new());
    for line in html.split_inclusive('\n') {
        let tag = line.trim();
        if tag.starts_with("<script type=\"module\"") && tag.ends_with("</script>") {
            if let Some(src) = attribute(tag, "src") {
                scripts.push(src.to_string());
                continue;
            }
        }
        if tag.starts_with("<link rel=\"modulepreload\"") {
            if let Some(href) = attribute(tag, "href") {
                preloads.push(href.to_string());
                continue;
            }
        }
        kept.push_str(line);
    }
    if scripts.is_empty() {
        return html.to_string();
    }
    let list = |items: &[String]| super::json_for_html(&items);
    let boot = format!(
        "<script>(function(){{var started=false;function start(){{if(started)return;started=true;\
{}.forEach(function(href){{var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)}});\
{}.forEach(function(src){{var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=src;document.head.appendChild(s)}})}}\
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];\
if(types.indexOf('paint')>=0){{new PerformanceObserver(function(){{setTimeout(start,0)}}).observe({{type:'paint',buffered:true}})}}\
else{{requestAnimationFrame(function(){{setTimeout(start,0)}})}}setTimeout(start,2000)}})()</script>\n  </head>",
        list(&preloads),
        list(&scripts)
    );
    kept.replacen("</head>", &boot, 1)
}

#[cfg(test)]
mod start_tests {
    use super::*;

    #[test]
    fn the_entry_and_its_preloads_start_after_the_first_paint() {
        let page = "<html>\n  <head>\n    <title>x</title>\n    <script type=\"module\" crossorigin src=\"/assets/index-a.js\"></script>\n    <link rel=\"modulepreload\" crossorigin href=\"/assets/framework-b.js\">\n    <link rel=\"stylesheet\" crossorigin href=\"/assets/framework-c.css\">\n    <link rel=\"modulepreload\" crossorigin href=\"/assets/home-d.js\" />\n  </head>\n  <body></body>\n</html>\n";
        let html = start_after_paint(page);
        assert!(!html.contains("<script type=\"module\""));
        assert!(!html.contains("<link rel=\"modulepreload\""));
        assert!(html.contains("<link rel=\"stylesheet\" crossorigin href=\"/assets/framework-c.css\">"), "styles stay: the first screen needs them");
        assert!(html.contains("[\"/assets/framework-b.js\",\"/assets/home-d.js\"].forEach"));
        assert!(html.contains("[\"/assets/index-a.js\"].forEach"));
        assert!(html.contains("observe({type:'paint',buffered:true})"));
        assert_eq!(html.matches("</head>").count(), 1);
    }

    #[test]
    fn a_page_without_the_entry_is_left_as_it_is() {
        let page = "<html><head></head><body></body></html>";
        assert_eq!(start_after_paint(page), page);
    }
}
