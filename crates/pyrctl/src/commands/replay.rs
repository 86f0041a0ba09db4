//! `pyrctl replay`: re-play every record of a `.jsonl` file and report the first bad line.

use std::io::{BufRead, BufReader, Read, Write};

use anyhow::{Context, Result, anyhow};
use pyramid_bots::{Record, verify_line};
use pyramid_core::Game;

use crate::cli::Command;
use crate::games;

/// Reads `file` (`-`: standard input) line by line; each record is checked as a game of
/// the type its `game` field names (through the game dispatch). Prints a count when every
/// record is good; otherwise fails with `line N: ...` for the first bad line.
pub fn run_file(file: &str) -> Result<()> {
    let input: Box<dyn Read> = if file == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(file).with_context(|| format!("opening `{file}`"))?)
    };
    let mut records = 0u64;
    let mut plies = 0u64;
    for (i, line) in BufReader::new(input).lines().enumerate() {
        let number = i + 1;
        let text = line.with_context(|| format!("reading `{file}` line {number}"))?;
        if text.trim().is_empty() {
            continue;
        }
        let record = Record::from_json(&text)
            .map_err(|e| anyhow!("{file}: line {number}: not a game record: {e}"))?;
        let command = Command::VerifyRecord {
            game: record.game.clone(),
            text,
        };
        games::dispatch(&record.game, &command)
            .map_err(|e| anyhow!("{file}: line {number} (game {}): {e:#}", record.index))?;
        records += 1;
        plies += u64::from(record.plies);
    }
    writeln!(
        std::io::stdout().lock(),
        "{file}: {records} record(s), {plies} plies: every action legal, every result right"
    )?;
    Ok(())
}

/// Checks one record line as a game of `G`.
pub fn verify<G: Game>(text: &str) -> Result<()> {
    verify_line::<G>(text).map(|_| ()).map_err(|e| anyhow!(e))
}
