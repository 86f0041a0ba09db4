//! Turning command-line options into rule options ([`RuleOptions`], the runtime's one
//! options type) and a starting state (through the runtime interface).

use anyhow::{Context, Result, anyhow, bail};
use pyramid_core::dynamic::{DynGame, DynState, RuntimeError};
use pyramid_runtime::{OptionsError, RuleOptions};

use crate::cli::{RuleArgs, SetupArgs};

/// A usage error found after clap read the command line: an option value the game does
/// not take (`--rule colour=red`, `--seat 5` in a two-seat game, `--format view` without
/// `--seat`). `pyrctl` exits with status 2 for it, as for clap's own usage errors.
#[derive(Debug)]
pub struct UsageError(String);

impl UsageError {
    /// A usage error saying `message`.
    pub fn new(message: impl Into<String>) -> UsageError {
        UsageError(message.into())
    }

    /// The usage error for a runtime error about the command line's rules or seat
    /// (`--seat` names the seat); any other error as it is.
    pub fn of_runtime(error: RuntimeError) -> anyhow::Error {
        match error {
            RuntimeError::NoSuchSeat { seat, seats } => UsageError::new(format!(
                "--seat {seat}: the game has seats 0 to {}",
                seats.saturating_sub(1)
            ))
            .into(),
            RuntimeError::Rules(e) => UsageError::new(e.to_string()).into(),
            other => other.into(),
        }
    }
}

/// A runtime call's error for the command line: rules and rule options the game refuses,
/// and a seat it does not have, are usage errors (exit status 2); anything else is as it
/// is.
pub fn runtime_error(error: pyramid_runtime::Error) -> anyhow::Error {
    use pyramid_runtime::Error;
    match error {
        Error::Runtime(e) => UsageError::of_runtime(e),
        Error::Options(e) => UsageError::new(e.to_string()).into(),
        other => other.into(),
    }
}

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The threads of a command given none: one a core.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The rule options the command line names: `--players` as the number of seats, each
/// `--rule KEY=VALUE`, and `--no-opening`, an alias of `--rule opening=off`.
pub fn options(args: &RuleArgs) -> Result<RuleOptions> {
    let usage = |e: OptionsError| match e {
        OptionsError::NotKeyValue(text) => {
            UsageError::new(format!("--rule `{text}` is not of the form KEY=VALUE"))
        }
        other => UsageError::new(other.to_string()),
    };
    let mut options = RuleOptions::new().with_players(args.players);
    for rule in &args.rule {
        options.set_pair(rule).map_err(usage)?;
    }
    if args.no_opening {
        options.set_pair("opening=off").map_err(usage)?;
    }
    Ok(options)
}

/// Reads a position string of `game` under the options, checking it agrees with
/// `--players` and every `--rule` given.
pub fn position(game: &dyn DynGame, text: &str, args: &RuleArgs) -> Result<Box<dyn DynState>> {
    let state = game
        .parse_position(text.trim(), &options(args)?.pairs())
        .map_err(|e| anyhow!("invalid position: {e}"))?;
    check_state(game, state.as_ref(), args, "the position")?;
    Ok(state)
}

/// Refuses a state (read from a position string or a RON file, which carry rule options of
/// their own) whose seat count differs from `--players` or whose options contradict an
/// option given on the command line: an option is never silently ignored. `source` names
/// where the state came from.
pub fn check_state(
    game: &dyn DynGame,
    state: &dyn DynState,
    args: &RuleArgs,
    source: &str,
) -> Result<()> {
    if let Some(players) = args.players {
        if players != state.seats() {
            bail!(
                "{source} is for {} seats, but --players says {players}",
                state.seats()
            );
        }
    }
    let wanted = game.new_state(&options(args)?.pairs())?.rule_options();
    let held = state.rule_options();
    let value = |options: &[(&'static str, String)], key: &str| {
        options
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut given: Vec<(String, &str)> = Vec::new();
    for option in &args.rule {
        if let Some((key, _)) = option.split_once('=') {
            given.push((key.trim().to_owned(), "--rule"));
        }
    }
    if args.no_opening {
        given.push(("opening".to_owned(), "--no-opening"));
    }
    for (key, flag) in given {
        let (asked, has) = (value(&wanted, &key), value(&held, &key));
        if asked != has {
            let option = if flag == "--rule" {
                format!("--rule {key}={asked}")
            } else {
                format!("{flag} ({key}={asked})")
            };
            bail!("{option} contradicts {source}, which has {key}={has}");
        }
    }
    Ok(())
}

/// The state the options describe: the start position or `--position`, then `--moves`
/// and `--abstractplay`.
pub fn state(game: &dyn DynGame, args: &SetupArgs) -> Result<Box<dyn DynState>> {
    let start = match &args.position {
        Some(text) => position(game, text, &args.rules)?,
        None => game
            .new_state(&options(&args.rules)?.pairs())
            .map_err(UsageError::of_runtime)?,
    };
    play_moves(start, args)
}

/// Plays `--moves`, then `--abstractplay`, from `state`.
pub fn play_moves(mut state: Box<dyn DynState>, args: &SetupArgs) -> Result<Box<dyn DynState>> {
    if let Some(moves) = &args.moves {
        for (i, text) in moves.split_whitespace().enumerate() {
            state
                .play(text)
                .with_context(|| format!("--moves: move {} `{text}`", i + 1))?;
        }
    }
    if let Some(moves) = &args.abstractplay {
        state = abstractplay_moves(state.as_ref(), moves)?;
    }
    Ok(state)
}

/// The notation `--abstractplay` reads, as games name it among their notations.
const ABSTRACTPLAY: &str = "abstractplay";

/// Plays moves in AbstractPlay's notation (`--abstractplay`) from `state`, for a game
/// that has it (Martian Chess); any other game's is a usage error naming the games that
/// have it.
fn abstractplay_moves(state: &dyn DynState, moves: &str) -> Result<Box<dyn DynState>> {
    if !state.notations().contains(&ABSTRACTPLAY) {
        let games: Vec<&str> = pyramid_runtime::registry()
            .games()
            .filter(|g| g.notations().contains(&ABSTRACTPLAY))
            .map(|g| g.name())
            .collect();
        return Err(UsageError::new(format!(
            "--abstractplay reads {} moves, not {} ones",
            games.join(" or "),
            state.game()
        ))
        .into());
    }
    state
        .play_in_notation(ABSTRACTPLAY, moves)
        .map_err(|e| anyhow!("--abstractplay: {e}"))
}
