//! proptest strategies for any game (feature `proptest`): reachable states, their legal
//! actions, well-formed actions that are illegal where they are offered, and valid and
//! corrupted position strings. Each game crate's `strategy` module (its own `proptest`
//! feature) fixes the game and its rule options on top of these.
//!
//! Every strategy here is built from seeds and counts, so it shrinks the way a person
//! simplifies a failing case: toward fewer plies from the start, and toward the first
//! (default) value of every rule option.
//!
//! ```
//! use proptest::prelude::*;
//! use pyramid_core::nim::{Nim, NimRules};
//! use pyramid_testkit::strategy::{rules_from, states_with};
//! use pyramid_core::{Game, OptionSpec, RuleSet};
//!
//! // Nim's one option, trying other values than its declaration does.
//! const PILES: &[OptionSpec] = &[OptionSpec {
//!     tries: &["3,4,5", "1,2", "15,15,15,15"],
//!     ..NimRules::OPTIONS[0]
//! }];
//! let rules = rules_from::<NimRules>(PILES);
//! proptest!(|(state in states_with::<Nim>(rules, 40))| {
//!     prop_assert!(state.plies() <= 40);
//! });
//! ```

use proptest::prelude::*;
use proptest::sample::Index;

use pyramid_core::{Game, Notation, OptionSpec, RuleSet};

/// The proptest crate these strategies are written for, re-exported so game crates and
/// users name the same version.
pub use proptest;

/// Rules of `R` drawn from `choices`: for each option, one of the values it tries (the
/// first listed is the one shrinking leads to, so declarations list the default first); the seat count
/// from [`RuleSet::SEAT_COUNTS`] (shrinking toward the first); no ply limit, or (rarely) a
/// limit from 1 to 400. Combinations the rules refuse are skipped.
pub fn rules_from<R: RuleSet>(choices: &'static [OptionSpec]) -> impl Strategy<Value = R> + Clone {
    let picks = proptest::collection::vec(any::<Index>(), choices.len());
    let seats = any::<Index>();
    let limit = prop_oneof![4 => Just(None), 1 => (1u32..=400).prop_map(Some)];
    (seats, picks, limit).prop_filter_map(
        "rule options the game refuses together",
        move |(seats, picks, limit)| {
            let counts = R::SEAT_COUNTS;
            let seats = *counts.get(seats.index(counts.len().max(1)))?;
            let mut rules = R::default().with_seats(seats).ok()?;
            for (spec, pick) in choices.iter().zip(&picks) {
                if spec.tries.is_empty() {
                    continue;
                }
                rules = rules
                    .with_option(spec.key, spec.tries[pick.index(spec.tries.len())])
                    .ok()?;
            }
            Some(rules.with_ply_limit(limit))
        },
    )
}

pub use crate::fuzzing::reachable_state;

/// Rules of `R` drawn from the values its [`RuleSet::OPTIONS`] try, as [`rules_from`]
/// draws them.
pub fn rules<R: RuleSet>() -> impl Strategy<Value = R> + Clone {
    rules_from::<R>(R::OPTIONS)
}

/// States reachable under rules drawn from `rules`: the deal, then up to `max_plies`
/// seeded random plies. Shrinks toward fewer plies and simpler rules.
pub fn states_with<G: Game>(
    rules: impl Strategy<Value = G::Rules> + Clone,
    max_plies: u32,
) -> impl Strategy<Value = G> + Clone {
    (rules, any::<u64>(), 0..=max_plies)
        .prop_map(|(rules, seed, plies)| reachable_state::<G>(&rules, seed, plies))
}

/// A state from `states` that is not over, with one of its legal actions (each legal
/// action as likely as any other).
pub fn states_and_legal_actions<G: Game>(
    states: impl Strategy<Value = G> + Clone,
) -> impl Strategy<Value = (G, G::Action)> + Clone {
    (states, any::<Index>()).prop_filter_map("the game is over", |(state, pick)| {
        let count = state.count_actions();
        if count == 0 {
            return None;
        }
        let action = state.nth_action(pick.index(count))?;
        Some((state, action))
    })
}

