//! The server's limits: [`ServerConfig`].

use std::time::Duration;

use pyramid_bots::BotCaps;

/// The limits a server keeps (all documented in `docs/web.md`, "Limits").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// Live games kept at most; creating one more drops the game idle the longest.
    pub max_games: usize,
    /// Live games with a bot seat still playing, at most: creating one more drops the
    /// bot game idle the longest (its bots stop). Bounds the memory bots hold.
    pub max_bot_games: usize,
    /// A game no client has read or played for this long is dropped (checked on every
    /// request and every few seconds).
    pub idle_expiry: Duration,
    /// The ply limit of every game: a game created with no `ply_limit` gets this one, and
    /// a larger `ply_limit` is refused.
    pub max_plies: u32,
    /// The largest request body accepted, in bytes.
    pub max_body: usize,
    /// What a client's bot seat may cost, and the outside engines and learned files it
    /// may name (every kind of bot keeps them: [`BotCaps`]): at most 2 s, 2,000
    /// iterations or depth 3 a move, playouts of 100 plies, tables of 2^14 entries, trees
    /// of 10,000 nodes, one search thread. Its `engines` are `pyrctl serve --bot` (no
    /// other `ext:` spec is accepted, so a client can never make the server run a
    /// command); its `learned_files` are `pyrctl serve --model NAME=FILE` (a client names
    /// a file by its name, never by its path, so it cannot make the server read any
    /// other file).
    pub bots: BotCaps,
    /// Bot moves computed at once (each on a blocking thread) for games with a person;
    /// other such games wait their turn. Games of bots alone have a pool of their own
    /// ([`ServerConfig::background_bot_threads`]), so they never hold up a person.
    pub bot_threads: usize,
    /// Bot moves computed at once for games of bots alone (no human seat): whatever
    /// they cost, a person's game against a bot waits only for other people's.
    pub background_bot_threads: usize,
    /// Games of bots alone one client (an IP address) may have playing at once; a
    /// client asking for one more is answered 429.
    pub max_client_bot_games: usize,
    /// New games one client may create a minute (refilled continuously; a client
    /// beyond it is answered 429).
    pub creates_per_minute: u32,
    /// Seats one client may take a minute (`POST /api/games/{id}/join`; refilled
    /// continuously; a client beyond it is answered 429).
    pub joins_per_minute: u32,
    /// Open challenges one client may have listed in the lobby at once (a new one beyond
    /// is answered 429), so that the lobby shows everyone's.
    pub max_client_challenges: usize,
    /// Replays computed at once, each on a blocking thread; others wait their turn
    /// (lighter work, new games and pictures, has a pool of its own).
    pub cpu_threads: usize,
    /// Open connections at most; the server accepts no more until one closes.
    pub max_connections: usize,
    /// Open connections one client (an IP address) may have; one more is closed at once.
    pub max_client_connections: usize,
    /// Event streams (`GET /api/games/{id}/events`) open at most, in all: kept well
    /// under [`ServerConfig::max_connections`], so streams never take the connections
    /// requests need.
    pub max_streams: usize,
    /// Event streams one game may have open at once.
    pub max_game_streams: usize,
    /// Event streams one client (an IP address) may have open at once.
    pub max_client_streams: usize,
    /// How long an event stream lasts; then it ends and the page connects again.
    pub stream_lifetime: Duration,
    /// A connection that has not sent a whole request head this long after it opened (or
    /// after its last answer) is closed.
    pub header_timeout: Duration,
    /// A request (reading its body and answering it) that takes longer is answered 408.
    pub request_timeout: Duration,
    /// Where games are stored so that they outlast the process (`pyrctl serve --db`): a
    /// SQLite file (created when missing) or a `postgres://` URL; `None` keeps them in
    /// memory only (the library's default; `pyrctl serve` stores them in
    /// `pyramid-web.sqlite3` unless told otherwise).
    pub db: Option<String>,
    /// How long a stored game is kept after its last change (finished games, and games
    /// nobody plays any more); `None` keeps every game (`pyrctl serve --keep-days`).
    pub keep_for: Option<Duration>,
    /// How long a game waits for every seat to be taken and every person to open it
    /// before it ends aborted, no winner and no loser (`pyrctl serve --join-within`).
    pub join_within: Duration,
    /// The reverse proxies whose `X-Forwarded-For` names the client (addresses or CIDR
    /// blocks, `pyrctl serve --trusted-proxy`); from any other address the header is
    /// ignored. Empty by default: every client is the address of its connection.
    pub trusted_proxies: Vec<ipnet::IpNet>,
}

/// The number of CPUs, at least 1.
fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

impl Default for ServerConfig {
    /// 1000 games of which 100 with bots, one hour of idleness, 1000 plies, 16 KiB
    /// bodies, bots of at most 2 s, 2,000 iterations or depth 3 a move, one bot move
    /// for people's games and one replay per CPU at once and one bot move for games of
    /// bots alone per two CPUs, 256 connections (32 a client), 64 event streams (32 a
    /// game, 8 a client, 10 minutes each), 4 games of bots alone, 60 new games, 10 seats
    /// taken a minute and 3 listed challenges a client, 5 s to send a head, 30 s for a request, games kept 30 days
    /// after their last change, a day for every seat of a game to be taken.
    fn default() -> Self {
        ServerConfig {
            max_games: 1000,
            max_bot_games: 100,
            idle_expiry: Duration::from_secs(3600),
            max_plies: 1000,
            max_body: 16 * 1024,
            bots: BotCaps::default(),
            bot_threads: cpus(),
            background_bot_threads: cpus().div_ceil(2),
            max_client_bot_games: 4,
            creates_per_minute: 60,
            joins_per_minute: 10,
            max_client_challenges: 3,
            cpu_threads: cpus(),
            max_connections: 256,
            max_client_connections: 32,
            max_streams: 64,
            max_game_streams: 32,
            max_client_streams: 8,
            stream_lifetime: Duration::from_secs(600),
            header_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(30),
            db: None,
            keep_for: Some(Duration::from_secs(30 * 24 * 3600)),
            join_within: Duration::from_secs(24 * 3600),
            trusted_proxies: Vec::new(),
        }
    }
}
