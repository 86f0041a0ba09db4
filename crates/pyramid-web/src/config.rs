//! The server's limits: [`ServerConfig`].

use std::time::Duration;

/// The limits a server keeps (all documented in `docs/web.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// Live games kept at most; creating one more drops the game idle the longest.
    pub max_games: usize,
    /// A game nobody has read or played for this long is dropped.
    pub idle_expiry: Duration,
    /// The largest request body accepted, in bytes.
    pub max_body: usize,
    /// The largest time budget a bot seat may have per move (`mcts:ms=N`).
    pub max_bot_time: Duration,
    /// The largest iteration budget a bot seat may have per move (`mcts:iters=N`).
    pub max_bot_iterations: u64,
    /// The outside engines clients may seat, as canonical bot specs (`ext:COMMAND ...`,
    /// docs/protocol.md): `pyrctl serve --bot`. No other `ext:` spec is accepted, so a
    /// client can never make the server run a command.
    pub engines: Vec<String>,
}

impl Default for ServerConfig {
    /// 1000 games, one hour of idleness, 16 KiB bodies, bots of at most 2 s or 50,000
    /// iterations a move.
    fn default() -> Self {
        ServerConfig {
            max_games: 1000,
            idle_expiry: Duration::from_secs(3600),
            max_body: 16 * 1024,
            max_bot_time: Duration::from_secs(2),
            max_bot_iterations: 50_000,
            engines: Vec::new(),
        }
    }
}
