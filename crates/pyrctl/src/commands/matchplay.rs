//! `pyrctl match`: random bots, reproducible from the seed, and a summary.

use std::io::Write;

use anyhow::Result;
use pyramid_core::{Game, RuleSet, arena::random_match};

/// The ply limit a match uses when neither the rules nor `--max-plies` set one, so that
/// every game ends.
pub const DEFAULT_MATCH_PLY_LIMIT: u32 = 1000;

/// Plays `games` games of random bots and prints wins per seat, draws, average plies and
/// games per second.
pub fn run<G: Game>(rules: &G::Rules, games: u64, seed: u64, max_plies: Option<u32>) -> Result<()> {
    let mut rules = rules.clone();
    let limit = max_plies
        .or(rules.ply_limit())
        .unwrap_or(DEFAULT_MATCH_PLY_LIMIT);
    rules.set_ply_limit(Some(limit));
    let summary = random_match::<G>(&rules, games, seed);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} with {} seats: {games} games of random bots, seed {seed}, ply limit {limit}",
        G::NAME,
        rules.seats()
    )?;
    for (seat, wins) in summary.wins.iter().enumerate() {
        writeln!(
            out,
            "seat {seat} wins: {wins} ({:.1}%)",
            percent(*wins, games)
        )?;
    }
    writeln!(
        out,
        "draws: {} ({:.1}%)",
        summary.draws,
        percent(summary.draws, games)
    )?;
    writeln!(out, "average plies: {:.1}", summary.average_plies())?;
    writeln!(out, "games per second: {:.0}", summary.games_per_second())?;
    Ok(())
}

fn percent(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}
