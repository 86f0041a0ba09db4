//! `pyrctl show`: the board as a terminal drawing.

use std::io::Write;

use anyhow::{Context, Result, bail};
use pyramid_core::{Game, Seat};

use crate::cli::ShowFormat;

/// Prints the state in `format`: the diagram (as `seat` sees it, if given) and the result
/// once it is over, the position string, the RON state, or `seat`'s view string.
pub fn run<G: Game>(state: &G, seat: Option<u8>, format: ShowFormat) -> Result<()> {
    let viewer = seat.map(Seat);
    if let Some(s) = viewer {
        if s.index() >= state.seats() {
            bail!("--seat {s}: the game has seats 0 to {}", state.seats() - 1);
        }
    }
    let mut out = std::io::stdout().lock();
    match format {
        ShowFormat::Diagram => {
            write!(out, "{}", state.diagram(viewer))?;
            if let Some(outcome) = state.outcome() {
                writeln!(out, "result: {outcome}")?;
            }
        }
        ShowFormat::Position => writeln!(out, "{}", state.position())?,
        ShowFormat::Ron => {
            let pretty = ron::ser::PrettyConfig::default();
            let text = ron::ser::to_string_pretty(state, pretty).context("writing RON")?;
            writeln!(out, "{text}")?;
        }
        ShowFormat::View => {
            let Some(seat) = viewer else {
                bail!("--format view needs --seat N: the seat whose view to write");
            };
            writeln!(out, "{}", state.view_string(seat))?;
        }
    }
    Ok(())
}
