//! One module per subcommand; each is generic over the game.

mod legal;
mod matchplay;
mod perft;
mod play;
pub mod replay;
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
            perft::run(&state, *depth, *divide, threads.map(usize::from))
        }
        Command::Legal { setup: args, .. } => legal::run(&setup::state::<G>(args)?),
        Command::Show {
            seat,
            format,
            setup: args,
            ..
        } => show::run(&setup::state::<G>(args)?, *seat, *format),
        Command::Validate { input, rules, .. } => validate::run::<G>(input, rules),
        Command::Match {
            bots,
            games,
            seed,
            jobs,
            max_plies,
            record,
            force,
            append,
            swap_seats,
            rules,
            ..
        } => matchplay::run::<G>(
            &setup::rules::<G>(rules)?,
            &matchplay::Options {
                bots,
                games: *games,
                seed: *seed,
                jobs: jobs.map(usize::from),
                max_plies: *max_plies,
                record: record.as_deref(),
                record_mode: if *append {
                    matchplay::RecordMode::Append
                } else if *force {
                    matchplay::RecordMode::Overwrite
                } else {
                    matchplay::RecordMode::New
                },
                swap_seats: *swap_seats,
            },
        ),
        Command::Play {
            bot,
            seat,
            seed,
            setup: args,
            ..
        } => play::run::<G>(args, bot, *seat, *seed),
        Command::VerifyRecord { text, .. } => replay::verify::<G>(text),
        Command::Replay { .. } | Command::Games | Command::Completions { .. } | Command::Man => {
            Ok(())
        }
    }
}
