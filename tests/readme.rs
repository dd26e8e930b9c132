//! The README's solutions table is produced by `scripts/update-readme.sh` from
//! `samegame verify --markdown`; this test fails when README.md and `solutions/`
//! disagree, so no score in the README can be typed by hand or go stale.

use std::path::Path;
use std::process::Command;

#[test]
fn readme_solutions_table_matches_verify_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut files: Vec<_> = std::fs::read_dir(root.join("solutions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut expected = String::new();
    for f in &files {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        let set = stem.rsplit_once('.').unwrap().0.to_string();
        let out = Command::new(env!("CARGO_BIN_EXE_samegame"))
            .arg("verify")
            .arg(root.join("testsets").join(format!("{set}.txt")))
            .arg(f)
            .arg("--markdown")
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{} does not verify",
            f.display()
        );
        expected.push_str(&format!("#### `solutions/{stem}.txt`\n\n"));
        for line in String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with('|'))
        {
            expected.push_str(line);
            expected.push('\n');
        }
        expected.push('\n');
    }
    let begin = "<!-- solutions:begin -->\n";
    let i = readme
        .find(begin)
        .expect("README has the solutions markers")
        + begin.len();
    let j = readme.find("<!-- solutions:end -->").unwrap();
    assert!(
        readme[i..j] == expected,
        "README.md's solutions table is stale: run scripts/update-readme.sh"
    );
}
