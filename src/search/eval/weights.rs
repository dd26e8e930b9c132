//! The weights of the learned evaluation and their file: a small TOML file with one
//! `name = number` line per feature (comments name each feature), the shipped one
//! (`weights/beam-eval.toml`, built into the binary so it works from any
//! directory) and any other given by `--eval-weights FILE`.
//!
//! Owns: [`Weights`] (a vector in [`FEATURES`] order), the file format (parsing with
//! errors naming the file, the line and the key; writing with comments) and
//! [`EvalWeights`] (weights with the file they came from, as a configuration holds
//! them). Must not: read or write files (callers hand in the text and write what
//! [`Weights::to_toml`] returns), or measure positions.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::features::{FEATURES, N};
use crate::error::Error;
use crate::io::{line_of, toml_error};

/// The shipped weights file (tuned by `samegame tune-eval`, docs/experiments.md).
const SHIPPED: &str = include_str!("../../../weights/beam-eval.toml");
/// How the shipped file is named in messages.
pub const SHIPPED_NAME: &str = "weights/beam-eval.toml";

/// One weight per feature, in [`FEATURES`] order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights(pub [f64; N]);

impl Weights {
    /// The weights that make `--eval learned` equal to `--eval potential`: the score
    /// so far plus every group as it stands (the tuner's default start).
    pub const POTENTIAL: Weights = Weights([1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);

    /// The shipped weights (`weights/beam-eval.toml`, built in).
    ///
    /// # Panics
    /// When the built-in file does not parse (a test checks that it does).
    pub fn shipped() -> &'static Weights {
        static W: OnceLock<Weights> = OnceLock::new();
        W.get_or_init(|| {
            Weights::parse(Path::new(SHIPPED_NAME), SHIPPED)
                .unwrap_or_else(|e| panic!("the built-in weights do not parse: {e}"))
        })
    }

    /// The weight of the feature called `name`.
    pub fn get(&self, name: &str) -> Option<f64> {
        FEATURES
            .iter()
            .position(|f| f.name == name)
            .map(|i| self.0[i])
    }

    /// Reads the text of a weights file read from `path` (named in errors): every
    /// feature's key exactly once, each a finite number; comments are free.
    pub fn parse(path: &Path, text: &str) -> Result<Weights, Error> {
        let raw: BTreeMap<String, Spanned<f64>> =
            toml::from_str(text).map_err(|e| toml_error(path, text, &e))?;
        let mut w = [0.0; N];
        let mut seen = [false; N];
        for (key, v) in &raw {
            let line = line_of(text, v.span().start);
            let Some(i) = FEATURES.iter().position(|f| f.name == key.as_str()) else {
                return Err(Error::parse(
                    path,
                    line,
                    format!("unknown key '{key}' (expected {})", names()),
                ));
            };
            let x = *v.get_ref();
            if !x.is_finite() {
                return Err(Error::parse(
                    path,
                    line,
                    format!("key '{key}': must be a finite number, got {x}"),
                ));
            }
            w[i] = x;
            seen[i] = true;
        }
        if let Some(i) = seen.iter().position(|&s| !s) {
            return Err(Error::parse(
                path,
                0,
                format!("missing key '{}'", FEATURES[i].name),
            ));
        }
        Ok(Weights(w))
    }

    /// The weights as a weights file: `header` (comment lines, each written with a
    /// leading `# `), then per feature a comment naming it and its `name = value`
    /// line. Values are written so that they read back bit for bit.
    pub fn to_toml(&self, header: &str) -> String {
        let mut s = String::new();
        for line in header.lines() {
            if line.is_empty() {
                s.push_str("#\n");
            } else {
                s.push_str(&format!("# {line}\n"));
            }
        }
        for (f, w) in FEATURES.iter().zip(self.0) {
            s.push_str(&format!("\n# {}\n{} = {w:?}\n", f.meaning, f.name));
        }
        s
    }
}

/// The feature names, for messages.
fn names() -> String {
    FEATURES.map(|f| f.name).join(", ")
}

impl fmt::Display for Weights {
    /// `name=value` pairs in [`FEATURES`] order (for progress lines).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (feat, w)) in FEATURES.iter().zip(self.0).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}={w:?}", feat.name)?;
        }
        Ok(())
    }
}

