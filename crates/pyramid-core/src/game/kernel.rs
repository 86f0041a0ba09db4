//! The kernel trait [`Game`] (seat to act, outcome, actions, play) and [`GameAction`].

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::ControlFlow;
use std::str::FromStr;

use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{ActionParseError, Outcome, PlayError, RuleSet, Seat};

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

/// The kernel of a game: a state with the seat to act, the outcome, the legal actions and
/// play. The full position, hidden information included, with everything the rules need
/// to decide what comes next.
///
/// Everything else a game offers is opt-in: [`Notation`](crate::Notation) (position and
/// action text), [`Information`](crate::Information) (what each seat may see; games
/// without hidden information get it by [`PerfectInformation`](crate::PerfectInformation)),
/// [`Evaluate`](crate::Evaluate), [`Diagram`](crate::Diagram) and
/// [`ActionIds`](crate::ActionIds). [`FullGame`](crate::FullGame) names them all at once.
///
/// States are cheap to clone (copy-make: clone, then [`Game::play_unchecked`]). At every
/// decision point exactly one seat acts ([`Game::to_act`]); that seat may change inside a
/// turn. Actions come through an internal iterator ([`Game::try_for_each_action`]).
///
/// The serde form goes through the game's unvalidated setup type, so deserialising can
/// never build an invalid state.
///
/// ```
/// use pyramid_core::{Game, Notation, Seat, perft, nim::Nim};
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
    /// The game's name, as tools spell it (`martian-chess`): the rules' [`RuleSet::GAME`].
    const NAME: &'static str = <Self::Rules as RuleSet>::GAME;

    /// The start position under `rules`.
    fn new(rules: &Self::Rules) -> Self;

    /// The start of one game of a match: [`Game::new`] plus any random draw the rules
    /// leave to the tool running the match (Martian Chess: who starts).
    fn deal<R: Rng + ?Sized>(rules: &Self::Rules, rng: &mut R) -> Self {
        let _ = rng;
        Self::new(rules)
    }

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

    /// The legal action of index `index` (`0 <= index < count_actions()`) in an order fixed
    /// by the game (generation order unless the game documents another), or `None` past the
    /// end. Every index below [`Game::count_actions`] names a different legal action. The
    /// default walks the generator; games override it to skip whole blocks of actions.
    fn nth_action(&self, index: usize) -> Option<Self::Action> {
        let mut i = 0;
        match self.try_for_each_action(|a| {
            if i == index {
                return ControlFlow::Break(a);
            }
            i += 1;
            ControlFlow::Continue(())
        }) {
            ControlFlow::Break(a) => Some(a),
            ControlFlow::Continue(()) => None,
        }
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
    /// and takes [`Game::nth_action`] of a random index; games override it with a faster
    /// draw from the same (uniform) distribution.
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
        play_random_by(self, rng, max_plies, Self::random_action)
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

    /// Why `action` is not legal here, in words a player knows (the wrong seat's piece, a
    /// blocked path, King safety, ...), or `None` when the engine can say no more than "not
    /// a legal action" (or the action is legal). [`Game::play`] and [`Notation::parse_action`](crate::Notation::parse_action)
    /// put it in [`PlayError::Illegal`].
    fn illegal_reason(&self, action: Self::Action) -> Option<String> {
        let _ = action;
        None
    }
}

/// The loop of [`Game::play_random`] with the draw `draw` in place of
/// [`Game::random_action`]: plays the action it draws until it draws none (the game is
/// over) or `max_plies` plies have been played; returns the plies played. For a game
/// whose playouts use a faster draw of the same (uniform) distribution than its
/// `random_action`.
///
/// ```
/// use pyramid_core::{ChaCha8Rng, Game, nim::Nim, play_random_by, rand::SeedableRng};
/// let mut rng = ChaCha8Rng::seed_from_u64(3);
/// let mut game = Nim::new(&Default::default());
/// let played = play_random_by(&mut game, &mut rng, None, Nim::random_action);
/// assert!(game.is_over());
/// assert_eq!(game.plies(), played);
/// ```
pub fn play_random_by<G: Game, R: Rng + ?Sized>(
    state: &mut G,
    rng: &mut R,
    max_plies: Option<u32>,
    mut draw: impl FnMut(&G, &mut R) -> Option<G::Action>,
) -> u32 {
    let mut played = 0;
    while max_plies.is_none_or(|m| played < m) {
        let Some(action) = draw(state, rng) else {
            break;
        };
        state.play_unchecked(action);
        played += 1;
    }
    played
}

/// The default draw of [`Game::random_action`]: counts the legal actions, draws an index
/// uniformly with one `random_range` call, and takes [`Game::nth_action`] of it. A game that
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
    state.nth_action(rng.random_range(0..n))
}
