//! `samegame show … --solution FILE --html OUT.html`: the replay page is written, is
//! self-contained (no http(s) URL, no external script or stylesheet), embeds one step
//! per board (moves + 1) and the final score that `samegame verify` reports; the
//! terminal output of `show` without `--html` is unchanged.

use std::path::Path;
use std::process::Command;

fn root(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(p)
        .to_string_lossy()
        .into_owned()
}

fn samegame(args: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_samegame"))
        .args(args)
        .output()
        .unwrap();
    (o.status.code(), String::from_utf8(o.stdout).unwrap())
}

/// `verify`'s score and move count of one position.
fn verified(set: &str, sols: &str, position: usize) -> (i64, usize) {
    let (code, out) = samegame(&["verify", &root(set), &root(sols)]);
    assert_eq!(code, Some(0));
    let prefix = format!("position {position}: ok ");
    let rest = out
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .expect("verify reports the position");
    let mut it = rest.split_whitespace();
    let score = it.next().unwrap().parse().unwrap();
    let moves = it.next().unwrap().trim_start_matches('(').parse().unwrap();
    (score, moves)
}

/// The JSON embedded in the page.
fn data(page: &str) -> serde_json::Value {
    let start = page
        .find(r#"<script id="data" type="application/json">"#)
        .expect("data element");
    let body = &page[start..];
    let body = &body[body.find('>').unwrap() + 1..body.find("</script>").unwrap()];
    serde_json::from_str(&body.replace("<\\/", "</")).unwrap()
}

#[test]
fn replay_page_embeds_the_verified_line() {
    let dir = std::env::temp_dir().join(format!("samegame-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "testsets/samegame-standard-20.txt",
            "solutions/samegame-standard-20.samegame.txt",
            3,
        ),
        (
            "testsets/samegame-standard-20.txt",
            "solutions/samegame-standard-20.bubblebreaker.txt",
            20,
        ),
        (
            "testsets/codingame-extra-5.txt",
            "solutions/codingame-extra-5.samegame-nopenalty.txt",
            2,
        ),
    ];
    for (set, sols, position) in cases {
        let out = dir.join(format!("p{position}.html"));
        let out_s = out.to_string_lossy().into_owned();
        let pos = position.to_string();
        let (code, stdout) = samegame(&[
            "show",
            &root(set),
            "--position",
            &pos,
            "--solution",
            &root(sols),
            "--html",
            &out_s,
        ]);
        assert_eq!(code, Some(0), "{stdout}");
        let (score, moves) = verified(set, sols, position);
        assert_eq!(
            stdout.trim(),
            format!(
                "{out_s}: {} steps ({moves} moves), final score {score}",
                moves + 1
            )
        );
        let page = std::fs::read_to_string(&out).unwrap();
        let lower = page.to_ascii_lowercase();
        assert!(!lower.contains("http://") && !lower.contains("https://"));
        assert!(!lower.contains("<script src") && !lower.contains("<link"));
        assert!(page.contains("<canvas") && page.contains("ArrowRight"));
        let d = data(&page);
        let steps = d["steps"].as_array().unwrap();
        assert_eq!(steps.len(), moves + 1);
        assert_eq!(d["moves"].as_u64(), Some(moves as u64));
        assert_eq!(d["final_score"].as_i64(), Some(score));
        assert_eq!(d["terminal"].as_bool(), Some(true));
        // Running scores add up: gains per step, then the end adjustment.
        let mut running = 0;
        for s in steps {
            assert_eq!(s["score"].as_i64(), Some(running));
            running += s["gain"].as_i64().unwrap();
            let group = s["group"].as_array().unwrap();
            assert!(s["move"].is_null() || group.len() >= 2);
        }
        assert_eq!(running + d["adjustment"].as_i64().unwrap(), score);
        assert!(steps.last().unwrap()["move"].is_null());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_without_html_is_unchanged() {
    let (code, out) = samegame(&[
        "show",
        &root("testsets/samegame-standard-20.txt"),
        "--position",
        "3",
        "--solution",
        &root("solutions/samegame-standard-20.samegame.txt"),
    ]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("position 3 of "));
    let (score, _) = verified(
        "testsets/samegame-standard-20.txt",
        "solutions/samegame-standard-20.samegame.txt",
        3,
    );
    assert!(out.contains("game over: ") && out.contains(&format!("final score {score} ")));
    assert!(!out.contains("<html"));
}

/// Without `--solution` the page shows the start position, and `show` says so
/// instead of an end-of-game score no line has reached.
#[test]
fn a_page_without_a_solution_is_the_start_position() {
    let dir = std::env::temp_dir().join(format!("samegame-html-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("start.html");
    let out_s = out.to_string_lossy().into_owned();
    let (code, stdout) = samegame(&[
        "show",
        &root("testsets/samegame-standard-20.txt"),
        "--position",
        "3",
        "--html",
        &out_s,
    ]);
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(
        stdout.trim(),
        format!("{out_s}: the start position, no moves (--solution FILE replays a line)")
    );
    let page = std::fs::read_to_string(&out).unwrap();
    let d = data(&page);
    assert_eq!(d["moves"].as_u64(), Some(0));
    assert_eq!(d["steps"].as_array().unwrap().len(), 1);
    assert!(page.contains("the start position, no moves"));
    let _ = std::fs::remove_dir_all(&dir);
}
