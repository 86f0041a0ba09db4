//! [`Describe`]: a game telling tools about itself in words (seat names, how a game
//! ended, what an action did and which squares it touched, scores) and reading moves
//! written in other notations, so tools that cannot tell one game from another (a
//! browser page, the command line, Python) need no code per game.

use crate::{Information, PolicySpace, Seat, StepWords};

/// What an action did, in a sentence naming its seat, and the squares it touched, as
/// [`Describe::describe_action`] gives them for one viewer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionWords {
    /// What the action did: `South moved a1 to b2`, `Hearts captured on i2 from j1`.
    pub words: String,
    /// The squares it touched, in order, each once (for a page to outline); none that
    /// the viewer may not see.
    pub squares: Vec<String>,
    /// Whether it captured something (what a move list marks).
    pub capture: bool,
}

/// Moves in a named notation that could not be read or played
/// ([`Describe::play_in_notation`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationMovesError {
    /// The game has no notation of that name.
    #[error("{game} has no notation `{notation}` ({})", known_words(known))]
    Unknown {
        /// The game's name.
        game: &'static str,
        /// The name asked for (shortened when long).
        notation: String,
        /// The notations the game has ([`Describe::notations`]).
        known: &'static [&'static str],
    },
    /// The moves were refused: not in the notation, or illegal where they are played.
    #[error("{reason}")]
    Refused {
        /// The notation.
        notation: &'static str,
        /// Why, naming the move.
        reason: String,
    },
}

/// The notations a game has, in words, for [`NotationMovesError::Unknown`].
fn known_words(known: &[&str]) -> String {
    if known.is_empty() {
        "it has none besides its own".to_owned()
    } else {
        format!("its notations: {}", known.join(", "))
    }
}

impl NotationMovesError {
    /// The error for a notation game `G` does not have.
    pub fn unknown<G: Describe>(notation: &str) -> NotationMovesError {
        NotationMovesError::Unknown {
            game: G::NAME,
            notation: crate::excerpt(notation),
            known: G::notations(),
        }
    }
}

/// A game describing itself: seat names, the end of a game and actions in words, scores,
/// moves in other notations, and the rule options whose default is a draw. Every item
/// has a default, so `impl Describe for MyGame {}` is enough to start; the games of this
/// project say more.
///
/// Words never tell a viewer what its view hides: [`Describe::describe_action`] for a
/// seat follows [`Information::action_view`] (a Stacktrices `hide=` seen by the other
/// side names no square).
///
/// ```
/// use pyramid_core::prelude::*;
/// use pyramid_core::nim::Nim;
/// use pyramid_core::Seat;
/// let game = Nim::new(&Default::default());
/// assert_eq!(game.seat_name(Seat(1)), "Seat 1");
/// assert_eq!(game.end_words(), None);
/// let take = game.parse_action("a-1")?;
/// assert_eq!(game.describe_action(take, Some(Seat(1))).words, "Seat 0 played a-1");
/// assert!(game.play_in_notation("abstractplay", "a-1").is_err());
/// # Ok::<(), pyramid_core::PlayError>(())
/// ```
pub trait Describe: Information {
    /// The name of `seat` as the game's board and page give it (`South`, `Red`); the
    /// default is `Seat N`.
    fn seat_name(&self, seat: Seat) -> String {
        format!("Seat {}", seat.0)
    }

    /// The name of the seat to act ([`Describe::seat_name`]), or `someone` once the game
    /// is over: the subject of [`Describe::describe_action`]'s words.
    fn actor_name(&self) -> String {
        self.to_act()
            .map_or_else(|| "someone".to_owned(), |seat| self.seat_name(seat))
    }

    /// How the game ended by its rules, in words (`None` while it goes on); the default
    /// is the outcome (`seat 1 wins`, `draw`).
    fn end_words(&self) -> Option<String> {
        self.outcome().map(|o| o.to_string())
    }

    /// Each seat's score, where the game keeps one (Martian Chess's points); the default
    /// is `None`.
    fn scores(&self) -> Option<Vec<f64>> {
        None
    }

    /// What the legal `action` does when played here (this state is the one before it),
    /// in words naming the seat to act, and the squares it touches, as `viewer` may know
    /// them (`None`: everything shown). The default names the seat and the action's
    /// text as the viewer sees it ([`Information::action_view`]), with no squares.
    fn describe_action(&self, action: Self::Action, viewer: Option<Seat>) -> ActionWords {
        let actor = self.actor_name();
        let text = match viewer {
            Some(seat) => self.action_view(action, seat),
            None => action.to_string(),
        };
        ActionWords {
            words: format!("{actor} played {text}"),
            squares: Vec::new(),
            capture: false,
        }
    }

    /// The decision step `step` ([`PolicySpace`]) for the player about to make it: its
    /// words, and the squares, pieces and tray pieces of the board's picture the player
    /// clicks for it ([`StepWords`]), so a page composes every action by clicks from the
    /// steps alone. The default says the step's text
    /// ([`PolicySpace::step_text`]) and marks nothing (the page offers it as a button);
    /// games say more.
    fn describe_step(&self, step: u32) -> StepWords
    where
        Self: PolicySpace,
    {
        StepWords {
            words: self.step_text(step).unwrap_or_default(),
            marks: Vec::new(),
            kind: String::new(),
        }
    }

    /// The names of the notations besides the game's own that
    /// [`Describe::play_in_notation`] reads (Martian Chess: `abstractplay`); the default
    /// is none.
    fn notations() -> &'static [&'static str] {
        &[]
    }

    /// Plays `moves`, a list of moves written in the notation `notation` (one of
    /// [`Describe::notations`]), from this state, and returns the state they reach. The
    /// default refuses every notation.
    fn play_in_notation(&self, notation: &str, moves: &str) -> Result<Self, NotationMovesError> {
        let _ = moves;
        Err(NotationMovesError::unknown::<Self>(notation))
    }

    /// The game in one line, for a list of games: what it is and how it is won. The
    /// default is empty.
    fn summary() -> &'static str {
        ""
    }

    /// How to play, in a few plain sentences for a player meeting the game (the rules
    /// page has the whole of it). The default is empty.
    fn how_to_play() -> &'static str {
        ""
    }

    /// `action`, legal here, written in the notation `notation` (one of
    /// [`Describe::notations`]): what a readable record lists beside the game's own
    /// notation. The default refuses every notation.
    fn write_in_notation(
        &self,
        notation: &str,
        action: Self::Action,
    ) -> Result<String, NotationMovesError> {
        let _ = action;
        Err(NotationMovesError::unknown::<Self>(notation))
    }

    /// The rule options whose default value leaves a draw to the tool running a match
    /// ([`Game::deal`](crate::Game::deal)), each with the value
    /// [`Game::new`](crate::Game::new) plays it as: what a tool
    /// with no draw of its own (a game tree, as OpenSpiel's) fixes it to. Martian
    /// Chess: `first` (`random` by default) as `0`. The default is none.
    fn drawn_options() -> &'static [(&'static str, &'static str)] {
        &[]
    }
}
