//! Plan files (`compare --plan FILE.toml`): one experiment described as data, with
//! the same settings as `compare`'s flags (test set, positions, variant, budgets,
//! runs, seed, threads, baseline, configurations in `--config` syntax, …), the output
//! folder, and the question the experiment asks and its one-line answer (read by the
//! results index, `scripts/results-index.py`).
//!
//! Owns: the TOML format (through `toml` and serde), checking value types and names
//! (variant, aggregate), and turning every error into one that names the file, the
//! line and the key. Must not: parse configuration strings (the CLI does, with
//! `solve`'s flags, and reports their errors at the line kept here), read test sets,
//! run anything or write files.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use toml::Spanned;

use super::Aggregate;
use crate::error::Error;
use crate::io::{line_of, toml_error};
use crate::rules::Variant;

/// A value with the line (from 1) it was written on, for error messages.
#[derive(Clone, Debug, PartialEq)]
pub struct AtLine<T> {
    /// The value.
    pub value: T,
    /// Its line in the plan file, from 1.
    pub line: usize,
}

/// An experiment read from a plan file. Every setting is optional except the test
/// set: the command line's flags, then `compare`'s defaults, fill the rest.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanFile {
    /// The file it was read from.
    pub path: PathBuf,
    /// The file's text (copied next to the results).
    pub text: String,
    /// The experiment's name: the file name without `.toml`.
    pub name: String,
    /// The question the experiment asks (for the results index).
    pub question: Option<String>,
    /// Its one-line answer (for the results index).
    pub answer: Option<String>,
    /// Test-set file (relative to the current directory, like the flag).
    pub testset: AtLine<PathBuf>,
    /// Positions, in `--positions` syntax.
    pub positions: Option<AtLine<String>>,
    /// Scoring variant.
    pub variant: Option<Variant>,
    /// Iteration budgets (one or several).
    pub iterations: Vec<u64>,
    /// Time budgets in seconds (one or several).
    pub time: Vec<f64>,
    /// CPU-time budgets in seconds (one or several; `cpu_time`, as `--cpu-time`).
    pub cpu_time: Vec<f64>,
    /// The first budget key written (`iterations`, `time` or `cpu_time`), with its
    /// line, for errors about the budgets.
    pub budget_key: Option<AtLine<&'static str>>,
    /// Runs per configuration and position.
    pub runs: Option<AtLine<u32>>,
    /// Base seed.
    pub seed: Option<u64>,
    /// Worker threads (0 = all cores).
    pub threads: Option<AtLine<usize>>,
    /// Baseline: a configuration number (from 1) or label, as `--baseline`.
    pub baseline: Option<AtLine<String>>,
    /// Also test every pair of configurations.
    pub all_pairs: Option<bool>,
    /// Per-position sample over runs.
    pub aggregate: Option<Aggregate>,
    /// Solutions file offered every run's line, as `--keep-best`.
    pub keep_best: Option<PathBuf>,
    /// Output folder (table, CSV, JSON, chart, a copy of the plan, the journal).
    pub out: Option<AtLine<PathBuf>>,
    /// Configurations in `--config` syntax (`label: flags`), with their lines.
    pub configs: Vec<AtLine<String>>,
}

/// The file as serde sees it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    question: Option<String>,
    answer: Option<String>,
    testset: Spanned<PathBuf>,
    positions: Option<Spanned<String>>,
    variant: Option<Spanned<String>>,
    iterations: Option<Spanned<OneOrMany<u64>>>,
    time: Option<Spanned<OneOrMany<Seconds>>>,
    cpu_time: Option<Spanned<OneOrMany<Seconds>>>,
    runs: Option<Spanned<u32>>,
    seed: Option<u64>,
    threads: Option<Spanned<usize>>,
    baseline: Option<Spanned<Baseline>>,
    all_pairs: Option<bool>,
    aggregate: Option<Spanned<String>>,
    keep_best: Option<PathBuf>,
    out: Option<Spanned<PathBuf>>,
    #[serde(default)]
    configs: Vec<Spanned<String>>,
}

