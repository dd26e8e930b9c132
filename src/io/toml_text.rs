//! Errors of the TOML files this program reads (`compare --plan` files, evaluation
//! weights): a `toml`/serde error turned into one that names the file, the line and
//! the key, and the line of a byte offset for callers that check values themselves.
//!
//! Owns: that translation. Must not: know what any file means (its keys, types or
//! values), or read files.

use std::path::Path;

use crate::error::Error;

/// Line (from 1) of byte offset `at` in `text`.
pub fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The key written on the line holding byte offset `at` (`key = …`), if any.
fn key_at(text: &str, at: usize) -> Option<&str> {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("");
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    (!key.is_empty() && !key.starts_with('#') && !key.contains(char::is_whitespace)).then_some(key)
}

/// A TOML or serde error as `FILE:LINE: key 'K': what` (line 0 = the whole file, for a
/// missing key).
pub fn toml_error(path: &Path, text: &str, e: &toml::de::Error) -> Error {
    let msg = e.message().trim().to_string();
    if let Some(key) = msg
        .strip_prefix("missing field `")
        .and_then(|r| r.strip_suffix('`'))
    {
        return Error::parse(path, 0, format!("missing key '{key}'"));
    }
    let Some(span) = e.span() else {
        return Error::parse(path, 0, msg);
    };
    let line = line_of(text, span.start);
    let msg = if let Some(rest) = msg.strip_prefix("unknown field `") {
        let (key, expected) = rest.split_once('`').unwrap_or((rest, ""));
        format!("unknown key '{key}'{expected}")
    } else {
        match key_at(text, span.start) {
            Some(key) => format!("key '{key}': {msg}"),
            None => msg,
        }
    };
    Error::parse(path, line, msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_keys() {
        let text = "a = 1\n# b = 2\nc = 3\n";
        assert_eq!(line_of(text, 0), 1);
        assert_eq!(line_of(text, 6), 2);
        assert_eq!(line_of(text, 1000), 4);
        assert_eq!(key_at(text, 14), Some("c"));
        assert_eq!(key_at(text, 7), None);
    }
}
