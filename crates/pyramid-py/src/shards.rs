//! `Match`: one match (or round robin) as `pyrctl match` plays it, to be played in
//! shards anywhere (a Ray task each) and summed up from its records: the runtime's
//! [`runtime::Match`](pyramid_runtime::Match).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyramid_bots::MatchRequest;
use pyramid_runtime as runtime;

use crate::errors::runtime_to_py;
use crate::matches::parse_bots;
use crate::options::options;

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
    inner: runtime::Match,
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
        let options = options(players, rules)?;
        let request = MatchRequest {
            bots: parse_bots(&bots)?,
            games,
            seed,
            max_plies,
            swap_seats,
            jobs: 1,
        };
        let inner = py
            .detach(|| runtime::Match::new(name, &options, &request))
            .map_err(runtime_to_py)?;
        Ok(Match { inner })
    }

    /// Games in the whole match (`games`, times the pairings of a round robin).
    #[getter]
    fn total_games(&self) -> u64 {
        self.inner.total_games()
    }

    /// Plays games `first` to `first + count - 1` (cut at the end of the match) on
    /// `jobs` threads without holding the GIL: their records, one JSON line each, in
    /// order, as `pyrctl match --record` writes them.
    #[pyo3(signature = (first, count, jobs=1))]
    fn play(&self, py: Python<'_>, first: u64, count: u64, jobs: usize) -> PyResult<Vec<String>> {
        py.detach(|| {
            let mut records = Vec::new();
            let games = first..first.saturating_add(count);
            self.inner
                .play(games, jobs, &mut |game| records.push(game.record.to_json()))?;
            Ok(records)
        })
        .map_err(runtime_to_py)
    }

    /// Checks that `line` is the record of game `index` of this match (game, rules,
    /// seeds, bots, the deal) and that it replays; raises `ValueError` saying what is
    /// wrong.
    fn check(&self, py: Python<'_>, index: u64, line: String) -> PyResult<()> {
        py.detach(|| self.inner.check_line(index, &line).map(drop))
            .map_err(runtime_to_py)
    }

    /// The summary `pyrctl match` prints, from the records of every game in order.
    fn summary(&self, py: Python<'_>, records: Vec<String>) -> PyResult<String> {
        self.summary_of(py, &records, false)
    }

    /// The summary as JSON (what `pyrctl match --json` writes), from the records.
    fn summary_json(&self, py: Python<'_>, records: Vec<String>) -> PyResult<String> {
        self.summary_of(py, &records, true)
    }
}

impl Match {
    /// The summary of the records, as text or JSON, computed without the GIL.
    fn summary_of(&self, py: Python<'_>, records: &[String], json: bool) -> PyResult<String> {
        py.detach(|| {
            let report = self.inner.report_of_lines(records)?;
            Ok(self.inner.summary(&report, json))
        })
        .map_err(runtime_to_py)
    }
}
