//! Property tests over seeded random playouts: the pyramid-core conformance harness on
//! every state, plus this game's invariants (piece conservation above all).

use std::collections::HashSet;

use ataxx_ice::{Action, ActionKind, AtaxxIce, Rules};
use proptest::prelude::*;
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, Seat, Size};
use pyramid_testkit::conformance::{check_uniform_random_play, random_playout};

fn rules(seats: usize, size: u8) -> Rules {
    let mut r = Rules::default().with_seats(seats).expect("2 to 4 seats");
    r.set_size(size).expect("5 to 8");
    r
}

/// The invariants of every reachable state.
fn invariants(g: &AtaxxIce) {
    let pos = g.position();
    let mut seen = 0u64;
    let n = g.board_size();
    let board: u64 = (0..n)
        .flat_map(|r| (0..n).map(move |f| 1u64 << (r * 8 + f)))
        .sum();
    for seat in Seat::all(g.seats()) {
        for size in Size::ALL {
            let b = g.bitboard(seat, size);
            // Piece conservation: every piece is on the board or in its owner's stash.
            assert_eq!(
                b.count_ones() + u32::from(g.stash(seat, size)),
                5,
                "seat {seat} {size:?} at `{pos}`"
            );
            assert_eq!(b & seen, 0, "two pieces on one square at `{pos}`");
            assert_eq!(b & !board, 0, "a piece off the board at `{pos}`");
            seen |= b;
        }
    }
    let total: u32 = Seat::all(g.seats())
        .map(|s| u32::from(g.on_board(s)) + stash_total(g, s))
        .sum();
    assert_eq!(total, 15 * g.seats() as u32);
    match g.to_act() {
        Some(seat) => {
            assert!(
                !g.is_eliminated(seat),
                "an eliminated seat to move at `{pos}`"
            );
            let alive = Seat::all(g.seats())
                .filter(|&s| !g.is_eliminated(s))
                .count();
            assert!(alive >= 2, "the game goes on with {alive} seats at `{pos}`");
            assert!(
                Seat::all(g.seats()).all(|s| stash_total(g, s) > 0),
                "an empty stash and no winner at `{pos}`"
            );
            // A seat with a piece can always shrink, so a pass never arises.
            let actions = g.legal_actions();
            assert!(
                actions.iter().any(|a| a.kind() == ActionKind::Shrink),
                "no shrink at `{pos}`"
            );
            assert!(
                !actions.contains(&Action::PASS),
                "a pass next to other actions at `{pos}`"
            );
            // Actions that differ only in their relocation sets lead to distinct
            // positions. (Other distinct actions may meet: shrinking either of two
            // adjacent lone smalls empties both squares.)
            let children: HashSet<(String, String)> = actions
                .iter()
                .map(|&a| {
                    let mut c = g.clone();
                    c.play_unchecked(a);
                    let text = a.to_string();
                    let head = text.split('[').next().unwrap_or_default().to_owned();
                    (head, c.position())
                })
                .collect();
            assert_eq!(
                children.len(),
                actions.len(),
                "two relocation sets reach one position at `{pos}`"
            );
            // The fast selection covers exactly the legal actions.
            let picked: HashSet<Action> =
                (0..actions.len()).filter_map(|k| g.nth_action(k)).collect();
            assert_eq!(
                picked,
                actions.iter().copied().collect(),
                "nth_action disagrees at `{pos}`"
            );
        }
        None => assert!(g.outcome().is_some()),
    }
}

fn stash_total(g: &AtaxxIce, seat: Seat) -> u32 {
    Size::ALL.iter().map(|&z| u32::from(g.stash(seat, z))).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_playouts_conform_and_conserve_pieces(seed in any::<u64>(), seats in 2usize..=4) {
        let end = random_playout(AtaxxIce::new(&rules(seats, 8)), seed, 200, invariants);
        invariants(&end);
    }

    #[test]
    fn random_playouts_on_smaller_boards_conform(seed in any::<u64>(), seats in 2usize..=4, size in 5u8..=7) {
        let end = random_playout(AtaxxIce::new(&rules(seats, size)), seed, 120, invariants);
        invariants(&end);
    }
}

