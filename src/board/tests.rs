//! Board tests: hand-worked rules (perft against the naive oracle is in
//! `crate::perft`; the incremental-vs-scratch-vs-oracle property on thousands of
//! seeded random games is in `differential.rs`).

use super::*;

fn board(s: &str) -> Board {
    s.parse().unwrap()
}

/// Thesis Figure 3.1: 5×5, colours A=0, B=1, C=2; three moves in the leftmost column.
#[test]
fn thesis_figure_3_1() {
    let mut b = board("12112\n22221\n00122\n11101\n11222");
    // (b) A in the leftmost column: a group of 2.
    let g = b.group_at(Cell::new(0, 2)).unwrap();
    assert_eq!((g.size, g.color), (2, 0));
    b.play(Cell::new(0, 2));
    assert_eq!(b.to_string(), "..112\n12221\n22122\n11101\n11222");
    // (c) C in the leftmost column: 7 tiles, (7-2)^2 = 25.
    assert_eq!(b.group_at(Cell::new(0, 2)).unwrap().size, 7);
    b.play(Cell::new(0, 2));
    assert_eq!(b.to_string(), ".....\n..1.2\n1.111\n11101\n11222");
    assert_eq!(b.score(), 25);
    // (d) B in the leftmost column: 11 tiles, two columns empty and closed up.
    assert_eq!(b.group_at(Cell::new(0, 0)).unwrap().size, 11);
    b.play(Cell::new(0, 0));
    assert_eq!(b.to_string(), ".....\n.....\n.....\n.02..\n222..");
    assert_eq!(b.score(), 25 + 81);
    assert_eq!(b.ncols(), 3);
    // Finish: the 4 C's (+4); one A is left: penalty (1-2)^2 = 1.
    b.play(Cell::new(2, 1));
    assert!(b.is_terminal());
    assert_eq!(b.final_score(), 25 + 81 + 4 - 1);
}

#[test]
fn variant_scores_on_a_hand_worked_board() {
    // 3×2: a 4-group of colour 0 and a 2-group of colour 1.
    let start = board("011\n000");
    let cases = [
        (Variant::SameGame, 4 + 1000),
        (Variant::SameGameNoPenalty, 4 + 1000),
        (Variant::Clickomania, 6),
        (Variant::BubbleBreaker, 12 + 2),
    ];
    for (v, expect) in cases {
        let mut b = start.with_variant(v);
        b.play(Cell::new(0, 0)); // the four 0s: 1 1 fall to the bottom row
        assert_eq!(b.to_string(), "...\n11.");
        b.play(Cell::new(1, 0));
        assert!(b.is_terminal() && b.tiles() == 0);
        assert_eq!(b.final_score(), expect, "{v}");
    }
    // Penalty when tiles remain: play the 3-group, then the pair of 0s; a 0, a 1 and
    // a 2 are left, so SameGame subtracts (1-2)^2 three times.
    let start = board("0102\n3330");
    for (v, expect) in [
        (Variant::SameGame, 1 - 3),
        (Variant::SameGameNoPenalty, 1),
        (Variant::Clickomania, 5),
        (Variant::BubbleBreaker, 6 + 2),
    ] {
        let mut b = start.with_variant(v);
        b.play(Cell::new(1, 0));
        assert_eq!(b.to_string(), "...2\n0100");
        assert_eq!(b.groups().len(), 1);
        b.play(Cell::new(2, 0));
        assert!(b.is_terminal());
        assert_eq!(b.final_score(), expect, "{v}");
    }
}

#[test]
fn illegal_moves_are_refused() {
    let mut b = board("01\n10");
    assert_eq!(
        b.try_play(Cell::new(0, 0)),
        Err(BoardError::SingleTile(Cell::new(0, 0)))
    );
    assert_eq!(
        b.try_play(Cell::new(5, 0)),
        Err(BoardError::Outside {
            cell: Cell::new(5, 0),
            width: 2,
            height: 2
        })
    );
    assert_eq!(
        b.try_play(Cell::new(0, 2)).unwrap_err().to_string(),
        "illegal move 0,2: outside the 2 × 2 board (x from 0 to 1, y from 0 to 1)"
    );
    assert!(b.is_terminal());
    let mut b = board("0.\n00");
    assert_eq!(
        b.try_play(Cell::new(1, 1)),
        Err(BoardError::EmptyCell(Cell::new(1, 1)))
    );
}

