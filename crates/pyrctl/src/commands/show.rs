//! `pyrctl show`: the board as a terminal drawing.

use std::io::Write;

use anyhow::{Result, bail};
use pyramid_core::{Game, Seat};

/// Prints the game's diagram (as `seat` sees it, if given) and the result once it is over.
pub fn run<G: Game>(state: &G, seat: Option<u8>) -> Result<()> {
    let viewer = seat.map(Seat);
    if let Some(s) = viewer {
        if s.index() >= state.seats() {
            bail!("--seat {s}: the game has seats 0 to {}", state.seats() - 1);
        }
    }
    let mut out = std::io::stdout().lock();
    write!(out, "{}", state.diagram(viewer))?;
    if let Some(outcome) = state.outcome() {
        writeln!(out, "result: {outcome}")?;
    }
    Ok(())
}
