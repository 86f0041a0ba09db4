//! Helpers shared by the integration tests: hand-written positions without counting
//! stashes by hand.
#![allow(dead_code)]

use ataxx_ice::{Action, AtaxxIce, Rules};
use pyramid_core::prelude::*;
use pyramid_core::{Game, Seat, Size, Square};

/// The state with `board` (position-string board field), `seats` seats and `to_move`
/// (`None`: the board has decided the game); stashes and eliminated seats are derived
/// from the board, plies 0.
pub fn pos(seats: usize, board: &str, to_move: Option<u8>) -> AtaxxIce {
    pos_with(
        &Rules::default().with_seats(seats).expect("2 to 4 seats"),
        board,
        to_move,
    )
}

/// [`pos`] under `rules`.
pub fn pos_with(rules: &Rules, board: &str, to_move: Option<u8>) -> AtaxxIce {
    let seats = pyramid_core::RuleSet::seats(rules);
    let mut on_board = vec![[0u8; 3]; seats];
    let mut chars = board.chars();
    while let Some(c) = chars.next() {
        let size = match c {
            'S' => 0,
            'M' => 1,
            'L' => 2,
            _ => continue,
        };
        let seat = chars
            .next()
            .and_then(|d| d.to_digit(10))
            .expect("seat digit") as usize;
        on_board[seat][size] += 1;
    }
    let stashes: Vec<String> = on_board
        .iter()
        .map(|c| c.iter().map(|n| (5 - n).to_string()).collect())
        .collect();
    let out: Vec<String> = (0..seats)
        .filter(|&s| on_board[s].iter().all(|&n| n == 0))
        .map(|s| s.to_string())
        .collect();
    let text = format!(
        "{board} {} {} {} 0",
        to_move.map_or("-".to_owned(), |s| s.to_string()),
        stashes.join(","),
        if out.is_empty() {
            "-".to_owned()
        } else {
            out.join(",")
        }
    );
    AtaxxIce::from_position(&text, rules)
        .unwrap_or_else(|e| panic!("bad test position `{text}`: {e}"))
}

/// The square named `name`.
pub fn sq(name: &str) -> Square {
    name.parse().expect("square name")
}

/// The piece on `name` as (seat, size).
pub fn at(game: &AtaxxIce, name: &str) -> Option<(u8, Size)> {
    game.piece_at(sq(name)).map(|(s, z)| (s.0, z))
}

/// Plays `text` (through `parse_action`, so any spelling it accepts).
pub fn play(game: &mut AtaxxIce, text: &str) {
    let action = game
        .parse_action(text)
        .unwrap_or_else(|e| panic!("`{text}` at `{}`: {e}", game.position()));
    game.play(action)
        .unwrap_or_else(|e| panic!("`{text}` at `{}`: {e}", game.position()));
}

/// The texts of the legal actions.
pub fn texts(game: &AtaxxIce) -> Vec<String> {
    game.legal_actions().iter().map(Action::to_string).collect()
}

/// The legal actions whose text starts with `prefix`.
pub fn starting_with(game: &AtaxxIce, prefix: &str) -> Vec<String> {
    texts(game)
        .into_iter()
        .filter(|t| t.starts_with(prefix))
        .collect()
}

/// How many pieces of each size `seat` has on the board plus in its stash.
pub fn owned(game: &AtaxxIce, seat: u8) -> [u32; 3] {
    Size::ALL.map(|size| {
        game.bitboard(Seat(seat), size).count_ones() + u32::from(game.stash(Seat(seat), size))
    })
}

/// The board field of an 8x8 board holding `pieces` (square name, piece token such as
/// `M1` for a medium of seat 1).
pub fn board(pieces: &[(&str, &str)]) -> String {
    board_n(8, pieces)
}

/// [`board`] on an `n` x `n` board.
pub fn board_n(n: u8, pieces: &[(&str, &str)]) -> String {
    let mut rows = Vec::new();
    for rank in (0..n).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..n {
            let here = Square::new(file, rank);
            match pieces.iter().find(|(name, _)| sq(name) == here) {
                Some((_, token)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(token);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// Five pieces of `token` on `squares` (a quick way to empty a stash size).
pub fn on<'a>(squares: &[&'a str], token: &'a str) -> Vec<(&'a str, &'a str)> {
    squares.iter().map(|s| (*s, token)).collect()
}