/// Long random games (fast path, no harness) to the end: conservation holds and every
/// game finishes with a winner.
#[test]
fn random_games_end_with_a_winner_and_keep_every_piece() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for seats in 2..=4 {
        let start = AtaxxIce::new(&rules(seats, 8));
        for _ in 0..100 {
            let mut g = start.clone();
            while let Some(a) = g.random_action(&mut rng) {
                g.play_unchecked(a);
                for seat in Seat::all(seats) {
                    for size in Size::ALL {
                        assert_eq!(
                            g.bitboard(seat, size).count_ones() + u32::from(g.stash(seat, size)),
                            5
                        );
                    }
                }
            }
            assert!(
                g.outcome().and_then(|o| o.winner()).is_some(),
                "no winner at `{}`",
                g.position()
            );
        }
    }
}

/// `play_random` (the fused loop) plays, ply by ply, what repeated `random_action` and
/// `play_unchecked` play for the same generator: the same plies, the same states.
#[test]
fn play_random_plays_what_random_action_draws() {
    for seats in 2..=4 {
        for size in [5, 8] {
            let start = AtaxxIce::new(&rules(seats, size));
            for seed in 0..40u64 {
                let mut fused_rng = ChaCha8Rng::seed_from_u64(seed);
                let mut step_rng = ChaCha8Rng::seed_from_u64(seed);
                let mut fused = start.clone();
                let mut stepped = start.clone();
                while !stepped.is_over() {
                    assert_eq!(fused.play_random(&mut fused_rng, Some(1)), 1);
                    let a = stepped
                        .random_action(&mut step_rng)
                        .expect("the game goes on");
                    stepped.play_unchecked(a);
                    assert_eq!(fused, stepped, "after {a} from `{}`", start.position());
                }
                assert_eq!(fused.play_random(&mut fused_rng, None), 0);
                let mut whole = start.clone();
                let plies = whole.play_random(&mut ChaCha8Rng::seed_from_u64(seed), None);
                assert_eq!((plies, &whole), (stepped.plies(), &stepped));
            }
        }
    }
}

/// `random_action` and the fused `play_random` draw what the generic draw
/// (`random_action_by_walk`: `count_actions`, then `nth_action` of a random index) draws
/// for the same generator state, on every state of seeded random games.
#[test]
fn random_action_is_the_generic_draw() {
    for seats in 2..=4 {
        for size in [5, 8] {
            for seed in 0..20u64 {
                let mut g = AtaxxIce::new(&rules(seats, size));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                while !g.is_over() {
                    let mut walk_rng = rng.clone();
                    let mut fused_rng = rng.clone();
                    let walked = pyramid_core::random_action_by_walk(&g, &mut walk_rng);
                    let a = g.random_action(&mut rng).expect("the game goes on");
                    assert_eq!(Some(a), walked, "at `{}`", g.position());
                    assert_eq!(rng, walk_rng, "the same words drawn at `{}`", g.position());
                    let mut fused = g.clone();
                    fused.play_random(&mut fused_rng, Some(1));
                    g.play_unchecked(a);
                    assert_eq!(fused, g);
                    assert_eq!(fused_rng, rng);
                }
            }
        }
    }
}

/// Random choices are uniform over the legal actions, by the harness's one check
/// (chi-square, fixed seeds), on states of random games with few and with many actions,
/// for 2 to 4 seats and on a small board.
#[test]
fn random_choices_are_uniform_over_the_legal_actions() {
    for (seats, size) in [(2, 8), (3, 8), (4, 8), (2, 5)] {
        check_uniform_random_play::<AtaxxIce>(&rules(seats, size), 0..2, 200);
    }
}
