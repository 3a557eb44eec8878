//! Plain text out of stored rich text.

/// The text of a Quill delta (`{"ops": [{"insert": "…"}, …]}`), embeds skipped. Anything that is
/// not a delta is taken as plain text.
pub fn delta_to_text(stored: &str) -> String {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(stored) else {
        return stored.to_string();
    };
    let Some(ops) = value.get("ops").and_then(|o| o.as_array()) else {
        return stored.to_string();
    };
    let mut text = String::new();
    for op in ops {
        if let Some(insert) = op.get("insert").and_then(|i| i.as_str()) {
            text.push_str(insert);
        }
    }
    text.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delta_flattens_to_its_inserted_text() {
        let delta = r#"{"ops":[{"insert":"Tere "},{"insert":"maailm","attributes":{"bold":true}},{"insert":{"image":"x.png"}},{"insert":"\n"}]}"#;
        assert_eq!(delta_to_text(delta), "Tere maailm");
        assert_eq!(delta_to_text("plain words"), "plain words");
    }
}
