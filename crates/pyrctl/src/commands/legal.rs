//! `pyrctl legal`: the legal actions, one a line.

use std::io::Write;

use anyhow::Result;
use pyramid_core::runtime::DynState;

/// Prints every legal action of `state` in generation order.
pub fn run(state: &dyn DynState) -> Result<()> {
    let mut out = std::io::stdout().lock();
    for action in state.legal_actions() {
        writeln!(out, "{action}")?;
    }
    Ok(())
}
