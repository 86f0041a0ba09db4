//! `pyrctl games`, `pyrctl bots`, `pyrctl completions` and `pyrctl man`: what the tool itself knows.

use std::io::Write;

use anyhow::Result;

use crate::cli::{Cli, CompletionsArgs, ManArgs};
use crate::setup;

/// The names of the games, one a line.
pub fn list_games() -> Result<()> {
    let mut out = std::io::stdout().lock();
    for game in pyramid_runtime::registry().names() {
        writeln!(out, "{game}")?;
    }
    Ok(())
}

/// The kinds of bot, one a line: how a spec is written, and what the bot does (each
/// kind describes itself: `pyramid_bots::BotKind`).
pub fn list_bots() -> Result<()> {
    let mut out = std::io::stdout().lock();
    let kinds = pyramid_runtime::bot_kinds().describe();
    let width = kinds.iter().map(|k| k.usage.len()).max().unwrap_or(0);
    for kind in kinds {
        writeln!(out, "{:width$}  {}", kind.usage, kind.about)?;
    }
    Ok(())
}

/// The completion script for the shell (clap_complete).
pub fn completions(args: &CompletionsArgs) -> Result<()> {
    let mut command = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(
        args.shell,
        &mut command,
        "pyrctl",
        &mut std::io::stdout().lock(),
    );
    Ok(())
}

/// The manual pages in roff (clap_mangen): the main page, the page of a command, or
/// every page written into a folder under the names the main page refers to
/// (`pyrctl-perft.1`, ...).
pub fn man_pages(args: &ManArgs) -> Result<()> {
    let mut main_page = <Cli as clap::CommandFactory>::command();
    main_page.build();
    if let Some(dir) = &args.dir {
        return write_man_pages(&main_page, dir);
    }
    let cmd = match &args.command {
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

/// One manual page in roff.
fn page(cmd: clap::Command) -> Result<Vec<u8>> {
    let mut roff = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut roff)?;
    Ok(roff)
}

/// Every page into `dir`, each path printed.
fn write_man_pages(main_page: &clap::Command, dir: &std::path::Path) -> Result<()> {
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
    Ok(())
}
