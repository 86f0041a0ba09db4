//! Bots, matches and game records for every pyramid-games engine, written once over
//! [`pyramid_core::FullGame`].
//!
//! - Bots ([`pyramid_core::Bot`]): [`RandomBot`](pyramid_core::RandomBot) (seeded),
//!   [`GreedyBot`] (one ply, by [`Evaluate::evaluate`](pyramid_core::Evaluate::evaluate)) and
//!   [`MctsBot`] (UCT with random playouts, an iteration or time [`Budget`], per-seat
//!   rewards, determinization for hidden information, tree reuse);
//! - [`BotSpec`]: bots named by text, `random`, `greedy`, `mcts:iters=2000`, `mcts:ms=50`;
//!   [`bot_from_spec`] is the bot factory of the runtime interface; other crates add kinds
//!   of bots by name ([`BotKind`], [`BotKinds`]: `pyramid-learn`'s `az`);
//! - [`run_match`]: N games on J threads, each reproducible from the match seed alone,
//!   with per-bot totals ([`MatchReport`]) and an [`Elo`] difference;
//! - [`Record`]: one JSON line per game; [`verify`] re-plays a record and says where it
//!   goes wrong.
//!
//! ```
//! use pyramid_bots::{BotSpec, MatchConfig, run_match, verify};
//! use pyramid_core::nim::Nim;
//!
//! let config = MatchConfig {
//!     rules: Default::default(),
//!     bots: vec!["mcts:iters=300".parse()?, "random".parse()?],
//!     games: 10,
//!     seed: 42,
//!     swap_seats: true,
//!     jobs: 2,
//! };
//! let mut lines = Vec::new();
//! let report = run_match::<Nim>(&config, |game| lines.push(game.record.to_json()))?;
//! assert!(report.tallies[0].score() > 0.5);
//! for line in &lines {
//!     pyramid_bots::verify_line::<Nim>(line)?;
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod alphabeta;
mod bench;
mod elo;
mod greedy;
mod ismcts;
pub mod kinds;
mod ladder;
mod matches;
mod mcts;
pub mod protocol;
mod record;
mod record_lines;
mod replay;
mod spec;
mod summary;
mod visibility;

pub use alphabeta::{AbBudget, AbStats, AlphaBetaBot, AlphaBetaConfig};
pub use bench::{BENCH_HEADER, BENCH_PLY_LIMIT, BenchRow, bench};
pub use elo::{Elo, elo_from_score};
pub use greedy::GreedyBot;
pub use ismcts::{IsmctsBot, IsmctsConfig};
pub use kinds::{AddedSpec, BotKind, BotKinds};
pub use ladder::{Rating, ladder};
pub use matches::{
    GameResult, MatchConfig, MatchError, MatchReport, Tally, check_record, play_match_game,
    report_of_records, run_games, run_match, seat_bots,
};
pub use mcts::{Budget, MctsBot, MctsConfig, SearchStats};
pub use record::{Record, RecordResult, RecordRules};
pub use record_lines::{MAX_RECORD_LINE, RecordLineError, RecordLines, record_lines};
pub use replay::{ReplayError, verify, verify_line};
pub use spec::{BotSpec, SpecError, bot_from_spec};
pub use summary::{DEFAULT_MATCH_PLY_LIMIT, MatchRequest, summary_json, summary_text};
pub use visibility::{action_visible_to, perfect_information};
