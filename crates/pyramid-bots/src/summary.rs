//! The match as the command line and the Python package set it up and report it: the
//! default ply limit, one bot for every seat, and the summary table.

use std::fmt::Write;

use pyramid_core::prelude::*;

use crate::matches::{MatchConfig, MatchError, MatchReport};
use crate::spec::BotSpec;

/// The ply limit a match uses when neither the rules nor the caller set one, so that
/// every game ends.
pub const DEFAULT_MATCH_PLY_LIMIT: u32 = 1000;

/// What a match is asked to play, before it is checked against the rules.
#[derive(Clone, Debug)]
pub struct MatchRequest {
    /// Bot specs: none (random everywhere), one (that bot everywhere) or one per seat.
    pub bots: Vec<BotSpec>,
    /// Number of games.
    pub games: u64,
    /// The match seed.
    pub seed: u64,
    /// A ply limit that overrides the rules' (else the rules', else
    /// [`DEFAULT_MATCH_PLY_LIMIT`]).
    pub max_plies: Option<u32>,
    /// Rotate the bots over the seats game by game.
    pub swap_seats: bool,
    /// Worker threads (at least 1; the results do not depend on it).
    pub jobs: usize,
}

impl MatchRequest {
    /// The match under `rules`: the ply limit settled and the bots spread over the seats.
    ///
    /// ```
    /// use pyramid_bots::{MatchRequest, DEFAULT_MATCH_PLY_LIMIT};
    /// use pyramid_core::{RuleSet, nim::NimRules};
    /// let request = MatchRequest {
    ///     bots: vec!["greedy".parse()?], games: 2, seed: 1,
    ///     max_plies: None, swap_seats: false, jobs: 1,
    /// };
    /// let config = request.config(NimRules::default())?;
    /// assert_eq!(config.bots.len(), 2);
    /// assert_eq!(config.rules.ply_limit(), Some(DEFAULT_MATCH_PLY_LIMIT));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn config<R: RuleSet>(&self, mut rules: R) -> Result<MatchConfig<R>, MatchError> {
        let limit = self
            .max_plies
            .or(rules.ply_limit())
            .unwrap_or(DEFAULT_MATCH_PLY_LIMIT);
        rules.set_ply_limit(Some(limit));
        let seats = rules.seats();
        let bots = match self.bots.as_slice() {
            [] => vec![BotSpec::Random; seats],
            [one] => vec![one.clone(); seats],
            many if many.len() == seats => many.to_vec(),
            many => {
                return Err(MatchError::BotCount {
                    seats,
                    bots: many.len(),
                });
            }
        };
        Ok(MatchConfig {
            rules,
            bots,
            games: self.games,
            seed: self.seed,
            swap_seats: self.swap_seats,
            jobs: self.jobs.max(1),
        })
    }
}

/// The summary table of a match of game `G`, as `pyrctl match` prints it: the settings,
/// one line per bot (games, wins, draws, losses, score), wins by seat, average plies, the
/// Elo difference of a two-bot match, the time, and a note when a bot's budget is timed.
pub fn summary_text<G: FullGame>(config: &MatchConfig<G::Rules>, report: &MatchReport) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_summary::<G>(&mut out, config, report);
    out
}

fn write_summary<G: FullGame>(
    out: &mut String,
    config: &MatchConfig<G::Rules>,
    report: &MatchReport,
) -> std::fmt::Result {
    let limit = config
        .rules
        .ply_limit()
        .map_or("none".to_owned(), |l| l.to_string());
    writeln!(
        out,
        "{} with {} seats: {} games, seed {}, ply limit {limit}{}, {} thread(s)",
        G::NAME,
        config.rules.seats(),
        report.games,
        config.seed,
        if config.swap_seats {
            ", seats rotated"
        } else {
            ""
        },
        config.jobs,
    )?;
    let width = report
        .bots
        .iter()
        .map(|b| b.to_string().len())
        .max()
        .unwrap_or(3)
        .max(3);
    writeln!(
        out,
        "  # {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>6}",
        "bot", "games", "wins", "draws", "losses", "score"
    )?;
    for (i, (bot, tally)) in report.bots.iter().zip(&report.tallies).enumerate() {
        writeln!(
            out,
            "{i:>3} {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>5.1}%",
            bot.to_string(),
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        )?;
    }
    let seat_wins: Vec<String> = report
        .seat_wins
        .iter()
        .enumerate()
        .map(|(s, w)| format!("seat {s} {w}"))
        .collect();
    write!(
        out,
        "wins by seat: {}; draws {}",
        seat_wins.join(", "),
        report.draws
    )?;
    if report.unfinished > 0 {
        write!(out, "; unfinished {}", report.unfinished)?;
    }
    if report.forfeits > 0 {
        write!(out, "; forfeits {}", report.forfeits)?;
    }
    writeln!(out)?;
    writeln!(out, "average plies: {:.1}", report.average_plies())?;
    if let Some(elo) = report.elo() {
        writeln!(out, "Elo of bot 0 over bot 1: {elo}")?;
    }
    let secs = report.elapsed.as_secs_f64();
    writeln!(
        out,
        "time: {secs:.2} s ({:.1} games/s)",
        if secs > 0.0 {
            report.games as f64 / secs
        } else {
            f64::INFINITY
        }
    )?;
    if config.bots.iter().any(BotSpec::is_timed) {
        writeln!(
            out,
            "note: a bot has a time budget (ms=), so these results depend on the machine and its load and are not reproducible from the seed"
        )?;
    }
    Ok(())
}
