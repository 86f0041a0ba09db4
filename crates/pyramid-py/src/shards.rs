//! `Match`: one match (or round robin) as `pyrctl match` plays it, to be played in
//! shards anywhere (a Ray task each) and summed up from its records.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyramid_bots::{
    MatchRequest, Record, check_record, report_of_records, run_games, summary_json, summary_text,
};
use pyramid_core::runtime::borrowed_options;
use pyramid_core::{FullGame, RuleSet};
use pyramid_games::GameVisitor;

use crate::errors::to_py;
use crate::matches::parse_bots;
use crate::options::pairs;

/// What to do with the match, once its game type is known.
enum Work {
    /// The number of games.
    Total,
    /// Play games `first..first + count` on `jobs` threads: their records.
    Play { first: u64, count: u64, jobs: usize },
    /// Check that a record is game `index` and replays.
    Check { index: u64, line: String },
    /// The summary of all the games' records, as text or JSON.
    Summary { records: Vec<String>, json: bool },
}

/// What the work gives back.
enum Done {
    Total(u64),
    Records(Vec<String>),
    Checked,
    Summary(String),
}

struct Visit<'a> {
    plan: &'a Match,
    work: Work,
}

impl GameVisitor for Visit<'_> {
    type Output = Result<Done, String>;

    fn visit<G: FullGame>(self) -> Result<Done, String> {
        let rules = G::Rules::from_options(borrowed_options(&self.plan.rules))
            .map_err(|e| e.to_string())?;
        let mut request = self.plan.request.clone();
        if let Work::Play { jobs, .. } = self.work {
            request.jobs = jobs.max(1);
        }
        let config = request.config(rules).map_err(|e| e.to_string())?;
        config.check().map_err(|e| e.to_string())?;
        match self.work {
            Work::Total => Ok(Done::Total(config.total_games())),
            Work::Play { first, count, .. } => {
                let end = first.saturating_add(count).min(config.total_games());
                let mut records = Vec::new();
                run_games::<G>(&config, first..end, |game| {
                    records.push(game.record.to_json());
                })
                .map_err(|e| e.to_string())?;
                Ok(Done::Records(records))
            }
            Work::Check { index, line } => {
                let record = Record::from_json(&line)
                    .map_err(|e| format!("game {index}: not a game record: {e}"))?;
                check_record::<G>(&config, index, &record).map_err(|e| e.to_string())?;
                Ok(Done::Checked)
            }
            Work::Summary { records, json } => {
                let records = records
                    .iter()
                    .enumerate()
                    .map(|(i, line)| {
                        Record::from_json(line)
                            .map_err(|e| format!("game {i}: not a game record: {e}"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let mut report =
                    report_of_records(&config, G::NAME, &records).map_err(|e| e.to_string())?;
                report.elapsed = std::time::Duration::ZERO;
                Ok(Done::Summary(if json {
                    summary_json::<G>(&config, &report)
                } else {
                    summary_text::<G>(&config, &report)
                }))
            }
        }
    }
}

/// A match of game `name` between `bots`, exactly as `pyrctl match` with the same
/// arguments plays it: one spec for every seat, one per seat, or (three or more in a
/// two-seat game) a round robin of `games` games a pairing. Every game depends on the
/// seed and its number alone, so `play(first, count)` can run anywhere, in any order.
///
/// >>> import pyramid_games as pg
/// >>> m = pg.Match("ataxx-ice", ["greedy", "random"], games=4, seed=1)
/// >>> records = m.play(0, 2) + m.play(2, 2)
/// >>> m.summary(records) == pg.play_match("ataxx-ice", ["greedy", "random"], 4, 1)["summary"]
/// True
#[pyclass(module = "pyramid_games", frozen)]
pub struct Match {
    name: String,
    rules: Vec<(String, String)>,
    request: MatchRequest,
}

impl Match {
    fn run(&self, py: Python<'_>, work: Work) -> PyResult<Done> {
        let name = self.name.clone();
        py.detach(|| pyramid_games::visit(&name, Visit { plan: self, work }))
            .map_err(to_py)?
            .map_err(PyValueError::new_err)
    }
}

#[pymethods]
impl Match {
    /// Sets up the match; refuses unknown games, bad bot specs, bad rules and a number
    /// of bots that fits neither the seats nor a round robin.
    #[new]
    #[pyo3(signature = (name, bots, games, seed, players=None, rules=None, max_plies=None, swap_seats=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        name: &str,
        bots: Vec<String>,
        games: u64,
        seed: u64,
        players: Option<usize>,
        rules: Option<&Bound<'_, PyDict>>,
        max_plies: Option<u32>,
        swap_seats: bool,
    ) -> PyResult<Self> {
        let plan = Match {
            name: name.to_owned(),
            rules: pairs(players, rules)?,
            request: MatchRequest {
                bots: parse_bots(&bots)?,
                games,
                seed,
                max_plies,
                swap_seats,
                jobs: 1,
            },
        };
        plan.run(py, Work::Total)?;
        Ok(plan)
    }

    /// Games in the whole match (`games`, times the pairings of a round robin).
    #[getter]
    fn total_games(&self, py: Python<'_>) -> PyResult<u64> {
        match self.run(py, Work::Total)? {
            Done::Total(n) => Ok(n),
            _ => Err(PyValueError::new_err("unexpected answer")),
        }
    }

    /// Plays games `first` to `first + count - 1` (cut at the end of the match) on
    /// `jobs` threads without holding the GIL: their records, one JSON line each, in
    /// order, as `pyrctl match --record` writes them.
    #[pyo3(signature = (first, count, jobs=1))]
    fn play(&self, py: Python<'_>, first: u64, count: u64, jobs: usize) -> PyResult<Vec<String>> {
        match self.run(py, Work::Play { first, count, jobs })? {
            Done::Records(records) => Ok(records),
            _ => Err(PyValueError::new_err("unexpected answer")),
        }
    }

    /// Checks that `line` is the record of game `index` of this match (game, rules,
    /// seeds, bots, the deal) and that it replays; raises `ValueError` saying what is
    /// wrong.
    fn check(&self, py: Python<'_>, index: u64, line: String) -> PyResult<()> {
        self.run(py, Work::Check { index, line }).map(|_| ())
    }

    /// The summary `pyrctl match` prints, from the records of every game in order.
    fn summary(&self, py: Python<'_>, records: Vec<String>) -> PyResult<String> {
        match self.run(
            py,
            Work::Summary {
                records,
                json: false,
            },
        )? {
            Done::Summary(text) => Ok(text),
            _ => Err(PyValueError::new_err("unexpected answer")),
        }
    }

    /// The summary as JSON (what `pyrctl match --json` writes), from the records.
    fn summary_json(&self, py: Python<'_>, records: Vec<String>) -> PyResult<String> {
        match self.run(
            py,
            Work::Summary {
                records,
                json: true,
            },
        )? {
            Done::Summary(text) => Ok(text),
            _ => Err(PyValueError::new_err("unexpected answer")),
        }
    }
}
