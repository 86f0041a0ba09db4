//! What the page tells a player in words: seat names, why a game ended, what an action
//! did and which squares it touched, and scores. The names and reasons come from each
//! game crate's `explain` module (`seat_name`, `end_reason`); the state is reached
//! through the runtime's typed box.

use pyramid_core::Seat;
use pyramid_core::dynamic::{DynState, StateBox};
use pyramid_games::{ataxx_ice, card_siege, martian_chess, stacktrices};

/// The typed state behind `state`, if it is a `G`.
fn typed<G: pyramid_core::FullGame>(state: &dyn DynState) -> Option<&G> {
    state
        .as_any()
        .downcast_ref::<StateBox<G>>()
        .map(|b| &b.state)
}

/// The name of each seat, as the game's board and docs give them.
pub fn seat_names(state: &dyn DynState) -> Vec<String> {
    let seats = state.seats();
    (0..seats)
        .map(|s| {
            let seat = Seat(s as u8);
            match state.game() {
                "martian-chess" => martian_chess::seat_name(seat, seats).to_owned(),
                "ataxx-ice" => ataxx_ice::seat_name(seat).to_owned(),
                "card-siege" => card_siege::seat_name(seat).to_owned(),
                "stacktrices" => stacktrices::seat_name(seat).to_owned(),
                _ => format!("Seat {s}"),
            }
        })
        .collect()
}

/// Why the game ended by its rules, in words (`None` while it goes on).
pub fn end_reason(state: &dyn DynState) -> Option<String> {
    let reason = if let Some(g) = typed::<martian_chess::MartianChess>(state) {
        martian_chess::end_reason(g)
    } else if let Some(g) = typed::<ataxx_ice::AtaxxIce>(state) {
        ataxx_ice::end_reason(g)
    } else if let Some(g) = typed::<card_siege::CardSiege>(state) {
        card_siege::end_reason(g)
    } else if let Some(g) = typed::<stacktrices::Stacktrices>(state) {
        stacktrices::end_reason(g)
    } else {
        None
    };
    reason.or_else(|| state.outcome().map(|o| o.to_string()))
}

/// Each seat's score, where the game keeps one (Martian Chess).
pub fn scores(state: &dyn DynState) -> Option<Vec<f64>> {
    typed::<martian_chess::MartianChess>(state)
        .map(|g| g.scores().iter().map(|&s| f64::from(s)).collect())
}

/// The squares an action names, in order, each once (`c1-e1` gives `c1`, `e1`; a hidden
/// part, `hide=?`, gives none).
pub fn squares(action: &str) -> Vec<String> {
    let bytes = action.as_bytes();
    let mut found: Vec<String> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        // A capture's `x` (`j1xi2`) separates two squares.
        let after_capture = i >= 2 && bytes[i - 1] == b'x' && bytes[i - 2].is_ascii_digit();
        let starts = bytes[i].is_ascii_lowercase()
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric() || after_capture)
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if starts {
            let mut end = i + 2;
            while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            if !bytes
                .get(end)
                .is_some_and(|&b| b.is_ascii_alphabetic() && b != b'x')
            {
                let square = action[i..end].to_owned();
                if !found.contains(&square) {
                    found.push(square);
                }
            }
            i = end;
        } else {
            i += 1;
        }
    }
    found
}

/// What an action did, in a sentence naming its seat: `South moved a1 to b2`,
/// `Hearts captured on i2 from j1`, `White: trade P@a1>Q@a1`.
pub fn action_words(name: &str, action: &str) -> String {
    if let Some((from, to)) = action
        .split_once('x')
        .filter(|_| squares(action).len() == 2)
    {
        return format!("{name} captured on {to} from {from}");
    }
    if let Some((from, to)) = action
        .split_once('-')
        .filter(|_| squares(action).len() == 2)
    {
        return format!("{name} moved {from} to {to}");
    }
    match action.split_once('=') {
        Some((key, "none")) => format!("{name}: no {key}"),
        Some((key, "?")) => format!("{name}: {key} (hidden from you)"),
        Some((key, value)) => format!("{name}: {key} {value}"),
        None => format!("{name} played {action}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_found_in_every_notation() {
        assert_eq!(squares("c1-e1"), ["c1", "e1"]);
        assert_eq!(squares("j1xi2"), ["j1", "i2"]);
        assert_eq!(squares("trade=P@a1,p@a1,d@b1>Q@a1"), ["a1", "b1"]);
        assert!(squares("hide=?").is_empty());
        assert!(squares("raid=none").is_empty());
    }

    #[test]
    fn action_words_name_the_seat_and_what_it_did() {
        assert_eq!(action_words("South", "a1-b2"), "South moved a1 to b2");
        assert_eq!(
            action_words("Hearts", "j1xi2"),
            "Hearts captured on i2 from j1"
        );
        assert_eq!(action_words("White", "raid=none"), "White: no raid");
    }
}
