//! The information-set property: what a seat may see decides everything that seat sees
//! next.
//!
//! For a seat S and states S cannot tell apart (equal [`Information::view`](crate::Information::view)s, e.g. states drawn
//! by [`Information::sample_from_view`](crate::Information::sample_from_view) from S's view):
//! 1. the seat to act is the same in all;
//! 2. when S acts, S's legal actions are the same in all, with the same decision steps
//!    ([`PolicySpace`](crate::PolicySpace)), so S's legal next steps after every prefix
//!    are the same too;
//! 3. when another seat acts, each of its actions as S sees it ([`Information::action_view`](crate::Information::action_view))
//!    leads, in every state where it is legal, to states S cannot tell apart either.
//!
//! A game that breaks (3) shows S something through the shape of the game that the view
//! was meant to hide, as the old Stacktrices raid rule did: a raid decision that arose only
//! for the thief showed the opponent which stack the thief was.

use std::collections::HashMap;
use std::fmt;

use rand::Rng;

use crate::{Information, Observation, PolicySpace, Seat, Svg};

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
/// `play` applying an action (normally [`Game::play_unchecked`](crate::Game::play_unchecked) on a copy; a test may pass
/// a modified rule to show that the check catches a leak).
pub fn check_indistinguishable_with<G: Information + Observation + Svg + PolicySpace>(
    states: &[G],
    seat: Seat,
    play: impl Fn(&G, G::Action) -> G,
) -> Result<(), InformationLeak> {
    let Some(first) = states.first() else {
        return Ok(());
    };
    let leak = |state: &G, what: String| InformationLeak {
        seat,
        what,
        position: state.position(),
    };
    let view = first.view(seat);
    let tensor = observation(first, seat);
    let picture = first.svg(Some(seat));
    let to_act = first.to_act();
    // The acting seat's actions with their decision steps, and its first steps.
    let mine = |s: &G| {
        let mut v: Vec<(String, Vec<u32>)> = s
            .legal_actions()
            .into_iter()
            .map(|a| (a.to_string(), s.steps(a)))
            .collect();
        v.sort();
        (v, s.legal_next_steps(&[]))
    };
    let my_actions = (to_act == Some(seat)).then(|| mine(first));
    // Per action as `seat` sees it: the view it leads to, and where it was first seen.
    let mut after: HashMap<String, (G::View, String)> = HashMap::new();
    for state in states {
        if state.view(seat) != view {
            return Err(leak(
                state,
                format!("the states given have different views for seat {seat}"),
            ));
        }
        if observation(state, seat) != tensor {
            return Err(leak(
                state,
                format!("seat {seat}'s observation tensor differs between states with one view"),
            ));
        }
        if state.svg(Some(seat)) != picture {
            return Err(leak(
                state,
                format!("seat {seat}'s SVG picture differs between states with one view"),
            ));
        }
        if state.to_act() != to_act {
            return Err(leak(
                state,
                format!(
                    "the seat to act differs ({:?} and {:?} in {})",
                    state.to_act(),
                    to_act,
                    first.position()
                ),
            ));
        }
        match (&my_actions, to_act) {
            (Some(expected), _) => {
                let got = mine(state);
                if &got != expected {
                    return Err(leak(
                        state,
                        format!(
                            "its own legal actions or their steps differ: {} against {} in {}",
                            got.0.len(),
                            expected.0.len(),
                            first.position()
                        ),
                    ));
                }
            }
            (None, Some(_)) => {
                for action in state.legal_actions() {
                    let seen = state.action_view(action, seat);
                    let child = play(state, action);
                    let child_view = child.view(seat);
                    match after.get(&seen) {
                        None => {
                            after.insert(seen, (child_view, state.position()));
                        }
                        Some((other, at)) if *other != child_view => {
                            return Err(leak(
                                state,
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
            }
            (None, None) => {}
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