/// A state from `states` with a well-formed action that is illegal there: an action legal
/// in another state reachable under the same rules (same seed stream, a different number
/// of plies), which a checked `play` must refuse, leaving the state unchanged.
pub fn states_and_illegal_actions<G: Game>(
    states: impl Strategy<Value = G> + Clone,
) -> impl Strategy<Value = (G, G::Action)> + Clone {
    (states, any::<u64>(), 0u32..=200, any::<Index>()).prop_filter_map(
        "no action of the other state is illegal here",
        |(state, seed, plies, pick)| {
            let elsewhere = reachable_state::<G>(state.rules(), seed, plies);
            let candidates: Vec<G::Action> = elsewhere
                .legal_actions()
                .into_iter()
                .filter(|&action| !state.is_legal(action))
                .collect();
            if candidates.is_empty() {
                return None;
            }
            let action = candidates[pick.index(candidates.len())];
            Some((state, action))
        },
    )
}

/// The position strings of states from `states`, with their rules (position strings read
/// back under those rules).
pub fn positions<G: Notation>(
    states: impl Strategy<Value = G> + Clone,
) -> impl Strategy<Value = (String, G::Rules)> + Clone {
    states.prop_map(|state| (state.position(), state.rules().clone()))
}

/// How [`corrupted_positions`] damages a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corruption {
    /// Cut it short after `n` characters.
    Truncate,
    /// Remove one character.
    Delete,
    /// Put a character in at one place.
    Insert(char),
    /// Swap two neighbouring characters.
    Swap,
    /// Replace one character.
    Replace(char),
    /// Write one space-separated field twice.
    DuplicateField,
}

/// Applies `corruption` to `text` at character `at` (taken modulo the length; for
/// [`Corruption::DuplicateField`], field `at` modulo the field count).
pub fn corrupt(text: &str, corruption: Corruption, at: usize) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return "?".to_owned();
    }
    let i = at % chars.len();
    match corruption {
        Corruption::Truncate => chars.truncate(i),
        Corruption::Delete => {
            chars.remove(i);
        }
        Corruption::Insert(c) => chars.insert(i, c),
        Corruption::Swap => {
            let j = (i + 1) % chars.len();
            chars.swap(i, j);
        }
        Corruption::Replace(c) => chars[i] = c,
        Corruption::DuplicateField => {
            let fields: Vec<&str> = text.split(' ').collect();
            let k = at % fields.len();
            let mut out = fields.clone();
            out.insert(k, fields[k]);
            return out.join(" ");
        }
    }
    chars.into_iter().collect()
}

/// Position strings of states from `states`, damaged once each (a cut, a deleted,
/// inserted, swapped or replaced character, a doubled field), with their rules. Most are
/// invalid; some are still valid (a swap of two equal pieces). A reader must refuse them
/// with an error, never panic, and whatever it accepts must write back as a position it
/// reads again to the same state.
pub fn corrupted_positions<G: Notation>(
    states: impl Strategy<Value = G> + Clone,
) -> impl Strategy<Value = (String, G::Rules)> + Clone {
    let replacement = prop_oneof![
        proptest::char::range('0', '9'),
        proptest::char::range('a', 'z'),
        proptest::char::range('A', 'Z'),
        proptest::sample::select(vec![' ', '/', ',', '-', '(', ')', '.', '!', '?', '\u{e9}']),
    ];
    let corruption = prop_oneof![
        Just(Corruption::Truncate),
        Just(Corruption::Delete),
        replacement.clone().prop_map(Corruption::Insert),
        Just(Corruption::Swap),
        replacement.prop_map(Corruption::Replace),
        Just(Corruption::DuplicateField),
    ];
    (positions(states), corruption, any::<usize>())
        .prop_map(|((text, rules), corruption, at)| (corrupt(&text, corruption, at), rules))
}

