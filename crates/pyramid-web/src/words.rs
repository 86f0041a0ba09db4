//! What the page tells a viewer about a ply in words: the ply described by the game
//! itself ([`DynState::describe_action`]) from the state before it, once for each seat
//! and once for someone with no seat, when it is played. The server knows no game: seat
//! names, end words and scores are asked of the state ([`DynState::seat_names`],
//! [`DynState::end_words`], [`DynState::scores`]).

use pyramid_core::dynamic::DynState;
use pyramid_core::{ActionWords, Seat};

/// A ply in words for every viewer: each seat's (index = seat), and the public one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyWords {
    /// As each seat may know it.
    pub by_seat: Vec<ActionWords>,
    /// As someone with no seat may know it: a seat other than the actor's when the game
    /// hides something (what the move list's public text shows), everything otherwise.
    pub public: ActionWords,
}

impl PlyWords {
    /// The words for `viewer` (`None`: someone with no seat).
    pub fn for_viewer(&self, viewer: Option<Seat>) -> ActionWords {
        viewer
            .and_then(|seat| self.by_seat.get(seat.index()))
            .unwrap_or(&self.public)
            .clone()
    }
}

/// Describes the ply `text` of `actor` from `before`, the state it is played in, for every
/// viewer (once for all in a game that hides nothing). A ply the game cannot describe gets the words `<seat> played <text>` as the
/// viewer sees the text (`seen_by`, index = seat; `public`).
pub fn ply_words(
    before: &dyn DynState,
    actor: Seat,
    text: &str,
    seen_by: &[String],
    public: &str,
    hidden: bool,
) -> PlyWords {
    let seats = before.seats();
    let name = before
        .seat_names()
        .get(actor.index())
        .cloned()
        .unwrap_or_default();
    let describe = |viewer: Option<Seat>, shown: &str| {
        before
            .describe_action(text, viewer)
            .unwrap_or_else(|_| ActionWords {
                words: format!("{name} played {shown}"),
                squares: Vec::new(),
                capture: false,
            })
    };
    if !hidden {
        // Every viewer sees everything: the words once, for all.
        let words = describe(None, text);
        return PlyWords {
            by_seat: vec![words.clone(); seats],
            public: words,
        };
    }
    let by_seat: Vec<ActionWords> = (0..seats)
        .map(|s| {
            describe(
                Some(Seat(s as u8)),
                seen_by.get(s).map_or(text, String::as_str),
            )
        })
        .collect();
    // Someone with no seat knows what a seat other than the actor's knows.
    let other = (actor.index() + 1) % seats.max(1);
    let public = by_seat
        .get(other)
        .cloned()
        .unwrap_or_else(|| describe(Some(Seat(other as u8)), public));
    PlyWords { by_seat, public }
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

    /// `text` described from `before` for every viewer, the actor being the seat to act.
    fn words_of(before: &dyn DynState, text: &str, hidden: bool) -> PlyWords {
        let actor = before.to_act().expect("a seat to act");
        let seen_by: Vec<String> = (0..before.seats())
            .map(|s| before.action_view(text, Seat(s as u8)).unwrap_or_default())
            .collect();
        ply_words(before, actor, text, &seen_by, text, hidden)
    }

    #[test]
    fn words_and_squares_come_from_the_game() {
        let start = start("martian-chess");
        let words = words_of(start.as_ref(), "b3-a4", false).for_viewer(Some(Seat(1)));
        assert_eq!(words.words, "South moved b3 to a4");
        assert_eq!(words.squares, ["b3", "a4"]);
        assert_eq!(start.seat_names(), ["South", "North"]);
        assert_eq!(start.scores(), Some(vec![0.0, 0.0]));
    }

    #[test]
    fn later_plies_are_described_from_the_state_before_them() {
        let mut state = start("card-siege");
        for _ in 0..3 {
            let text = state.legal_actions()[0].clone();
            let words = words_of(state.as_ref(), &text, false).for_viewer(None);
            let (from, to) = text.split_once(['-', 'x']).expect("two squares");
            assert_eq!(words.squares, [from, to]);
            state.play(&text).expect("legal");
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
        let words = words_of(start.as_ref(), &hide, true);
        let own = words.for_viewer(Some(seat));
        assert_eq!(own.squares.len(), 1);
        for viewer in [Some(Seat(1 - seat.0)), None] {
            let seen = words.for_viewer(viewer);
            assert!(seen.squares.is_empty(), "{:?}", seen.squares);
            assert!(!seen.words.contains(&own.squares[0]), "{}", seen.words);
        }
    }
}
