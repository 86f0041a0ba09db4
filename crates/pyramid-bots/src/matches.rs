//! Matches between bots: many games on worker threads, reproducible from one seed
//! whatever the number of threads, with per-bot totals.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use pyramid_core::arena::{ArenaError, game_seed, play_game};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, Outcome, RuleSet, Seat};

use crate::elo::Elo;
use crate::record::{Record, RecordResult, RecordRules};
use crate::spec::{BotSpec, SpecError};

/// What a match plays.
#[derive(Clone, Debug)]
pub struct MatchConfig<R> {
    /// The rules of every game (seats and ply limit included).
    pub rules: R,
    /// The bots, one per seat (bot `i` plays seat `i`, or rotates with `swap_seats`);
    /// or, three or more in a two-seat game, the entrants of a round robin.
    pub bots: Vec<BotSpec>,
    /// Number of games; in a round robin, games per pairing.
    pub games: u64,
    /// The match seed: game `i` is dealt and played from
    /// [`game_seed`]`(seed, i)` alone.
    pub seed: u64,
    /// Rotate the bots over the seats game by game: in game `i` seat `s` is played by
    /// bot `(s + i) % bots`.
    pub swap_seats: bool,
    /// Worker threads (at least 1). The results do not depend on it.
    pub jobs: usize,
}

impl<R: RuleSet> MatchConfig<R> {
    /// Whether the bots play a round robin: three or more bots in a two-seat game. Every
    /// pair of bots ([`MatchConfig::pairings`]) plays [`MatchConfig::games`] games, the
    /// two seats alternating game by game.
    pub fn is_round_robin(&self) -> bool {
        self.bots.len() > 2 && self.rules.seats() == 2
    }

    /// The pairings of a round robin in the order they are played: `(0, 1), (0, 2), ...,
    /// (1, 2), ...`; the one pairing `(0, 1)` otherwise.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        if !self.is_round_robin() {
            return vec![(0, 1)];
        }
        let n = self.bots.len();
        (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect()
    }

    /// Games in the whole match: `games`, times the pairings in a round robin. Game
    /// numbers run from 0 to this.
    pub fn total_games(&self) -> u64 {
        if self.is_round_robin() {
            self.games.saturating_mul(self.pairings().len() as u64)
        } else {
            self.games
        }
    }

    /// Which bot plays each seat in game `index`. In a round robin, game `index` belongs
    /// to pairing `index / games`, whose first bot has seat 0 in its even games.
    ///
    /// ```
    /// use pyramid_bots::{BotSpec, MatchConfig};
    /// use pyramid_core::nim::NimRules;
    /// let config = MatchConfig {
    ///     rules: NimRules::default(),
    ///     bots: vec![BotSpec::Random, BotSpec::Greedy, BotSpec::Random],
    ///     games: 2, seed: 0, swap_seats: false, jobs: 1,
    /// };
    /// assert!(config.is_round_robin());
    /// assert_eq!(config.total_games(), 6);
    /// assert_eq!(config.seat_bots(0), [0, 1]);
    /// assert_eq!(config.seat_bots(1), [1, 0]);
    /// assert_eq!(config.seat_bots(2), [0, 2]);
    /// assert_eq!(config.seat_bots(5), [2, 1]);
    /// ```
    pub fn seat_bots(&self, index: u64) -> Vec<usize> {
        if self.is_round_robin() {
            let pairings = self.pairings();
            let games = self.games.max(1);
            let pairing = ((index / games) as usize).min(pairings.len() - 1);
            let (a, b) = pairings[pairing];
            if (index % games) % 2 == 0 {
                vec![a, b]
            } else {
                vec![b, a]
            }
        } else {
            seat_bots(self.bots.len(), self.rules.seats(), index, self.swap_seats)
        }
    }

    /// Checks that the bots fit the seats: one per seat, or a round robin.
    pub fn check(&self) -> Result<(), MatchError> {
        let seats = self.rules.seats();
        if self.bots.len() == seats || self.is_round_robin() {
            Ok(())
        } else {
            Err(MatchError::BotCount {
                seats,
                bots: self.bots.len(),
            })
        }
    }
}

