//! The perft suites under `tests/perft/` (one file per game, the format of
//! `pyramid_testkit::perft_suite` and docs/testing.md), every line and depth checked through
//! the runtime interface, as `pyrctl perft GAME --suite FILE` checks them.

use std::path::Path;

use pyramid_testkit::perft_suite::{check_line, parse_suite};

#[test]
fn every_game_has_a_perft_suite_and_passes_it() -> Result<(), Box<dyn std::error::Error>> {
    let registry = pyramid_games::registry();
    for game in registry.games() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/perft")
            .join(format!("{}.txt", game.name()));
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let lines = parse_suite(&text)?;
        assert!(lines.len() >= 4, "{}: too few positions", path.display());
        for line in &lines {
            for result in check_line(game, line, None)? {
                assert!(
                    result.passed(),
                    "{} line {}: perft({}) expected {}, found {:?}",
                    path.display(),
                    result.line,
                    result.depth,
                    result.expected,
                    result.found
                );
            }
        }
    }
    Ok(())
}
