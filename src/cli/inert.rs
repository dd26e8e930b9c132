//! Text from outside (file names, comments, any input) made inert for the files this
//! program generates: escaped for HTML text, for a JSON block inside `<script>`, or
//! written as a Python string literal, and placed into a template in one pass (so a
//! value that contains another placeholder is not expanded again).
//!
//! Owns: those escapes and the template fill. Must not: know what the generated files
//! contain (the bot and the replay page do).

/// `template` with every `(placeholder, value)` replaced in one left-to-right pass:
/// text that comes from a value is never searched for placeholders.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    'scan: while !rest.is_empty() {
        for (i, _) in rest.char_indices() {
            if let Some((k, v)) = values.iter().find(|(k, _)| rest[i..].starts_with(k)) {
                out.push_str(&rest[..i]);
                out.push_str(v);
                rest = &rest[i + k.len()..];
                continue 'scan;
            }
        }
        out.push_str(rest);
        break;
    }
    out
}

/// `s` as HTML text or a quoted attribute value: `& < > " '` become entities.
pub fn html_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON text made safe inside `<script type="application/json">`: `<`, `>` and `&`
/// (and the line separators JavaScript once treated as newlines) as `\u` escapes,
/// which JSON reads back as the same characters; so no `</script>` or `<!--` can
/// appear. Only valid inside JSON strings, where serde_json puts every such character.
pub fn json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// `s` as a Python 3 string literal in plain ASCII: printable ASCII as it is except
/// `\` and `"`, everything else (newlines, quotes, any non-ASCII) as an escape.
pub fn py_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            ' '..='~' => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_is_one_pass() {
        let t = "<h1>__A__</h1><p>__B__</p>";
        assert_eq!(
            fill(t, &[("__A__", "x__B__"), ("__B__", "<y>")]),
            "<h1>x__B__</h1><p><y></p>"
        );
        assert_eq!(fill("é__A__é", &[("__A__", "1")]), "é1é");
        assert_eq!(fill("", &[("__A__", "1")]), "");
    }

    #[test]
    fn html_and_script_escapes() {
        let hostile = "<img src=x onerror=alert(1)>\"'&</script><!--";
        let h = html_text(hostile);
        assert!(!h.contains('<') && !h.contains('>') && !h.contains('"') && !h.contains('\''));
        let j = json_for_script(&serde_json::to_string(hostile).unwrap());
        assert!(!j.contains('<') && !j.contains('>'));
        let back: String = serde_json::from_str(&j).unwrap();
        assert_eq!(back, hostile);
    }

    #[test]
    fn python_literals_are_ascii_and_one_line() {
        let hostile = "a\"b\\c\nimport os; os.system('x')\r\u{2028}é😀\0";
        let p = py_str(hostile);
        assert!(p.is_ascii() && !p.contains('\n') && !p.contains('\r'));
        assert_eq!(
            p,
            "\"a\\\"b\\\\c\\x0aimport os; os.system('x')\\x0d\\u2028\\xe9\\U0001f600\\x00\""
        );
    }
}
