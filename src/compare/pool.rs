//! Pooling per-job result files (`compare --pool A.csv B.csv …`): an experiment run
//! in parts (positions 1-2 in one file, 3-5 in another) tested as one. Every file is a
//! per-job CSV as `compare --csv` writes it; the runs of a (label, position) over all
//! files become one sample (mean or max over runs, [`Aggregate`]), and each pair of
//! labels is tested over the positions both have, with the paired t-test of
//! [`crate::stats`].
//!
//! Owns: reading those CSVs (columns `label`, `position`, `score`, and `budget` in a
//! budget curve's file) and the pooled samples and tests. Must not: print, write files
//! or compute statistics itself.

use std::collections::BTreeMap;
use std::path::Path;

use super::Aggregate;
use crate::error::Error;
use crate::stats::Paired;

/// Scores per label and position, pooled over files.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pool {
    /// Labels in order of first appearance.
    pub labels: Vec<String>,
    /// Every run's score, per label (index into `labels`) and position.
    scores: Vec<BTreeMap<usize, Vec<f64>>>,
}

/// One pooled paired test, `a − b`.
#[derive(Clone, Debug, PartialEq)]
pub struct PooledPair {
    /// Label of the minuend.
    pub a_label: String,
    /// Label of the subtrahend (the baseline).
    pub b_label: String,
    /// The positions both labels have, ascending.
    pub positions: Vec<usize>,
    /// The test over those positions.
    pub test: Paired,
}

impl Pool {
    /// Adds the rows of one per-job CSV read from `path`. `budget` selects the rows of
    /// one budget (playouts or seconds) in a budget curve's file; a curve's file
    /// without it is an error, as is `budget` with a single-budget file.
    pub fn add_csv(&mut self, path: &Path, text: &str, budget: Option<f64>) -> Result<(), Error> {
        if text.trim().is_empty() {
            return Err(Error::parse(
                path,
                0,
                "empty file (expected a per-job CSV of `compare --csv`)",
            ));
        }
        let mut r = csv::ReaderBuilder::new().from_reader(text.as_bytes());
        let headers = r
            .headers()
            .map_err(|e| Error::parse(path, 1, e.to_string()))?
            .clone();
        let col = |name: &str| headers.iter().position(|h| h == name);
        let need = |name: &str| {
            col(name).ok_or_else(|| {
                Error::parse(
                    path,
                    1,
                    format!("no '{name}' column (expected a per-job CSV of `compare --csv`)"),
                )
            })
        };
        let (label, position, score) = (need("label")?, need("position")?, need("score")?);
        let budget_col = col("budget");
        match (budget_col, budget) {
            (Some(_), None) => {
                return Err(Error::parse(
                    path,
                    1,
                    "a budget curve (it has a 'budget' column): give --iterations K or --time S to pool one budget",
                ))
            }
            (None, Some(_)) => {
                return Err(Error::parse(
                    path,
                    1,
                    "one budget only (no 'budget' column): pool it without --iterations/--time",
                ))
            }
            _ => {}
        }
        let mut found = false;
        for (i, rec) in r.records().enumerate() {
            let line = i + 2;
            let rec = rec.map_err(|e| Error::parse(path, line, e.to_string()))?;
            let field = |c: usize| rec.get(c).unwrap_or("");
            let number = |c: usize, what: &str| {
                field(c).trim().parse::<f64>().map_err(|_| {
                    Error::parse(path, line, format!("{what} '{}' is not a number", field(c)))
                })
            };
            if let (Some(c), Some(b)) = (budget_col, budget) {
                if number(c, "budget")? != b {
                    continue;
                }
            }
            found = true;
            let p = field(position).trim().parse::<usize>().map_err(|_| {
                Error::parse(
                    path,
                    line,
                    format!("position '{}' is not a number", field(position)),
                )
            })?;
            let s = number(score, "score")?;
            let l = field(label);
            let k = match self.labels.iter().position(|x| x == l) {
                Some(k) => k,
                None => {
                    self.labels.push(l.to_string());
                    self.scores.push(BTreeMap::new());
                    self.labels.len() - 1
                }
            };
            self.scores[k].entry(p).or_default().push(s);
        }
        if !found {
            return Err(Error::parse(path, 0, "no rows (at that budget)"));
        }
        Ok(())
    }

