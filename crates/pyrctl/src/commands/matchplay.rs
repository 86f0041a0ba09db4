//! `pyrctl match`: bots against bots, reproducible from the seed, with a summary table,
//! a progress bar on stderr and optional game records.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use pyramid_bots::{MatchReport, MatchRequest, RecordResult};
use pyramid_runtime::Match;

use crate::cli::MatchArgs;
use crate::setup;

/// What `--record` may do to a file that exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RecordMode {
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

/// Plays the match the arguments describe and prints the summary.
pub fn command(args: &MatchArgs) -> Result<()> {
    let request = MatchRequest {
        bots: args.bots.clone(),
        games: args.games,
        seed: args.seed,
        max_plies: args.max_plies,
        swap_seats: args.swap_seats,
        jobs: args.jobs.map_or_else(setup::all_cores, usize::from),
    };
    let options = setup::options(&args.rules)?;
    let plan = Match::new(&args.game, &options, &request).map_err(setup::runtime_error)?;
    let mode = if args.append {
        RecordMode::Append
    } else if args.force {
        RecordMode::Overwrite
    } else {
        RecordMode::New
    };
    let mut writer = match &args.record {
        Some(path) => Some(BufWriter::new(open_record(path, mode)?)),
        None => None,
    };
    let report = play(&plan, writer.as_mut())?;
    if let Some(mut w) = writer {
        w.flush().context("writing the game records")?;
    }
    if let Some(path) = &args.json {
        std::fs::write(path, plan.summary(&report, true) + "\n")
            .with_context(|| format!("writing `{}`", path.display()))?;
    }
    let mut out = std::io::stdout().lock();
    write!(out, "{}", plan.summary(&report, false))?;
    if let Some(path) = &args.record {
        writeln!(out, "records: {}", path.display())?;
    }
    drop(out);
    // Times and threads go to standard error: standard output depends on the results alone.
    let secs = report.elapsed.as_secs_f64();
    eprintln!(
        "time: {secs:.2} s on {} thread(s) ({:.1} games/s)",
        request.jobs,
        if secs > 0.0 {
            report.games as f64 / secs
        } else {
            f64::INFINITY
        }
    );
    Ok(())
}

/// Plays every game with a progress bar on standard error, saying each forfeit, each
/// game's record written to `writer` as it ends.
fn play(plan: &Match, mut writer: Option<&mut BufWriter<File>>) -> Result<MatchReport> {
    let progress = ProgressBar::new(plan.total_games());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut write_error = None;
    let report = plan.play_all(&mut |game| {
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
        if let (Some(w), None) = (writer.as_deref_mut(), write_error.as_ref()) {
            // Flushed game by game: a run stopped midway keeps every game it finished.
            if let Err(e) = writeln!(w, "{}", game.record.to_json()).and_then(|()| w.flush()) {
                write_error = Some(e);
            }
        }
    });
    progress.finish_and_clear();
    let report = report.map_err(setup::runtime_error)?;
    if let Some(e) = write_error {
        return Err(e).context("writing the game records");
    }
    Ok(report)
}
