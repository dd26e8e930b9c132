//! Configuration strings of `compare` (`"label: --algo nmcts --level 2"`) and
//! configuration files (one per line, `#` comments).
//!
//! Owns: splitting a string into words (quotes group), the optional label, parsing
//! the flags with the same clap definition as `solve` ([`SearchArgs`]) and refusing
//! budgets inside a configuration. Must not: run anything or print.

use std::path::Path;

use clap::Parser;

use crate::cli::search_args::SearchArgs;
use crate::compare::Entry;
use crate::error::Error;

/// One configuration string, parsed with the same flags as `solve`.
#[derive(Parser, Debug)]
#[command(name = "config", no_binary_name = true)]
struct ConfigLine {
    /// Label of the configuration.
    #[arg(long)]
    label: Option<String>,
    #[command(flatten)]
    search: SearchArgs,
}

/// Parses `label: flags` or `flags` into an [`Entry`]; errors are plain messages
/// for the caller to prefix with where the configuration came from.
pub(super) fn parse_config(text: &str) -> Result<Entry, String> {
    let text = text.trim();
    let (mut label, flags) = match text.split_once(':') {
        Some((l, f)) if !l.trim().is_empty() && !l.trim_start().starts_with('-') => {
            (Some(l.trim().to_string()), f.trim())
        }
        _ => (None, text),
    };
    let words = split_words(flags)?;
    let line = ConfigLine::try_parse_from(&words).map_err(|e| {
        let msg = e.render().to_string();
        let first = msg.lines().next().unwrap_or("invalid flags");
        first.trim_start_matches("error: ").to_string()
    })?;
    if line.search.iterations.is_some()
        || line.search.time.is_some()
        || line.search.cpu_time.is_some()
    {
        return Err(
            "budgets (--iterations, --time, --cpu-time) are not allowed in a configuration: \
                    compare's own budget applies to every configuration"
                .into(),
        );
    }
    let config = line.search.config().map_err(|e| e.to_string())?;
    if let Some(l) = line.label {
        if label.is_some() {
            return Err("two labels (a 'label:' prefix and --label)".into());
        }
        label = Some(l);
    }
    // The spec is the flags without the label.
    let spec = match &label {
        Some(l)
            if words
                .iter()
                .any(|w| w == "--label" || w.starts_with("--label=")) =>
        {
            strip_label(&words, l)
        }
        _ => words.join(" "),
    };
    let label = label.unwrap_or_else(|| {
        if spec.is_empty() {
            "defaults".into()
        } else {
            spec.clone()
        }
    });
    if label.is_empty() {
        return Err("empty label".into());
    }
    Ok(Entry {
        label,
        spec,
        config,
    })
}

/// The words without `--label L` / `--label=L`.
fn strip_label(words: &[String], label: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "--label" && words.get(i + 1).map(String::as_str) == Some(label) {
            i += 2;
            continue;
        }
        if words[i].strip_prefix("--label=") == Some(label) {
            i += 1;
            continue;
        }
        out.push(&words[i]);
        i += 1;
    }
    out.join(" ")
}

/// Splits on whitespace; single or double quotes group words (no escapes).
fn split_words(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            None => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(format!("unclosed {q} quote"));
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// The configurations read so far, each with where it was given (`on line 4`,
/// `given by --config 1`), so a label used twice names the place of the first.
#[derive(Default)]
pub(super) struct Labels(Vec<(String, String)>);

impl Labels {
    /// Takes `e`'s label, given at `place`; the message saying where it was given
    /// before when it is taken already.
    pub(super) fn take(&mut self, e: &Entry, place: String) -> Result<(), String> {
        match self.0.iter().find(|(l, _)| *l == e.label) {
            Some((l, before)) => Err(format!(
                "label '{l}' is also {before} (give one with 'label: flags' or --label)"
            )),
            None => {
                self.0.push((e.label.clone(), place));
                Ok(())
            }
        }
    }
}

/// Reads a configuration file: one configuration per non-blank line, `#` comments;
/// a label used twice (in the file, or also in `labels`: the --config flags) is an
/// error naming both places.
pub(super) fn read_config_file(path: &Path, labels: &mut Labels) -> Result<Vec<Entry>, Error> {
    let bytes = crate::io::read_input(path, "a configurations file")?;
    let text = crate::io::edited_text(&bytes, path)?;
    let mut out: Vec<Entry> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let blame = |m| Error::parse(path, i + 1, format!("configuration '{t}': {m}"));
        let e = parse_config(t).map_err(blame)?;
        labels
            .take(&e, format!("on line {}", i + 1))
            .map_err(blame)?;
        out.push(e);
    }
    if out.is_empty() {
        return Err(Error::parse(path, 0, "no configuration in the file"));
    }
    Ok(out)
}

#[cfg(test)]
mod lines_tests;
#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_strings() {
        let e = parse_config("--algo nmcs --level 3").unwrap();
        assert_eq!(
            (e.label.as_str(), e.config.level),
            ("--algo nmcs --level 3", 3)
        );
        let e = parse_config("  level 2 : --level 2 ").unwrap();
        assert_eq!(
            (e.label.as_str(), e.spec.as_str()),
            ("level 2", "--level 2")
        );
        let e = parse_config("--label 'my run' --level 1").unwrap();
        assert_eq!((e.label.as_str(), e.spec.as_str()), ("my run", "--level 1"));
        let e = parse_config("").unwrap();
        assert_eq!(e.label, "defaults");
        let err = parse_config("--bogus 3").unwrap_err();
        assert!(err.contains("--bogus"), "{err}");
        assert!(parse_config("--level 2 --iterations 5")
            .unwrap_err()
            .contains("budget"));
        assert!(parse_config("--level 0").unwrap_err().contains("level"));
        assert!(parse_config("x: --label y").is_err());
        assert!(parse_config("--label 'open").is_err());
    }
}
