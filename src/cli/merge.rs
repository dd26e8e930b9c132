//! `samegame merge A B … --out C --testset T [--variant V]`: the best verified line
//! per position of several solutions files (e.g. the shards of a cluster run).
//!
//! Every line of every input is replayed on the test set first; a bad line is an
//! error naming its file and line, and nothing is written. When `--out` already
//! exists it is read as one more input, so merging never loses a line it had.
//! With `--rescore` files of other variants are accepted: each line is checked under
//! its own file's variant, then scored again under `--variant` (a move sequence is a
//! complete game under every variant; only the score differs). With the same boards
//! in another colouring (CodinGame's recoloured validators) the moves are the same.
//! Owns: the command line and printing. Must not: decide what "better" is (see
//! [`crate::batch::record`]).

use std::path::PathBuf;

use super::Outcome;
use crate::batch::record::{self, Record};
use crate::error::Error;
use crate::io::solutions::SolutionsFile;
use crate::io::testset::TestSet;
use crate::line;
use crate::rules::Variant;

/// Arguments of `merge`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Solutions files to merge.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Merged solutions file (written atomically; read as an input when it exists).
    #[arg(long)]
    out: PathBuf,
    /// Test set the files refer to (every line is replayed before it is used).
    #[arg(long)]
    testset: PathBuf,
    /// Scoring variant; default: the files' `# variant` line, else samegame.
    #[arg(long)]
    variant: Option<Variant>,
    /// Accept files of other variants: check each line under its file's variant, then
    /// score it under `--variant` (required), e.g. SameGame lines for CodinGame's
    /// no-penalty rules.
    #[arg(long, requires = "variant")]
    rescore: bool,
}

pub fn run(a: Args) -> Result<Outcome, Error> {
    // --out is read first and then written: refuse a stream, FIFO or device now
    // (reading one could block).
    crate::io::check_kept(&[("--out", &a.out)])?;
    crate::io::checked_target(&a.out)?;
    // --out may be one of the inputs (it is merged in), never the test set.
    crate::io::check_distinct(&[("--out", &a.out)], &[("TESTSET", &a.testset)])?;
    let set = TestSet::read(&a.testset)?;
    let mut paths = a.inputs.clone();
    if a.out.exists() && !paths.iter().any(|p| crate::io::same_file(p, &a.out)) {
        paths.push(a.out.clone());
    }
    let mut files = Vec::new();
    for p in &paths {
        files.push((p.clone(), SolutionsFile::read(p)?));
    }
    let mut variant: Option<(Variant, String)> = a.variant.map(|v| (v, "--variant".into()));
    for (p, f) in files.iter().filter(|_| !a.rescore) {
        if let Some(v) = f.variant {
            match &variant {
                Some((w, from)) if *w != v => {
                    return Err(Error::parse(
                        p,
                        1,
                        format!("file is for variant {v}, but {from} says {w}"),
                    ))
                }
                Some(_) => {}
                None => variant = Some((v, p.display().to_string())),
            }
        }
    }
    let variant = variant.map_or(Variant::SameGame, |(v, _)| v);
    for (p, f) in &mut files {
        record::verify_all(f, p, &set, f.variant.unwrap_or(variant))?;
        if a.rescore {
            for l in f.lines.values_mut() {
                let board = set.positions[l.position - 1].board(variant);
                l.score = line::replay(&board, &l.moves)
                    .expect("verified above")
                    .score;
            }
        }
    }
    let mut merged = Record::new(&a.out, variant, Some(&set));
    if let Some((_, f)) = files.first() {
        merged.set_comments(f.comments.clone());
    }
    let mut source = std::collections::BTreeMap::new();
    for (p, f) in &files {
        for l in f.lines.values() {
            let taken = merged
                .offer(&set, l.position, l.score, &l.moves)
                .map_err(|m| Error::parse(p, l.line, m))?;
            if taken {
                source.insert(l.position, p.display().to_string());
            }
        }
    }
    merged.save()?;
    for l in merged.file().lines.values() {
        println!(
            "position {}: {} from {}",
            l.position,
            l.score,
            source.get(&l.position).map_or("?", String::as_str)
        );
    }
    println!(
        "{}: {} positions, total {} ({variant}, from {} files)",
        a.out.display(),
        merged.file().lines.len(),
        merged.file().total(),
        files.len()
    );
    Ok(Outcome::Ok)
}
