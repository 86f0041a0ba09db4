//! One module per subcommand. Commands that need no speed go through the runtime
//! interface ([`pyramid_core::runtime`]); `match` and `play` run typed code for the game
//! chosen by name ([`pyramid_games::visit`]); perft runs typed inside the runtime.

pub mod bench;
mod engine;
mod legal;
mod matchplay;
mod perft;
mod play;
pub mod replay;
pub mod serve;
mod show;
mod train;
mod validate;

use anyhow::Result;

use crate::cli::Command;
use crate::setup;

/// Runs `command` for the game called `name`.
pub fn run(name: &str, command: &Command) -> Result<()> {
    let registry = pyramid_games::registry();
    let game = registry.get(name)?;
    match command {
        Command::Perft {
            depth,
            divide,
            threads,
            suite,
            max_nodes,
            setup: args,
            ..
        } => match (suite, depth) {
            (Some(file), _) => perft::run_suite(game, file, *max_nodes),
            (None, Some(depth)) => {
                let state = setup::state(game, args)?;
                perft::run(state.as_ref(), *depth, *divide, threads.map(usize::from))
            }
            (None, None) => {
                Err(crate::setup::UsageError::new("--depth or --suite is needed").into())
            }
        },
        Command::Train { .. } => pyramid_games::visit(name, train::Visitor { command })?,
        Command::Legal { setup: args, .. } => legal::run(setup::state(game, args)?.as_ref()),
        Command::Show {
            seat,
            format,
            setup: args,
            ..
        } => show::run(setup::state(game, args)?.as_ref(), *seat, *format),
        Command::Validate { input, rules, .. } => validate::run(game, input, rules),
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
            json,
            ..
        } => pyramid_games::visit(
            name,
            matchplay::Visitor {
                rules,
                options: matchplay::Options {
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
                    json: json.as_deref(),
                },
            },
        )?,
        Command::Play {
            bot,
            seat,
            seed,
            setup: args,
            ..
        } => pyramid_games::visit(
            name,
            play::Visitor {
                setup: args,
                bot,
                seat: *seat,
                seed: *seed,
            },
        )?,
        Command::Engine { bot, .. } => engine::run(&registry, game.name(), bot),
        Command::Replay { .. }
        | Command::Bench { .. }
        | Command::Serve { .. }
        | Command::Games
        | Command::Completions { .. }
        | Command::Man { .. } => Ok(()),
    }
}
