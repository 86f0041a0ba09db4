//! The runtime interface: games chosen by name at run time, states with actions as text
//! and integer ids, position and view strings, rule options as `key=value`, and bots by
//! spec, all object-safe. Tools that choose the game at run time (the command line, Python,
//! a browser server, the engine protocol) are written once against it.
//!
//! [`Registry`] holds a [`DynGame`] per game; [`GameEntry`] is the one implementation,
//! generic over any [`FullGame`](crate::FullGame); [`DynState`] and [`DynBot`] are the
//! states and bots it makes. The project's registry of its four games, with every bot of
//! `pyramid-bots`, is `pyramid_games::registry()`.
//!
//! Nothing here is on a hot path: perft and playouts run on the typed state inside
//! ([`DynState::perft`] calls the generic perft once).

mod bot;
mod error;
mod game;
mod registry;
mod state;

pub use bot::{BotFactory, DynBot, random_only};
pub use error::RuntimeError;
pub use game::{DynGame, GameEntry, RuleOption};
pub use registry::Registry;
pub use state::{DynState, StateBox};

#[cfg(test)]
mod tests;

/// Owned `key=value` rule options as the runtime's calls take them (borrowed pairs).
///
/// ```
/// let owned = vec![("seats".to_owned(), "4".to_owned())];
/// assert_eq!(pyramid_core::dynamic::borrowed_options(&owned), [("seats", "4")]);
/// ```
pub fn borrowed_options(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}
