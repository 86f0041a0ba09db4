//! `pyrctl replay`: re-play every record of a `.jsonl` file and report the first bad line.

use std::io::{BufReader, Read, Write};

use anyhow::{Context, Result, anyhow, bail};
use pyramid_bots::{Record, record_lines};
use pyramid_runtime::verify_record;

use crate::cli::ReplayArgs;

/// Reads the file (`-`: standard input) line by line; each record is checked as a game of
/// the type its `game` field names ([`verify_record`]). Prints a count when every record
/// is good; otherwise fails with `line N: ...` for the first bad line.
pub fn command(args: &ReplayArgs) -> Result<()> {
    let file = args.file.as_str();
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
        verify_record(&record).map_err(|e| {
            let e = anyhow::Error::new(e);
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
