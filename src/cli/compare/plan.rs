//! `compare --plan FILE.toml`: fills `compare`'s arguments from a plan file
//! ([`crate::compare::plan::PlanFile`]), flags given on the command line first, and
//! after the run writes the plan's folder: `NAME.md` (the command and the table),
//! `plan.toml` (a copy of the plan) beside the CSV, JSON and chart that `compare`
//! writes there as `NAME.csv`, `NAME.summary.csv`, `NAME.json`, `NAME.svg`. The
//! journal defaults to `NAME.journal` in the folder, so a killed plan resumes.
//!
//! Flags that change what runs (test set, positions, variant, budgets, runs, seed,
//! configurations, baseline, pairs, aggregate) make a different experiment: its
//! results are then written only to a folder given with `--out`, never over the plan's
//! own; its jobs are still journaled in the plan's folder (without `--out` or
//! `--journal`), for the whole plan to take those that are its own. Owns: that
//! merging, error context for the plan's values (file, line, key) and the folder's
//! Markdown. Must not: run searches or format tables (`compare` does).

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::config_line::{parse_config, Labels};
use super::Args;
use crate::compare::plan::PlanFile;
use crate::error::Error;

/// A plan being run: where its values came from and where its results go.
pub(super) struct PlanRun {
    file: PlanFile,
    /// The folder the results are written to, if any.
    out: Option<PathBuf>,
    /// The keys whose values the plan supplied (the command line gave none), with
    /// their lines, for [`blame`].
    supplied: Vec<(&'static str, usize)>,
}

impl PlanRun {
    /// Whether the results go to the folder the plan names (not one of `--out`).
    pub(super) fn writes_plan_folder(&self, a: &Args) -> bool {
        self.out.is_some() && a.out.is_none()
    }
}

/// Reads the plan at `path` and fills every argument the command line left unset.
pub(super) fn apply(a: &mut Args, path: &Path) -> Result<PlanRun, Error> {
    let file = PlanFile::read(path)?;
    let mut changed = Vec::new();
    let mut note = |given: bool, flag: &'static str| {
        if given {
            changed.push(flag);
        }
    };
    note(a.testset.is_some(), "TESTSET");
    note(a.positions.is_some(), "--positions");
    note(a.variant.is_some(), "--variant");
    note(
        !a.iterations.is_empty() || !a.time.is_empty() || !a.cpu_time.is_empty(),
        "budgets",
    );
    note(a.runs.is_some(), "--runs");
    note(a.seed.is_some(), "--seed");
    note(a.baseline.is_some(), "--baseline");
    note(a.all_pairs, "--all-pairs");
    note(a.aggregate.is_some(), "--aggregate");
    note(
        !a.config.is_empty() || a.config_file.is_some(),
        "configurations",
    );
    let mut supplied = Vec::new();
    // Fills `$arg` from the plan's `$key` when the command line left it unset.
    macro_rules! fill {
        ($arg:expr, $key:ident) => {
            if let (None, Some(v)) = (&$arg, &file.$key) {
                $arg = Some(v.value.clone());
                supplied.push((stringify!($key), v.line));
            }
        };
    }
    if a.testset.is_none() {
        a.testset = Some(file.testset.value.clone());
        supplied.push(("testset", file.testset.line));
    }
    fill!(a.positions, positions);
    a.variant = a.variant.or(file.variant);
    if a.iterations.is_empty() && a.time.is_empty() && a.cpu_time.is_empty() {
        a.iterations = file.iterations.clone();
        a.time = file.time.clone();
        a.cpu_time = file.cpu_time.clone();
        if let Some(k) = &file.budget_key {
            supplied.push((k.value, k.line));
        }
    }
    fill!(a.runs, runs);
    a.seed = a.seed.or(file.seed);
    fill!(a.threads, threads);
    fill!(a.baseline, baseline);
    a.all_pairs |= file.all_pairs.unwrap_or(false);
    a.aggregate = a.aggregate.or(file.aggregate);
    if a.keep_best.is_none() {
        a.keep_best = file.keep_best.clone();
    }
    if a.config.is_empty() && a.config_file.is_none() {
        let mut labels = Labels::default();
        for c in &file.configs {
            let blame =
                |m| Error::parse(path, c.line, format!("key 'configs': '{}': {m}", c.value));
            let e = parse_config(&c.value).map_err(blame)?;
            labels
                .take(&e, format!("on line {}", c.line))
                .map_err(blame)?;
            a.config.push(c.value.clone());
        }
    }
    if let (None, Some(o)) = (&a.out, &file.out) {
        supplied.push(("out", o.line));
    }
    let folder = a
        .out
        .clone()
        .or_else(|| file.out.as_ref().map(|o| o.value.clone()));
    let out = if changed.is_empty() {
        folder.clone()
    } else {
        a.out.clone()
    };
    // A run the flags changed still journals into the plan's folder (unless given
    // --journal): jobs are keyed by everything that makes them, so the whole plan
    // later takes those that are its own, and a killed look resumes.
    let journal = a.journal.is_none().then(|| {
        folder
            .as_ref()
            .map(|d| d.join(format!("{}.journal", file.name)))
    });
    if let (None, Some(f)) = (&out, file.out.as_ref().map(|o| &o.value)) {
        let kept = match &journal {
            Some(Some(j)) => format!(
                "; its finished jobs are journaled in {}, where the whole plan takes those \
                 that are its own (give --journal FILE to journal them elsewhere)",
                j.display()
            ),
            _ => String::new(),
        };
        say_err!(
            "{}: {} given on the command line, so the results are not written to {} (give --out DIR to keep them){kept}",
            path.display(),
            changed.join(", "),
            f.display()
        );
    }
    if let Some(dir) = &out {
        std::fs::create_dir_all(dir)
            .map_err(|e| blame_in(path, &supplied, "out", Error::io(dir, e)))?;
        let name = |ext: &str| Some(dir.join(format!("{}.{ext}", file.name)));
        a.csv = a.csv.take().or_else(|| name("csv"));
        a.json = a.json.take().or_else(|| name("json"));
        a.svg = a.svg.take().or_else(|| name("svg"));
    }
    if let Some(j) = journal {
        a.journal = j;
    }
    Ok(PlanRun {
        file,
        out,
        supplied,
    })
}

