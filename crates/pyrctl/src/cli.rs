//! The command line, as clap reads it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use pyramid_bots::BotSpec;
use pyramid_runtime::parse_bot;

/// Rules engines for four pyramid games: perft, legal actions, positions, matches.
#[derive(Debug, Parser)]
#[command(name = "pyrctl", version, about, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaves of the game tree to a depth (perft), optionally split by first action.
    Perft(PerftArgs),
    /// List the legal actions, one a line.
    Legal(LegalArgs),
    /// Draw the board, whose turn it is, the scores and the position string; or write the
    /// state as RON, as its position string, or a seat's view string.
    Show(ShowArgs),
    /// Check a position string or a `.ron` state file (`-` reads standard input) and print
    /// the normalised position string.
    Validate(ValidateArgs),
    /// Play a match between bots (random for every seat unless `--bot` says otherwise),
    /// reproducible from the seed whatever `--jobs` is, and print a summary table.
    Match(MatchArgs),
    /// Train a model by self-play (AlphaZero-style; docs/learning.md): generations of
    /// self-play games, training steps and checkpoints into `--out`, with a log
    /// (`log.jsonl`) and a learning curve (`curve.svg`) against `--opponent` bots.
    #[cfg(feature = "learn")]
    Train(TrainArgs),
    /// Train a value net for `ab:model=FILE` (docs/learning.md, "A learned evaluation for
    /// alpha-beta"): a small network learns the values of a teacher's positions, one game
    /// in ten held out; prints each epoch's losses as a JSON line and writes the net of
    /// the best epoch to `--out`.
    #[cfg(feature = "learn")]
    TrainValue(TrainValueArgs),
    /// Re-play every game of a record file (`-` reads standard input): every action must
    /// be legal and every stored result right. Stops at the first bad line.
    Replay(ReplayArgs),
    /// Serve the games over HTTP: a page to play and watch them, and the JSON API of
    /// docs/web.md. Binds loopback unless told otherwise.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
    /// Play against a bot in the terminal: type actions in notation, `help` for the legal
    /// actions, `quit` to leave.
    Play(PlayArgs),
    /// Speak the engine protocol (docs/protocol.md) on standard input and output, so that
    /// outside tools and GUIs can play our bots: `pgi`, `newgame`, `position`, `go`, ...
    Engine(EngineArgs),
    /// Measure speed on one thread: perft nodes/s, random playouts/s and MCTS
    /// iterations/s, one line per game (all games unless one is named).
    Bench(BenchArgs),
    /// List the games this build knows.
    Games,
    /// List the kinds of bot `--bot` takes, each with how its spec is written and what it does.
    Bots,
    /// Write a shell completion script to standard output (e.g.
    /// `pyrctl completions bash > ~/.local/share/bash-completion/completions/pyrctl`).
    Completions(CompletionsArgs),
    /// Write the manual page (roff) to standard output (e.g. `pyrctl man | man -l -`), a
    /// command's own page (`pyrctl man perft`), or every page into a folder (`--dir`).
    Man(ManArgs),
}

