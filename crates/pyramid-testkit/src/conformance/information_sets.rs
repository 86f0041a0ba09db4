//! The information-set property: what a seat may see decides everything that seat sees
//! next.
//!
//! For a seat S and states S cannot tell apart (equal [`Information::view`](pyramid_core::Information::view)s, e.g. states drawn
//! by [`Information::sample_from_view`](pyramid_core::Information::sample_from_view) from S's view):
//! 1. the seat to act is the same in all;
//! 2. when S acts, S's legal actions are the same in all, with the same decision steps
//!    ([`PolicySpace`](pyramid_core::PolicySpace)), so S's legal next steps after every prefix
//!    are the same too;
//! 3. when another seat acts, each of its actions as S sees it ([`Information::action_view`](pyramid_core::Information::action_view))
//!    leads, in every state where it is legal, to states S cannot tell apart either.
//!
//! A game that breaks (3) shows S something through the shape of the game that the view
//! was meant to hide, as the old Stacktrices raid rule did: a raid decision that arose only
//! for the thief showed the opponent which stack the thief was.

use std::collections::HashMap;
use std::fmt;

use pyramid_core::rand::Rng;

use pyramid_core::{Information, Observation, PolicySpace, Seat, Svg};

/// A broken information-set property: the seat, the first difference found, and the
/// state where it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InformationLeak {
    /// The seat that could tell the states apart.
    pub seat: Seat,
    /// What differs, in words.
    pub what: String,
    /// The position string of a state where it shows.
    pub position: String,
}

impl fmt::Display for InformationLeak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seat {} can tell states apart: {} (at `{}`)",
            self.seat, self.what, self.position
        )
    }
}

impl std::error::Error for InformationLeak {}

/// Checks the property on `states`, which `seat` must not be able to tell apart, with
/// `play` applying an action (normally [`Game::play_unchecked`](pyramid_core::Game::play_unchecked) on a copy; a test may pass
/// a modified rule to show that the check catches a leak).
pub fn check_indistinguishable_with<G: Information + Observation + Svg + PolicySpace>(
    states: &[G],
    seat: Seat,
    play: impl Fn(&G, G::Action) -> G,
) -> Result<(), InformationLeak> {
    let Some(first) = states.first() else {
        return Ok(());
    };
    let sight = Sight::of(first, seat);
    let my_actions = (first.to_act() == Some(seat)).then(|| own_actions(first));
    // Per action as `seat` sees it: the view it leads to, and where it was first seen.
    let mut after: HashMap<String, (G::View, String)> = HashMap::new();
    for state in states {
        check_same_sight(&sight, first, state, seat)?;
        match &my_actions {
            Some(expected) => check_same_own_actions(expected, first, state, seat)?,
            None if state.to_act().is_some() => {
                check_actions_lead_alike(state, seat, &play, &mut after)?;
            }
            None => {}
        }
    }
    Ok(())
}

/// A leak for `seat` showing at `state`.
fn leak<G: Information>(state: &G, seat: Seat, what: String) -> InformationLeak {
    InformationLeak {
        seat,
        what,
        position: state.position(),
    }
}

/// What a seat sees of a state: its view, observation tensor and picture, and the seat to
/// act.
struct Sight<G: Information> {
    view: G::View,
    tensor: Vec<f32>,
    picture: String,
    to_act: Option<Seat>,
}

impl<G: Information + Observation + Svg> Sight<G> {
    /// What `seat` sees of `state`.
    fn of(state: &G, seat: Seat) -> Self {
        Sight {
            view: state.view(seat),
            tensor: observation(state, seat),
            picture: state.svg(Some(seat)),
            to_act: state.to_act(),
        }
    }
}

