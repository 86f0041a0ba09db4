//! `pyrctl match`: bots against bots, reproducible from the seed, with a summary table,
//! a progress bar on stderr and optional game records.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use pyramid_bots::{BotSpec, MatchConfig, MatchReport, run_match};
use pyramid_core::{FullGame, RuleSet};
use pyramid_games::GameVisitor;

use crate::cli::RuleArgs;
use crate::setup;

/// The ply limit a match uses when neither the rules nor `--max-plies` set one, so that
/// every game ends.
pub const DEFAULT_MATCH_PLY_LIMIT: u32 = 1000;

/// What `--record` may do to a file that exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordMode {
    /// Refuse an existing file (a match never destroys earlier results by accident).
    New,
    /// `--force`: overwrite it.
    Overwrite,
    /// `--append`: add the games at its end.
    Append,
}

/// Opens the record file as `mode` allows.
fn open_record(path: &Path, mode: RecordMode) -> Result<File> {
    let mut options = std::fs::OpenOptions::new();
    match mode {
        RecordMode::New => options.write(true).create_new(true),
        RecordMode::Overwrite => options.write(true).create(true).truncate(true),
        RecordMode::Append => options.append(true).create(true),
    };
    options.open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(
                "`{}` exists: give --append to add the games to it, or --force to overwrite it",
                path.display()
            )
        } else {
            anyhow::Error::new(e).context(format!("opening `{}`", path.display()))
        }
    })
}

/// The match options of the command line.
pub struct Options<'a> {
    /// `--bot` specs (none: random everywhere; one: that bot everywhere).
    pub bots: &'a [BotSpec],
    /// `--games`.
    pub games: u64,
    /// `--seed`.
    pub seed: u64,
    /// `--jobs`.
    pub jobs: Option<usize>,
    /// `--max-plies`.
    pub max_plies: Option<u32>,
    /// `--record`.
    pub record: Option<&'a Path>,
    /// `--force` / `--append`.
    pub record_mode: RecordMode,
    /// `--swap-seats`.
    pub swap_seats: bool,
}

/// The match for the game chosen by name: typed, at full speed.
pub struct Visitor<'a> {
    /// The rule options of the command line.
    pub rules: &'a RuleArgs,
    /// The match options.
    pub options: Options<'a>,
}

impl GameVisitor for Visitor<'_> {
    type Output = Result<()>;

    fn visit<G: FullGame>(self) -> Result<()> {
        run::<G>(&setup::rules::<G>(self.rules)?, &self.options)
    }
}

/// Plays the match and prints the summary.
pub fn run<G: FullGame>(rules: &G::Rules, options: &Options<'_>) -> Result<()> {
    let mut rules = rules.clone();
    let limit = options
        .max_plies
        .or(rules.ply_limit())
        .unwrap_or(DEFAULT_MATCH_PLY_LIMIT);
    rules.set_ply_limit(Some(limit));
    let seats = rules.seats();
    let bots = match options.bots {
        [] => vec![BotSpec::Random; seats],
        [one] => vec![one.clone(); seats],
        many if many.len() == seats => many.to_vec(),
        many => bail!(
            "{} bots for {seats} seats: give one --bot per seat, or one for every seat",
            many.len()
        ),
    };
    let jobs = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let config = MatchConfig {
        rules,
        bots,
        games: options.games,
        seed: options.seed,
        swap_seats: options.swap_seats,
        jobs,
    };
    let mut writer = match options.record {
        Some(path) => Some(BufWriter::new(open_record(path, options.record_mode)?)),
        None => None,
    };
    let progress = ProgressBar::new(options.games);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut write_error = None;
    let report = run_match::<G>(&config, |game| {
        progress.inc(1);
        if let (Some(w), None) = (writer.as_mut(), write_error.as_ref()) {
            if let Err(e) = writeln!(w, "{}", game.record.to_json()) {
                write_error = Some(e);
            }
        }
    });
    progress.finish_and_clear();
    let report = report?;
    if let Some(e) = write_error {
        return Err(e).context("writing the game records");
    }
    if let Some(mut w) = writer {
        w.flush().context("writing the game records")?;
    }
    print_summary::<G>(&config, &report, limit, options.record)
}

fn print_summary<G: FullGame>(
    config: &MatchConfig<G::Rules>,
    report: &MatchReport,
    limit: u32,
    record: Option<&Path>,
) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} with {} seats: {} games, seed {}, ply limit {limit}{}, {} thread(s)",
        G::NAME,
        config.rules.seats(),
        report.games,
        config.seed,
        if config.swap_seats {
            ", seats rotated"
        } else {
            ""
        },
        config.jobs,
    )?;
    let width = report
        .bots
        .iter()
        .map(|b| b.to_string().len())
        .max()
        .unwrap_or(3)
        .max(3);
    writeln!(
        out,
        "  # {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>6}",
        "bot", "games", "wins", "draws", "losses", "score"
    )?;
    for (i, (bot, tally)) in report.bots.iter().zip(&report.tallies).enumerate() {
        writeln!(
            out,
            "{i:>3} {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>5.1}%",
            bot.to_string(),
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        )?;
    }
    let seat_wins: Vec<String> = report
        .seat_wins
        .iter()
        .enumerate()
        .map(|(s, w)| format!("seat {s} {w}"))
        .collect();
    write!(
        out,
        "wins by seat: {}; draws {}",
        seat_wins.join(", "),
        report.draws
    )?;
    if report.unfinished > 0 {
        write!(out, "; unfinished {}", report.unfinished)?;
    }
    writeln!(out)?;
    writeln!(out, "average plies: {:.1}", report.average_plies())?;
    if let Some(elo) = report.elo() {
        writeln!(out, "Elo of bot 0 over bot 1: {elo}")?;
    }
    let secs = report.elapsed.as_secs_f64();
    writeln!(
        out,
        "time: {secs:.2} s ({:.1} games/s)",
        if secs > 0.0 {
            report.games as f64 / secs
        } else {
            f64::INFINITY
        }
    )?;
    if config.bots.iter().any(BotSpec::is_timed) {
        writeln!(
            out,
            "note: a bot has a time budget (ms=), so these results depend on the machine and its load and are not reproducible from the seed"
        )?;
    }
    if let Some(path) = record {
        writeln!(out, "records: {}", path.display())?;
    }
    Ok(())
}
