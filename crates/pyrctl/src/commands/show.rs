//! `pyrctl show`: the board as a terminal drawing, or the state in another text form.

use crate::setup::UsageError;
use std::io::Write;

use anyhow::Result;
use pyramid_core::Seat;
use pyramid_core::runtime::DynState;

use crate::cli::ShowFormat;

/// Prints the state in `format`: the diagram (as `seat` sees it, if given) and the result
/// once it is over, the position string, the RON state, `seat`'s view string, or the SVG
/// picture.
pub fn run(state: &dyn DynState, seat: Option<u8>, format: ShowFormat) -> Result<()> {
    let viewer = seat.map(Seat);
    if let Some(s) = viewer {
        if s.index() >= state.seats() {
            return Err(UsageError::new(format!(
                "--seat {s}: the game has seats 0 to {}",
                state.seats() - 1
            ))
            .into());
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
        ShowFormat::Ron => writeln!(out, "{}", state.to_ron(true))?,
        ShowFormat::View => {
            let Some(seat) = viewer else {
                return Err(UsageError::new(
                    "--format view needs --seat N: the seat whose view to write",
                )
                .into());
            };
            writeln!(out, "{}", state.view_string(seat)?)?;
        }
        ShowFormat::Svg => writeln!(out, "{}", state.svg(viewer)?)?,
    }
    Ok(())
}
