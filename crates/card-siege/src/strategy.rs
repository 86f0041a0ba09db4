//! proptest strategies for card-siege (feature `proptest`): reachable states under every
//! rule option, legal and illegal actions, valid and corrupted position strings. They
//! shrink toward fewer plies from the start and toward the default rules.
//!
//! ```
//! use proptest::prelude::*;
//! use pyramid_core::prelude::*;
//!
//! proptest!(|((state, action) in card_siege::strategy::legal_actions())| {
//!     let mut next = state.clone();
//!     prop_assert!(next.play(action).is_ok());
//! });
//! ```

pyramid_testkit::game_strategies!(crate::CardSiege, 300);
