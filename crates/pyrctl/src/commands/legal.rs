//! `pyrctl legal`: the legal actions, one a line.

use std::io::Write;

use anyhow::Result;
use pyramid_core::Game;

/// Prints every legal action of `state` in generation order.
pub fn run<G: Game>(state: &G) -> Result<()> {
    let mut out = std::io::stdout().lock();
    for action in state.legal_actions() {
        writeln!(out, "{action}")?;
    }
    Ok(())
}
