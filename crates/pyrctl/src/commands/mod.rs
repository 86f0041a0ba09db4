//! One module per subcommand, and [`run`], the one place a command is dispatched. Every
//! command is a call of the runtime (`pyramid_runtime`) on the game chosen by
//! name, or of the runtime interface ([`pyramid_core::dynamic`]) on a state; the modules
//! read arguments and print.

mod bench;
mod engine;
mod legal;
mod matchplay;
mod meta;
#[cfg(feature = "learn")]
mod network_bench;
mod perft;
mod play;
mod replay;
#[cfg(feature = "serve")]
mod serve;
mod show;
#[cfg(feature = "learn")]
mod train;
#[cfg(feature = "learn")]
mod train_value;
#[cfg(feature = "learn")]
mod training;
mod validate;

use anyhow::Result;

use crate::cli::Command;

/// Runs `command`.
pub fn run(command: &Command) -> Result<()> {
    match command {
        Command::Perft(args) => perft::command(args),
        Command::Legal(args) => legal::command(args),
        Command::Show(args) => show::command(args),
        Command::Validate(args) => validate::command(args),
        Command::Match(args) => matchplay::command(args),
        #[cfg(feature = "learn")]
        Command::Train(args) => train::command(args),
        #[cfg(feature = "learn")]
        Command::TrainValue(args) => train_value::command(args),
        Command::Replay(args) => replay::command(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::command(args),
        Command::Play(args) => play::command(args),
        Command::Engine(args) => engine::command(args),
        Command::Bench(args) => bench::command(args),
        Command::Games => meta::list_games(),
        Command::Bots => meta::list_bots(),
        Command::Completions(args) => meta::completions(args),
        Command::Man(args) => meta::man_pages(args),
    }
}
