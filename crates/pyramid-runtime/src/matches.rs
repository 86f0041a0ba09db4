//! [`Match`]: a match or round robin of a game chosen by name, set up once for every tool
//! (`pyrctl match`, Python's `play_match` and `Match`), played whole or in shards, its
//! records checked and summed up.

use std::ops::Range;

use pyramid_bots::{
    GameResult, MatchConfig, MatchReport, MatchRequest, Record, check_record, report_of_records,
    run_games, summary_json, summary_text,
};
use pyramid_core::FullGame;

use crate::games::{GameVisitor, visit};
use crate::{Error, RuleOptions};

/// A match of one game type, behind [`Match`].
trait DynMatch: Send + Sync {
    fn game(&self) -> &'static str;
    fn total_games(&self) -> u64;
    fn jobs(&self) -> usize;
    fn play(
        &self,
        games: Range<u64>,
        jobs: usize,
        on_game: &mut dyn FnMut(&GameResult),
    ) -> Result<MatchReport, Error>;
    fn check(&self, index: u64, record: &Record) -> Result<GameResult, Error>;
    fn report(&self, records: &[Record]) -> Result<MatchReport, Error>;
    fn summary(&self, report: &MatchReport, json: bool) -> String;
}

/// The match of game `G` under its typed configuration.
struct Typed<G: FullGame> {
    config: MatchConfig<G::Rules>,
}

impl<G: FullGame> DynMatch for Typed<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn total_games(&self) -> u64 {
        self.config.total_games()
    }

    fn jobs(&self) -> usize {
        self.config.jobs
    }

    fn play(
        &self,
        games: Range<u64>,
        jobs: usize,
        on_game: &mut dyn FnMut(&GameResult),
    ) -> Result<MatchReport, Error> {
        let mut config = self.config.clone();
        config.jobs = jobs.max(1);
        let end = games.end.min(config.total_games());
        let start = games.start.min(end);
        Ok(run_games::<G>(&config, start..end, on_game)?)
    }

    fn check(&self, index: u64, record: &Record) -> Result<GameResult, Error> {
        Ok(check_record::<G>(&self.config, index, record)?)
    }

    fn report(&self, records: &[Record]) -> Result<MatchReport, Error> {
        let mut report = report_of_records(&self.config, G::NAME, records)?;
        report.elapsed = std::time::Duration::ZERO;
        Ok(report)
    }

    fn summary(&self, report: &MatchReport, json: bool) -> String {
        if json {
            summary_json::<G>(&self.config, report)
        } else {
            summary_text::<G>(&self.config, report)
        }
    }
}

/// Sets a match up for the game the visit picks.
struct SetUp<'a> {
    options: &'a RuleOptions,
    request: &'a MatchRequest,
}

impl GameVisitor for SetUp<'_> {
    type Output = Result<Box<dyn DynMatch>, Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let config = self.request.config(self.options.rules::<G::Rules>()?)?;
        config.check()?;
        Ok(Box::new(Typed::<G> { config }))
    }
}

/// A match of a game chosen by name between bots (one spec for every seat, one per
/// seat, or, three or more in a two-seat game, a round robin of `games` games a pairing),
/// reproducible from its seed: every game depends on the seed and its number alone, so
/// any range of games can be played anywhere, in any order, and summed up from the
/// records. What `pyrctl match`, Python's `play_match` and `Match` play.
///
/// ```
/// use pyramid_bots::MatchRequest;
/// use pyramid_runtime::{Match, RuleOptions};
/// let request = MatchRequest {
///     bots: vec!["greedy".parse()?, "random".parse()?],
///     games: 4, seed: 1, max_plies: None, swap_seats: true, jobs: 1,
/// };
/// let plan = Match::new("ataxx-ice", &RuleOptions::new(), &request)?;
/// let mut records = Vec::new();
/// let report = plan.play_all(&mut |game| records.push(game.record.clone()))?;
/// assert_eq!(report.games, 4);
/// let again = plan.report_of_records(&records)?;
/// assert_eq!(plan.summary(&again, false), plan.summary(&plan.report_of_records(&records)?, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Match {
    inner: Box<dyn DynMatch>,
}

impl Match {
    /// Sets up the match of game `name` under the rule options: refuses an unknown game,
    /// bad rules and a number of bots that fits neither the seats nor a round robin. The
    /// ply limit is the request's, else the rules', else
    /// [`DEFAULT_MATCH_PLY_LIMIT`](pyramid_bots::DEFAULT_MATCH_PLY_LIMIT).
    pub fn new(name: &str, options: &RuleOptions, request: &MatchRequest) -> Result<Match, Error> {
        let inner = visit(name, SetUp { options, request })??;
        Ok(Match { inner })
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// Games in the whole match (`games`, times the pairings of a round robin).
    pub fn total_games(&self) -> u64 {
        self.inner.total_games()
    }

    /// Plays every game on the request's threads, calling `on_game` with each finished
    /// game in order.
    pub fn play_all(&self, on_game: &mut dyn FnMut(&GameResult)) -> Result<MatchReport, Error> {
        self.inner
            .play(0..self.total_games(), self.inner.jobs(), on_game)
    }

    /// Plays the games `games` (cut at the end of the match) on `jobs` threads, calling
    /// `on_game` with each in order; the results do not depend on `jobs`.
    pub fn play(
        &self,
        games: Range<u64>,
        jobs: usize,
        on_game: &mut dyn FnMut(&GameResult),
    ) -> Result<MatchReport, Error> {
        self.inner.play(games, jobs, on_game)
    }

    /// Checks that `line` is the record of game `index` of this match (game, rules, seeds,
    /// bots, the deal) and that it replays.
    pub fn check_line(&self, index: u64, line: &str) -> Result<GameResult, Error> {
        let record = Record::from_json(line).map_err(|e| Error::NotARecord {
            index,
            reason: e.to_string(),
        })?;
        self.inner.check(index, &record)
    }

    /// The totals of the match from the records of its games, in order (each checked to
    /// belong to the match), with no wall time.
    pub fn report_of_records(&self, records: &[Record]) -> Result<MatchReport, Error> {
        self.inner.report(records)
    }

    /// [`Match::report_of_records`] from record lines (JSON).
    pub fn report_of_lines(&self, lines: &[impl AsRef<str>]) -> Result<MatchReport, Error> {
        let records = (0u64..)
            .zip(lines)
            .map(|(index, line)| {
                Record::from_json(line.as_ref()).map_err(|e| Error::NotARecord {
                    index,
                    reason: e.to_string(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.report_of_records(&records)
    }

    /// The summary `pyrctl match` prints (with `json`: what `pyrctl match --json`
    /// writes, with the crosstable and the Elo ladder of a round robin).
    pub fn summary(&self, report: &MatchReport, json: bool) -> String {
        self.inner.summary(report, json)
    }
}

impl std::fmt::Debug for Match {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Match")
            .field("game", &self.game())
            .field("total_games", &self.total_games())
            .finish()
    }
}
