//! `play_match`: a match between bots, exactly as `pyrctl match` plays it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyramid_bots::{BotSpec, MatchRequest, run_match, summary_text};
use pyramid_core::{FullGame, RuleSet};
use pyramid_games::GameVisitor;

use crate::errors::to_py;
use crate::options::pairs;
use pyramid_core::runtime::borrowed_options;

/// What a finished match gives back.
struct Played {
    summary: String,
    records: Vec<String>,
    seat_wins: Vec<u64>,
    draws: u64,
    scores: Vec<f64>,
}

/// The match for the game chosen by name.
struct MatchVisitor {
    rules: Vec<(String, String)>,
    request: MatchRequest,
}

impl GameVisitor for MatchVisitor {
    type Output = Result<Played, String>;

    fn visit<G: FullGame>(self) -> Result<Played, String> {
        let rules =
            G::Rules::from_options(borrowed_options(&self.rules)).map_err(|e| e.to_string())?;
        let config = self.request.config(rules).map_err(|e| e.to_string())?;
        let mut records = Vec::new();
        let report = run_match::<G>(&config, |game| records.push(game.record.to_json()))
            .map_err(|e| e.to_string())?;
        Ok(Played {
            summary: summary_text::<G>(&config, &report),
            records,
            seat_wins: report.seat_wins.clone(),
            draws: report.draws,
            scores: report.tallies.iter().map(|t| t.score()).collect(),
        })
    }
}

/// The bot specs, or a `ValueError` naming the first bad one.
pub(crate) fn parse_bots(bots: &[String]) -> PyResult<Vec<BotSpec>> {
    bots.iter()
        .map(|b| b.parse::<BotSpec>())
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
pub fn play_match<'py>(
    py: Python<'py>,
    name: &str,
    bots: Vec<String>,
    games: u64,
    seed: u64,
    players: Option<usize>,
    rules: Option<&Bound<'py, PyDict>>,
    max_plies: Option<u32>,
    swap_seats: bool,
    jobs: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let visitor = MatchVisitor {
        rules: pairs(players, rules)?,
        request: MatchRequest {
            bots: parse_bots(&bots)?,
            games,
            seed,
            max_plies,
            swap_seats,
            jobs,
        },
    };
    let played = py
        .detach(|| pyramid_games::visit(name, visitor))
        .map_err(to_py)?
        .map_err(PyValueError::new_err)?;
    let out = PyDict::new(py);
    out.set_item("summary", played.summary)?;
    out.set_item("records", played.records)?;
    out.set_item("seat_wins", played.seat_wins)?;
    out.set_item("draws", played.draws)?;
    out.set_item("scores", played.scores)?;
    Ok(out)
}