/// Property 1: `seat` sees `state` as it sees `first` (`sight`): the same view, the same
/// observation tensor and picture, the same seat to act.
fn check_same_sight<G: Information + Observation + Svg>(
    sight: &Sight<G>,
    first: &G,
    state: &G,
    seat: Seat,
) -> Result<(), InformationLeak> {
    if state.view(seat) != sight.view {
        return Err(leak(
            state,
            seat,
            format!("the states given have different views for seat {seat}"),
        ));
    }
    if observation(state, seat) != sight.tensor {
        return Err(leak(
            state,
            seat,
            format!("seat {seat}'s observation tensor differs between states with one view"),
        ));
    }
    if state.svg(Some(seat)) != sight.picture {
        return Err(leak(
            state,
            seat,
            format!("seat {seat}'s SVG picture differs between states with one view"),
        ));
    }
    if state.to_act() != sight.to_act {
        return Err(leak(
            state,
            seat,
            format!(
                "the seat to act differs ({:?} and {:?} in {})",
                state.to_act(),
                sight.to_act,
                first.position()
            ),
        ));
    }
    Ok(())
}

/// The acting seat's actions with their decision steps (sorted), and its first steps.
type OwnActions = (Vec<(String, Vec<u32>)>, Vec<u32>);

/// The legal actions of `state` with their decision steps, and its legal first steps.
fn own_actions<G: Information + PolicySpace>(state: &G) -> OwnActions {
    let mut v: Vec<(String, Vec<u32>)> = state
        .legal_actions()
        .into_iter()
        .map(|a| (a.to_string(), state.steps(a)))
        .collect();
    v.sort();
    (v, state.legal_next_steps(&[]))
}

/// Property 2: when `seat` acts, its legal actions and their steps in `state` are those
/// in `first` (`expected`).
fn check_same_own_actions<G: Information + PolicySpace>(
    expected: &OwnActions,
    first: &G,
    state: &G,
    seat: Seat,
) -> Result<(), InformationLeak> {
    let got = own_actions(state);
    if &got != expected {
        return Err(leak(
            state,
            seat,
            format!(
                "its own legal actions or their steps differ: {} against {} in {}",
                got.0.len(),
                expected.0.len(),
                first.position()
            ),
        ));
    }
    Ok(())
}

/// Property 3: when another seat acts, each of its actions in `state` as `seat` sees it
/// leads to the view it led to in the states before (`after`, filled as it goes).
fn check_actions_lead_alike<G: Information>(
    state: &G,
    seat: Seat,
    play: &impl Fn(&G, G::Action) -> G,
    after: &mut HashMap<String, (G::View, String)>,
) -> Result<(), InformationLeak> {
    for action in state.legal_actions() {
        let seen = state.action_view(action, seat);
        let child_view = play(state, action).view(seat);
        match after.get(&seen) {
            None => {
                after.insert(seen, (child_view, state.position()));
            }
            Some((other, at)) if *other != child_view => {
                return Err(leak(
                    state,
                    seat,
                    format!(
                        "after `{seen}` it sees `{}` here but `{}` from `{at}`",
                        G::write_view(&child_view),
                        G::write_view(other)
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// [`check_indistinguishable_with`] with the game's own rules.
pub fn check_indistinguishable<G: Information + Observation + Svg + PolicySpace>(
    states: &[G],
    seat: Seat,
) -> Result<(), InformationLeak> {
    check_indistinguishable_with(states, seat, |s, a| {
        let mut child = s.clone();
        child.play_unchecked(a);
        child
    })
}

/// Checks the property for `seat` on `state` and `samples` states drawn from `seat`'s view
/// of it.
pub fn check_information_set<G: Information + Observation + Svg + PolicySpace, R: Rng + ?Sized>(
    state: &G,
    seat: Seat,
    samples: usize,
    rng: &mut R,
) -> Result<(), InformationLeak> {
    let view = state.view(seat);
    let mut states = vec![state.clone()];
    states.extend((0..samples).map(|_| G::sample_from_view(&view, rng)));
    check_indistinguishable(&states, seat)
}

/// `seat`'s observation tensor of `state`.
fn observation<G: Observation>(state: &G, seat: Seat) -> Vec<f32> {
    let len = G::observation_shape(state.rules()).iter().product();
    let mut tensor = vec![0.0; len];
    state.write_observation(seat, &mut tensor);
    tensor
}
