//! `pyrctl perft`: leaf counts, optionally divided by first action.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use pyramid_core::runtime::DynState;

/// Prints `ACTION COUNT` lines when dividing, then `perft(D) = N`; speed goes to stderr.
/// The count runs on the typed state inside (the runtime calls the generic perft once).
pub fn run(state: &dyn DynState, depth: u32, divide: bool, threads: Option<usize>) -> Result<()> {
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
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
