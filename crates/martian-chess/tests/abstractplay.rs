//! Reading and writing AbstractPlay's Martian Chess notation: a game record written by
//! AbstractPlay's rules (`mchess.ts`: `a1-b2`, `a1xb2`, `a1+b2`, `*` to call the clock,
//! files mirrored against this engine's board) replays to the end, and games written
//! back read back to the same actions.

use martian_chess::abstractplay::{
    AbstractPlayError, abstractplay_rules, read_move, read_moves, replay, write_moves,
};
use martian_chess::{MartianChess, Rules};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, Outcome, RandomBot, Seat};

/// A game as AbstractPlay would record it, built by hand from its rules: both players
/// shuffle a pawn inside their zones for eight plies (AbstractPlay's player 1 owns ranks
/// 1-4 and starts in the d1 corner), player 1 calls the clock on the ninth, and seven
/// more plies without a capture end the game 0-0: a draw. The round numbers are those of
/// AbstractPlay's move list.
const CLOCK_GAME: &str = "1. c3-b4 b6-a5 2. b4-c3 a5-b6 3. c3-b4 b6-a5 4. b4-c3 a5-b6 \
    5. c3-b4* b6-a5 6. b4-c3 a5-b6 7. c3-b4 b6-a5 8. b4-c3 a5-b6";

#[test]
fn abstractplay_record_with_a_clock_call_replays_to_a_draw() {
    let start = MartianChess::new(&abstractplay_rules(false));
    let (actions, end) = replay(&start, CLOCK_GAME).expect("replays");
    assert_eq!(actions.len(), 16);
    // AbstractPlay's c3-b4 is this board's b3-c4 (files mirrored, ranks kept).
    assert_eq!(actions[0].to_string(), "b3-c4");
    assert_eq!(actions[8].to_string(), "b3-c4*");
    assert!(end.is_over());
    assert_eq!(end.clock_countdown(), Some(0));
    assert_eq!(end.outcome(), Some(Outcome::Draw));
    // Written back: AbstractPlay's flat list of moves.
    let flat: Vec<&str> = CLOCK_GAME
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .collect();
    assert_eq!(write_moves(&start, &actions), Ok(flat.join(" ")));
    // Under this engine's default rules the call is refused, naming the move.
    let err = replay(&MartianChess::new(&Rules::default()), CLOCK_GAME).expect_err("no clock");
    assert!(
        matches!(err, AbstractPlayError::Illegal { number: 9, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("clock=on"), "{err}");
}

#[test]
fn abstractplay_record_with_a_capture_keeps_the_ban_rules_of_abstractplay() {
    // c3-d4 b6-c5 d4xc5: player 1's pawn captures and crosses; under AbstractPlay's rules
    // (undo=capture-allowed) player 2 may move it straight back.
    let start = MartianChess::new(&abstractplay_rules(false));
    let (_, end) = replay(&start, "c3-d4, b6-c5, d4xc5, c5-d4").expect("replays");
    assert_eq!(end.score(Seat(0)), 1);
    assert_eq!(
        end.position(),
        "1DQQ/1PDQ/1P1D/4/P3/D1P1/QDP1/QQD1 0 1,0 b5-a4 4 1"
    );
    // Under the seed text's rules the capture sets the ban.
    let err = replay(
        &MartianChess::new(&Rules::default()),
        "c3-d4 b6-c5 d4xc5 c5-d4",
    )
    .expect_err("banned");
    assert!(
        matches!(err, AbstractPlayError::Illegal { number: 4, .. }),
        "{err}"
    );
}

#[test]
fn abstractplay_signs_must_match_the_move() {
    let start = MartianChess::new(&abstractplay_rules(false));
    for (text, number, expected) in [
        ("c3xd4", 1, "write it with `-`"),
        ("c3-d4 b6-c5 d4-c5", 3, "write it with `x`"),
        ("c3+d4", 1, "write it with `-`"),
    ] {
        let err = replay(&start, text).expect_err(text);
        assert!(
            matches!(err, AbstractPlayError::WrongSign { number: n, .. } if n == number),
            "{text}: {err}"
        );
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
    for (text, expected) in [
        ("c3-e4", "squares a1 to d8"),
        ("c3d4", "expected FROM-TO"),
        ("c3-c3", "must leave its square"),
        ("resign c3-d4", "can only be the last"),
    ] {
        let err = read_moves(text).expect_err(text);
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
    // Round numbers glued to the move, a last resignation, and capitals are fine.
    assert_eq!(
        read_moves("1.c3-d4 b6-c5 2...d4xc5").map(|a| a.len()),
        Ok(3)
    );
    assert_eq!(read_moves("C3-D4 resign").map(|a| a.len()), Ok(1));
    assert_eq!(
        read_move("c3-d4*").map(|a| a.to_string()),
        Ok("b3-a4*".to_owned())
    );
    // Four seats: not AbstractPlay's game.
    let four = MartianChess::new(&Rules::default().with_seats(4).expect("4 seats"));
    assert_eq!(
        replay(&four, "c3-d4").map(|_| ()),
        Err(AbstractPlayError::FourSeats)
    );
}

#[test]
fn abstractplay_notation_round_trips_random_games_with_captures_merges_and_calls() {
    let (mut captures, mut merges, mut calls) = (0, 0, 0);
    for (ofkk, seed) in [false, true]
        .into_iter()
        .flat_map(|o| (0..15).map(move |s| (o, s)))
    {
        let start = MartianChess::new(&abstractplay_rules(ofkk));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = start.clone();
        let mut actions = Vec::new();
        while let Some(action) = RandomBot::pick(&state, &mut rng) {
            actions.push(action);
            state.play(action).expect("legal");
        }
        let text = write_moves(&start, &actions).expect("writes");
        captures += text.matches('x').count();
        merges += text.matches('+').count();
        calls += text.matches('*').count();
        let (read, end) = replay(&start, &text).expect("reads back");
        assert_eq!(read, actions);
        assert_eq!(end, state);
        assert_eq!(read_moves(&text), Ok(actions));
    }
    assert!(
        captures > 50 && merges > 0 && calls > 10,
        "{captures} {merges} {calls}"
    );
}
