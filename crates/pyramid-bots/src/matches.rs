//! Matches between bots: many games on worker threads, reproducible from one seed
//! whatever the number of threads, with per-bot totals.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use pyramid_core::arena::{ArenaError, game_seed, play_game};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, Outcome, RuleSet, Seat};

use crate::elo::Elo;
use crate::record::{Record, RecordResult};
use crate::spec::BotSpec;

/// What a match plays.
#[derive(Clone, Debug)]
pub struct MatchConfig<R> {
    /// The rules of every game (seats and ply limit included).
    pub rules: R,
    /// The bots, one per seat (bot `i` plays seat `i`, or rotates with `swap_seats`).
    pub bots: Vec<BotSpec>,
    /// Number of games.
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
    /// Wall time.
    pub elapsed: Duration,
}

impl MatchReport {
    fn new(bots: Vec<BotSpec>, seats: usize) -> Self {
        MatchReport {
            tallies: vec![Tally::default(); bots.len()],
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

    fn add(&mut self, result: &GameResult) {
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
        for (seat, &bot) in result.seat_bots.iter().enumerate() {
            let seat = Seat(seat as u8);
            let tally = &mut self.tallies[bot];
            match result.outcome() {
                Some(Outcome::Win(w)) if w == seat => tally.wins += 1,
                Some(Outcome::Win(_)) => tally.losses += 1,
                _ if forfeiter == Some(seat) => tally.losses += 1,
                Some(Outcome::Draw) | None => tally.draws += 1,
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
    let seats = start.seats();
    let assignment = seat_bots(config.bots.len(), seats, index, config.swap_seats);
    let mut bots: Vec<Box<dyn Bot<G>>> = assignment
        .iter()
        .enumerate()
        .map(|(seat, &b)| config.bots[b].build::<G>(game_seed(seed, seat as u64 + 1)))
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
    mut on_game: impl FnMut(&GameResult),
) -> Result<MatchReport, MatchError> {
    let seats = config.rules.seats();
    if config.bots.len() != seats {
        return Err(MatchError::BotCount {
            seats,
            bots: config.bots.len(),
        });
    }
    let started = Instant::now();
    let mut report = MatchReport::new(config.bots.clone(), seats);
    let jobs = config.jobs.max(1).min(config.games.max(1) as usize);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u64, Result<GameResult, ArenaError>)>();
    let outcome = std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
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
        let mut expected = 0u64;
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
