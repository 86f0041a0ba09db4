//! [`Svg`]: the board as an SVG picture, for browsers and documents.

use crate::{Diagram, Seat};

/// The board drawn as an SVG document, showing only what `viewer` may see (`None`: what
/// the game's [`Diagram`] shows to nobody in particular; a server hides a game with
/// hidden information from anyone without a seat).
///
/// Every square element carries `data-square` (its name, like `c2`), so a page can tell
/// which square was clicked. The default draws the text diagram in a monospace font; each
/// game of this workspace draws its real board with [`crate::svg::SvgBoard`].
///
/// ```
/// use pyramid_core::{Game, Svg, nim::Nim};
/// let svg = Nim::new(&Default::default()).svg(None);
/// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
/// ```
pub trait Svg: Diagram {
    /// The SVG picture for `viewer`, drawn from its own side of the board (a spectator,
    /// `None`: from seat 0's side).
    fn svg(&self, viewer: Option<Seat>) -> String {
        self.svg_from(viewer, viewer)
    }

    /// The SVG picture for `viewer`, drawn from `side`'s side of the board (that seat's
    /// home at the bottom; `None`: seat 0's): a flip button, a spectator choosing. The
    /// default draws the text diagram, which has one side.
    fn svg_from(&self, viewer: Option<Seat>, side: Option<Seat>) -> String {
        let _ = side;
        let diagram = self.diagram(viewer);
        let lines: Vec<&str> = diagram.lines().collect();
        let width = 20 + 9 * lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let height = 20 + 18 * lines.len();
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" data-game="{}" viewBox="0 0 {width} {height}" width="{width}" height="{height}">"#,
            Self::NAME
        );
        for (i, line) in lines.iter().enumerate() {
            out.push_str(&format!(
                r#"<text x="10" y="{}" font-family="monospace" font-size="15" xml:space="preserve">{}</text>"#,
                24 + 18 * i,
                crate::svg::escape(line)
            ));
        }
        out.push_str("</svg>");
        out
    }
}
