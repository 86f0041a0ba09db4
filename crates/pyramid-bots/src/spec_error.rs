//! [`SpecError`]: why a bot specification was refused (shared by the built-in bots'
//! specs and the kinds other crates add).

/// Why a bot specification was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The specification is empty.
    #[error("empty bot specification (bots: {known})")]
    Empty {
        /// The bots known, as specs are written (`random, greedy, ..., az:model=FILE`).
        known: String,
    },
    /// No bot of this name.
    #[error("unknown bot `{name}` (bots: {known})")]
    UnknownBot {
        /// The name given.
        name: String,
        /// The bots known, as specs are written (`random, greedy, ..., az:model=FILE`).
        known: String,
    },
    /// The bot takes no options, or not this one.
    #[error("bot `{bot}` has no option `{key}` (it has: {known})")]
    UnknownOption {
        /// The bot's name.
        bot: &'static str,
        /// The option given.
        key: String,
        /// The options the bot has.
        known: &'static str,
    },
    /// An option without `=VALUE`.
    #[error("bot option `{0}` is not of the form KEY=VALUE")]
    NotKeyValue(String),
    /// An option's value does not fit it.
    #[error("bot option `{key}` cannot be `{value}`: {expected}")]
    BadValue {
        /// The option.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
    /// An option given twice.
    #[error("bot option `{0}` given twice")]
    Repeated(&'static str),
    /// Both budgets given.
    #[error("a budget is either `iters` or `ms`, not both (`ab`: `depth` or `ms`)")]
    TwoBudgets,
    /// An outside engine's spec is refused.
    #[error("outside engine: {0}")]
    External(String),
    /// The bot cannot be built: a file it needs is unreadable, damaged or another
    /// game's, or its kind was not added for the game.
    #[error("{bot}: {reason}")]
    Build {
        /// The bot's name.
        bot: &'static str,
        /// Why.
        reason: String,
    },
}
