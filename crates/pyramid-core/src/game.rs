//! The traits every game implements: [`Game`], [`RuleSet`] and [`GameAction`].

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::ControlFlow;
use std::str::FromStr;

use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{ActionParseError, Outcome, PlayError, RulesError, Seat};

/// What an action value must be: a small `Copy` value with a text form that round-trips
/// (`Display` then `FromStr` gives the same value back).
pub trait GameAction:
    Copy + Eq + Hash + Debug + Display + FromStr<Err = ActionParseError> + Send + Sync + 'static
{
}

impl<T> GameAction for T where
    T: Copy + Eq + Hash + Debug + Display + FromStr<Err = ActionParseError> + Send + Sync + 'static
{
}

/// The rule options of a game: seat count, the optional ply limit, and any options of the
/// game's own (set by `key=value`, so tools can offer them without knowing the game).
pub trait RuleSet:
    Clone
    + Debug
    + Default
    + PartialEq
    + Eq
    + Hash
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// Number of seats.
    fn seats(&self) -> usize;

    /// Sets the number of seats, or says which counts the game allows.
    fn set_seats(&mut self, seats: usize) -> Result<(), RulesError>;

    /// The ply limit, if any (off by default in every game).
    fn ply_limit(&self) -> Option<u32>;

    /// Sets or clears the ply limit.
    fn set_ply_limit(&mut self, limit: Option<u32>);

    /// Sets one of the game's own options by name, such as `opening=off`.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), RulesError>;

    /// The game's own options and their current values (seats and ply limit excluded), in
    /// the form [`RuleSet::set_option`] accepts.
    fn options(&self) -> Vec<(&'static str, String)>;
}