impl Serialize for Weights {
    /// A map from feature name to weight, in [`FEATURES`] order.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(N))?;
        for (f, w) in FEATURES.iter().zip(self.0) {
            m.serialize_entry(f.name, &w)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Weights {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = BTreeMap::<String, f64>::deserialize(d)?;
        let mut w = [0.0; N];
        for (i, f) in FEATURES.iter().enumerate() {
            w[i] = *m
                .get(f.name)
                .ok_or_else(|| de::Error::custom(format!("missing weight '{}'", f.name)))?;
        }
        if let Some(k) = m.keys().find(|k| !FEATURES.iter().any(|f| f.name == *k)) {
            return Err(de::Error::custom(format!("unknown weight '{k}'")));
        }
        Ok(Weights(w))
    }
}

/// Weights loaded from a file (`--eval-weights FILE`), as a configuration holds them:
/// the file as given (printed in the configuration's one-line form) and its weights
/// (in its JSON form, so that a journal tells runs with different weights apart).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvalWeights {
    /// The file, as given on the command line.
    pub file: String,
    /// Its weights.
    pub weights: Weights,
}

impl EvalWeights {
    /// The weights file `path` whose text is `text`.
    pub fn parse(path: &Path, text: &str) -> Result<EvalWeights, Error> {
        Ok(EvalWeights {
            file: path.display().to_string(),
            weights: Weights::parse(path, text)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Weights, String> {
        Weights::parse(Path::new("w.toml"), text).map_err(|e| e.to_string())
    }

    fn full() -> String {
        Weights::POTENTIAL.to_toml("test")
    }

    #[test]
    fn shipped_weights_parse_and_name_every_feature_in_a_comment() {
        let w = Weights::shipped();
        assert!(w.0.iter().all(|x| x.is_finite()));
        for f in FEATURES {
            assert!(SHIPPED.contains(&format!("# {}\n{} = ", f.meaning, f.name)));
        }
    }

    #[test]
    fn round_trip_bit_for_bit() {
        let w = Weights([
            1.0,
            0.1 + 0.2,
            -1e-300,
            123456.789,
            -0.0,
            7.0,
            -3.25,
            f64::MAX,
            f64::MIN_POSITIVE,
            2.0 / 3.0,
        ]);
        let text = w.to_toml("a header\n\nover lines");
        assert!(text.starts_with("# a header\n#\n# over lines\n"));
        let back = parse(&text).unwrap();
        for (a, b) in w.0.iter().zip(back.0) {
            assert_eq!(a.to_bits(), b.to_bits());
        }
        // JSON (a configuration's identity) too.
        let json = serde_json::to_string(&w).unwrap();
        assert!(json.starts_with("{\"score\":1.0,\"groups\":0.30000000000000004"));
        assert_eq!(serde_json::from_str::<Weights>(&json).unwrap(), w);
        assert!(serde_json::from_str::<Weights>("{\"score\":1}").is_err());
    }

    #[test]
    fn integers_and_free_comments_are_accepted() {
        let text = full().replace("score = 1.0", "score = 2 # twice");
        assert_eq!(parse(&text).unwrap().get("score"), Some(2.0));
        assert_eq!(parse(&text).unwrap().get("nope"), None);
    }

    #[test]
    fn bad_files_name_the_line_and_the_key() {
        let line_of_key = |text: &str, key: &str| {
            text.lines()
                .position(|l| l.starts_with(&format!("{key} =")))
                .unwrap()
                + 1
        };
        let t = full().replace("singles = 0.0", "singels = 0.0");
        let e = parse(&t).unwrap_err();
        let n = line_of_key(&t, "singels");
        assert!(
            e.starts_with(&format!(
                "w.toml:{n}: unknown key 'singels' (expected score, groups"
            )),
            "{e}"
        );
        let t = full().replace("target = 0.0", "target = \"high\"");
        let e = parse(&t).unwrap_err();
        let n = line_of_key(&t, "target");
        assert!(
            e.starts_with(&format!("w.toml:{n}: key 'target': invalid type")),
            "{e}"
        );
        let t = full().replace("groups = 1.0", "groups = inf");
        let e = parse(&t).unwrap_err();
        let n = line_of_key(&t, "groups");
        assert_eq!(
            e,
            format!("w.toml:{n}: key 'groups': must be a finite number, got inf")
        );
        let t = full().replace("low_colors = 0.0\n", "");
        assert_eq!(parse(&t).unwrap_err(), "w.toml: missing key 'low_colors'");
        let t = format!("{}\nscore = 3.0\n", full());
        let e = parse(&t).unwrap_err();
        assert!(e.starts_with("w.toml:"), "{e}");
        assert!(e.contains("score"), "{e}");
        let e = parse("[weights]\nscore = 1.0\n").unwrap_err();
        assert!(e.starts_with("w.toml:"), "{e}");
        let e = parse("score = \n").unwrap_err();
        assert!(e.starts_with("w.toml:1"), "{e}");
    }

    #[test]
    fn eval_weights_keep_the_file_name() {
        let w = EvalWeights::parse(Path::new("dir/w.toml"), &full()).unwrap();
        assert_eq!(w.file, "dir/w.toml");
        assert_eq!(w.weights, Weights::POTENTIAL);
    }
}
