//! Helpers shared by the test files: hand-written positions with the store filled in.

#![allow(dead_code)]

use pyramid_core::prelude::*;
use pyramid_core::{Game, Square};
use stacktrices::{Piece, Rules, Stacktrices, Start};

/// The board field from `(square, stack token)` pairs, e.g. `("d2", "wqDq")`.
pub fn board(stacks: &[(&str, &str)]) -> String {
    let mut cells: Vec<Option<String>> = vec![None; 49];
    for (sq, token) in stacks {
        let sq: Square = sq.parse().expect("square");
        cells[usize::from(sq.rank()) * 7 + usize::from(sq.file())] = Some((*token).to_owned());
    }
    let mut ranks = Vec::new();
    for rank in (0..7).rev() {
        let mut items: Vec<String> = Vec::new();
        let mut empty = 0;
        for file in 0..7 {
            match &cells[rank * 7 + file] {
                Some(t) => {
                    if empty > 0 {
                        items.push(empty.to_string());
                        empty = 0;
                    }
                    items.push(t.clone());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        ranks.push(items.join(","));
    }
    ranks.join("/")
}

/// The store that holds every piece not on `stacks`.
pub fn rest_of_pieces(stacks: &[(&str, &str)]) -> String {
    let mut counts = Piece::TOTALS;
    for (_, token) in stacks {
        for c in token.chars().skip(2) {
            let k = Piece::from_letter(c).expect("piece letter");
            counts[k.index()] -= 1;
        }
    }
    let mut s = String::new();
    for k in Piece::ALL {
        for _ in 0..counts[k.index()] {
            s.push(k.letter());
        }
    }
    if s.is_empty() { "-".to_owned() } else { s }
}

/// A position from stacks and the remaining fields (`thieves bars decision seat plies`),
/// every other piece in the store.
pub fn position(stacks: &[(&str, &str)], rest: &str) -> String {
    format!("{} {} {rest}", board(stacks), rest_of_pieces(stacks))
}

/// The state of [`position`] under `rules`.
pub fn game_with(stacks: &[(&str, &str)], rest: &str, rules: &Rules) -> Stacktrices {
    let text = position(stacks, rest);
    Stacktrices::from_position(&text, rules).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// The state of [`position`] under the standard rules (variants off).
pub fn game(stacks: &[(&str, &str)], rest: &str) -> Stacktrices {
    game_with(stacks, rest, &Rules::default().with_start(Start::Standard))
}

/// The legal actions as sorted text.
pub fn actions(g: &Stacktrices) -> Vec<String> {
    let mut v: Vec<String> = g.legal_actions().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// Sorted destinations of the main moves from `from` (`d4`, `e5`, ...).
pub fn moves_from(g: &Stacktrices, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    let mut v: Vec<String> = actions(g)
        .into_iter()
        .filter_map(|a| a.strip_prefix(&prefix).map(str::to_owned))
        .collect();
    v.sort();
    v
}

/// Plays actions given as text, panicking with the position on refusal.
pub fn play(g: &mut Stacktrices, text: &str) {
    for t in text.split_whitespace() {
        let pos = g.position();
        let a = g
            .parse_action(t)
            .unwrap_or_else(|e| panic!("`{t}` at `{pos}`: {e}"));
        g.play(a)
            .unwrap_or_else(|e| panic!("`{t}` at `{pos}`: {e}"));
    }
}

/// Whether the action text is legal here.
pub fn legal(g: &Stacktrices, text: &str) -> bool {
    g.parse_action(text).is_ok()
}

/// Sorted strings from a list of literals.
pub fn list(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}
