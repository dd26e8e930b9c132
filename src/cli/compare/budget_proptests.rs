//! Property tests of `compare`'s budget lists (`--iterations K[,K…]`, `--time
//! S[,S…]`): a list reads back as the same budgets in the same order, and any text
//! is a list or an error naming the flag; never a panic.

use clap::Parser;
use proptest::prelude::*;

use super::*;

#[derive(Parser)]
struct Cmd {
    #[command(flatten)]
    args: Args,
}

fn parse(flag: &str, list: &str) -> Result<Vec<Budget>, String> {
    // `--flag=LIST`, so that a list starting with `-` is still the flag's value.
    let arg = format!("{flag}={list}");
    let cmd = Cmd::try_parse_from(["compare", "t.txt", "--config", "--algo nmcs", &arg])
        .map_err(|e| e.to_string())?;
    budgets(&cmd.args).map_err(|e| e.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn iteration_lists_read_back(ks in prop::collection::vec(1u64..=crate::limits::MAX_ITERATIONS, 1..6)) {
        let text: Vec<String> = ks.iter().map(u64::to_string).collect();
        let want: Vec<Budget> = ks.iter().map(|&k| Budget::Iterations(k)).collect();
        prop_assert_eq!(parse("--iterations", &text.join(",")).unwrap(), want);
    }

    #[test]
    fn time_lists_read_back(ts in prop::collection::vec(1e-3f64..1e5, 1..6)) {
        let text: Vec<String> = ts.iter().map(f64::to_string).collect();
        let want: Vec<Budget> = ts.iter().map(|&t| Budget::Time(t)).collect();
        prop_assert_eq!(parse("--time", &text.join(",")).unwrap(), want);
    }

    #[test]
    fn any_list_is_budgets_or_names_the_flag(list in "\\PC{0,30}", time in any::<bool>()) {
        let flag = if time { "--time" } else { "--iterations" };
        if let Err(e) = parse(flag, &list) {
            prop_assert!(e.contains(flag), "{}", e);
        }
    }
}