/// The arguments of `pyrctl perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game (see `pyrctl games`).
    #[arg(value_parser = GameName)]
    pub game: String,
    /// Depth in plies (decision points).
    #[arg(long, required_unless_present = "suite")]
    pub depth: Option<u32>,
    /// Check a perft suite file instead (docs/testing.md: one position a line with its
    /// rules and counts, as in `tests/perft/`): prints each count's result and a
    /// summary, and fails if any count differs.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "divide", "position", "moves"])]
    pub suite: Option<PathBuf>,
    /// With `--suite`: skip the counts above this many nodes.
    #[arg(long, value_name = "N", requires = "suite")]
    pub max_nodes: Option<u64>,
    /// Print `ACTION COUNT` for every legal first action before the total.
    #[arg(long)]
    pub divide: bool,
    /// Threads to share the first actions over, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Rules and start position.
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// The arguments of `pyrctl legal`.
#[derive(Debug, Args)]
pub struct LegalArgs {
    /// The game.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// Rules and start position.
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// The arguments of `pyrctl show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The game.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// Draw only what this seat may see (games with hidden information); with
    /// `--format view`, the seat whose view string to write.
    #[arg(long)]
    pub seat: Option<u8>,
    /// What to write: the terminal `diagram`, the `position` string, the `ron` state
    /// (what `pyrctl validate` reads back), a seat's `view` string, or an `svg` picture.
    #[arg(long, value_enum, default_value_t = ShowFormat::Diagram)]
    pub format: ShowFormat,
    /// Rules and start position.
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// The arguments of `pyrctl validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The game.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// A position string, a file holding one, a `.ron` file, or `-` for standard input.
    pub input: String,
    /// Rule options for what the position does not hold.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The arguments of `pyrctl match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The game.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// A bot, one per seat in seat order, or one for every seat (`pyrctl bots` lists
    /// the kinds). Three or more bots in a two-seat game play a round robin: every pair
    /// `--games` games, seats alternating.
    #[arg(long = "bot", value_name = "SPEC", value_parser = parse_bot, help = bot_help())]
    pub bots: Vec<BotSpec>,
    /// Number of games (at least 1).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Seed of the whole match; game `i` is played from a seed derived from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: all cores); the results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: Option<u16>,
    /// Ply limit per game, at least 1 (the rules score a game cut off by it); default
    /// 1000 when the rules set none.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: Option<u32>,
    /// Write every game as one JSON line to this file (refused if it exists, unless
    /// `--force` or `--append`).
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
    /// Overwrite an existing record file.
    #[arg(long, requires = "record", conflicts_with = "append")]
    pub force: bool,
    /// Add the games to the end of an existing record file.
    #[arg(long, requires = "record")]
    pub append: bool,
    /// Rotate the bots over the seats game by game (game `i`: seat `s` gets bot
    /// `(s + i) % bots`), so no bot keeps the first move.
    #[arg(long)]
    pub swap_seats: bool,
    /// Also write the summary as JSON to this file (with the crosstable and the Elo
    /// ladder of a round robin).
    #[arg(long, value_name = "FILE.json")]
    pub json: Option<PathBuf>,
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The arguments of `pyrctl train`.
#[cfg(feature = "learn")]
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// The game.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// The run's directory: model.safetensors, buffer.safetensors, log.jsonl,
    /// curve.svg.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Stop after this many hours: honoured within a generation (the run stops within
    /// seconds of it, the generation cut short saved).
    #[arg(long)]
    pub hours: Option<f64>,
    /// Stop after this many generations in all.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub generations: Option<u64>,
    /// Go on from the model, replay buffer and generation in `--out`.
    #[arg(long)]
    pub resume: bool,
    /// Threads for self-play and evaluation games (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Seed of the run: the same seed and settings give the same model.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Self-play games per generation.
    #[arg(long, default_value_t = 32)]
    pub games: usize,
    /// Search iterations per self-play decision.
    #[arg(long, default_value_t = 100)]
    pub iters: u64,
    /// Training steps (batches of 64 positions) per generation.
    #[arg(long, default_value_t = 100)]
    pub steps: usize,
    /// Channels of a new network's residual trunk.
    #[arg(long, default_value_t = 32)]
    pub channels: usize,
    /// Residual blocks of a new network.
    #[arg(long, default_value_t = 2)]
    pub blocks: usize,
    /// Plies after which a self-play game is cut off and scored by the evaluation.
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// A bot the model is measured against (repeatable; default `mcts:iters=200`).
    #[arg(long = "opponent", value_name = "SPEC", value_parser = parse_bot)]
    pub opponents: Vec<BotSpec>,
    /// Learn from this bot's games against itself instead of self-play: its moves are
    /// the policy targets, the games' results the value targets (`ab:ms=20`: supervised
    /// learning from a search; a later `--resume` without it goes on by self-play).
    #[arg(long, value_name = "SPEC", value_parser = parse_bot)]
    pub teacher: Option<BotSpec>,
    /// With `--teacher`: plies played at random at the start of each game, not learned
    /// from (a search that plays alike would otherwise play the same few games).
    #[arg(long, default_value_t = 2)]
    pub teacher_random_plies: u32,
    /// With `--teacher`: the value target of a position is who leads by the game's
    /// evaluation this many plies later in the teacher's game (0: the game's result).
    #[arg(long, default_value_t = 0)]
    pub teacher_value_plies: u32,
    /// Measure against the opponents every this many generations (0: never).
    #[arg(long, default_value_t = 5)]
    pub eval_every: u64,
    /// Games against each opponent, seats swapped.
    #[arg(long, default_value_t = 20)]
    pub eval_games: usize,
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The arguments of `pyrctl train-value`.
#[cfg(feature = "learn")]
#[derive(Debug, Args)]
pub struct TrainValueArgs {
    /// The game.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// The value-net file to write (`models/ataxx-ice.value.safetensors`).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The bot whose games against itself give the positions.
    #[arg(long, value_name = "SPEC", value_parser = parse_bot, default_value = "ab:ms=10")]
    pub teacher: BotSpec,
    /// Positions to gather before training.
    #[arg(long, default_value_t = 50_000)]
    pub positions: usize,
    /// Stop gathering positions after this many hours, and train on those gathered.
    #[arg(long)]
    pub hours: Option<f64>,
    /// Passes over the positions.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub epochs: u64,
    /// Units of the first hidden layer.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=4096))]
    pub hidden: u16,
    /// Units of the second hidden layer.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u16).range(1..=4096))]
    pub hidden2: u16,
    /// Plies played at random at the start of each teacher game, not learned from.
    #[arg(long, default_value_t = 2)]
    pub teacher_random_plies: u32,
    /// The value target of a position: who leads by the game's evaluation this many
    /// plies later in the teacher's game (0: the game's result).
    #[arg(long, default_value_t = 0)]
    pub teacher_value_plies: u32,
    /// Where a position's value target comes from: `game` (the teacher's game: its
    /// result, or the lead `--teacher-value-plies` later) or `search` (the score the
    /// teacher's search gave its choice, through a logistic curve fitted to the results;
    /// a teacher that searches by a score, such as `ab`).
    #[arg(long, value_enum, default_value_t = TeacherValue::Game)]
    pub teacher_value: TeacherValue,
    /// Plies after which a teacher game is cut off and scored by the evaluation.
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Threads playing the teacher's games (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Seed of the games, the first weights and the order of training.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Where `pyrctl train-value`'s value targets come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TeacherValue {
    /// The teacher's game: its result, or who leads some plies later.
    Game,
    /// The teacher's search: the score it gave its choice.
    Search,
}

/// The arguments of `pyrctl replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The `.jsonl` file written by `pyrctl match --record`.
    pub file: String,
}

/// The arguments of `pyrctl serve`.
#[cfg(feature = "serve")]
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on: `IP:PORT` or `HOST:PORT` (`localhost:8081`; a name
    /// is resolved and its first IPv4 address taken, else its first address).
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = listen_address)]
    pub addr: std::net::SocketAddr,
    /// Live games kept at most (the game idle the longest is dropped first).
    #[arg(long, default_value_t = 1000)]
    pub max_games: usize,
    /// Drop a game nobody has read or played for this many seconds.
    #[arg(long, default_value_t = 3600)]
    pub idle_seconds: u64,
    /// An outside engine clients may seat (repeatable): `ext:COMMAND ARGS;movetime=MS`
    /// (docs/protocol.md). Clients name it by this same text; no other command runs.
    #[arg(long = "bot", value_name = "ext:SPEC", value_parser = parse_bot)]
    pub engines: Vec<BotSpec>,
    /// A learned file clients may seat by name (repeatable): `NAME=FILE`, a model (seated
    /// as `az:model=NAME` or `ab:model=NAME`) or a value net (`ab:model=NAME`);
    /// (docs/learning.md). Clients name it; they cannot name a file.
    #[arg(long = "model", value_name = "NAME=FILE", value_parser = named_model)]
    pub models: Vec<(String, std::path::PathBuf)>,
    /// Where games are stored, so that they outlast the server (a restarted server
    /// resumes every unfinished game, bot seats included): a SQLite file (created on
    /// first start, and served by one server at a time) or a
    /// `postgres://USER@HOST:PORT/DB` URL shared by several servers behind one address.
    #[arg(long, value_name = "FILE|URL", default_value = "pyramid-web.sqlite3")]
    pub db: String,
    /// Delete a stored game this many days after its last change (finished games, and
    /// games nobody plays any more); 0 keeps every game.
    #[arg(long, value_name = "DAYS", default_value_t = 30)]
    pub keep_days: u32,
    /// End a game aborted (no winner, no loser) when its seats are not all taken, each
    /// by a bot or a person who opened it, this many hours after it was made; until they
    /// are, no clock runs.
    #[arg(long, value_name = "HOURS", default_value_t = 24, value_parser = clap::value_parser!(u32).range(1..))]
    pub join_hours: u32,
    /// A reverse proxy in front of the server (repeatable): an address or a CIDR block
    /// (`127.0.0.1`, `10.0.0.0/8`). On a connection from one, the client is the last
    /// address of `X-Forwarded-For` that is not such a proxy; from any other address the
    /// header is ignored. Without it every client is its connection's address.
    #[arg(long = "trusted-proxy", value_name = "ADDR|CIDR", value_parser = pyramid_web::parse_trusted)]
    pub trusted_proxies: Vec<pyramid_web::TrustedProxy>,
}

