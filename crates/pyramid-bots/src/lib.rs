#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod alphabeta;
mod bench;
mod built_in;
mod caps;
mod elo;
mod greedy;
mod ismcts;
pub mod kinds;
mod ladder;
mod leaf_value;
mod matches;
mod mcts;
pub mod protocol;
mod record;
mod record_lines;
mod replay;
mod spec;
mod spec_error;
mod summary;
mod visibility;

pub use alphabeta::{AbBudget, AbStats, AlphaBetaBot, AlphaBetaConfig};
pub use bench::{BENCH_HEADER, BENCH_PLY_LIMIT, BenchRow, bench};
pub use built_in::{
    AbKind, ExternalKind, GreedyKind, GreedySpec, IsmctsKind, MctsKind, RandomKind, RandomSpec,
};
pub use caps::{BotCaps, CapError};
pub use elo::{Elo, elo_from_score};
pub use greedy::GreedyBot;
pub use ismcts::{IsmctsBot, IsmctsConfig};
pub use kinds::{AddedSpec, BotKind, BotKinds, KindInfo};
pub use ladder::{Rating, ladder};
pub use leaf_value::{Heuristic, LeafValue};
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
