//! Structured fuzzing inputs (feature `arbitrary`): rules, reachable states and legal
//! actions of any game built from an [`arbitrary::Unstructured`], for cargo-fuzz users who
//! want a state or an action rather than raw bytes.
//!
//! Each game crate implements [`arbitrary::Arbitrary`] for its state and action types
//! with [`impl_arbitrary!`](crate::impl_arbitrary) (its own `arbitrary` feature), so a
//! fuzz target reads:
//!
//! ```ignore
//! fuzz_target!(|input: (martian_chess::MartianChess, martian_chess::Action)| {
//!     let (state, action) = input;
//!     let mut next = state.clone();
//!     let _ = next.play(action); // an action legal in some reachable state, maybe not here
//! });
//! ```

use arbitrary::{Result, Unstructured};

use pyramid_core::{Game, RuleSet};

/// The arbitrary crate these impls are written for, re-exported so game crates and users
/// name the same version.
pub use arbitrary;

/// The most plies [`state`] plays from the deal.
pub const MAX_PLIES: u32 = 400;

/// Rules of `R`: a seat count of [`RuleSet::SEAT_COUNTS`], one value of each own option
/// of those its [`RuleSet::OPTIONS`] try, and sometimes a ply limit. Combinations the rules refuse
/// fall back to the defaults for the option refused.
pub fn rules<R: RuleSet>(u: &mut Unstructured<'_>) -> Result<R> {
    let seats = *u.choose(R::SEAT_COUNTS)?;
    let mut rules = R::default().with_seats(seats).unwrap_or_default();
    for spec in R::OPTIONS {
        if spec.tries.is_empty() {
            continue;
        }
        let value = u.choose(spec.tries)?;
        if let Ok(changed) = rules.clone().with_option(spec.key, value) {
            rules = changed;
        }
    }
    let limit = if u.ratio(1, 8)? {
        Some(u.int_in_range(1..=MAX_PLIES)?)
    } else {
        None
    };
    Ok(rules.with_ply_limit(limit))
}

/// A state reachable under [`rules`]: the deal, then up to [`MAX_PLIES`] seeded random
/// plies ([`crate::fuzzing::reachable_state`], as the proptest strategies).
pub fn state<G: Game>(u: &mut Unstructured<'_>) -> Result<G> {
    let rules = rules::<G::Rules>(u)?;
    let seed: u64 = u.arbitrary()?;
    let plies = u.int_in_range(0..=MAX_PLIES)?;
    Ok(crate::fuzzing::reachable_state(&rules, seed, plies))
}

/// An action legal in some reachable state (its start when the state drawn is over): a
/// well-formed action, which may be illegal in the state a fuzz target plays it in.
pub fn action<G: Game>(u: &mut Unstructured<'_>) -> Result<G::Action> {
    let mut state = state::<G>(u)?;
    if state.count_actions() == 0 {
        state = G::new(state.rules());
    }
    let count = state.count_actions();
    if count == 0 {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    let index = u.choose_index(count)?;
    state
        .nth_action(index)
        .ok_or(arbitrary::Error::IncorrectFormat)
}

/// Implements [`arbitrary::Arbitrary`] for a game's state and action types (in the game's
/// crate, behind its `arbitrary` feature): states from [`state`], actions from [`action`].
///
/// ```ignore
/// #[cfg(feature = "arbitrary")]
/// pyramid_testkit::impl_arbitrary!(MartianChess, Action);
/// ```
#[macro_export]
macro_rules! impl_arbitrary {
    ($game:ty, $action:ty) => {
        impl<'a> $crate::arbitrary_support::arbitrary::Arbitrary<'a> for $game {
            fn arbitrary(
                u: &mut $crate::arbitrary_support::arbitrary::Unstructured<'a>,
            ) -> $crate::arbitrary_support::arbitrary::Result<Self> {
                $crate::arbitrary_support::state::<$game>(u)
            }
        }

        impl<'a> $crate::arbitrary_support::arbitrary::Arbitrary<'a> for $action {
            fn arbitrary(
                u: &mut $crate::arbitrary_support::arbitrary::Unstructured<'a>,
            ) -> $crate::arbitrary_support::arbitrary::Result<Self> {
                $crate::arbitrary_support::action::<$game>(u)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::nim::Nim;

    #[test]
    fn states_and_actions_come_from_any_bytes() -> Result<()> {
        for seed in 0..200u32 {
            let bytes: Vec<u8> = (0..64)
                .map(|i| (seed.wrapping_mul(31) + i * 7) as u8)
                .collect();
            let mut u = Unstructured::new(&bytes);
            let state: Nim = state(&mut u)?;
            assert!(state.plies() <= MAX_PLIES);
            let action = action::<Nim>(&mut u)?;
            let start = Nim::new(state.rules());
            // The action is legal in some reachable state: at least well-formed enough
            // that a checked play answers without panicking.
            let mut copy = start.clone();
            let _ = copy.play(action);
        }
        Ok(())
    }
}