/// The arguments of `pyrctl play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// The bot playing every other seat.
    #[arg(long, value_name = "SPEC", default_value = "mcts:iters=2000", value_parser = parse_bot)]
    pub bot: BotSpec,
    /// Your seat.
    #[arg(long, default_value_t = 0)]
    pub seat: u8,
    /// Seed of the deal and the bots.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Rules and start position.
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// The arguments of `pyrctl engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The game played until a `newgame` names another.
    #[arg(value_parser = GameName)]
    pub game: String,
    /// The bot that answers `go` (`go movetime MS` or `go iters N` sets an MCTS
    /// bot's budget for that move).
    #[arg(long, value_name = "SPEC", default_value = "mcts:iters=2000", value_parser = parse_bot)]
    pub bot: BotSpec,
}

/// The arguments of `pyrctl bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Only this game.
    #[arg(value_parser = GameName)]
    pub game: Option<String>,
    /// Seconds per game (split between perft, playouts and MCTS).
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Write one JSON document (the rows, the version, the machine's architecture and
    /// cores) instead of the table, for scripts that compare machines and commits; with
    /// `--model` or `--new-network`, one JSON object a line, one per network
    /// (`evals_per_s_batch1`, `evals_per_s_batch64`, `flops_per_eval`, `peak_gflops`, ...).
    #[arg(long)]
    pub json: bool,
    /// Measure the network of these model files instead (docs/learning.md, "Inference
    /// speed"): evaluations a second at batch 1 and 64 on one thread, FLOPs an
    /// evaluation, GFLOP/s and the core's peak measured in the same run.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub model: Vec<PathBuf>,
    /// Measure a new network of the default training shape (32 channels, 2 blocks) of
    /// the game (or every game) instead, as `--model` measures a file's.
    #[arg(long, conflicts_with = "model")]
    pub new_network: bool,
}

