//! `pyrctl show`: the board as a terminal drawing, or the state in another text form.

use std::io::Write;

use anyhow::Result;
use pyramid_core::Seat;

use crate::cli::{ShowArgs, ShowFormat};
use crate::setup::{self, UsageError};

/// Prints the state in `--format`: the diagram (as `--seat` sees it, if given) and the
/// result once it is over, the position string, the RON state, the seat's view string,
/// or the SVG picture. A seat the game does not have is a usage error.
pub fn command(args: &ShowArgs) -> Result<()> {
    let game = pyramid_runtime::game(&args.game)?;
    let state = setup::state(game, &args.setup)?;
    let viewer = args.seat.map(Seat);
    let diagram = state.diagram(viewer).map_err(UsageError::of_runtime)?;
    let mut out = std::io::stdout().lock();
    match args.format {
        ShowFormat::Diagram => {
            write!(out, "{diagram}")?;
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
