//! [`Information`]: what each seat may see (information states), and
//! [`PerfectInformation`], which gives it for free to games that hide nothing.

use std::fmt::Debug;

use rand::Rng;

use crate::{Notation, Seat};

/// What each seat may see of a state, for games with hidden information (OpenSpiel's
/// information state): a view per seat, its one-line text form, how a seat sees an
/// action, and states sampled consistently with a view (for search over information sets).
///
/// Games without hidden information implement [`PerfectInformation`] instead and get this
/// trait for free: the view is the state itself.
pub trait Information: Notation {
    /// What one seat may see of a state (its information state). `Self` for games
    /// without hidden information.
    type View: Clone + Debug + PartialEq + Eq + Send + Sync + 'static;

    /// What `seat` may see of this state.
    fn view(&self, seat: Seat) -> Self::View;

    /// The one-line text form of a view: the position string with the hidden parts masked
    /// (games without hidden information: the position string itself).
    /// [`Information::read_view`] reads it back to an equal view, so outside engines, other
    /// languages and browsers can be given exactly what a seat may see.
    fn write_view(view: &Self::View) -> String;

    /// Reads a view string written by [`Information::write_view`]; the rule options it does
    /// not hold come from `rules`. A view is refused when no valid state is consistent with it.
    fn read_view(text: &str, rules: &Self::Rules) -> Result<Self::View, Self::PositionError>;

    /// `seat`'s view of this state as one line ([`Information::write_view`] of
    /// [`Information::view`]).
    ///
    /// ```
    /// use pyramid_core::{Game, Information, Seat, nim::Nim};
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
    /// (nothing hidden) is the action's text.
    fn action_view(&self, action: Self::Action, observer: Seat) -> String {
        let _ = observer;
        action.to_string()
    }

    /// A full state consistent with `view`, the hidden part drawn at random (uniformly
    /// among the possibilities). Games without hidden information return the view itself.
    fn sample_from_view<R: Rng + ?Sized>(view: &Self::View, rng: &mut R) -> Self;
}

/// A game that hides nothing: every seat sees the whole state. Implementing this marker
/// gives the game [`Information`] with the state as every seat's view and the position
/// string as the view string.
///
/// ```
/// use pyramid_core::{Game, Information, Notation, Seat, nim::Nim};
/// let game = Nim::new(&Default::default());
/// assert_eq!(game.view(Seat(0)), game);
/// assert_eq!(game.view_string(Seat(1)), game.position());
/// ```
pub trait PerfectInformation: Notation {}

/// Whether `G` hides nothing: its view is the state itself (the contract of
/// [`Information::View`] for perfect-information games). The one place the question is
/// answered: the runtime, the bots and the learned bot's search ask it here.
///
/// ```
/// use pyramid_core::{nim::Nim, perfect_information};
/// assert!(perfect_information::<Nim>());
/// ```
pub fn perfect_information<G: Information + 'static>() -> bool {
    std::any::TypeId::of::<G>() == std::any::TypeId::of::<G::View>()
}

impl<G: PerfectInformation> Information for G {
    type View = G;

    fn view(&self, _seat: Seat) -> G {
        self.clone()
    }

    fn write_view(view: &G) -> String {
        view.position()
    }

    fn read_view(text: &str, rules: &G::Rules) -> Result<G, G::PositionError> {
        G::from_position(text, rules)
    }

    fn sample_from_view<R: Rng + ?Sized>(view: &G, _rng: &mut R) -> G {
        view.clone()
    }
}
