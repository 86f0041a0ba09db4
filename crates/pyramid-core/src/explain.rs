//! Helpers for [`Game::illegal_reason`]: words for an illegal move that a game can fall
//! back on once its own specific reasons (the wrong seat's piece, King safety, ...) do
//! not apply.

use crate::{Game, Square};

/// Why a move from `from` to `to` is not legal, from the legal actions: where the piece
/// on `from` may go instead, or that nothing on `from` can move now. Actions are matched
/// by their text starting with `from`'s name.
///
/// ```
/// use pyramid_core::{Game, Square, explain::moves_from_reason, nim::Nim};
/// let game = Nim::new(&Default::default());
/// let a1: Square = "a1".parse().expect("a square");
/// let text = moves_from_reason(&game, a1, a1);
/// assert!(text.contains("a1"));
/// ```
pub fn moves_from_reason<G: Game>(state: &G, from: Square, to: Square) -> String {
    let prefix = from.to_string();
    let mut targets: Vec<String> = Vec::new();
    state.for_each_action(|a| {
        let text = a.to_string();
        if let Some(rest) = text.strip_prefix(&prefix)
            && rest.starts_with(|c: char| !c.is_ascii_digit())
        {
            let target = rest.trim_start_matches(['-', 'x', '~']);
            if !targets.iter().any(|t| t == target) {
                targets.push(target.to_owned());
            }
        }
    });
    if targets.is_empty() {
        format!("nothing on {from} can move now")
    } else {
        format!(
            "the piece on {from} cannot go to {to}; it may go to {}",
            targets.join(" ")
        )
    }
}