    /// Index of a label, or of configuration number `n` (from 1) in order of appearance.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.labels.iter().position(|l| l == name).or_else(|| {
            name.parse::<usize>()
                .ok()
                .filter(|&n| n >= 1 && n <= self.labels.len())
                .map(|n| n - 1)
        })
    }

    /// Paired test of label `a` minus label `b` (indices) over the positions both
    /// have; `None` when they share fewer than two.
    pub fn pair(&self, a: usize, b: usize, aggregate: Aggregate) -> Option<PooledPair> {
        let positions: Vec<usize> = self.scores[a]
            .keys()
            .filter(|p| self.scores[b].contains_key(p))
            .copied()
            .collect();
        if positions.len() < 2 {
            return None;
        }
        let sample = |k: usize| -> Vec<f64> {
            positions
                .iter()
                .map(|p| aggregate.of(self.scores[k][p].iter().copied()))
                .collect()
        };
        Some(PooledPair {
            a_label: self.labels[a].clone(),
            b_label: self.labels[b].clone(),
            test: Paired::test(&sample(a), &sample(b)),
            positions,
        })
    }
}

/// Positions as compact ranges: `1-5,9,11-12`.
pub fn ranges(positions: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        let mut j = i;
        while j + 1 < positions.len() && positions[j + 1] == positions[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            positions[i].to_string()
        } else {
            format!("{}-{}", positions[i], positions[j])
        });
        i = j + 1;
    }
    out.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "label,config,position,run,seed,score\n\
        x,\"nmcs --c 1,0\",1,0,1,10\nx,\"nmcs --c 1,0\",2,0,1,20\ny,nrpa,1,0,1,14\ny,nrpa,2,0,1,21\n";
    const B: &str = "label,config,position,run,seed,score\n\
        x,a,3,0,1,30\nx,a,3,1,1,40\ny,b,3,0,1,39\ny,b,3,1,1,45\nz,c,3,0,1,1\n";

    #[test]
    fn pools_positions_of_several_files() {
        let mut p = Pool::default();
        p.add_csv(Path::new("a.csv"), A, None).unwrap();
        p.add_csv(Path::new("b.csv"), B, None).unwrap();
        assert_eq!(p.labels, ["x", "y", "z"]);
        let t = p.pair(1, 0, Aggregate::Mean).unwrap();
        assert_eq!(t.positions, [1, 2, 3]);
        // Differences 4, 1, 7 (the mean of runs 39, 45 minus that of 30, 40).
        assert_eq!(
            t.test,
            Paired::test(&[14.0, 21.0, 42.0], &[10.0, 20.0, 35.0])
        );
        let t = p.pair(1, 0, Aggregate::Max).unwrap();
        // Differences 4, 1, 5 (the best runs: 45 minus 40).
        assert_eq!(
            t.test,
            Paired::test(&[14.0, 21.0, 45.0], &[10.0, 20.0, 40.0])
        );
        assert!(
            p.pair(2, 0, Aggregate::Mean).is_none(),
            "one shared position"
        );
        assert_eq!(p.find("y"), Some(1));
        assert_eq!(p.find("3"), Some(2));
        assert_eq!(p.find("w"), None);
    }

    #[test]
    fn budget_curves_need_a_budget() {
        let c = "budget,label,position,score\n10,x,1,5\n20,x,1,7\n10,y,1,6\n";
        let mut p = Pool::default();
        let e = p.add_csv(Path::new("c.csv"), c, None).unwrap_err();
        assert!(e.to_string().starts_with("c.csv:1: a budget curve"), "{e}");
        p.add_csv(Path::new("c.csv"), c, Some(20.0)).unwrap();
        assert_eq!(p.scores[0][&1], [7.0]);
        let e = p.add_csv(Path::new("a.csv"), A, Some(20.0)).unwrap_err();
        assert!(e.to_string().contains("one budget only"), "{e}");
        let e = p
            .add_csv(Path::new("d.csv"), "label,position,score\nx,one,3\n", None)
            .unwrap_err();
        assert_eq!(e.to_string(), "d.csv:2: position 'one' is not a number");
    }

    #[test]
    fn an_empty_file_is_said_to_be_empty() {
        for text in ["", "\n \n"] {
            let e = Pool::default()
                .add_csv(Path::new("e.csv"), text, None)
                .unwrap_err();
            assert_eq!(
                e.to_string(),
                "e.csv: empty file (expected a per-job CSV of `compare --csv`)"
            );
        }
    }

    #[test]
    fn position_ranges() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3,5,7-8");
        assert_eq!(ranges(&[]), "");
    }
}
