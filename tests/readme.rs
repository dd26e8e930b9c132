//! The README's solutions tables are produced by `scripts/update-readme.sh` from
//! `samegame verify`; this test rebuilds them the same way and fails when README.md
//! and `solutions/` disagree, so no score in the README is typed by hand or stale.

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
    if main.exists() {
        expected.push_str(
            "\nPer position, `samegame verify testsets/samegame-standard-20.txt \
             solutions/samegame-standard-20.samegame.txt --markdown`:\n\n",
        );
        for line in verify(root, "samegame-standard-20", &main, true)
            .lines()
            .filter(|l| l.starts_with('|'))
        {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    let begin = "<!-- solutions:begin -->\n";
    let i = readme
        .find(begin)
        .expect("README has the solutions markers")
        + begin.len();
    let j = readme.find("<!-- solutions:end -->").unwrap();
    assert!(
        readme[i..j] == expected,
        "README.md's solutions tables are stale: run scripts/update-readme.sh"
    );
}
