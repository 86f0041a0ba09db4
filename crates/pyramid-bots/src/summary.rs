//! The match as the command line and the Python package set it up and report it: the
//! default ply limit, one bot for every seat, and the summary table.

use std::fmt::Write;

use pyramid_core::prelude::*;

use serde_json::{Value, json};

use crate::ladder::ladder;
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
            // Three or more bots in a two-seat game: a round robin.
            many if seats == 2 => many.to_vec(),
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

/// The summary of a match of game `G`, as `pyrctl match` prints it: the settings, one
/// line per bot (games, wins, draws, losses, score), in a round robin the crosstable and
/// the Elo ladder, wins by seat, average plies, the Elo difference of a two-bot match,
/// and a note when a bot's budget is timed. It depends on the results alone (no times,
/// no thread counts), so a match played in shards elsewhere prints the same text.
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
    write_heading::<G>(out, config, report)?;
    let width = write_tallies(out, report)?;
    if config.is_round_robin() {
        write_crosstable(out, report)?;
        write_ladder(out, report, width)?;
    }
    write_totals(out, config, report)
}

/// The first line: the game, seats, games, seed and ply limit.
fn write_heading<G: FullGame>(
    out: &mut String,
    config: &MatchConfig<G::Rules>,
    report: &MatchReport,
) -> std::fmt::Result {
    let limit = config
        .rules
        .ply_limit()
        .map_or("none".to_owned(), |l| l.to_string());
    if config.is_round_robin() {
        writeln!(
            out,
            "{} with {} seats: round robin of {} bots, {} games a pairing ({} games), seed {}, ply limit {limit}, seats alternating",
            G::NAME,
            config.rules.seats(),
            config.bots.len(),
            config.games,
            report.games,
            config.seed,
        )?;
    } else {
        writeln!(
            out,
            "{} with {} seats: {} games, seed {}, ply limit {limit}{}",
            G::NAME,
            config.rules.seats(),
            report.games,
            config.seed,
            if config.swap_seats {
                ", seats rotated"
            } else {
                ""
            },
        )?;
    }
    Ok(())
}

/// Each bot's games, wins, draws, losses and score; returns the width of the bot column.
fn write_tallies(out: &mut String, report: &MatchReport) -> Result<usize, std::fmt::Error> {
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
    Ok(width)
}

/// Wins by seat, draws, unfinished games and forfeits, average plies, Elo and the note
/// on timed budgets.
fn write_totals<R>(
    out: &mut String,
    config: &MatchConfig<R>,
    report: &MatchReport,
) -> std::fmt::Result {
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
    if config.bots.iter().any(BotSpec::is_timed) {
        writeln!(
            out,
            "note: a bot has a time budget (ms=, movetime=), so these results depend on the machine and its load and are not reproducible from the seed"
        )?;
    }
    Ok(())
}

/// The crosstable: each row bot's wins-draws-losses against each column bot.
fn write_crosstable(out: &mut String, report: &MatchReport) -> std::fmt::Result {
    let n = report.bots.len();
    let cells: Vec<Vec<String>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| {
                    if a == b {
                        "-".to_owned()
                    } else {
                        let t = report.pairs[a][b];
                        format!("{}-{}-{}", t.wins, t.draws, t.losses)
                    }
                })
                .collect()
        })
        .collect();
    let cell = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(3);
    writeln!(out, "crosstable (row against column: wins-draws-losses):")?;
    write!(out, "   ")?;
    for b in 0..n {
        write!(out, "  {b:>cell$}")?;
    }
    writeln!(out)?;
    for (a, row) in cells.iter().enumerate() {
        write!(out, "{a:>3}")?;
        for c in row {
            write!(out, "  {c:>cell$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The Elo ladder, best first.
fn write_ladder(out: &mut String, report: &MatchReport, width: usize) -> std::fmt::Result {
    writeln!(
        out,
        "Elo ladder (Bradley-Terry fit, mean 0, 95% error, one virtual draw a pairing):"
    )?;
    let ratings = ladder(&report.pairs);
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo).then(a.cmp(&b)));
    for (rank, &i) in order.iter().enumerate() {
        writeln!(
            out,
            "{:>3}. {:<width$}  {:>+7.1} +/- {:.1}",
            rank + 1,
            report.bots[i].to_string(),
            // Rounded first, so that a rating of almost nothing does not print as -0.0.
            (ratings[i].elo * 10.0).round() / 10.0 + 0.0,
            ratings[i].error
        )?;
    }
    Ok(())
}

/// A number for JSON: infinite or undefined values become `null`.
fn number(x: f64) -> Value {
    if x.is_finite() {
        json!((x * 1e6).round() / 1e6)
    } else {
        Value::Null
    }
}

/// The summary as JSON: the settings, per-bot totals, wins by seat, and (two bots) the
/// Elo difference or (round robin) the crosstable and the ladder. Like
/// [`summary_text`], it depends on the results alone.
///
/// ```
/// use pyramid_bots::{BotSpec, MatchConfig, run_match, summary_json};
/// use pyramid_core::nim::Nim;
/// let config = MatchConfig {
///     rules: Default::default(),
///     bots: vec![BotSpec::Greedy, BotSpec::Random, "mcts:iters=50".parse()?],
///     games: 4, seed: 1, swap_seats: false, jobs: 1,
/// };
/// let report = run_match::<Nim>(&config, |_| {})?;
/// let summary: serde_json::Value = serde_json::from_str(&summary_json::<Nim>(&config, &report))?;
/// assert_eq!(summary["round_robin"], true);
/// assert_eq!(summary["games"], 12);
/// assert_eq!(summary["ladder"].as_array().map(Vec::len), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn summary_json<G: FullGame>(config: &MatchConfig<G::Rules>, report: &MatchReport) -> String {
    let bots: Vec<Value> = report
        .bots
        .iter()
        .zip(&report.tallies)
        .map(|(bot, t)| {
            json!({
                "bot": bot.to_string(),
                "games": t.games(),
                "wins": t.wins,
                "draws": t.draws,
                "losses": t.losses,
                "score": number(t.score()),
            })
        })
        .collect();
    let mut summary = json!({
        "game": G::NAME,
        "seats": config.rules.seats(),
        "seed": config.seed,
        "ply_limit": config.rules.ply_limit(),
        "round_robin": config.is_round_robin(),
        "games_per_pairing": config.is_round_robin().then_some(config.games),
        "swap_seats": config.swap_seats,
        "games": report.games,
        "bots": bots,
        "seat_wins": report.seat_wins,
        "draws": report.draws,
        "unfinished": report.unfinished,
        "forfeits": report.forfeits,
        "average_plies": number(report.average_plies()),
        "timed": config.bots.iter().any(BotSpec::is_timed),
    });
    if let Some(elo) = report.elo() {
        summary["elo"] = json!({ "diff": number(elo.diff), "error": number(elo.error) });
    }
    if config.is_round_robin() {
        let crosstable: Vec<Vec<Value>> = report
            .pairs
            .iter()
            .map(|row| {
                row.iter()
                    .map(|t| json!({ "wins": t.wins, "draws": t.draws, "losses": t.losses }))
                    .collect()
            })
            .collect();
        let ladder: Vec<Value> = ladder(&report.pairs)
            .iter()
            .zip(&report.bots)
            .map(|(r, bot)| json!({ "bot": bot.to_string(), "elo": number(r.elo), "error": number(r.error) }))
            .collect();
        summary["crosstable"] = json!(crosstable);
        summary["ladder"] = json!(ladder);
    }
    summary.to_string()
}
