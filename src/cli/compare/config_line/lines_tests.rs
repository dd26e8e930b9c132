//! Pins the canonical line (the configuration part of a schema-2 journal key,
//! `crate::compare::journal`) of every configuration of the committed plans
//! (`experiments/**/*.toml`) against `tests/golden/config-lines.txt`.
//! `UPDATE_GOLDEN=1` rewrites the file, which is right only when configurations are
//! added; a changed line means the committed journals would no longer find the jobs
//! of that configuration.

use std::path::{Path, PathBuf};

use super::parse_config;
use crate::compare::plan::PlanFile;

fn plans(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            plans(&p, out);
        } else if p.extension().is_some_and(|e| e == "toml") {
            out.push(p);
        }
    }
}

#[test]
fn canonical_lines_of_committed_plans_are_pinned() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    plans(&root.join("experiments"), &mut files);
    let mut specs: Vec<String> = Vec::new();
    for f in &files {
        let Ok(plan) = PlanFile::read(f) else {
            continue;
        };
        specs.extend(plan.configs.into_iter().map(|c| c.value));
    }
    specs.sort();
    specs.dedup();
    let mut text = String::new();
    for spec in &specs {
        // Configurations that read files or fail to parse are not pinned here.
        let Ok(entry) = parse_config(spec) else {
            continue;
        };
        let flags = spec.split_once(": ").map_or(spec.as_str(), |x| x.1);
        let line = entry.config.to_string();
        text.push_str(&format!("{flags}\t{line}\n"));
    }
    let golden = root.join("tests/golden/config-lines.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&golden, &text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap();
    assert!(
        text.lines().count() > 100,
        "{} configurations",
        text.lines().count()
    );
    for (want, got) in expected.lines().zip(text.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(text, expected);
}
