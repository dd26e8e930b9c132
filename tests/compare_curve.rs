//! End-to-end tests of `samegame compare` with budget lists (`--iterations A,B,…`):
//! every budget's rows are the rows a single-budget run of it gives.

mod common;
use common::compare::{dir, run, without_columns};
use common::process::text;

/// Rows of `csv` whose first field is `budget`, without that field (and without
/// the wall-clock columns).
fn rows_at_budget(csv: &str, budget: &str, drop: &[&str]) -> String {
    let header = csv.lines().next().unwrap().split_once(',').unwrap().1;
    let body: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(',').filter(|(b, _)| *b == budget))
        .map(|(_, rest)| rest)
        .collect();
    without_columns(&format!("{header}\n{}", body.join("\n")), drop)
}

#[test]
fn budget_curve_rows_match_single_budget_runs() {
    let d = dir("compare", "curve");
    let base: Vec<&str> = vec![
        "--config",
        "one: --algo nmcts --level 1",
        "--config",
        "nested: --algo nmcs --level 1",
        "--positions",
        "1-2",
        "--runs",
        "2",
        "--seed",
        "5",
    ];
    let mut args = base.clone();
    args.extend([
        "--iterations",
        "400,200",
        "--csv",
        "curve.csv",
        "--json",
        "curve.json",
        "--svg",
        "curve.svg",
        "--threads",
        "1",
    ]);
    let out = run(&d, &args);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{}", stdout, text(&out.stderr));
    assert!(
        stdout.starts_with("compare curve tiny")
            && stdout.contains("at 2 budgets (200 playouts, 400 playouts)"),
        "{stdout}"
    );
    // One row per (configuration, budget), budgets ascending.
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .filter(|l| l.starts_with("one ") || l.starts_with("nested "))
        .filter(|l| !l.contains(" - "))
        .map(|l| l.split_whitespace().take(3).collect())
        .collect();
    assert_eq!(
        rows,
        vec![
            vec!["one", "200", "2"],
            vec!["one", "400", "2"],
            vec!["nested", "200", "2"],
            vec!["nested", "400", "2"]
        ],
        "{stdout}"
    );
    // Paired tests per budget.
    assert_eq!(stdout.matches("\nbudget ").count(), 2, "{stdout}");
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.starts_with("nested - one "))
            .count(),
        2
    );
    let csv = std::fs::read_to_string(d.join("curve.csv")).unwrap();
    assert!(csv.starts_with("budget,label,config,position,run,seed,score,"));
    assert_eq!(csv.lines().count(), 1 + 2 * 2 * 2 * 2);
    let summary = std::fs::read_to_string(d.join("curve.summary.csv")).unwrap();
    assert!(summary.starts_with("budget,kind,label,"));
    assert_eq!(summary.lines().count(), 1 + 2 * 3);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("curve.json")).unwrap()).unwrap();
    assert_eq!(json["points"].as_array().unwrap().len(), 4);
    assert_eq!(json["provenance"]["samegame"], env!("CARGO_PKG_VERSION"));
    assert_eq!(json["reports"][1]["plan"]["budget"]["Iterations"], 400);
    let svg = std::fs::read_to_string(d.join("curve.svg")).unwrap();
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches(r#"class="curve""#).count(), 2);
    assert_eq!(svg.matches(r#"class="ci-band""#).count(), 2);

    // A single budget gives today's output, and the curve's rows at that budget
    // are the single-budget rows (same seeds and positions).
    for budget in ["200", "400"] {
        let mut a = base.clone();
        a.extend([
            "--iterations",
            budget,
            "--csv",
            "one.csv",
            "--svg",
            "one.svg",
        ]);
        let out = run(&d, &a);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            stdout.starts_with(&format!(
                "compare tiny (samegame): 2 configurations x 2 positions x 2 runs, budget {budget} playouts per search, seed 5"
            )),
            "{stdout}"
        );
        let single = std::fs::read_to_string(d.join("one.csv")).unwrap();
        assert!(single.starts_with("label,config,position,run,seed,score,"));
        assert_eq!(
            rows_at_budget(&csv, budget, &["seconds"]),
            without_columns(&single, &["seconds"])
        );
        let single_sum = std::fs::read_to_string(d.join("one.summary.csv")).unwrap();
        assert!(single_sum.starts_with("kind,label,"));
        assert_eq!(
            rows_at_budget(&summary, budget, &["playouts_per_second"]),
            without_columns(&single_sum, &["playouts_per_second"])
        );
        let svg = std::fs::read_to_string(d.join("one.svg")).unwrap();
        assert_eq!(svg.matches(r#"class="bar""#).count(), 2);
    }

    // The curve does not depend on the thread count either.
    let mut a = base.clone();
    a.extend([
        "--iterations",
        "200,400",
        "--threads",
        "2",
        "--csv",
        "t2.csv",
    ]);
    assert!(run(&d, &a).status.success());
    let t2 = std::fs::read_to_string(d.join("t2.csv")).unwrap();
    assert_eq!(
        without_columns(&t2, &["seconds"]),
        without_columns(&csv, &["seconds"])
    );
    let _ = std::fs::remove_dir_all(&d);
}