/// The arguments of `pyrctl completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
}

/// The arguments of `pyrctl man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to write (`perft`, `match`, ...) instead of the main page.
    pub command: Option<String>,
    /// Write the main page and every command's page into this folder, as `pyrctl.1`,
    /// `pyrctl-perft.1`, ... (the names the main page refers to).
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<PathBuf>,
}

/// A game name of this build (`pyrctl games`), checked while the command line is read, so
/// that a wrong name is a usage error (exit status 2) and shells complete the names.
#[derive(Debug, Clone, Copy)]
pub struct GameName;

impl clap::builder::TypedValueParser for GameName {
    type Value = String;

    fn parse_ref(
        &self,
        _command: &clap::Command,
        _argument: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let name = value.to_string_lossy();
        match pyramid_runtime::registry().get(&name) {
            Ok(game) => Ok(game.name().to_owned()),
            Err(e) => Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("{e}\n"),
            )),
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            pyramid_runtime::registry()
                .names()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

#[cfg(feature = "serve")]
/// Reads `--addr`: a socket address, or a host name and port resolved to the first IPv4
/// address it has (else its first address).
fn listen_address(text: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::ToSocketAddrs;
    if let Ok(address) = text.parse() {
        return Ok(address);
    }
    let addresses: Vec<std::net::SocketAddr> = text
        .to_socket_addrs()
        .map_err(|e| format!("`{text}` is not an address (HOST:PORT or IP:PORT): {e}"))?
        .collect();
    addresses
        .iter()
        .find(|a| a.is_ipv4())
        .or(addresses.first())
        .copied()
        .ok_or_else(|| format!("`{text}` resolves to no address"))
}

/// What `pyrctl show` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ShowFormat {
    /// The board drawn for a terminal.
    Diagram,
    /// The one-line position string.
    Position,
    /// The state as RON (what `pyrctl validate GAME FILE.ron` reads).
    Ron,
    /// The view string of `--seat` (the position string with what it may not see masked).
    View,
    /// The board as an SVG picture (as `--seat` sees it, if given), as `pyrctl serve`
    /// draws it.
    Svg,
}

