//! Responses that hand the user a file: the right content type, a `Content-Disposition` whose file
//! name survives any language (RFC 6266 / RFC 5987), and headers that keep browsers from guessing.

use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// How the browser should treat the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disposition {
    /// Shown in the page or a tab (pictures).
    Inline,
    /// Saved as a file.
    Attachment,
}

/// `attachment; filename="…"; filename*=UTF-8''…`: a plain ASCII name for old clients and the
/// exact name, percent-encoded, for everyone else.
pub fn content_disposition(disposition: Disposition, name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| if c.is_ascii_graphic() && !matches!(c, '"' | '\\' | '%' | ';') || c == ' ' { c } else { '_' })
        .collect();
    let mut encoded = String::with_capacity(name.len() * 3);
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    let kind = match disposition {
        Disposition::Inline => "inline",
        Disposition::Attachment => "attachment",
    };
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// A private file response: never cached by shared caches, never sniffed by the browser.
pub fn file_response(content_type: &str, disposition: Disposition, name: &str, body: impl Into<Body>) -> Response {
    let mut response = body.into().into_response();
    let headers = response.headers_mut();
    let value = |text: &str| HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, value(content_type));
    if let Ok(disposition) = HeaderValue::from_str(&content_disposition(disposition, name)) {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_any_language_survive_and_nothing_breaks_out_of_the_header() {
        assert_eq!(
            content_disposition(Disposition::Attachment, "Sõidukijuhi tunnistus.pdf"),
            "attachment; filename=\"S_idukijuhi tunnistus.pdf\"; filename*=UTF-8''S%C3%B5idukijuhi%20tunnistus.pdf"
        );
        let nasty = content_disposition(Disposition::Inline, "a\"; filename=evil.exe\r\n.png");
        assert!(nasty.starts_with("inline; filename=\"a__ filename=evil.exe__.png\""), "{nasty}");
        assert!(!nasty.contains('\r') && !nasty.contains('\n'));
        assert!(content_disposition(Disposition::Attachment, "резюме.pdf").ends_with("%D1%80%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5.pdf"));
    }
}