#[test]
fn text_round_trip_and_malformed_boards() {
    for s in ["012\n201\n120", "..1\n.21\n021", "7\n9\n0"] {
        assert_eq!(board(s).to_string(), s);
    }
    assert!(matches!(
        "0.\n.0".parse::<Board>(),
        Err(BoardError::Malformed(_))
    ));
    assert!(matches!(
        ".0\n.0".parse::<Board>(),
        Err(BoardError::Malformed(_))
    ));
    assert!(matches!(
        "0x".parse::<Board>(),
        Err(BoardError::Malformed(_))
    ));
    let big = vec![vec![0u8; 33]; 2];
    assert!(matches!(
        Board::from_rows(&big, 1, Variant::SameGame),
        Err(BoardError::Unsupported(_))
    ));
    assert!(matches!(
        Board::from_rows(&[vec![0]], 11, Variant::SameGame),
        Err(BoardError::Unsupported(_))
    ));
}

#[test]
fn largest_supported_board_is_right() {
    // 32×32, the whole board one colour: one move clears it.
    let rows = vec![vec![3u8; 32]; 32];
    let mut b = Board::from_rows(&rows, 10, Variant::SameGame).unwrap();
    assert_eq!(b.groups().len(), 1);
    b.play(Cell::new(31, 31));
    assert!(b.tiles() == 0 && b.is_terminal());
    assert_eq!(b.final_score(), (1024 - 2) * (1024 - 2) + 1000);
}

/// `copy_from` makes any position of a game equal to any other position of any
/// game, whichever of the two uses more columns.
#[test]
fn copy_from_equals_assignment() {
    use rand::Rng as _;
    let mut rng = crate::rng_for(11, 0, 0);
    let mut positions = Vec::new();
    for (seed, &(w, h, c)) in [(15, 15, 5), (20, 12, 4), (32, 32, 10), (3, 7, 2)]
        .iter()
        .enumerate()
    {
        let mut b = testutil::random_board(w, h, c, seed as u64, Variant::SameGame);
        positions.push(b);
        while let Some(g) = b.groups().first().copied() {
            b.play(g.cell);
            positions.push(b);
        }
    }
    for _ in 0..2000 {
        let src = positions[rng.gen_range(0..positions.len())];
        let mut dst = positions[rng.gen_range(0..positions.len())];
        dst.copy_from(&src);
        assert!(dst == src);
    }
}

/// The seeded flood finds exactly the legal groups with a seed tile in its
/// columns, each once, met at a seed tile (against the groups from scratch).
#[test]
fn seeded_flood_finds_the_groups_of_its_seed_tiles() {
    use rand::Rng as _;
    let mut rng = crate::rng_for(21, 0, 0);
    let mut mask = GroupMask::default();
    for seed in 0..40 {
        let (w, h) = (rng.gen_range(2..16), rng.gen_range(2..16));
        let b = super::testutil::random_board(w, h, rng.gen_range(2..6), seed, Variant::SameGame);
        let n = b.ncols();
        let mut seeds = [0u32; MAX_WIDTH];
        for s in seeds.iter_mut().take(n) {
            *s = rng.gen::<u32>() & rng.gen::<u32>();
        }
        let (lo, hi) = (rng.gen_range(0..n), rng.gen_range(0..n));
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let mut found = Vec::new();
        b.flood_groups_from(lo, hi, &seeds, &mut mask, |m| {
            found.push(m.group());
        });
        found.sort_unstable_by_key(|g| g.cell);
        let expected: Vec<Group> = b
            .groups()
            .into_iter()
            .filter(|g| {
                b.flood(g.cell, &mut mask);
                (lo..=hi).any(|x| mask.column(x) & seeds[x] != 0)
            })
            .collect();
        assert_eq!(found, expected, "seed {seed}\n{b}");
    }
}

/// `restore` after every move of random games, children played in turn on one
/// board as the beam does: the board is its parent again, every field.
#[test]
fn restore_undoes_every_child_on_one_board() {
    let sizes = [(15, 15, 5), (32, 32, 10), (5, 4, 3), (20, 3, 4), (24, 1, 2)];
    let (mut moves, mut emptied) = (0, 0);
    // The board the children are played on, restored after each (the assertion
    // below checks each restore, so a new position simply starts it afresh).
    let mut c: Option<Board> = None;
    testutil::every_child(&sizes, 70, |b, m| {
        let c = c.get_or_insert(*b);
        if *c != *b {
            *c = *b;
        }
        let change = c.play_mask(m);
        let mut fresh = *b;
        assert_eq!(fresh.play_mask(m), change);
        assert!(*c == fresh, "the child played on the reused board");
        c.restore(b, change);
        assert!(*c == *b, "restored to its parent");
        moves += 1;
        emptied += usize::from(change.emptied > 0);
    });
    assert!(
        moves > 5_000 && emptied > 50,
        "{moves} moves, {emptied} emptied a column"
    );
}
