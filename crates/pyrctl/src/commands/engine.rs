//! `pyrctl engine`: our bots behind the engine protocol, on standard input and output.

use anyhow::Result;

use crate::cli::EngineArgs;

/// Speaks the protocol for `--game` with bots of `--bot` until `quit` or the end of input.
pub fn command(args: &EngineArgs) -> Result<()> {
    // Read on a thread of its own (so `stop` and `quit` reach a search in progress); the
    // end of input (the tool is gone) stops the search and ends the engine.
    let stdin = std::io::stdin();
    let stdout = std::io::stdout().lock();
    pyramid_bots::protocol::run_engine(
        pyramid_runtime::registry(),
        &args.game,
        &args.bot.to_string(),
        stdin,
        stdout,
    )?;
    Ok(())
}
