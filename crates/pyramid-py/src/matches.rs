//! `play_match`: a match between bots, exactly as `pyrctl match` plays it (the runtime's
//! [`Match`]).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyramid_bots::{BotSpec, MatchRequest};
use pyramid_runtime::Match;

use crate::errors::runtime_to_py;
use crate::options::options;

/// What a finished match gives back: a dict with these keys.
#[derive(IntoPyObject)]
pub struct Played {
    /// The summary `pyrctl match` prints.
    summary: String,
    /// Every game's record, one JSON line each, in order.
    records: Vec<String>,
    /// Wins per seat.
    seat_wins: Vec<u64>,
    /// Drawn games.
    draws: u64,
    /// Points per game of each bot.
    scores: Vec<f64>,
}

/// The bot specs, or a `ValueError` naming the first bad one.
pub(crate) fn parse_bots(bots: &[String]) -> PyResult<Vec<BotSpec>> {
    bots.iter()
        .map(|b| pyramid_runtime::parse_bot(b))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Plays a match of game `name` between `bots` (one spec for every seat, or one per
/// seat), `games` games reproducible from `seed`, exactly as `pyrctl match` does with the
/// same arguments: the same summary and the same records (one JSON line per game). Runs
/// without holding the GIL.
#[pyfunction]
#[pyo3(signature = (name, bots, games, seed, players=None, rules=None, max_plies=None, swap_seats=false, jobs=1))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    name: &str,
    bots: Vec<String>,
    games: u64,
    seed: u64,
    players: Option<usize>,
    rules: Option<&Bound<'_, PyDict>>,
    max_plies: Option<u32>,
    swap_seats: bool,
    jobs: usize,
) -> PyResult<Played> {
    let options = options(players, rules)?;
    let request = MatchRequest {
        bots: parse_bots(&bots)?,
        games,
        seed,
        max_plies,
        swap_seats,
        jobs,
    };
    py.detach(|| {
        let plan = Match::new(name, &options, &request)?;
        let mut records = Vec::new();
        let report = plan.play_all(&mut |game| records.push(game.record.to_json()))?;
        Ok(Played {
            summary: plan.summary(&report, false),
            records,
            seat_wins: report.seat_wins.clone(),
            draws: report.draws,
            scores: report.tallies.iter().map(|t| t.score()).collect(),
        })
    })
    .map_err(runtime_to_py)
}