/// `key = 5` or `key = [5, 6]`.
struct OneOrMany<T>(Vec<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form<T> {
            One(T),
            Many(Vec<T>),
        }
        match Form::<T>::deserialize(d) {
            Ok(Form::One(x)) => Ok(OneOrMany(vec![x])),
            Ok(Form::Many(v)) => Ok(OneOrMany(v)),
            Err(_) => Err(de::Error::custom(
                "expected a positive number or a list of them, e.g. 100000 or [10000, 100000]",
            )),
        }
    }
}

/// A list of seconds as given (empty when absent).
fn seconds(t: Option<Spanned<OneOrMany<Seconds>>>) -> Vec<f64> {
    t.map(|t| t.into_inner().into_vec().into_iter().map(|s| s.0).collect())
        .unwrap_or_default()
}

/// Seconds: an integer or a float.
struct Seconds(f64);

impl<'de> Deserialize<'de> for Seconds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Seconds;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("seconds (a number)")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Seconds, E> {
                Ok(Seconds(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Seconds, E> {
                Ok(Seconds(v as f64))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Seconds, E> {
                Ok(Seconds(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// `baseline = 2` or `baseline = "nmcs2"`.
struct Baseline(String);

impl<'de> Deserialize<'de> for Baseline {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Baseline;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a configuration number (from 1) or label")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Baseline, E> {
                Ok(Baseline(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Baseline, E> {
                Ok(Baseline(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Baseline, E> {
                Ok(Baseline(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

impl<T> OneOrMany<T> {
    fn into_vec(self) -> Vec<T> {
        self.0
    }
}

/// A spanned value of `text` with its line.
fn at_line<T>(text: &str, s: Spanned<T>) -> AtLine<T> {
    AtLine {
        line: line_of(text, s.span().start),
        value: s.into_inner(),
    }
}

impl PlanFile {
    /// Reads and checks a plan file.
    pub fn read(path: &Path) -> Result<PlanFile, Error> {
        let bytes = crate::io::read_input(path, "a plan file")?;
        let text = crate::io::edited_text(&bytes, path)?.to_string();
        PlanFile::parse(path, text)
    }

    /// Checks the text of a plan file read from `path` (used for messages and the name).
    pub fn parse(path: &Path, text: String) -> Result<PlanFile, Error> {
        let raw: Raw = toml::from_str(&text).map_err(|e| toml_error(path, &text, &e))?;
        let at = |span: std::ops::Range<usize>| line_of(&text, span.start);
        let variant =
            match raw.variant {
                Some(v) => Some(v.get_ref().parse::<Variant>().map_err(|m| {
                    Error::parse(path, at(v.span()), format!("key 'variant': {m}"))
                })?),
                None => None,
            };
        let aggregate =
            match raw.aggregate {
                Some(v) => Some(v.get_ref().parse::<Aggregate>().map_err(|m| {
                    Error::parse(path, at(v.span()), format!("key 'aggregate': {m}"))
                })?),
                None => None,
            };
        let budget_key = [
            ("iterations", raw.iterations.as_ref().map(|s| s.span())),
            ("time", raw.time.as_ref().map(|s| s.span())),
            ("cpu_time", raw.cpu_time.as_ref().map(|s| s.span())),
        ]
        .into_iter()
        .filter_map(|(k, span)| span.map(|sp| (sp.start, k)))
        .min()
        .map(|(start, k)| AtLine {
            value: k,
            line: line_of(&text, start),
        });
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        Ok(PlanFile {
            path: path.to_path_buf(),
            name,
            question: raw.question,
            answer: raw.answer,
            testset: at_line(&text, raw.testset),
            positions: raw.positions.map(|s| at_line(&text, s)),
            variant,
            iterations: raw
                .iterations
                .map(|s| s.into_inner().into_vec())
                .unwrap_or_default(),
            time: seconds(raw.time),
            cpu_time: seconds(raw.cpu_time),
            budget_key,
            runs: raw.runs.map(|s| at_line(&text, s)),
            seed: raw.seed,
            threads: raw.threads.map(|s| at_line(&text, s)),
            baseline: raw.baseline.map(|b| AtLine {
                line: at(b.span()),
                value: b.into_inner().0,
            }),
            all_pairs: raw.all_pairs,
            aggregate,
            keep_best: raw.keep_best,
            out: raw.out.map(|s| at_line(&text, s)),
            configs: raw.configs.into_iter().map(|s| at_line(&text, s)).collect(),
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<PlanFile, String> {
        PlanFile::parse(Path::new("p.toml"), text.to_string()).map_err(|e| e.to_string())
    }

    #[test]
    fn full_plan() {
        let p = parse(
            "question = \"q\"\nanswer = \"a\"\ntestset = \"t.txt\"\npositions = \"1-5\"\n\
             variant = \"clickomania\"\niterations = [1000, 2000]\nruns = 2\nseed = 7\n\
             threads = 1\nbaseline = \"b\"\nall_pairs = true\naggregate = \"max\"\n\
             keep_best = \"s.txt\"\nout = \"o\"\nconfigs = [\n  \"a: --algo nmcs\",\n  \"b: --algo nrpa\",\n]\n",
        )
        .unwrap();
        assert_eq!(p.name, "p");
        assert_eq!(p.question.as_deref(), Some("q"));
        assert_eq!(p.testset.value, PathBuf::from("t.txt"));
        assert_eq!(p.positions.as_ref().unwrap().line, 4);
        assert_eq!(p.variant, Some(Variant::Clickomania));
        assert_eq!(p.iterations, vec![1000, 2000]);
        assert!(p.time.is_empty());
        assert_eq!(
            (p.runs.map(|r| r.value), p.seed, p.threads.map(|t| t.value)),
            (Some(2), Some(7), Some(1))
        );
        assert_eq!(p.baseline.as_ref().unwrap().value, "b");
        assert_eq!(p.all_pairs, Some(true));
        assert_eq!(p.aggregate, Some(Aggregate::Max));
        assert_eq!(p.configs.len(), 2);
        assert_eq!(p.configs[1].value, "b: --algo nrpa");
        assert_eq!(p.configs[1].line, 17);
    }

    #[test]
    fn single_budgets_and_numeric_baseline() {
        let p = parse("testset = \"t\"\ntime = 3\nbaseline = 2\n").unwrap();
        assert_eq!(p.time, vec![3.0]);
        assert_eq!(p.baseline.unwrap().value, "2");
        let p = parse("testset = \"t\"\ntime = [0.5, 1]\niterations = 10\n").unwrap();
        assert_eq!(p.time, vec![0.5, 1.0]);
        assert_eq!(p.iterations, vec![10]);
        let p = parse("testset = \"t\"\ncpu_time = 600\n").unwrap();
        assert_eq!((p.cpu_time, p.time.len()), (vec![600.0], 0));
    }

    #[test]
    fn errors_name_line_and_key() {
        let e = parse("testset = \"t\"\n\npositionz = \"1-3\"\n").unwrap_err();
        assert!(e.starts_with("p.toml:3: unknown key 'positionz'"), "{e}");
        let e = parse("testset = \"t\"\nruns = \"two\"\n").unwrap_err();
        assert!(e.starts_with("p.toml:2: key 'runs': invalid type"), "{e}");
        let e = parse("iterations = 5\n").unwrap_err();
        assert_eq!(e, "p.toml: missing key 'testset'");
        let e = parse("testset = \"t\"\nvariant = \"go\"\n").unwrap_err();
        assert!(e.starts_with("p.toml:2: key 'variant': "), "{e}");
        let e = parse("testset = \"t\"\naggregate = \"median\"\n").unwrap_err();
        assert!(e.starts_with("p.toml:2: key 'aggregate': "), "{e}");
        let e = parse("testset = \"t\"\niterations = \"many\"\n").unwrap_err();
        assert!(e.starts_with("p.toml:2: key 'iterations': expected"), "{e}");
        let e = parse("testset = \"t\"\nruns = [\n").unwrap_err();
        assert!(e.starts_with("p.toml:2"), "{e}");
    }
}