/// A game state: the full position, hidden information included, with everything the
/// rules need to decide what comes next.
///
/// States are cheap to clone (copy-make: clone, then [`Game::play_unchecked`]). At every
/// decision point exactly one seat acts ([`Game::to_act`]); that seat may change inside a
/// turn. Actions come through an internal iterator ([`Game::try_for_each_action`]).
///
/// The serde form goes through the game's unvalidated setup type, so deserialising can
/// never build an invalid state.
///
/// ```
/// use pyramid_core::{Game, Seat, perft, nim::Nim};
///
/// let rules = <Nim as Game>::Rules::default();
/// let mut game = Nim::new(&rules);
/// assert_eq!(game.count_actions(), 9);
/// let action = game.parse_action("c-2")?;
/// game.play(action)?;
/// assert_eq!(game.to_act(), Some(Seat(1)));
/// assert_eq!(perft(&Nim::new(&rules), 1), 9);
/// # Ok::<(), pyramid_core::PlayError>(())
/// ```
pub trait Game:
    Clone + Debug + PartialEq + Eq + Hash + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// One action (one decision).
    type Action: GameAction;
    /// The rule options.
    type Rules: RuleSet;
    /// What one seat may see of a state (its information state). `Self` for games
    /// without hidden information.
    type View: Clone + Debug + PartialEq + Eq + Send + Sync;
    /// Why a position string or setup was refused; its message names the field.
    type PositionError: std::error::Error + Send + Sync + 'static;

    /// The game's name, as tools spell it (`martian-chess`).
    const NAME: &'static str;

    /// The start position under `rules`.
    fn new(rules: &Self::Rules) -> Self;

    /// The start of one game of a match: [`Game::new`] plus any random draw the rules
    /// leave to the tool running the match (Martian Chess: who starts).
    fn deal<R: Rng + ?Sized>(rules: &Self::Rules, rng: &mut R) -> Self {
        let _ = rng;
        Self::new(rules)
    }

    /// Reads a one-line position string; the rule options it does not hold come from
    /// `rules`.
    fn from_position(text: &str, rules: &Self::Rules) -> Result<Self, Self::PositionError>;

    /// The one-line position string; [`Game::from_position`] reads it back to an equal
    /// state.
    fn position(&self) -> String;

    /// The rule options in force.
    fn rules(&self) -> &Self::Rules;

    /// The number of seats.
    fn seats(&self) -> usize {
        self.rules().seats()
    }

    /// The seat that acts at this decision point, or `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;

    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Decision points played so far.
    fn plies(&self) -> u32;

    /// Calls `f` on every legal action, once each, stopping early when `f` breaks.
    /// A finished game has no legal actions.
    fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
    where
        F: FnMut(Self::Action) -> ControlFlow<B>;

    /// Calls `f` on every legal action.
    fn for_each_action<F: FnMut(Self::Action)>(&self, mut f: F) {
        let _ = self.try_for_each_action(|a| {
            f(a);
            ControlFlow::<()>::Continue(())
        });
    }

    /// Appends every legal action to `buf` (a caller's buffer, reused across calls).
    fn append_actions(&self, buf: &mut Vec<Self::Action>) {
        self.for_each_action(|a| buf.push(a));
    }

    /// The legal actions in generation order.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut buf = Vec::new();
        self.append_actions(&mut buf);
        buf
    }

    /// The number of legal actions (used by perft's bulk counting at depth 1).
    fn count_actions(&self) -> usize {
        let mut n = 0;
        self.for_each_action(|_| n += 1);
        n
    }

    /// Whether `action` is legal here.
    fn is_legal(&self, action: Self::Action) -> bool {
        self.try_for_each_action(|a| {
            if a == action {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// A uniformly random legal action, or `None` when there is none (the game is over).
    ///
    /// Random bots, random matches and playouts call this. The default counts the actions
    /// and walks to a random index; games override it with a faster draw from the same
    /// (uniform) distribution.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Action> {
        random_action_by_walk(self, rng)
    }

    /// Plays uniformly random legal actions until the game ends or `max_plies` more plies
    /// have been played, and returns the number of plies played.
    ///
    /// Random playouts (MCTS, speed measurements) call this. The default repeats
    /// [`Game::random_action`] and [`Game::play_unchecked`]; games may override it with a
    /// fused draw-and-play loop of the same distribution.
    ///
    /// ```
    /// use pyramid_core::{ChaCha8Rng, Game, nim::Nim, rand::SeedableRng};
    /// let mut rng = ChaCha8Rng::seed_from_u64(3);
    /// let mut game = Nim::new(&Default::default());
    /// assert_eq!(game.play_random(&mut rng, Some(2)), 2);
    /// let rest = game.play_random(&mut rng, None);
    /// assert!(game.is_over());
    /// assert_eq!(game.plies(), 2 + rest);
    /// ```
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: Option<u32>) -> u32 {
        let mut played = 0;
        while max_plies.is_none_or(|m| played < m) {
            let Some(action) = self.random_action(rng) else {
                break;
            };
            self.play_unchecked(action);
            played += 1;
        }
        played
    }

    /// Plays a legal action. Calling it with an action that is not legal may leave a
    /// state that breaks the rules (but never undefined behaviour); use [`Game::play`]
    /// for untrusted actions.
    fn play_unchecked(&mut self, action: Self::Action);

    /// Plays `action` if it is legal; otherwise returns why and leaves the state unchanged.
    fn play(&mut self, action: Self::Action) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(action) {
            return Err(PlayError::Illegal {
                action: crate::excerpt(&action.to_string()),
                reason: self.illegal_reason(action),
            });
        }
        self.play_unchecked(action);
        Ok(())
    }

    /// Plays `action` for `seat`, refusing it if another seat is to act.
    fn play_as(&mut self, seat: Seat, action: Self::Action) -> Result<(), PlayError> {
        match self.to_act() {
            None => Err(PlayError::GameOver),
            Some(expected) if expected != seat => Err(PlayError::WrongSeat {
                expected,
                got: seat,
            }),
            Some(_) => self.play(action),
        }
    }

    /// Reads action text in the context of this state and returns the legal action it
    /// names. Games whose notation accepts several spellings of one action (Ataxx clones
    /// from any parent) return the canonical one.
    fn parse_action(&self, text: &str) -> Result<Self::Action, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let action: Self::Action = text.trim().parse()?;
        if self.is_legal(action) {
            Ok(action)
        } else {
            Err(PlayError::Illegal {
                action: crate::excerpt(text.trim()),
                reason: self.illegal_reason(action),
            })
        }
    }

    /// Why `action` is not legal here, in words a player knows (the wrong seat's piece, a
    /// blocked path, King safety, ...), or `None` when the engine can say no more than "not
    /// a legal action" (or the action is legal). [`Game::play`] and [`Game::parse_action`]
    /// put it in [`PlayError::Illegal`].
    fn illegal_reason(&self, action: Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// A quick evaluation of the state for `seat`, higher is better (Martian Chess: the
    /// score difference; the others: material). Used by greedy bots.
    fn evaluate(&self, seat: Seat) -> f64;

    /// The board drawn as text for a terminal, with whose turn it is and the scores;
    /// `viewer` hides what that seat may not see.
    fn diagram(&self, viewer: Option<Seat>) -> String;

    /// What `seat` may see of this state.
    fn view(&self, seat: Seat) -> Self::View;

    /// The one-line text form of a view: the position string with the hidden parts masked
    /// (games without hidden information: the position string itself).
    /// [`Game::read_view`] reads it back to an equal view, so outside engines, other
    /// languages and browsers can be given exactly what a seat may see.
    fn write_view(view: &Self::View) -> String;

    /// Reads a view string written by [`Game::write_view`]; the rule options it does not
    /// hold come from `rules`. A view is refused when no valid state is consistent with it.
    fn read_view(text: &str, rules: &Self::Rules) -> Result<Self::View, Self::PositionError>;

    /// `seat`'s view of this state as one line ([`Game::write_view`] of [`Game::view`]).
    ///
    /// ```
    /// use pyramid_core::{Game, Seat, nim::Nim};
    /// let game = Nim::new(&Default::default());
    /// let text = game.view_string(Seat(1));
    /// assert_eq!(Nim::read_view(&text, game.rules()), Ok(game.view(Seat(1))));
    /// ```
    fn view_string(&self, seat: Seat) -> String {
        Self::write_view(&self.view(seat))
    }

    /// How `observer` sees `action` when it is played here: its text, with what the rules
    /// hide from `observer` masked (a Stacktrices `hide=` seen by the other side). Two
    /// actions with the same masked text are indistinguishable to `observer`. The default
    /// (no hidden information) is the action's text.
    fn action_view(&self, action: Self::Action, observer: Seat) -> String {
        let _ = observer;
        action.to_string()
    }

    /// A full state consistent with `view`, the hidden part drawn at random (uniformly
    /// among the possibilities). Games without hidden information return the view itself.
    fn sample_from_view<R: Rng + ?Sized>(view: &Self::View, rng: &mut R) -> Self;
}

/// The default draw of [`Game::random_action`]: counts the legal actions, draws an index
/// uniformly with one `random_range` call, and walks the generator to it. A game that
/// overrides `random_action` with a faster draw can test it against this one: from the
/// same generator state both must return the same action.
///
/// ```
/// use pyramid_core::{ChaCha8Rng, Game, nim::Nim, rand::SeedableRng, random_action_by_walk};
/// let game = Nim::new(&Default::default());
/// let mut a = ChaCha8Rng::seed_from_u64(5);
/// let mut b = a.clone();
/// assert_eq!(random_action_by_walk(&game, &mut a), game.random_action(&mut b));
/// ```
pub fn random_action_by_walk<G: Game, R: Rng + ?Sized>(
    state: &G,
    rng: &mut R,
) -> Option<G::Action> {
    let n = state.count_actions();
    if n == 0 {
        return None;
    }
    let target = rng.random_range(0..n);
    let mut i = 0;
    match state.try_for_each_action(|a| {
        if i == target {
            return ControlFlow::Break(a);
        }
        i += 1;
        ControlFlow::Continue(())
    }) {
        ControlFlow::Break(a) => Some(a),
        ControlFlow::Continue(()) => None,
    }
}