/// Why a match stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The number of bots is not the number of seats.
    #[error("{bots} bots for {seats} seats: give one --bot per seat, or one for every seat")]
    BotCount {
        /// Seats.
        seats: usize,
        /// Bots given.
        bots: usize,
    },
    /// A record does not belong to this match where it stands.
    #[error("game {index}: {why}")]
    Record {
        /// The game's number.
        index: u64,
        /// What does not fit.
        why: String,
    },
    /// A bot cannot be built or cannot play the match's rules (an `az` model that cannot
    /// be read, is another game's, or was trained for other rules), found before any game.
    #[error("bot {spec}: {error}")]
    Bot {
        /// The bot's spec.
        spec: String,
        /// Why.
        error: SpecError,
    },
    /// A bot failed in a game.
    #[error("game {index}: {error}")]
    Game {
        /// The game's number.
        index: u64,
        /// What went wrong.
        error: ArenaError,
    },
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The game's record.
    pub record: Record,
    /// Which bot (index into [`MatchConfig::bots`]) played each seat.
    pub seat_bots: Vec<usize>,
}

impl GameResult {
    /// The outcome; `None` if the game was cut off unfinished.
    pub fn outcome(&self) -> Option<Outcome> {
        self.record.result.outcome()
    }
}

/// One bot's totals over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games it won.
    pub wins: u64,
    /// Games drawn (or unfinished).
    pub draws: u64,
    /// Games it lost.
    pub losses: u64,
}

impl Tally {
    /// Adds `other`'s games to these.
    pub fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points per game: a win 1, a draw 1/2, in `[0, 1]`.
    pub fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            0.0
        } else {
            (self.wins as f64 + self.draws as f64 / 2.0) / games as f64
        }
    }
}

/// The totals of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// The bots, as configured.
    pub bots: Vec<BotSpec>,
    /// Games played.
    pub games: u64,
    /// Totals per bot (same order as `bots`).
    pub tallies: Vec<Tally>,
    /// Wins per seat.
    pub seat_wins: Vec<u64>,
    /// Drawn games.
    pub draws: u64,
    /// Games cut off unfinished (only with a ply limit that the rules do not score).
    pub unfinished: u64,
    /// Games lost by forfeit (a bot that failed: an outside engine that crashed, hung or
    /// answered nonsense).
    pub forfeits: u64,
    /// Plies over all games.
    pub plies: u64,
    /// Results between pairs of bots: `pairs[a][b]` is bot `a`'s tally in games against
    /// bot `b` (games of two bots in two seats; the crosstable of a round robin).
    pub pairs: Vec<Vec<Tally>>,
    /// Wall time.
    pub elapsed: Duration,
}

impl MatchReport {
    /// An empty report for `bots` in a game of `seats` seats.
    pub fn new(bots: Vec<BotSpec>, seats: usize) -> Self {
        MatchReport {
            tallies: vec![Tally::default(); bots.len()],
            pairs: vec![vec![Tally::default(); bots.len()]; bots.len()],
            bots,
            games: 0,
            seat_wins: vec![0; seats],
            draws: 0,
            unfinished: 0,
            forfeits: 0,
            plies: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// Counts one finished game.
    pub fn add(&mut self, result: &GameResult) {
        self.games += 1;
        self.plies += u64::from(result.record.plies);
        let forfeiter = match result.record.result {
            RecordResult::Forfeit { seat, .. } => {
                self.forfeits += 1;
                Some(Seat(seat))
            }
            _ => None,
        };
        match result.outcome() {
            Some(Outcome::Win(seat)) => {
                if let Some(w) = self.seat_wins.get_mut(seat.index()) {
                    *w += 1;
                }
            }
            Some(Outcome::Draw) => self.draws += 1,
            None if forfeiter.is_some() => {}
            None => self.unfinished += 1,
        }
        // What each seat scored: a win, a draw (also unfinished, and the bystanders of a
        // forfeit with more than two seats) or a loss.
        let scored = |seat: Seat| -> Tally {
            let (wins, draws, losses) = match result.outcome() {
                Some(Outcome::Win(w)) if w == seat => (1, 0, 0),
                Some(Outcome::Win(_)) => (0, 0, 1),
                _ if forfeiter == Some(seat) => (0, 0, 1),
                _ => (0, 1, 0),
            };
            Tally {
                wins,
                draws,
                losses,
            }
        };
        for (seat, &bot) in result.seat_bots.iter().enumerate() {
            self.tallies[bot].add(scored(Seat(seat as u8)));
        }
        if let [a, b] = result.seat_bots[..] {
            if a != b {
                self.pairs[a][b].add(scored(Seat(0)));
                self.pairs[b][a].add(scored(Seat(1)));
            }
        }
    }

    /// Average plies per game.
    pub fn average_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / self.games as f64
        }
    }

