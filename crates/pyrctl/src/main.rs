//! `pyrctl`: the command-line tool of pyramid-games. It parses arguments and prints; the
//! work is done by the library crates.
#![forbid(unsafe_code)]

mod cli;
mod commands;
mod games;
mod setup;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_usage_error(&e),
    };
    let result = match (&cli.command, cli.command.game()) {
        (Command::Replay { file }, _) => commands::replay::run_file(file),
        (Command::Games, _) | (_, None) => list_games(),
        (command, Some(game)) => games::dispatch(game, command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn list_games() -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    for game in games::GAMES {
        writeln!(out, "{game}")?;
    }
    Ok(())
}

/// Help and version go to stdout as clap renders them; a usage error becomes one line.
fn report_usage_error(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
        _ => {
            let rendered = e.render().to_string();
            let line = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments");
            let line = line.strip_prefix("error: ").unwrap_or(line);
            eprintln!("error: {line} (see `pyrctl --help`)");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