/// Puts the plan's file, line and key on an error about a value the plan supplied.
pub(super) fn blame(run: Option<&PlanRun>, key: &str, e: Error) -> Error {
    match run {
        Some(r) => blame_in(&r.file.path, &r.supplied, key, e),
        None => e,
    }
}

/// [`blame`] with the plan's `path` and the keys it `supplied` (while it is read).
fn blame_in(path: &Path, supplied: &[(&'static str, usize)], key: &str, e: Error) -> Error {
    match supplied.iter().find(|(k, _)| *k == key) {
        Some(&(_, line)) => Error::parse(path, line, format!("key '{key}': {e}")),
        None => e,
    }
}

/// [`blame`] for an error about the budgets: on the first budget key the plan
/// supplied.
pub(super) fn blame_budgets(run: Option<&PlanRun>, e: Error) -> Error {
    let key = run.and_then(|r| {
        r.supplied
            .iter()
            .find(|(k, _)| ["iterations", "time", "cpu_time"].contains(k))
    });
    match key {
        Some((k, _)) => blame(run, k, e),
        None => e,
    }
}

impl PlanRun {
    /// Writes the folder's Markdown and the copy of the plan (when there is a folder).
    pub(super) fn finish(
        &self,
        a: &Args,
        table: &str,
        wall: Duration,
        spent: super::Spent,
        provenance: &crate::provenance::Provenance,
    ) -> Result<(), Error> {
        let Some(dir) = &self.out else {
            return Ok(());
        };
        let name = &self.file.name;
        let command: Vec<String> = std::env::args().skip(1).map(|w| quote(&w)).collect();
        let threads = match a.threads.unwrap_or(0) {
            0 => format!(
                "{} cores",
                std::thread::available_parallelism().map_or(1, |n| n.get())
            ),
            n => format!("{n} worker thread(s)"),
        };
        let mut md = format!("### {name}\n\n");
        if let Some(q) = &self.file.question {
            md.push_str(&format!("Question: {q}\n\n"));
        }
        md.push_str(&format!(
            "Plan: [plan.toml](plan.toml), a copy of `{}`. Command:\n\n```sh\nsamegame {}\n```\n\n```text\n{}```\n\n",
            self.file.path.display(),
            command.join(" "),
            table
        ));
        if let Some(svg) = &a.svg {
            let chart = svg.file_name().map(|f| f.to_string_lossy().into_owned());
            let chart = chart.unwrap_or_default();
            md.push_str(&format!("Chart: [{chart}]({chart}). "));
        }
        md.push_str(&format!("Wall time {} s on {threads}.", wall.as_secs()));
        md.push_str(&format!(
            " Search time {} s summed over the {} jobs, those taken from a journal included.\n",
            spent.seconds.round() as u64,
            spent.jobs
        ));
        md.push_str(&format!("\nRun by {provenance}.\n"));
        crate::io::write_atomic(&dir.join(format!("{name}.md")), md.as_bytes())?;
        crate::io::write_atomic(&dir.join("plan.toml"), self.file.text.as_bytes())
    }
}

/// A command-line word as a shell would need it.
fn quote(w: &str) -> String {
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,=:+".contains(c))
    {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every plan of the repository reads, and its configurations parse; the example
    /// of docs/compare.md is the example file, verbatim.
    #[test]
    fn repository_plans_are_valid() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files: Vec<PathBuf> = Vec::new();
        for dir in ["experiments", "experiments/examples"] {
            for e in std::fs::read_dir(root.join(dir)).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "toml") {
                    files.push(p);
                }
            }
        }
        assert!(files.len() > 100, "{} plans", files.len());
        for f in &files {
            let plan = PlanFile::read(f).unwrap_or_else(|e| panic!("{e}"));
            assert!(!plan.configs.is_empty(), "{}", f.display());
            for c in &plan.configs {
                parse_config(&c.value)
                    .unwrap_or_else(|m| panic!("{}:{}: {m}", f.display(), c.line));
            }
        }
        let example =
            std::fs::read_to_string(root.join("experiments/examples/nesting-levels.toml")).unwrap();
        let doc = std::fs::read_to_string(root.join("docs/compare.md")).unwrap();
        assert!(doc.contains(&format!("```toml\n{example}```")));
    }

    #[test]
    fn shell_words() {
        assert_eq!(quote("--plan"), "--plan");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
    }
}