    /// The Elo difference of bot 0 over bot 1, in a two-bot match.
    pub fn elo(&self) -> Option<Elo> {
        match self.tallies[..] {
            [first, _] => Elo::from_results(first.wins, first.draws, first.losses),
            _ => None,
        }
    }
}

/// The bot of each seat in game `index`.
pub fn seat_bots(bots: usize, seats: usize, index: u64, swap_seats: bool) -> Vec<usize> {
    let shift = if swap_seats && bots > 0 {
        (index % bots as u64) as usize
    } else {
        0
    };
    (0..seats).map(|s| (s + shift) % bots.max(1)).collect()
}

/// Plays game `index` of a match: dealt from `game_seed(seed, index)`, seat `s`'s bot
/// seeded from `game_seed(that, s + 1)`.
pub fn play_match_game<G: FullGame>(
    config: &MatchConfig<G::Rules>,
    index: u64,
) -> Result<GameResult, ArenaError> {
    let seed = game_seed(config.seed, index);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = G::deal(&config.rules, &mut rng);
    let assignment = config.seat_bots(index);
    let mut bots: Vec<Box<dyn Bot<G>>> = assignment
        .iter()
        .enumerate()
        .map(|(seat, &b)| config.bots[b].build_or_forfeit::<G>(game_seed(seed, seat as u64 + 1)))
        .collect();
    let mut refs: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| &mut **b as _).collect();
    let played = play_game(start, &mut refs, None)?;
    let names = assignment
        .iter()
        .map(|&b| config.bots[b].to_string())
        .collect();
    let record = Record::of_played(played, names, config.seed, index, seed);
    Ok(GameResult {
        record,
        seat_bots: assignment,
    })
}

/// Plays the match on `config.jobs` threads. `on_game` sees every game in order of its
/// number, on the calling thread, as soon as it and all before it are done (write
/// records or advance a progress bar there). The results are the same for any number of
/// threads as long as no bot has a time budget ([`BotSpec::is_timed`]).
///
/// ```
/// use pyramid_bots::{BotSpec, MatchConfig, run_match};
/// use pyramid_core::nim::Nim;
/// let config = MatchConfig {
///     rules: Default::default(),
///     bots: vec![BotSpec::Greedy, BotSpec::Random],
///     games: 20, seed: 1, swap_seats: true, jobs: 2,
/// };
/// let report = run_match::<Nim>(&config, |_| {})?;
/// assert_eq!(report.games, 20);
/// assert!(report.tallies[0].wins > report.tallies[1].wins);
/// # Ok::<(), pyramid_bots::MatchError>(())
/// ```
pub fn run_match<G: FullGame>(
    config: &MatchConfig<G::Rules>,
    on_game: impl FnMut(&GameResult),
) -> Result<MatchReport, MatchError> {
    run_games::<G>(config, 0..config.total_games(), on_game)
}

/// Plays games `range` of the match (a shard: any part of
/// `0..`[`MatchConfig::total_games`]) on `config.jobs` threads, `on_game` seeing them in
/// order; the report counts only these games. Each game depends on the match seed and its
/// number alone, so shards played anywhere, in any order, add up to the whole match.
/// Every bot is built and checked against the rules ([`BotSpec::check_rules`]) before the
/// first game: one that cannot play them is refused ([`MatchError::Bot`]).
///
/// ```
/// use pyramid_bots::{BotSpec, MatchConfig, run_games, run_match};
/// use pyramid_core::nim::Nim;
/// let config = MatchConfig {
///     rules: Default::default(),
///     bots: vec![BotSpec::Greedy, BotSpec::Random],
///     games: 10, seed: 4, swap_seats: true, jobs: 1,
/// };
/// let mut whole = Vec::new();
/// run_match::<Nim>(&config, |g| whole.push(g.record.clone()))?;
/// let mut shards = Vec::new();
/// for range in [0..3, 3..7, 7..10] {
///     run_games::<Nim>(&config, range, |g| shards.push(g.record.clone()))?;
/// }
/// assert_eq!(whole, shards);
/// # Ok::<(), pyramid_bots::MatchError>(())
/// ```
pub fn run_games<G: FullGame>(
    config: &MatchConfig<G::Rules>,
    range: Range<u64>,
    mut on_game: impl FnMut(&GameResult),
) -> Result<MatchReport, MatchError> {
    config.check()?;
    for spec in &config.bots {
        spec.build::<G>(config.seed)
            .and_then(|_| spec.check_rules::<G>(&config.rules))
            .map_err(|error| MatchError::Bot {
                spec: spec.to_string(),
                error,
            })?;
    }
    let started = Instant::now();
    let mut report = MatchReport::new(config.bots.clone(), config.rules.seats());
    let count = range.end.saturating_sub(range.start);
    let jobs = config.jobs.max(1).min(count.max(1) as usize);
    let next = AtomicU64::new(range.start);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u64, Result<GameResult, ArenaError>)>();
    let outcome = std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            let end = range.end;
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= end {
                        break;
                    }
                    let result = play_match_game::<G>(config, index);
                    if sender.send((index, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Re-order: emit game `expected` once it is in.
        let mut pending = BTreeMap::new();
        let mut expected = range.start;
        for (index, result) in receiver.iter() {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&expected) {
                match result {
                    Ok(game) => {
                        report.add(&game);
                        on_game(&game);
                    }
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(MatchError::Game {
                            index: expected,
                            error,
                        });
                    }
                }
                expected += 1;
            }
        }
        Ok(())
    });
    outcome?;
    report.elapsed = started.elapsed();
    Ok(report)
}

