//! Property tests of the position and shard lists: a list written as ranges reads
//! back as the same positions, a shard reads back from its `Display`, and any text is
//! a value or an error naming the flag; never a panic.

use proptest::prelude::*;

use super::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn position_lists_read_back(
        ranges in prop::collection::vec((1usize..60, 0usize..5), 1..6),
    ) {
        let spec: Vec<String> = ranges
            .iter()
            .map(|&(a, len)| if len == 0 { a.to_string() } else { format!("{a}-{}", a + len) })
            .collect();
        let mut want: Vec<usize> = ranges.iter().flat_map(|&(a, len)| a..=a + len).collect();
        want.sort_unstable();
        want.dedup();
        prop_assert_eq!(parse_positions(&spec.join(","), 64).unwrap(), want);
    }

    #[test]
    fn any_position_list_is_a_list_or_names_the_flag(spec in "\\PC{0,30}", count in 1usize..100) {
        match parse_positions(&spec, count) {
            Ok(v) => prop_assert!(v.iter().all(|&p| p >= 1 && p <= count)),
            Err(e) => prop_assert!(e.to_string().starts_with("--positions")),
        }
    }

    #[test]
    fn shards_read_back(count in 1u64..1000, k in any::<prop::sample::Index>()) {
        let s = Shard { index: k.index(count as usize) as u64 + 1, count };
        prop_assert_eq!(s.to_string().parse::<Shard>().unwrap(), s);
    }

    #[test]
    fn any_shard_text_is_a_shard_or_names_the_flag(text in "\\PC{0,20}") {
        if let Err(e) = text.parse::<Shard>() {
            prop_assert!(e.starts_with("--shard"));
        }
    }
}
