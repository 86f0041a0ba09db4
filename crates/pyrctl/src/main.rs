//! `pyrctl`: the command-line tool of pyramid-games. It parses arguments and prints; the
//! work is done by the library crates.
#![forbid(unsafe_code)]

mod cli;
mod commands;
mod setup;

use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use crate::cli::Cli;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_usage_error(&e),
    };
    let result = commands::run(&cli.command);
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
