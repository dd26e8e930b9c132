//! `compare --pool A.csv B.csv … [--baseline L] [--all-pairs] [--aggregate mean|max]
//! [--iterations K | --time S]`: one experiment run in parts, tested as one
//! ([`crate::compare::pool`]). Prints one row per difference: the labels, the number
//! of positions both have and which, the mean difference with its 95% CI, t and p.
//!
//! Owns: reading the files and the pooled table. Must not: compute statistics.

use std::fmt::Write as _;

use super::{col_width, p_text, Args};
use crate::cli::Outcome;
use crate::compare::pool::{ranges, Pool, PooledPair};
use crate::error::Error;

/// Runs `compare --pool`.
pub(super) fn run(a: &Args) -> Result<Outcome, Error> {
    let budget = match (
        a.iterations.as_slice(),
        a.time.as_slice(),
        a.cpu_time.as_slice(),
    ) {
        ([], [], []) => None,
        ([k], [], []) => Some(*k as f64),
        ([], [s], []) | ([], [], [s]) => Some(*s),
        _ => {
            return Err(Error::Config(
                "--pool: give at most one budget (--iterations K, --time S or --cpu-time S)".into(),
            ))
        }
    };
    let mut pool = Pool::default();
    for p in &a.pool {
        let bytes = crate::io::read_input(p, "a CSV file")?;
        pool.add_csv(p, crate::io::edited_text(&bytes, p)?, budget)?;
    }
    let base_name = a.baseline.as_deref().unwrap_or("1");
    let base = pool.find(base_name).ok_or_else(|| {
        Error::Config(format!(
            "--baseline '{base_name}' is neither a label of the pooled files ({}) nor a number 1-{}",
            pool.labels.join(", "),
            pool.labels.len()
        ))
    })?;
    let aggregate = a.aggregate.unwrap_or_default();
    let k = pool.labels.len();
    let mut pairs: Vec<(usize, usize)> = (0..k).filter(|&c| c != base).map(|c| (c, base)).collect();
    if a.all_pairs {
        pairs.extend(
            (0..k)
                .flat_map(|i| (i + 1..k).map(move |j| (j, i)))
                .filter(|&(x, y)| x != base && y != base),
        );
    }
    let mut rows = Vec::new();
    for (x, y) in pairs {
        match pool.pair(x, y, aggregate) {
            Some(p) => rows.push(p),
            None => say_err!(
                "{} - {}: fewer than two positions with both labels, not tested",
                pool.labels[x],
                pool.labels[y]
            ),
        }
    }
    say_text!("{}", table(a, &pool, &rows, aggregate));
    Ok(Outcome::Ok)
}

/// The pooled table.
fn table(
    a: &Args,
    pool: &Pool,
    rows: &[PooledPair],
    aggregate: crate::compare::Aggregate,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "compare pool of {} file(s): {} configurations ({}), per-position {aggregate} over runs",
        a.pool.len(),
        pool.labels.len(),
        pool.labels.join(", ")
    );
    let names: Vec<String> = rows
        .iter()
        .map(|p| format!("{} - {}", p.a_label, p.b_label))
        .collect();
    let where_: Vec<String> = rows.iter().map(|p| ranges(&p.positions)).collect();
    let pw = col_width(&names, 10);
    let ww = col_width(&where_, 9);
    let _ = writeln!(
        s,
        "\n{:<pw$}  {:>5}  {:<ww$}  {:>10}  {:>23}  {:>8}  {:>8}",
        "difference", "n", "positions", "mean", "95% CI", "t", "p"
    );
    for ((p, name), at) in rows.iter().zip(&names).zip(&where_) {
        let d = &p.test.diff;
        let ci = match d.ci95 {
            Some(h) => format!("[{:.1}, {:.1}]", d.mean - h, d.mean + h),
            None => "n/a".into(),
        };
        let t = p.test.t.map_or("n/a".into(), |t| format!("{t:.3}"));
        let _ = writeln!(
            s,
            "{:<pw$}  {:>5}  {:<ww$}  {:>10.1}  {:>23}  {:>8}  {:>8}",
            name,
            d.n,
            at,
            d.mean,
            ci,
            t,
            p_text(p.test.p)
        );
    }
    s
}
