//! `pyrctl perft`: leaf counts, optionally divided by first action.

use std::io::Write;
use std::time::Instant;

use std::path::Path;

use anyhow::{Context, Result, bail};
use pyramid_core::dynamic::{DynGame, DynState};
use pyramid_testkit::perft_suite::{check_line, parse_suite};

use crate::cli::PerftArgs;
use crate::setup::{self, UsageError};

/// `pyrctl perft`: a suite file, or a count to `--depth` from the state the arguments
/// describe.
pub fn command(args: &PerftArgs) -> Result<()> {
    let game = pyramid_runtime::game(&args.game)?;
    match (&args.suite, args.depth) {
        (Some(file), _) => run_suite(game, file, args.max_nodes),
        (None, Some(depth)) => {
            let state = setup::state(game, &args.setup)?;
            let threads = args.threads.map(usize::from);
            run(state.as_ref(), depth, args.divide, threads)
        }
        (None, None) => Err(UsageError::new("--depth or --suite is needed").into()),
    }
}

/// Prints `ACTION COUNT` lines when dividing, then `perft(D) = N`; speed goes to stderr.
/// The count runs on the typed state inside (the runtime calls the generic perft once).
fn run(state: &dyn DynState, depth: u32, divide: bool, threads: Option<usize>) -> Result<()> {
    let threads = threads.unwrap_or_else(crate::setup::all_cores).max(1);
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let total = if divide {
        let mut total = 0;
        for (action, count) in state.divide(depth, threads) {
            writeln!(out, "{action} {count}")?;
            total += count;
        }
        total
    } else {
        state.perft(depth, threads)
    };
    let secs = started.elapsed().as_secs_f64();
    writeln!(out, "perft({depth}) = {total}")?;
    out.flush()?;
    let rate = if secs > 0.0 {
        total as f64 / secs
    } else {
        f64::INFINITY
    };
    eprintln!(
        "{total} nodes in {secs:.3} s on {threads} thread(s): {:.2} Mnodes/s",
        rate / 1e6
    );
    Ok(())
}

/// Checks every line of the perft suite `file` on `game`: prints `line N D<depth>
/// <count> ok|FAILED (found F)|skipped`, then a summary; fails on any difference (and on a
/// line it cannot read, naming it).
fn run_suite(game: &dyn DynGame, file: &Path, max_nodes: Option<u64>) -> Result<()> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("reading the suite `{}`", file.display()))?;
    let lines = parse_suite(&text).with_context(|| format!("suite `{}`", file.display()))?;
    let mut out = std::io::stdout().lock();
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let started = Instant::now();
    for line in &lines {
        let results = check_line(game, line, max_nodes)
            .with_context(|| format!("suite `{}`, line {}", file.display(), line.line))?;
        for result in results {
            let verdict = match result.found {
                None => {
                    skipped += 1;
                    "skipped (over --max-nodes)".to_owned()
                }
                Some(_) if result.passed() => {
                    passed += 1;
                    "ok".to_owned()
                }
                Some(found) => {
                    failed += 1;
                    format!("FAILED (found {found})")
                }
            };
            writeln!(
                out,
                "line {} D{} {} {verdict}",
                result.line, result.depth, result.expected
            )?;
        }
    }
    writeln!(
        out,
        "suite {}: {passed} passed, {failed} failed, {skipped} skipped",
        file.display()
    )?;
    out.flush()?;
    eprintln!("{:.2} s", started.elapsed().as_secs_f64());
    if failed > 0 {
        bail!("{failed} perft count(s) of `{}` differ", file.display());
    }
    Ok(())
}
