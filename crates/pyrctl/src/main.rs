//! `pyrctl`: the command-line tool of pyramid-games. It parses arguments and prints; the
//! work is done by the library crates.
#![forbid(unsafe_code)]

mod cli;
mod commands;
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
        (
            Command::Bench {
                game,
                seconds,
                json,
            },
            _,
        ) => commands::bench::run(game.as_deref(), *seconds, *json),
        (
            Command::Serve {
                addr,
                max_games,
                idle_seconds,
                engines,
                models,
                db,
            },
            _,
        ) => commands::serve::run(*addr, *max_games, *idle_seconds, engines, models, db),
        (Command::Completions { shell }, _) => write_completions(*shell),
        (Command::Man { command, dir }, _) => write_man_pages(command.as_deref(), dir.as_deref()),
        (Command::Games, _) | (_, None) => list_games(),
        (command, Some(game)) => commands::run(game, command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", error_text(&e));
            if e.chain().any(|cause| cause.is::<setup::UsageError>()) {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// The error and its causes on one line, each cause once (a cause whose text the message
/// already holds is not repeated), with any long run of input cut short.
pub(crate) fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text.split(' ')
        .map(pyramid_core::excerpt)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The completion script for `shell` (clap_complete).
fn write_completions(shell: clap_complete::Shell) -> anyhow::Result<()> {
    let mut command = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(shell, &mut command, "pyrctl", &mut std::io::stdout().lock());
    Ok(())
}

/// The manual pages in roff (clap_mangen): the main page, the page of `command`, or
/// every page written into `dir` under the names the main page refers to
/// (`pyrctl-perft.1`, ...).
fn write_man_pages(command: Option<&str>, dir: Option<&std::path::Path>) -> anyhow::Result<()> {
    let mut main_page = <Cli as clap::CommandFactory>::command();
    main_page.build();
    let page = |cmd: clap::Command| -> anyhow::Result<Vec<u8>> {
        let mut roff = Vec::new();
        clap_mangen::Man::new(cmd).render(&mut roff)?;
        Ok(roff)
    };
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create `{}`: {e}", dir.display()))?;
        let mut pages = vec![("pyrctl".to_owned(), main_page.clone())];
        for sub in main_page.get_subcommands() {
            pages.push((format!("pyrctl-{}", sub.get_name()), sub.clone()));
        }
        for (name, cmd) in pages {
            let path = dir.join(format!("{name}.1"));
            std::fs::write(&path, page(cmd)?)
                .map_err(|e| anyhow::anyhow!("cannot write `{}`: {e}", path.display()))?;
            println!("{}", path.display());
        }
        return Ok(());
    }
    let cmd = match command {
        None => main_page,
        Some(name) => main_page.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> = main_page.get_subcommands().map(|c| c.get_name()).collect();
            setup::UsageError::new(format!(
                "no command `{}` (commands: {})",
                pyramid_core::excerpt(name),
                names.join(", ")
            ))
        })?,
    };
    std::io::stdout().lock().write_all(&page(cmd)?)?;
    Ok(())
}

fn list_games() -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    for game in pyramid_games::registry().names() {
        writeln!(out, "{game}")?;
    }
    Ok(())
}

/// Help and version go to stdout as clap renders them; a usage error is clap's whole
/// message on stderr (the error, what was expected or "did you mean", the usage line and
/// the tip), with long runs of input cut short, and exit status 2.
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
            let shortened: Vec<String> = rendered
                .lines()
                .map(|line| {
                    line.split(' ')
                        .map(pyramid_core::excerpt)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            eprintln!("{}", shortened.join("\n").trim_end());
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
