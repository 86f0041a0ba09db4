//! What the page tells a viewer about a turn in words: each ply described by the game
//! itself ([`DynState::describe_action`]) from the state before it, as the viewer may
//! know it. The server knows no game: seat names, end words and scores are asked of the
//! state ([`DynState::seat_names`], [`DynState::end_words`], [`DynState::scores`]).

use std::ops::Range;

use pyramid_core::dynamic::DynState;
use pyramid_core::{ActionWords, Seat};

/// Who the words of a ply are for: the viewer's seat, or for someone with no seat, a
/// seat other than the actor's when the game hides something (what the move list's
/// public text shows), and everything otherwise.
fn described_for(viewer: Option<Seat>, hidden: bool, actor: u8, seats: usize) -> Option<Seat> {
    match viewer {
        Some(seat) => Some(seat),
        None if hidden => Some(Seat(((usize::from(actor) + 1) % seats.max(1)) as u8)),
        None => None,
    }
}

/// The words and squares of the plies `range` of a game, for `viewer`: the game is
/// replayed from `start` by `played` (each ply's seat and full text, in order) and each
/// ply of `range` described by the state before it. A ply the replay cannot reach (a
/// record the engine no longer reads) is `None`.
pub fn turn_words(
    start: &dyn DynState,
    played: &[(u8, String)],
    range: Range<usize>,
    viewer: Option<Seat>,
    hidden: bool,
) -> Vec<Option<ActionWords>> {
    let mut out = vec![None; range.len()];
    let mut state = start.clone_box();
    for (i, (seat, text)) in played.iter().enumerate().take(range.end) {
        if i >= range.start {
            let who = described_for(viewer, hidden, *seat, state.seats());
            out[i - range.start] = state.describe_action(text, who).ok();
        }
        if state.play(text).is_err() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(game: &str) -> Box<dyn DynState> {
        pyramid_runtime::registry()
            .get(game)
            .and_then(|g| g.new_state(&[]))
            .expect("the game's start")
    }

    #[test]
    fn words_and_squares_come_from_the_game() {
        let start = start("martian-chess");
        let played = [(0, "b3-a4".to_owned())];
        let words = turn_words(start.as_ref(), &played, 0..1, Some(Seat(1)), false);
        let words = words[0].clone().expect("described");
        assert_eq!(words.words, "South moved b3 to a4");
        assert_eq!(words.squares, ["b3", "a4"]);
        assert_eq!(start.seat_names(), ["South", "North"]);
        assert_eq!(start.scores(), Some(vec![0.0, 0.0]));
    }

    #[test]
    fn later_plies_are_described_from_the_state_before_them() {
        let mut state = start("card-siege");
        let mut played = Vec::new();
        for _ in 0..3 {
            let seat = state.to_act().expect("a seat").0;
            let text = state.legal_actions()[0].clone();
            state.play(&text).expect("legal");
            played.push((seat, text));
        }
        let words = turn_words(start("card-siege").as_ref(), &played, 1..3, None, false);
        assert_eq!(words.len(), 2);
        for (w, (_, text)) in words.iter().zip(&played[1..]) {
            let w = w.as_ref().expect("described");
            let (from, to) = text.split_once(['-', 'x']).expect("two squares");
            assert_eq!(w.squares, [from, to]);
        }
    }

    #[test]
    fn a_hidden_action_shows_no_square_to_the_other_seat_or_a_spectator() {
        let start = start("stacktrices");
        let seat = start.to_act().expect("a seat");
        let hide = start
            .legal_actions()
            .into_iter()
            .find(|a| a.starts_with("hide="))
            .expect("the setup starts with a hide");
        let played = [(seat.0, hide.clone())];
        let own = turn_words(start.as_ref(), &played, 0..1, Some(seat), true);
        let own = own[0].clone().expect("described");
        assert_eq!(own.squares.len(), 1);
        let other = Seat(1 - seat.0);
        for viewer in [Some(other), None] {
            let seen = turn_words(start.as_ref(), &played, 0..1, viewer, true);
            let seen = seen[0].clone().expect("described");
            assert!(seen.squares.is_empty(), "{:?}", seen.squares);
            assert!(!seen.words.contains(&own.squares[0]), "{}", seen.words);
        }
    }
}
