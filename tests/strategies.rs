//! The public proptest strategies (`<game>::strategy`, feature `proptest`) and
//! `arbitrary::Arbitrary` impls (feature `arbitrary`) of every game, used as a user would:
//! generated legal actions are legal, generated illegal actions are refused without a
//! change, position strings read back, corrupted ones never panic, and any bytes make a
//! state and an action.

use arbitrary::{Arbitrary, Unstructured};
use proptest::prelude::*;
use pyramid_games::core::{Game, Notation};

macro_rules! strategy_tests {
    ($module:ident, $game:ty, $action:ty) => {
        mod $module {
            use super::*;
            use pyramid_games::$module::strategy;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(48))]

                #[test]
                fn legal_actions_are_legal_and_play((state, action) in strategy::legal_actions()) {
                    prop_assert!(state.is_legal(action));
                    let mut next = state.clone();
                    prop_assert!(next.play(action).is_ok(), "`{}` at `{}`", action, state.position());
                }

                #[test]
                fn illegal_actions_are_refused_and_change_nothing((state, action) in strategy::illegal_actions()) {
                    let mut next = state.clone();
                    prop_assert!(next.play(action).is_err(), "`{}` at `{}`", action, state.position());
                    prop_assert_eq!(next, state);
                }

                #[test]
                fn positions_read_back((text, rules) in strategy::positions()) {
                    let state = <$game>::from_position(&text, &rules);
                    prop_assert!(state.is_ok(), "`{}`: {:?}", text, state.err().map(|e| e.to_string()));
                    prop_assert_eq!(state.map(|s| s.position()).ok(), Some(text));
                }

                #[test]
                fn corrupted_positions_are_refused_or_read_back((text, rules) in strategy::corrupted_positions()) {
                    if let Ok(state) = <$game>::from_position(&text, &rules) {
                        let again = <$game>::from_position(&state.position(), &rules);
                        prop_assert_eq!(again.ok(), Some(state));
                    }
                }
            }

            #[test]
            fn any_bytes_make_a_state_and_an_action() -> arbitrary::Result<()> {
                for seed in 0..64u32 {
                    let bytes: Vec<u8> =
                        (0..48u32).map(|i| (seed.wrapping_mul(97) ^ i.wrapping_mul(31)) as u8).collect();
                    let mut u = Unstructured::new(&bytes);
                    let state = <$game>::arbitrary(&mut u)?;
                    let action = <$action>::arbitrary(&mut u)?;
                    let mut next = state.clone();
                    if next.play(action).is_err() {
                        assert_eq!(next, state, "a refused action changed the state");
                    }
                }
                Ok(())
            }
        }
    };
}

strategy_tests!(
    martian_chess,
    pyramid_games::martian_chess::MartianChess,
    pyramid_games::martian_chess::Action
);
strategy_tests!(
    ataxx_ice,
    pyramid_games::ataxx_ice::AtaxxIce,
    pyramid_games::ataxx_ice::Action
);
strategy_tests!(
    card_siege,
    pyramid_games::card_siege::CardSiege,
    pyramid_games::card_siege::Action
);
strategy_tests!(
    stacktrices,
    pyramid_games::stacktrices::Stacktrices,
    pyramid_games::stacktrices::Action
);
