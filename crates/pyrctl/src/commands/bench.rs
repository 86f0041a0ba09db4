//! `pyrctl bench`: the speed table of `pyramid_bots::bench`, one line per game (the
//! network's speed, `--model` and `--new-network`, is `network_bench.rs`).

use crate::setup::UsageError;
use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use pyramid_bots::BENCH_HEADER;
use pyramid_runtime::bench;

use crate::cli::BenchArgs;

/// Prints the table for the game named (or every game), `--seconds` a game; with
/// `--json`, one JSON document instead (the rows, and what was measured on) for scripts
/// to compare.
pub fn command(args: &BenchArgs) -> Result<()> {
    let (game, seconds, json) = (args.game.as_deref(), args.seconds, args.json);
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0) {
        return Err(UsageError::new(format!(
            "--seconds must be above 0 and at most 3600, not {seconds}"
        ))
        .into());
    }
    let budget = Duration::from_secs_f64(seconds);
    if args.new_network || !args.model.is_empty() {
        #[cfg(feature = "learn")]
        return super::network_bench::command(args, &game_names(game)?, budget);
        #[cfg(not(feature = "learn"))]
        return Err(UsageError::new(
            "--model and --new-network need a pyrctl built with the feature `learn`",
        )
        .into());
    }
    let names = game_names(game)?;
    let mut out = std::io::stdout().lock();
    if json {
        let mut rows = Vec::new();
        for name in names {
            rows.push(bench(&name, budget)?);
        }
        let document = serde_json::json!({
            "pyrctl": env!("CARGO_PKG_VERSION"),
            "arch": std::env::consts::ARCH,
            "os": std::env::consts::OS,
            "cores": std::thread::available_parallelism().map_or(1, usize::from),
            "threads": 1,
            "seconds_per_game": seconds,
            "rows": rows,
        });
        writeln!(out, "{document}")?;
        return Ok(());
    }
    writeln!(out, "{BENCH_HEADER}")?;
    for name in names {
        let row = bench(&name, budget)?;
        writeln!(out, "{row}")?;
        out.flush()?;
    }
    Ok(())
}

/// The game named, or every game.
fn game_names(game: Option<&str>) -> Result<Vec<String>> {
    Ok(match game {
        Some(name) => vec![pyramid_runtime::registry().get(name)?.name().to_owned()],
        None => pyramid_runtime::registry()
            .names()
            .into_iter()
            .map(str::to_owned)
            .collect(),
    })
}
