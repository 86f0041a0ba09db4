//! `pyrctl engine`: our bots behind the engine protocol, on standard input and output.

use anyhow::Result;
use pyramid_bots::BotSpec;
use pyramid_core::runtime::Registry;

/// Speaks the protocol for `game` with bots of `bot` until `quit` or the end of input.
pub fn run(registry: &Registry, game: &str, bot: &BotSpec) -> Result<()> {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    pyramid_bots::protocol::run_engine(registry, game, &bot.to_string(), stdin, stdout)?;
    Ok(())
}