/// Rule options shared by every command.
#[derive(Debug, Clone, Args)]
pub struct RuleArgs {
    /// Number of seats (players).
    #[arg(long)]
    pub players: Option<usize>,
    /// A rule option of the game, as KEY=VALUE (repeatable), e.g. `--rule first=1`.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rule: Vec<String>,
    /// card-siege: start without the opening restriction (same as `--rule opening=off`).
    #[arg(long)]
    pub no_opening: bool,
}

/// Rules plus where to start: a position string and actions played from it.
#[derive(Debug, Clone, Args)]
pub struct SetupArgs {
    /// Rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Start from this position string instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Actions to play first, space separated, in the game's notation.
    #[arg(long)]
    pub moves: Option<String>,
    /// Martian Chess: moves of a game played on AbstractPlay, in its notation and board
    /// orientation (`c3-d4 b6xa5 ...`, round numbers allowed), played after `--moves`
    /// (crates/martian-chess/docs/rules.md, "AbstractPlay"); the rules are still yours to give
    /// (AbstractPlay's: `--rule clock=on --rule target=18 --rule undo=capture-allowed`).
    #[arg(long, value_name = "MOVES")]
    pub abstractplay: Option<String>,
}

#[cfg(feature = "serve")]
/// `NAME=FILE` of `serve --model`: a plain name (letters, digits, `-`, `_`, `.`).
fn named_model(text: &str) -> Result<(String, std::path::PathBuf), String> {
    let (name, file) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not NAME=FILE"))?;
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(format!(
            "model name `{name}`: letters, digits, `-`, `_` and `.` only"
        ));
    }
    if file.is_empty() {
        return Err(format!("model `{name}` names no file"));
    }
    Ok((name.to_owned(), file.into()))
}

/// The help of `match --bot`: every kind of bot as its spec is written (each kind
/// describes itself, `pyrctl bots` says what each does).
fn bot_help() -> String {
    let usages: Vec<String> = pyramid_runtime::bot_kinds()
        .describe()
        .iter()
        .map(|kind| format!("`{}`", kind.usage))
        .collect();
    format!(
        "A bot, one per seat in seat order, or one for every seat: {} (`pyrctl bots` says what each does). Three or more bots in a two-seat game play a round robin: every pair `--games` games, seats alternating",
        usages.join(", ")
    )
}
