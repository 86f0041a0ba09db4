//! `pyrctl bench --model FILE...` and `pyrctl bench --new-network`: the network's speed
//! on one thread (`pyramid_learn::bench_network`, through the runtime), a line or a JSON
//! object per network.

use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use pyramid_runtime::pyramid_learn::{NETWORK_BENCH_HEADER, NetworkBench};

use crate::cli::BenchArgs;

/// `--model FILE...` or `--new-network` (a new network of each of `games`): each
/// network's line (or JSON object), the peak measured once first, `budget` a network.
pub fn command(args: &BenchArgs, games: &[String], budget: Duration) -> Result<()> {
    let peak = pyramid_runtime::peak_gflops(budget / 4)?;
    let mut out = std::io::stdout().lock();
    if !args.json {
        writeln!(out, "{NETWORK_BENCH_HEADER}")?;
    }
    let mut report = |row: NetworkBench| -> Result<()> {
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&row)?)?;
        } else {
            writeln!(out, "{row}")?;
        }
        out.flush()?;
        Ok(())
    };
    if args.new_network {
        for name in games {
            report(pyramid_runtime::bench_new_network(name, budget, peak)?)?;
        }
    }
    for path in &args.model {
        let game = args.game.as_deref();
        report(pyramid_runtime::bench_model(path, game, budget, peak)?)?;
    }
    Ok(())
}
