//! One module per subcommand; each is generic over the game.

mod legal;
mod matchplay;
mod perft;
mod show;
mod validate;

use anyhow::Result;
use pyramid_core::Game;

use crate::cli::Command;
use crate::setup;

/// Runs `command` for game `G`.
pub fn run<G: Game>(command: &Command) -> Result<()> {
    match command {
        Command::Perft {
            depth,
            divide,
            threads,
            setup: args,
            ..
        } => {
            let state = setup::state::<G>(args)?;
            perft::run(&state, *depth, *divide, *threads)
        }
        Command::Legal { setup: args, .. } => legal::run(&setup::state::<G>(args)?),
        Command::Show {
            seat, setup: args, ..
        } => show::run(&setup::state::<G>(args)?, *seat),
        Command::Validate { input, rules, .. } => validate::run::<G>(input, rules),
        Command::Match {
            games,
            seed,
            max_plies,
            rules,
            ..
        } => matchplay::run::<G>(&setup::rules::<G>(rules)?, *games, *seed, *max_plies),
        Command::Games => Ok(()),
    }
}
