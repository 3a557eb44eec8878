//! A 400 answers its message in the request's language (Accept-Language, et fallback), with the
//! code and field it has in English.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_of, spawn_app};

/// A POST of `body` to `path` with `Accept-Language: language`, or none.
async fn post_in(app: &TestApp, language: Option<&str>, path: &str, body: Value) -> (StatusCode, Value) {
    let token = app.client.xsrf().await;
    let mut request = app.client.http.post(app.client.url(path)).header("x-xsrf-token", token).json(&body);
    if let Some(language) = language {
        request = request.header("accept-language", language);
    }
    error_of(request.send().await.unwrap()).await
}

#[tokio::test]
async fn a_field_error_comes_back_in_estonian_and_russian_with_its_code_and_field() {
    let app = spawn_app().await;
    let wrong = json!({ "email": "not an address" });
    for (language, message) in [
        (Some("en"), "E-mail address is not valid"),
        (Some("et-EE,et;q=0.9"), "E-posti aadress ei ole korrektne"),
        (Some("ru-RU,ru;q=0.9,en;q=0.5"), "Адрес электронной почты указан неверно"),
        // no language: et, the fallback
        (None, "E-posti aadress ei ole korrektne"),
    ] {
        let (status, error) = post_in(&app, language, "/api/auth/login", wrong.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert_eq!(error["message"], message, "{language:?}: {error}");
        assert_eq!(error["code"], "validation", "{error}");
        assert_eq!(error["field"], "email", "{error}");
    }
}

#[tokio::test]
async fn a_message_built_from_a_template_keeps_its_values_in_the_translation() {
    let app = spawn_app().await;
    let misspelt = json!({ "text": "müüja" });
    for (language, message) in [
        ("en", "Unknown field `text` in the body"),
        ("et", "Päringu sisus on tundmatu väli `text`"),
        ("ru", "Неизвестное поле `text` в теле запроса"),
    ] {
        let (status, error) = post_in(&app, Some(language), "/api/open/search", misspelt.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert_eq!(error["message"], message, "{language}: {error}");
        assert_eq!(error["field"], "text", "{error}");
    }
}

#[tokio::test]
async fn a_code_message_is_translated_too() {
    let app = spawn_app().await;
    let refused = json!({ "email": "a@example.ee", "termsOfUse": false, "dataProcessing": true, "useOfCookies": true });
    let (status, error) = post_in(&app, Some("ru"), "/api/auth/register", refused.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert_eq!(error["code"], "consent_required", "{error}");
    assert_eq!(error["message"], "Регистрация без принятия условий использования невозможна", "{error}");
    let (_, error) = post_in(&app, Some("et"), "/api/auth/register", refused).await;
    assert_eq!(error["message"], "Registreerimine ilma kasutustingimustega nõustumata ei ole võimalik", "{error}");
}
