//! Draws a training run's learning curve again from its log (a run writes it each
//! generation; this redraws one, e.g. after the chart changed):
//!
//!     cargo run -p pyramid-learn --example draw_curve -- runs/mc/log.jsonl runs/mc/curve.svg martian-chess

use std::path::Path;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [log, out, game] = &args[..] else {
        eprintln!("usage: draw_curve LOG.jsonl OUT.svg GAME");
        std::process::exit(2);
    };
    pyramid_learn::write_curve(Path::new(log), Path::new(out), game)
}
