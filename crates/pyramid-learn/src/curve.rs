//! The learning curve: the score against each opponent by generation, and the training
//! losses (each scaled to its largest), as an SVG line chart.

use std::fmt::Write as _;
use std::path::Path;

use crate::run_log::{GenerationLog, read_log};
use crate::safe_file::write_file;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const MARGIN: f64 = 48.0;
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
];

/// Draws the scores of the log at `log` into an SVG file at `out`, titled with `game`
/// (through [`write_file`]: only where nothing or a regular file is).
pub fn write_curve(log: &Path, out: &Path, game: &str) -> std::io::Result<()> {
    write_file(out, curve_svg(log, game)?.as_bytes())
}

/// The SVG text of the learning curve of the log at `log`.
pub fn curve_svg(log: &Path, game: &str) -> std::io::Result<String> {
    let lines = read_log(log)?;
    let mut series: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    for line in &lines {
        for e in &line.evaluations {
            let point = (line.generation as f64, e.score);
            match series.iter_mut().find(|(name, _)| *name == e.opponent) {
                Some((_, points)) => points.push(point),
                None => series.push((e.opponent.clone(), vec![point])),
            }
        }
    }
    let losses = loss_series(&lines);
    let last = lines.last().map_or(1.0, |l| l.generation.max(1) as f64);
    let x = |g: f64| MARGIN + (WIDTH - 2.0 * MARGIN) * g / last;
    let y = |s: f64| HEIGHT - MARGIN - (HEIGHT - 2.0 * MARGIN) * s;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="20" text-anchor="middle" font-size="14">{game}: score against each opponent (solid), losses over their largest (dashed)</text>"#,
        WIDTH / 2.0
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = writeln!(
            svg,
            r##"<line x1="{MARGIN}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{tick}</text>"##,
            WIDTH - MARGIN,
            MARGIN - 6.0,
            y(tick) + 4.0,
            y = y(tick),
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">generation (last {last})</text>"#,
        WIDTH / 2.0,
        HEIGHT - 12.0
    );
    for (i, (name, points)) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let path: Vec<String> = points
            .iter()
            .map(|&(g, s)| format!("{:.1},{:.1}", x(g), y(s)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            path.join(" ")
        );
        for &(g, s) in points {
            let _ = writeln!(
                svg,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}"/>"#,
                x(g),
                y(s)
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" fill="{colour}">vs {}</text>"#,
            MARGIN + 8.0,
            MARGIN + 16.0 * (i as f64 + 1.0),
            escape(name)
        );
    }
    draw_losses(&mut svg, &losses, &x, &y);
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// A training loss by generation, divided by its largest value.
struct LossSeries {
    name: &'static str,
    largest: f64,
    points: Vec<(f64, f64)>,
}

/// The policy and value losses of `lines`, each divided by its largest so that both fit
/// the score's axis (a loss never above zero is left out).
fn loss_series(lines: &[GenerationLog]) -> Vec<LossSeries> {
    let of = |name, loss: fn(&GenerationLog) -> f64| {
        let largest = lines.iter().map(loss).fold(0.0, f64::max);
        (largest > 0.0 && largest.is_finite()).then(|| LossSeries {
            name,
            largest,
            points: lines
                .iter()
                .map(|l| (l.generation as f64, loss(l) / largest))
                .collect(),
        })
    };
    [
        of("policy loss", |l| l.policy_loss),
        of("value loss", |l| l.value_loss),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Draws `losses` as dashed lines, named at the bottom right.
fn draw_losses(
    svg: &mut String,
    losses: &[LossSeries],
    x: &dyn Fn(f64) -> f64,
    y: &dyn Fn(f64) -> f64,
) {
    for (i, loss) in losses.iter().enumerate() {
        let colour = ["#555", "#aaa"][i % 2];
        let path: Vec<String> = loss
            .points
            .iter()
            .map(|&(g, s)| format!("{:.1},{:.1}", x(g), y(s)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="1.5" stroke-dasharray="5,3" points="{}"/>"#,
            path.join(" ")
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" fill="{colour}" text-anchor="end">{} (largest {:.3})</text>"#,
            WIDTH - MARGIN - 8.0,
            HEIGHT - MARGIN - 8.0 - 16.0 * (1.0 - i as f64),
            loss.name,
            loss.largest,
        );
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
