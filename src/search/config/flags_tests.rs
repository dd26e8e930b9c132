//! Tests of the table of search flags: each rule's refusal, word for word; who
//! takes each family of flags; unique names; no default configuration refused; the
//! fields a configuration sets refused by the same table.
//! Must not: test the CLI's side (`cli::search_args::flags_tests` pins that clap's
//! flags and the table agree).

use super::*;

const ALGOS: [Algo; 8] = Algo::ALL;

fn refusal(algo: Algo, flag: &str) -> Option<String> {
    algo.uses_flag(flag).err().map(|e| e.to_string())
}

/// Each rule's message, word for word as users and tests have read it.
#[test]
fn refusals_are_worded_as_before() {
    for (algo, flag, message) in [
        (Algo::Nrpa, "--c", "--c is not used by nrpa (it builds no tree)"),
        (Algo::Nmcs, "--beam-l", "--beam-l is not used by nmcs (it builds no tree)"),
        (
            Algo::Mcts,
            "--beam-w",
            "--beam-l/--beam-w are only used by bmcts and nbmcts, not mcts",
        ),
        (
            Algo::Bmcts,
            "--beam-width",
            "--beam-width is only used by beam, not bmcts (BMCTS's width is --beam-w)",
        ),
        (
            Algo::Exact,
            "--eval-weights",
            "--eval-weights is not used by exact (only by the tree searches and beam)",
        ),
        (
            Algo::Mcts,
            "--inner-level",
            "--inner-level is only used by nmcts and nbmcts (at level 2 or more), not mcts",
        ),
        (Algo::Nmcs, "--nrpa-independent", "--nrpa-independent is only used by nrpa, not nmcs"),
        (
            Algo::Nrpa,
            "--playout-beam",
            "--playout-beam is only used by nmcs (its level-0 playouts), not nrpa",
        ),
        (
            Algo::Beam,
            "--adapt-tabu",
            "--adapt-tabu is only used by the tree searches and nmcs (with --policy adapt), not beam",
        ),
    ] {
        assert_eq!(refusal(algo, flag).as_deref(), Some(message), "{algo:?} {flag}");
    }
}

/// Who takes what: the tree flags, the evaluation, the beams and the
/// algorithm-specific flags, for every algorithm.
#[test]
fn users_of_each_family() {
    for algo in ALGOS {
        let takes = |flag| refusal(algo, flag).is_none();
        assert_eq!(takes("--z"), algo.is_tree(), "{algo:?}");
        assert_eq!(takes("--beam-l"), algo.has_beam(), "{algo:?}");
        assert_eq!(takes("--eval"), algo.is_tree() || algo == Algo::Beam);
        assert_eq!(takes("--nrpa-seed"), algo == Algo::Nrpa);
        assert_eq!(takes("--playout-beam"), algo == Algo::Nmcs);
        assert_eq!(takes("--beam-width"), algo == Algo::Beam);
        assert_eq!(
            takes("--inner-algo"),
            matches!(algo, Algo::Nmcts | Algo::Nbmcts)
        );
        assert_eq!(takes("--adapt-every"), algo.is_tree() || algo == Algo::Nmcs);
        for f in FLAGS.iter().filter(|f| f.for_every_algo()) {
            assert!(takes(f.name), "{algo:?} {}", f.name);
        }
    }
}

/// Names are unique, and the default configuration of every algorithm sets no
/// field its algorithm does not take.
#[test]
fn table_is_consistent() {
    for (i, f) in FLAGS.iter().enumerate() {
        assert!(f.name.starts_with("--"), "{}", f.name);
        assert!(
            FLAGS[i + 1..].iter().all(|g| g.name != f.name),
            "{}",
            f.name
        );
    }
    for algo in ALGOS {
        for level in [1, 2, 3] {
            SearchConfig::new(algo, level)
                .validate_flags(|_| true)
                .unwrap();
        }
    }
}

/// The fields a tree search holds but does not take (a beam without beams) are
/// refused by the same table, and an inner NRPA's fields only where none runs.
/// (The fields of other algorithms a spec does not hold at all.)
#[test]
fn fields_set_are_refused_by_the_table() {
    let refused = |c: &SearchConfig| c.validate().unwrap_err().to_string();
    let mut mcts = SearchConfig::new(Algo::Mcts, 1);
    mcts.tree_mut().unwrap().beams = SearchConfig::new(Algo::Bmcts, 1)
        .tree()
        .unwrap()
        .beams
        .clone();
    assert_eq!(
        refused(&mcts),
        "--beam-l/--beam-w are only used by bmcts and nbmcts, not mcts"
    );
    let mut warm = SearchConfig::new(Algo::Nmcts, 2);
    warm.nrpa_mut().unwrap().alpha = 2.0;
    warm.validate().unwrap();
    let mut plain = warm.clone();
    plain.policy = crate::policy::RolloutPolicy::Tabu;
    assert_eq!(
        refused(&plain),
        "--nrpa-alpha is only used by nrpa, not nmcts"
    );
}
