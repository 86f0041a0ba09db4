//! This crate's own kinds of bot, each declared once in its file ([`BotKind`]): what it
//! is, how its spec reads and prints, whether it is timed, the caps it keeps and its bot.
//! [`BUILT_IN`] lists them in the order tools show them; [`BotSpec`] has a variant for
//! each.

mod alpha_beta;
mod external;
mod ismcts;
mod mcts;
mod simple;

pub use alpha_beta::AbKind;
pub use external::ExternalKind;
pub use ismcts::IsmctsKind;
pub use mcts::MctsKind;
pub use simple::{GreedyKind, GreedySpec, RandomKind, RandomSpec};

use crate::kinds::{BotKind, KindInfo};
use crate::spec::BotSpec;
use crate::spec_error::SpecError;

/// A built-in kind in the list of kinds: what it is and how its spec is read into a
/// [`BotSpec`].
pub(crate) struct BuiltIn {
    /// Its description.
    pub info: KindInfo,
    /// How the list of bots of an error writes it (`ext:COMMAND`).
    pub list_usage: &'static str,
    /// Reads the text after the colon.
    pub parse: fn(Option<&str>) -> Result<BotSpec, SpecError>,
}

/// The built-in kinds, in the order tools list them.
pub(crate) const BUILT_IN: [BuiltIn; 6] = [
    BuiltIn {
        info: KindInfo::of::<RandomKind>(),
        list_usage: RandomKind::NAME,
        parse: |options| RandomKind::parse_text(options).map(|_| BotSpec::Random),
    },
    BuiltIn {
        info: KindInfo::of::<GreedyKind>(),
        list_usage: GreedyKind::NAME,
        parse: |options| GreedyKind::parse_text(options).map(|_| BotSpec::Greedy),
    },
    BuiltIn {
        info: KindInfo::of::<MctsKind>(),
        list_usage: MctsKind::NAME,
        parse: |options| MctsKind::parse_text(options).map(BotSpec::Mcts),
    },
    BuiltIn {
        info: KindInfo::of::<IsmctsKind>(),
        list_usage: IsmctsKind::NAME,
        parse: |options| IsmctsKind::parse_text(options).map(BotSpec::Ismcts),
    },
    BuiltIn {
        info: KindInfo::of::<AbKind>(),
        list_usage: AbKind::NAME,
        parse: |options| AbKind::parse_text(options).map(BotSpec::AlphaBeta),
    },
    BuiltIn {
        info: KindInfo::of::<ExternalKind>(),
        list_usage: ExternalKind::USAGE,
        parse: |options| ExternalKind::parse_text(options).map(BotSpec::External),
    },
];
