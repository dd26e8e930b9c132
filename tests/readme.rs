//! The README's solutions tables are produced by `scripts/update-readme.sh` from
//! `samegame verify`; this test rebuilds them the same way and fails when README.md
//! and `solutions/` disagree, so no score in the README is typed by hand or stale.
//! It also checks the table of flag limits in docs/reliability.md against the code.

use std::path::Path;
use std::process::Command;

fn verify(root: &Path, set: &str, file: &Path, markdown: bool) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_samegame"));
    cmd.arg("verify")
        .arg(root.join("testsets").join(format!("{set}.txt")))
        .arg(file);
    if markdown {
        cmd.arg("--markdown");
    }
    let out = cmd.output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{} does not verify",
        file.display()
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn readme_solutions_table_matches_verify_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut files: Vec<_> = std::fs::read_dir(root.join("solutions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    // The script's shell glob order (bytewise).
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    let mut expected = String::from("| solutions file | `samegame verify` |\n|---|---|\n");
    for f in &files {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        let set = stem.rsplit_once('.').unwrap().0;
        let out = verify(root, set, f, false);
        let total = out.lines().last().unwrap_or_default();
        expected.push_str(&format!("| `solutions/{stem}.txt` | {total} |\n"));
    }
    let main = root.join("solutions/samegame-standard-20.samegame.txt");
    let mut joined = None;
    if main.exists() {
        expected.push_str(
            "\nPer position, `samegame verify testsets/samegame-standard-20.txt \
             solutions/samegame-standard-20.samegame.txt --markdown`\n\
             with the published scores of `docs/published-standard-20.csv` joined by \
             `scripts/published-join.py`:\n\n",
        );
        let ours = verify(root, "samegame-standard-20", &main, true);
        let published =
            std::fs::read_to_string(root.join("docs/published-standard-20.csv")).unwrap();
        joined = Some(join_published(&ours, &published));
    }
    let begin = "<!-- solutions:begin -->\n";
    let i = readme
        .find(begin)
        .expect("README has the solutions markers")
        + begin.len();
    let j = readme.find("<!-- solutions:end -->").unwrap();
    let block = &readme[i..j];
    let stale = "README.md's solutions tables are stale: run scripts/update-readme.sh";
    assert!(block.starts_with(&expected), "{stale}");
    let rest = &block[expected.len()..];
    match joined {
        None => assert!(rest.is_empty(), "{stale}"),
        Some(Joined { table, missing }) => {
            // The per-position table, then a blank line and the note paragraph.
            let (got_table, note) = rest.split_once("\n\n").expect("a note under the table");
            assert_eq!(format!("{got_table}\n"), table, "{stale}");
            let note = note.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(note.contains("docs/published-scores.md"), "{stale}");
            for (name, total) in &missing {
                assert!(
                    note.contains(&format!("{name} ({}", commas(*total))),
                    "{stale}: {name}"
                );
            }
            assert_eq!(missing.is_empty(), !note.contains("Not shown"), "{stale}");
        }
    }
}

/// The per-position table of `scripts/published-join.py`, rebuilt: verify's rows with
/// every complete column of the published csv joined (✓ where our verified score
/// matches or beats the published one, † on an even published score), the gap to the
/// best published score of each position (over the columns with no even score),
/// and the names
/// and totals of the columns left out because a position has no value.
struct Joined {
    table: String,
    missing: Vec<(String, i64)>,
}

fn join_published(verify_md: &str, csv: &str) -> Joined {
    let cells = |line: &str| -> Vec<String> {
        line.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let lines: Vec<&str> = verify_md.lines().filter(|l| l.starts_with('|')).collect();
    let (head, body, total) = (
        &lines[..2],
        &lines[2..lines.len() - 1],
        lines[lines.len() - 1],
    );
    let ours: Vec<(String, i64)> = body
        .iter()
        .map(|r| {
            let c = cells(r);
            (c[0].clone(), c[1].parse().unwrap())
        })
        .collect();
    let our_total: i64 = cells(total)[1].trim_matches('*').parse().unwrap();

    let mut rows = csv
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let header: Vec<&str> = rows.next().unwrap().split(',').collect();
    assert_eq!(header[0], "position");
    let pubs: std::collections::HashMap<&str, Vec<&str>> = rows
        .map(|r| {
            let c: Vec<&str> = r.split(',').collect();
            assert_eq!(c.len(), header.len(), "csv row {r}");
            (c[0], c)
        })
        .collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let value = |pos: &str, name: &str| -> Option<i64> {
        let v = pubs[pos][col(name)];
        (!v.is_empty()).then(|| v.parse().unwrap())
    };
    assert_eq!(
        pubs.len(),
        ours.len() + 1,
        "the csv has one row per position and a total"
    );

    let numeric: Vec<&str> = header[1..]
        .iter()
        .copied()
        .filter(|h| !h.ends_with(" by"))
        .collect();
    let (mut shown, mut missing) = (vec![], vec![]);
    for &p in &numeric {
        let total = value("total", p).expect("every column has a published total");
        let vals: Vec<Option<i64>> = ours.iter().map(|(pos, _)| value(pos, p)).collect();
        if vals.iter().all(Option::is_some) {
            let sum: i64 = vals.iter().flatten().sum();
            assert_eq!(
                sum, total,
                "{p}: the csv's values must add up to the published total"
            );
            shown.push(p);
        } else {
            missing.push((p.to_string(), total));
        }
    }
    // The best published score of each position, over the shown columns with no
    // even (uncheckable) score.
    let comparable: Vec<&str> = shown
        .iter()
        .copied()
        .filter(|p| ours.iter().all(|(pos, _)| value(pos, p).unwrap() % 2 != 0))
        .collect();
    let best = |pos: &str| comparable.iter().map(|p| value(pos, p).unwrap()).max();
    let mut columns = vec![];
    for p in shown {
        columns.push(p.to_string());
        if header.contains(&format!("{p} by").as_str()) {
            columns.push(format!("{p} by"));
        }
    }
    let mark = |v: i64, our: i64, parity: bool| {
        let check = if our >= v { " ✓" } else { "" };
        let even = if parity && v.rem_euclid(2) == 0 {
            " †"
        } else {
            ""
        };
        format!("{v}{check}{even}")
    };
    let mut table = String::new();
    table.push_str(head[0]);
    for c in &columns {
        table.push_str(&format!(" {c} |"));
    }
    if !comparable.is_empty() {
        table.push_str(" gap to best |");
    }
    table.push('\n');
    table.push_str(head[1]);
    for c in &columns {
        table.push_str(if c.ends_with(" by") { "---|" } else { "---:|" });
    }
    if !comparable.is_empty() {
        table.push_str("---:|");
    }
    table.push('\n');
    for (row, (pos, our)) in body.iter().zip(&ours) {
        table.push_str(row);
        for c in &columns {
            let cell = if c.ends_with(" by") {
                pubs[pos.as_str()][col(c)].to_string()
            } else {
                mark(value(pos, c).unwrap(), *our, true)
            };
            table.push_str(&format!(" {cell} |"));
        }
        if let Some(b) = best(pos) {
            table.push_str(&format!(" {:+} |", our - b));
        }
        table.push('\n');
    }
    table.push_str(total);
    for c in &columns {
        if c.ends_with(" by") {
            table.push_str(" |");
        } else {
            let v = value("total", c).unwrap();
            table.push_str(&format!(" **{}** |", mark(v, our_total, false)));
        }
    }
    if !comparable.is_empty() {
        let best_total: i64 = ours.iter().map(|(pos, _)| best(pos).unwrap()).sum();
        table.push_str(&format!(" **{:+}** |", our_total - best_total));
    }
    table.push('\n');
    Joined { table, missing }
}

/// 87858 → "87,858", as the note writes totals.
fn commas(n: i64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The README's note says every finished game of a 15 × 15 board scores odd under the
/// SameGame rules ((n − 2)² ≡ n and (k − 2)² ≡ k mod 2, and the 225 tiles are either
/// removed or left); the shipped lines are a check of it.
#[test]
fn standard_20_scores_are_odd() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let main = root.join("solutions/samegame-standard-20.samegame.txt");
    if !main.exists() {
        return;
    }
    let out = verify(root, "samegame-standard-20", &main, true);
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("| ")).collect();
    for row in &rows[1..rows.len() - 1] {
        let score: i64 = row.split('|').nth(2).unwrap().trim().parse().unwrap();
        assert_eq!(score.rem_euclid(2), 1, "{row}");
    }
}

/// The table of flag limits in docs/reliability.md ("Promises") is
/// `samegame::limits::markdown()`, the table the command line checks against.
#[test]
fn reliability_limits_table_is_the_code_s() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/reliability.md")).unwrap();
    let begin = "<!-- limits:begin -->\n";
    let end = "<!-- limits:end -->";
    let i = page.find(begin).expect("limits:begin marker") + begin.len();
    let j = page[i..].find(end).expect("limits:end marker") + i;
    let want = samegame::limits::markdown();
    assert!(
        page[i..j] == want,
        "the limits table of docs/reliability.md differs from the code; it should read:\n{want}"
    );
}