/// Writes a game crate's `strategy` module: `rules()`, `states()` (at most `max_plies`
/// random plies from the deal), `legal_actions()`, `illegal_actions()`, `positions()` and
/// `corrupted_positions()`, each the generic strategy of this module for `$game` under the
/// rule options its [`RuleSet::OPTIONS`] try.
///
/// ```ignore
/// // crates/martian-chess/src/strategy.rs
/// pyramid_testkit::game_strategies!(crate::MartianChess, 300);
/// ```
#[macro_export]
macro_rules! game_strategies {
    ($game:ty, $max_plies:expr) => {
        use $crate::strategy::proptest::strategy::Strategy;

        /// Rules with every seat count and a value of each rule option (shrinking toward
        /// the defaults), sometimes a ply limit.
        pub fn rules() -> impl Strategy<Value = <$game as $crate::pyramid_core::Game>::Rules> + Clone {
            $crate::strategy::rules::<<$game as $crate::pyramid_core::Game>::Rules>()
        }

        /// States reachable under [`rules`]: the deal, then seeded random plies (shrinking
        /// toward fewer plies and simpler rules).
        pub fn states() -> impl Strategy<Value = $game> + Clone {
            $crate::strategy::states_with::<$game>(rules(), $max_plies)
        }

        /// A state of [`states`] that is not over, with one of its legal actions.
        pub fn legal_actions()
        -> impl Strategy<Value = ($game, <$game as $crate::pyramid_core::Game>::Action)> + Clone {
            $crate::strategy::states_and_legal_actions(states())
        }

        /// A state of [`states`] with a well-formed action that is illegal there (legal in
        /// another reachable state).
        pub fn illegal_actions()
        -> impl Strategy<Value = ($game, <$game as $crate::pyramid_core::Game>::Action)> + Clone {
            $crate::strategy::states_and_illegal_actions(states())
        }

        /// Valid position strings, with the rules to read them under.
        pub fn positions()
        -> impl Strategy<Value = (String, <$game as $crate::pyramid_core::Game>::Rules)> + Clone {
            $crate::strategy::positions(states())
        }

        /// Position strings damaged once each (mostly invalid), with their rules.
        pub fn corrupted_positions()
        -> impl Strategy<Value = (String, <$game as $crate::pyramid_core::Game>::Rules)> + Clone {
            $crate::strategy::corrupted_positions(states())
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::nim::{Nim, NimRules};

    fn nim_states() -> impl Strategy<Value = Nim> + Clone {
        states_with::<Nim>(rules::<NimRules>(), 30)
    }

    proptest! {
        #[test]
        fn reachable_states_are_reproducible(seed: u64, plies in 0u32..30) {
            let rules = NimRules::default();
            prop_assert_eq!(
                reachable_state::<Nim>(&rules, seed, plies),
                reachable_state::<Nim>(&rules, seed, plies)
            );
        }

        #[test]
        fn legal_actions_are_legal((state, action) in states_and_legal_actions(nim_states())) {
            prop_assert!(state.is_legal(action));
            let mut next = state.clone();
            prop_assert!(next.play(action).is_ok());
        }

        #[test]
        fn illegal_actions_are_refused((state, action) in states_and_illegal_actions(nim_states())) {
            prop_assert!(!state.is_legal(action));
            let mut next = state.clone();
            prop_assert!(next.play(action).is_err());
            prop_assert_eq!(next, state);
        }

        #[test]
        fn positions_read_back((text, rules) in positions(nim_states())) {
            let state = Nim::from_position(&text, &rules);
            prop_assert!(state.is_ok(), "{}", text);
        }

        #[test]
        fn corrupted_positions_never_panic((text, rules) in corrupted_positions(nim_states())) {
            if let Ok(state) = Nim::from_position(&text, &rules) {
                let again = Nim::from_position(&state.position(), &rules);
                prop_assert_eq!(again.ok(), Some(state));
            }
        }
    }

    #[test]
    fn rules_shrink_toward_the_defaults() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let strategy = rules::<NimRules>();
        let mut tree = strategy.new_tree(&mut runner).expect("a value");
        while tree.simplify() {}
        assert_eq!(tree.current().piles(), &[3, 4, 5]);
    }

    #[test]
    fn corrupt_damages_as_named() {
        let first = 0;
        assert_eq!(corrupt("ab cd", Corruption::Truncate, first), "");
        assert_eq!(corrupt("ab cd", Corruption::Delete, first), "b cd");
        assert_eq!(corrupt("ab cd", Corruption::Insert('x'), first), "xab cd");
        assert_eq!(corrupt("ab cd", Corruption::Swap, first), "ba cd");
        assert_eq!(corrupt("ab cd", Corruption::Replace('z'), first), "zb cd");
        assert_eq!(
            corrupt("ab cd", Corruption::DuplicateField, first),
            "ab ab cd"
        );
        assert_eq!(corrupt("ab cd", Corruption::Swap, 4), "db ca");
        assert_eq!(corrupt("ab cd", Corruption::DuplicateField, 3), "ab cd cd");
    }
}