/// The report of a match from the records of all its games, in order (game `i` at
/// position `i`): how a match played in shards elsewhere is summed up. Each record must
/// be game `i` of this match (game, rules, seeds, bots); the actions are not re-played
/// (see [`check_record`] for that).
pub fn report_of_records(
    config: &MatchConfig<impl RuleSet>,
    game: &str,
    records: &[Record],
) -> Result<MatchReport, MatchError> {
    config.check()?;
    let mut report = MatchReport::new(config.bots.clone(), config.rules.seats());
    for (index, record) in (0u64..).zip(records) {
        let seat_bots = belongs(config, game, index, record)?;
        report.add(&GameResult {
            record: record.clone(),
            seat_bots,
        });
    }
    Ok(report)
}

/// Checks that `record` is game `index` of the match `config` describes and re-plays it
/// ([`verify`](crate::verify)): how a resumed run trusts the games already on file.
pub fn check_record<G: FullGame>(
    config: &MatchConfig<G::Rules>,
    index: u64,
    record: &Record,
) -> Result<GameResult, MatchError> {
    let seat_bots = belongs(config, G::NAME, index, record)?;
    let fail = |why: String| MatchError::Record { index, why };
    let seed = game_seed(config.seed, index);
    let dealt = G::deal(&config.rules, &mut ChaCha8Rng::seed_from_u64(seed));
    if record.start != dealt.position() {
        return Err(fail(format!(
            "the start `{}` is not this game's deal `{}`",
            pyramid_core::excerpt(&record.start),
            dealt.position()
        )));
    }
    crate::verify::<G>(record).map_err(|e| fail(e.to_string()))?;
    Ok(GameResult {
        record: record.clone(),
        seat_bots,
    })
}

/// The seat bots of game `index` if `record` is that game of this match.
fn belongs(
    config: &MatchConfig<impl RuleSet>,
    game: &str,
    index: u64,
    record: &Record,
) -> Result<Vec<usize>, MatchError> {
    let fail = |why: String| MatchError::Record { index, why };
    if record.index != index {
        return Err(fail(format!("the record is game {}", record.index)));
    }
    if record.game != game {
        return Err(fail(format!(
            "the record is of `{}`, not `{game}`",
            record.game
        )));
    }
    if record.rules != RecordRules::from_rules(&config.rules) {
        return Err(fail("the record's rules are not this match's".to_owned()));
    }
    let seed = game_seed(config.seed, index);
    if record.match_seed != config.seed || record.seed != seed {
        return Err(fail(format!(
            "the record's seeds ({}, {}) are not this match's ({}, {seed})",
            record.match_seed, record.seed, config.seed
        )));
    }
    let seat_bots = config.seat_bots(index);
    let names: Vec<String> = seat_bots
        .iter()
        .map(|&b| config.bots[b].to_string())
        .collect();
    if record.bots != names {
        return Err(fail(format!(
            "the record's bots ({}) are not this game's ({})",
            record.bots.join(", "),
            names.join(", ")
        )));
    }
    Ok(seat_bots)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_rotate_with_swapping() {
        assert_eq!(seat_bots(2, 2, 0, true), vec![0, 1]);
        assert_eq!(seat_bots(2, 2, 1, true), vec![1, 0]);
        assert_eq!(seat_bots(2, 2, 1, false), vec![0, 1]);
        assert_eq!(seat_bots(3, 3, 2, true), vec![2, 0, 1]);
    }
}
