//! `pyrctl replay`: re-play every record of a `.jsonl` file and report the first bad line.

use std::io::{BufReader, Read, Write};

use anyhow::{Context, Result, anyhow, bail};
use pyramid_bots::{Record, ReplayError, record_lines, verify_line};
use pyramid_core::FullGame;
use pyramid_games::GameVisitor;

/// Checks one record line as a game of the visited type.
struct CheckLine<'a>(&'a str);

impl GameVisitor for CheckLine<'_> {
    type Output = Result<(), ReplayError>;

    fn visit<G: FullGame>(self) -> Self::Output {
        verify_line::<G>(self.0).map(|_| ())
    }
}

/// Reads `file` (`-`: standard input) line by line; each record is checked as a game of
/// the type its `game` field names ([`pyramid_games::visit`]). Prints a count when every
/// record is good; otherwise fails with `line N: ...` for the first bad line.
pub fn run_file(file: &str) -> Result<()> {
    let input: Box<dyn Read> = if file == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(file).with_context(|| format!("opening `{file}`"))?)
    };
    let mut records = 0u64;
    let mut plies = 0u64;
    for line in record_lines(BufReader::new(input)) {
        let (number, text) = line.with_context(|| format!("reading `{file}`"))?;
        if text.trim().is_empty() {
            continue;
        }
        let record = Record::from_json(&text)
            .map_err(|e| anyhow!("{file}: line {number}: not a game record: {e}"))?;
        let checked = pyramid_games::visit(&record.game, CheckLine(&text))
            .map_err(anyhow::Error::new)
            .and_then(|result| result.map_err(anyhow::Error::new));
        checked.map_err(|e| {
            anyhow!(
                "{file}: line {number} (game {}): {}",
                record.index,
                crate::error_text(&e)
            )
        })?;
        records += 1;
        plies += u64::from(record.plies);
    }
    if records == 0 {
        bail!("{file}: no records (an empty file or input has no game to verify)");
    }
    writeln!(
        std::io::stdout().lock(),
        "{file}: {records} record(s), {plies} plies: every action legal, every result right"
    )?;
    Ok(())
}
