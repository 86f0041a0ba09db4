//! `pyrctl match`: bots against bots, reproducible from the seed, with a summary table,
//! a progress bar on stderr and optional game records.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use pyramid_bots::{BotSpec, MatchRequest, RecordResult, run_match, summary_json, summary_text};
use pyramid_core::FullGame;
use pyramid_games::GameVisitor;

use crate::cli::RuleArgs;
use crate::setup;

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
    /// `--json`: where to write the summary as JSON.
    pub json: Option<&'a Path>,
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
    let request = MatchRequest {
        bots: options.bots.to_vec(),
        games: options.games,
        seed: options.seed,
        max_plies: options.max_plies,
        swap_seats: options.swap_seats,
        jobs: options
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
    };
    let config = request.config(rules.clone())?;
    let mut writer = match options.record {
        Some(path) => Some(BufWriter::new(open_record(path, options.record_mode)?)),
        None => None,
    };
    let progress = ProgressBar::new(config.total_games());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut write_error = None;
    let report = run_match::<G>(&config, |game| {
        progress.inc(1);
        if let (RecordResult::Forfeit { seat, .. }, Some(reason)) =
            (game.record.result, &game.record.reason)
        {
            let bot = game
                .record
                .bots
                .get(usize::from(seat))
                .map_or("?", String::as_str);
            progress.suspend(|| {
                eprintln!(
                    "game {}: seat {seat} ({bot}) forfeits: {reason}",
                    game.record.index
                );
            });
        }
        if let (Some(w), None) = (writer.as_mut(), write_error.as_ref()) {
            // Flushed game by game: a run stopped midway keeps every game it finished.
            if let Err(e) = writeln!(w, "{}", game.record.to_json()).and_then(|()| w.flush()) {
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
    if let Some(path) = options.json {
        std::fs::write(path, summary_json::<G>(&config, &report) + "\n")
            .with_context(|| format!("writing `{}`", path.display()))?;
    }
    let mut out = std::io::stdout().lock();
    write!(out, "{}", summary_text::<G>(&config, &report))?;
    if let Some(path) = options.record {
        writeln!(out, "records: {}", path.display())?;
    }
    drop(out);
    // Times and threads go to standard error: standard output depends on the results alone.
    let secs = report.elapsed.as_secs_f64();
    eprintln!(
        "time: {secs:.2} s on {} thread(s) ({:.1} games/s)",
        config.jobs,
        if secs > 0.0 {
            report.games as f64 / secs
        } else {
            f64::INFINITY
        }
    );
    Ok(())
}
