//! `pyrctl legal`: the legal actions, one a line.

use std::io::Write;

use anyhow::Result;

use crate::cli::LegalArgs;
use crate::setup;

/// Prints every legal action of the state the arguments describe, in generation order.
pub fn command(args: &LegalArgs) -> Result<()> {
    let game = pyramid_runtime::game(&args.game)?;
    let state = setup::state(game, &args.setup)?;
    let mut out = std::io::stdout().lock();
    for action in state.legal_actions() {
        writeln!(out, "{action}")?;
    }
    Ok(())
}
