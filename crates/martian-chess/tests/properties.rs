//! Property tests over random playouts: every state along seeded random games passes
//! the conformance harness (generation agrees with `is_legal`, no duplicates, text and
//! RON round-trips, refused actions change nothing, finished games have no actions),
//! and the game's own invariants hold.

use martian_chess::{Action, MartianChess, PIPS_PER_SEAT, Rules};
use proptest::prelude::*;
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, Outcome, RuleSet, Seat};
use pyramid_testkit::conformance::{
    check_uniform_choice, check_uniform_random_play, random_playout,
};

fn rules(seats: usize, first: u8, limit: Option<u32>) -> Rules {
    let mut rules = Rules::default()
        .with_seats(seats)
        .expect("2 and 4 seats are allowed");
    rules.set_first(first % seats as u8).expect("seat in range");
    rules.set_ply_limit(limit);
    rules
}

/// Checks the game's invariants on `state`, given the state before the last action.
fn invariants(state: &MartianChess, before: Option<&MartianChess>) {
    let seats = state.seats();
    let pos = state.position();
    // Pips are conserved: captures move them from the board to a score, merges keep them.
    let scored: u32 = state.scores().iter().map(|&s| u32::from(s)).sum();
    assert_eq!(
        state.board_pips() + scored,
        PIPS_PER_SEAT * seats as u32,
        "pips at `{pos}`"
    );
    // A seat with pieces always has a real move: passes never arise.
    if !state.is_over() {
        assert!(
            !state.legal_actions().contains(&Action::Pass),
            "a forced pass at `{pos}`"
        );
    }
    // Score = captured pips: the mover's score grew by exactly the pips that left the
    // board, and no other score changed.
    if let Some(before) = before {
        let mover = before.seat_to_move();
        let captured = before.board_pips() - state.board_pips();
        for seat in Seat::all(seats) {
            let gain = state.score(seat) - before.score(seat);
            let expected = if seat == mover { captured } else { 0 };
            assert_eq!(
                gain,
                expected,
                "score of seat {seat} after `{}` -> `{pos}`",
                before.position()
            );
        }
    }
    // The outcome follows the scores and the tie-break (a draw when the called clock
    // ran out on a shared highest score).
    let best = state.scores().iter().copied().max().unwrap_or(0);
    let leaders = state.scores().iter().filter(|&&s| s == best).count();
    match state.outcome() {
        Some(Outcome::Win(winner)) => {
            if leaders == 1 {
                assert_eq!(u32::from(best), state.score(winner), "winner at `{pos}`");
            } else {
                assert_ne!(state.clock_countdown(), Some(0), "no draw at `{pos}`");
                assert_eq!(winner, state.final_mover(), "tie-break at `{pos}`");
            }
        }
        Some(Outcome::Draw) => {
            assert!(leaders > 1, "a draw without a tie at `{pos}`");
            assert_eq!(
                state.clock_countdown(),
                Some(0),
                "a draw before the clock at `{pos}`"
            );
        }
        None => {}
    }
    // The target ends the game, the seat that reached it having the best score.
    if let Some(target) = state.rules().target() {
        let reached = state.scores().iter().any(|&s| s >= u16::from(target));
        if reached {
            assert!(state.is_over(), "target reached at `{pos}`");
        }
    }
    assert_eq!(state.outcome().is_some(), state.is_over());
}

/// The rule options one by one and all together, for both seat counts.
fn option_rules(set: usize, seats: usize) -> Rules {
    let pairs: &[(&str, &str)] = match set {
        0 => &[("clock", "on")],
        1 => &[("target", "12")],
        2 => &[("undo", "capture-allowed")],
        3 => &[("variant", "ofkk")],
        _ => &[
            ("clock", "on"),
            ("target", "18"),
            ("undo", "capture-allowed"),
            ("variant", "ofkk"),
        ],
    };
    Rules::from_options(pairs.iter().copied())
        .and_then(|r| r.with_seats(seats))
        .expect("valid options")
}

fn check_game(start: MartianChess, seed: u64, max_plies: u32) -> MartianChess {
    let mut before: Option<MartianChess> = None;
    random_playout(start, seed, max_plies, |state| {
        invariants(state, before.as_ref());
        before = Some(state.clone());
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn two_seat_random_games_keep_every_contract(seed in any::<u64>(), first in 0u8..2) {
        let end = check_game(MartianChess::new(&rules(2, first, None)), seed, 600);
        prop_assert!(end.is_over() || end.plies() >= 600);
    }

    #[test]
    fn four_seat_random_games_keep_every_contract(seed in any::<u64>(), first in 0u8..4) {
        let end = check_game(MartianChess::new(&rules(4, first, None)), seed, 600);
        prop_assert!(end.is_over() || end.plies() >= 600);
    }

    #[test]
    fn ply_limited_games_end_at_the_limit(seed in any::<u64>(), seats in prop::sample::select(vec![2usize, 4]), limit in 1u32..60) {
        let end = check_game(MartianChess::new(&rules(seats, 0, Some(limit))), seed, 200);
        prop_assert!(end.is_over());
        prop_assert!(end.plies() <= limit);
    }

    #[test]
    fn fast_random_playouts_play_only_legal_actions(seed in any::<u64>(), seats in prop::sample::select(vec![2usize, 4])) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = MartianChess::deal(&rules(seats, 0, None), &mut rng);
        while let Some(action) = state.random_action(&mut rng) {
            prop_assert!(state.is_legal(action), "`{}` at `{}`", action, state.position());
            state.play_unchecked(action);
        }
        prop_assert!(state.is_over());
        let mut again = MartianChess::new(&rules(seats, 0, None));
        let plies = again.play_random(&mut rng, Some(50));
        prop_assert!(plies <= 50);
        prop_assert_eq!(again.plies(), plies);
        // To the end (the sampler's bookkeeping is checked by debug assertions on the way).
        let played = again.play_random(&mut rng, None);
        prop_assert!(again.is_over());
        prop_assert_eq!(again.plies(), plies + played);
        invariants(&again, None);
        let reread = MartianChess::from_position(&again.position(), again.rules()).expect("reads back");
        prop_assert_eq!(reread, again);
    }
}

proptest! {
    // Fewer cases: the five option sets share them (the reference tests walk more games).
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_under_every_rule_option_keep_every_contract(seed in any::<u64>(), set in 0usize..5, seats in prop::sample::select(vec![2usize, 2, 4])) {
        let end = check_game(MartianChess::new(&option_rules(set, seats)), seed, 200);
        prop_assert!(end.is_over() || end.plies() >= 200);
    }
}

/// Random choices are uniform over the legal actions, by the harness's one check
/// (chi-square, fixed seeds): on states of random games with few and with many actions
/// (two and four seats), and on positions with a no-undo ban and with field promotions,
/// which the fast paths handle with their own bookkeeping.
#[test]
fn random_choices_are_uniform_over_the_legal_actions() {
    for seats in [2, 4] {
        check_uniform_random_play::<MartianChess>(&rules(seats, 0, None), 0..2, 200);
    }
    for position in [
        "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 3",
        // Seat 0 has no queen and no drone: pawns merge with pawns, drones with pawns.
        "1DQQ/1PDQ/1PPD/4/4/P1P1/1P2/P3 0 12,0 - 20",
    ] {
        let state = MartianChess::from_position(position, &Default::default()).expect("valid");
        check_uniform_choice(&state, 6);
    }
}
