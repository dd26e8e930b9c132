//! Tests that the search flags clap knows ([`SearchArgs`], expanded from the table
//! `search::search_flags!`) and the table's names (`search::FLAGS`) agree: every flag
//! is in the table, every entry is a flag, and [`SearchArgs::given`] sees each one
//! given, as itself.
//! Must not: test what a flag does (`tests.rs` and the end-to-end tests do).

use super::*;
use crate::search::{Flag, FLAGS};
use clap::{Args, Parser};

#[derive(Parser)]
struct T {
    #[command(flatten)]
    a: SearchArgs,
}

/// The long names of the flags clap knows in [`SearchArgs`].
fn clap_flags() -> Vec<String> {
    SearchArgs::augment_args(clap::Command::new("t"))
        .get_arguments()
        .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
        .collect()
}

#[test]
fn every_search_flag_is_in_the_table_and_every_entry_is_a_flag() {
    let clap = clap_flags();
    assert!(clap.len() >= 40, "{clap:?}");
    for flag in &clap {
        assert!(
            Flag::named(flag).is_some(),
            "{flag} is not in search::FLAGS"
        );
    }
    for f in FLAGS {
        assert!(
            clap.iter().any(|c| c == f.name),
            "{} is no flag of SearchArgs",
            f.name
        );
    }
    assert_eq!(clap.len(), FLAGS.len());
}

/// A value clap accepts for `flag` (none for a switch).
fn sample_value(flag: &str) -> Option<&'static str> {
    let command = SearchArgs::augment_args(clap::Command::new("t"));
    let arg = command
        .get_arguments()
        .find(|a| a.get_long() == flag.strip_prefix("--"))
        .unwrap();
    if !arg.get_action().takes_values() {
        return None;
    }
    // The first of these that clap parses (the values themselves are not checked
    // before `config`).
    ["1", "on", "size", "fresh", "thesis", "random", "auto"]
        .into_iter()
        .find(|v| T::try_parse_from(["x", flag, v]).is_ok())
        .or_else(|| panic!("no sample value for {flag}"))
}

#[test]
fn each_flag_of_the_table_is_seen_given() {
    let none = T::try_parse_from(["x"]).unwrap().a;
    assert_eq!(none.given().count(), 0);
    for f in FLAGS {
        let mut args = vec!["x", f.name];
        args.extend(sample_value(f.name));
        let t = T::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let given: Vec<_> = t.a.given().map(|g| g.name).collect();
        assert_eq!(given, [f.name], "{args:?}");
    }
}
