//! pyramid-games: rules engines for abstract games played with Looney pyramids, behind
//! one API ([`core::Game`] and its opt-in traits).
//!
//! This facade re-exports every game crate, so one dependency brings them all:
//!
//! ```
//! use pyramid_games::core::{Game, perft};
//! use pyramid_games::martian_chess::MartianChess;
//! let start = MartianChess::new(&Default::default());
//! assert_eq!(perft(&start, 2), 104);
//! ```
//!
//! the bots ([`bots`]) play any of them:
//!
//! ```
//! use pyramid_games::bots::{BotSpec, MatchConfig, run_match};
//! use pyramid_games::martian_chess::MartianChess;
//! let config = MatchConfig {
//!     rules: Default::default(),
//!     bots: vec!["greedy".parse()?, BotSpec::Random],
//!     games: 4, seed: 1, swap_seats: true, jobs: 1,
//! };
//! let report = run_match::<MartianChess>(&config, |_| {})?;
//! assert_eq!(report.games, 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! and tools that choose the game at run time go through the runtime ([`runtime`]): the
//! registry of the games ([`registry`], built once; text and integer ids, see
//! [`core::dynamic`]) and the calls made on a game chosen by name (matches, record checks,
//! bench, training):
//!
//! ```
//! let registry = pyramid_games::registry();
//! assert_eq!(registry.names(), ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]);
//! let game = registry.get("ataxx-ice")?;
//! let mut state = game.new_state(&[("players", "3"), ("size", "6")])?;
//! let mut bot = game.bot("greedy", 7)?;
//! let action = bot.pick(state.as_ref())?;
//! state.play(&action)?;
//! assert_eq!(state.plies(), 1);
//! # Ok::<(), pyramid_games::core::dynamic::RuntimeError>(())
//! ```
#![forbid(unsafe_code)]

pub use ataxx_ice;
pub use card_siege;
pub use martian_chess;
/// Bots (random, greedy, MCTS, alpha-beta, outside engines), matches, game records and
/// replay, for every game; the kinds of bots other crates add (`az`) by spec through
/// [`runtime::parse_bot`].
pub use pyramid_bots as bots;
pub use pyramid_core as core;
pub use stacktrices;

/// The runtime above the bots: the registry and the calls tools make on a game chosen by
/// name.
pub use pyramid_runtime as runtime;
pub use pyramid_runtime::registry;

/// AlphaZero-style learning (feature `learn`, on by default): models, self-play, training
/// and the `az` bot ([`learn::AzKind`], a kind of bot spec the runtime adds).
#[cfg(feature = "learn")]
pub use pyramid_runtime::pyramid_learn as learn;
