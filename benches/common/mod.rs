//! What the benches share: the shipped standard-20 boards. Owns that set-up only;
//! must not time or check anything.

use samegame::io::testset::TestSet;
use samegame::{Board, Variant};

/// The 20 standard boards (SameGame rules), from the shipped test set.
pub fn standard_boards() -> Vec<Board> {
    let set = TestSet::parse(
        include_str!("../../testsets/samegame-standard-20.txt"),
        std::path::Path::new("samegame-standard-20.txt"),
    )
    .expect("shipped test set parses");
    set.positions
        .iter()
        .map(|p| p.board(Variant::SameGame))
        .collect()
}
