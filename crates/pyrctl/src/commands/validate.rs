//! `pyrctl validate`: read a position string or a RON state and print it normalised.

use std::io::{Read, Write};
use std::path::Path;

use anyhow::{Context, Result, anyhow, bail};

use crate::cli::ValidateArgs;
use crate::setup;

/// Reads the input (a position string, a file holding one, a `.ron` file, or `-` for
/// standard input, which may hold either form) and prints the normalised position string.
pub fn command(validate: &ValidateArgs) -> Result<()> {
    let game = pyramid_runtime::game(&validate.game)?;
    let (input, args) = (validate.input.as_str(), &validate.rules);
    let (text, from_file) = if input == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading standard input")?;
        (text, true)
    } else if Path::new(input).is_file() {
        (
            std::fs::read_to_string(input).with_context(|| format!("reading `{input}`"))?,
            true,
        )
    } else if !input.contains(char::is_whitespace) {
        // Every position string has several space-separated fields: one word is a path.
        let shown = pyramid_core::excerpt(input);
        if Path::new(input).is_dir() {
            bail!("`{shown}` is a directory, not a position string or a state file");
        }
        bail!(
            "no such file `{shown}` (and not a position string: those have several space-separated fields)"
        );
    } else {
        (input.to_owned(), false)
    };
    let trimmed = text.trim();
    let looks_like_ron = from_file && (input.ends_with(".ron") || trimmed.starts_with('('));
    let state = if looks_like_ron {
        let state = game
            .parse_ron(trimmed)
            .map_err(|e| anyhow!("invalid RON state: {e}"))?;
        setup::check_state(game, state.as_ref(), args, "the RON file")?;
        state
    } else {
        setup::position(game, trimmed, args)?
    };
    writeln!(std::io::stdout().lock(), "{}", state.position())?;
    Ok(())
}
