//! Playing games between bots, and reproducible random matches.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::{Bot, Game, Information, Outcome, PlayError, RandomBot, RuleSet, Seat};

/// One finished (or cut-off) game: the actions played and how it ended.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    /// The state the game started from.
    pub start: G,
    /// Every action, in order.
    pub actions: Vec<G::Action>,
    /// The final state.
    pub end: G,
    /// The seat that lost by forfeit, if its bot failed ([`Bot::failure`]); the game
    /// stopped there, so `end` is not over by the rules.
    pub forfeit: Option<Forfeit>,
}

/// A game lost by forfeit: the seat whose bot could not choose, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The seat that forfeits.
    pub seat: Seat,
    /// Why its bot failed, such as `engine exited (exit status: 3)`.
    pub reason: String,
}

impl Forfeit {
    /// The winner of a game of `seats` seats lost by forfeit: with two seats the other
    /// one; with more there is none (the forfeiting seat loses, the others draw).
    ///
    /// ```
    /// use pyramid_core::{Seat, arena::Forfeit};
    /// let forfeit = Forfeit { seat: Seat(1), reason: "engine exited".into() };
    /// assert_eq!(forfeit.winner(2), Some(Seat(0)));
    /// assert_eq!(forfeit.winner(4), None);
    /// ```
    pub fn winner(&self, seats: usize) -> Option<Seat> {
        (seats == 2).then(|| Seat(1 - self.seat.0.min(1)))
    }
}

impl<G: Game> GameRecord<G> {
    /// The outcome; `None` if the game was cut off before it ended, or lost by forfeit
    /// with more than two seats. A forfeit with two seats is a win for the other seat.
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.forfeit {
            Some(forfeit) => forfeit.winner(self.end.seats()).map(Outcome::Win),
            None => self.end.outcome(),
        }
    }
}

/// Why a game between bots broke off.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// The number of bots is not the number of seats.
    #[error("the game has {seats} seats but {bots} bots were given")]
    BotCount {
        /// Seats of the game.
        seats: usize,
        /// Bots given.
        bots: usize,
    },
    /// A bot returned no action although the game was not over.
    #[error("bot `{bot}` (seat {seat}) returned no action")]
    NoAction {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
    },
    /// A bot returned an illegal action.
    #[error("bot `{bot}` (seat {seat}) played an illegal action: {error}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The refusal.
        error: PlayError,
    },
}

/// Plays `start` to the end (or for at most `max_plies` more plies) with one bot per
/// seat, bot `i` playing seat `i`. Each bot sees only its own seat's view.
pub fn play_game<G: Information>(
    start: G,
    bots: &mut [&mut dyn Bot<G>],
    max_plies: Option<u32>,
) -> Result<GameRecord<G>, ArenaError> {
    play_game_observed(start, bots, max_plies, |_, _, _| {})
}

/// [`play_game`], calling `observe(state, seat, action)` with each action a bot chose and
/// the state it is played in, just before it is played: how a terminal, a log or a server
/// shows the game as it goes (a person at the terminal is one more [`Bot`]). An action the
/// rules then refuse ends the game with [`ArenaError::Illegal`].
pub fn play_game_observed<G: Information, F>(
    start: G,
    bots: &mut [&mut dyn Bot<G>],
    max_plies: Option<u32>,
    mut observe: F,
) -> Result<GameRecord<G>, ArenaError>
where
    F: FnMut(&G, Seat, G::Action),
{
    if bots.len() != start.seats() {
        return Err(ArenaError::BotCount {
            seats: start.seats(),
            bots: bots.len(),
        });
    }
    let mut state = start.clone();
    let mut actions = Vec::new();
    let mut forfeit = None;
    while let Some(seat) = state.to_act() {
        if max_plies.is_some_and(|m| actions.len() as u64 >= u64::from(m)) {
            break;
        }
        let bot = &mut bots[seat.index()];
        let view = state.view(seat);
        let Some(action) = bot.choose(&view, seat) else {
            let reason = bot.failure().ok_or_else(|| ArenaError::NoAction {
                bot: bot.name(),
                seat,
            })?;
            forfeit = Some(Forfeit { seat, reason });
            break;
        };
        observe(&state, seat, action);
        state
            .play_as(seat, action)
            .map_err(|error| ArenaError::Illegal {
                bot: bot.name(),
                seat,
                error,
            })?;
        actions.push(action);
    }
    Ok(GameRecord {
        start,
        actions,
        end: state,
        forfeit,
    })
}

/// The seed of game `index` of a match seeded with `match_seed` (SplitMix64 mixing), so
/// every game can be replayed alone and games can run in any order.
pub fn game_seed(match_seed: u64, index: u64) -> u64 {
    let mut z = match_seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The totals of a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSummary {
    /// Games played.
    pub games: u64,
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Drawn games (the ply limit, or a draw by the rules).
    pub draws: u64,
    /// Plies over all games.
    pub plies: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl MatchSummary {
    /// Average plies per game.
    pub fn average_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / self.games as f64
        }
    }

    /// Games per second of wall time.
    pub fn games_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.games as f64 / secs
        } else {
            f64::INFINITY
        }
    }
}

/// Plays `games` games of random bots under `rules`, reproducibly from `seed`: game `i`
/// is dealt and played from [`game_seed`]`(seed, i)`. A game still running at the ply
/// limit counts as the rules score it (every game here makes it a draw or a result).
pub fn random_match<G: Information>(rules: &G::Rules, games: u64, seed: u64) -> MatchSummary {
    let started = Instant::now();
    let seats = rules.seats();
    let mut summary = MatchSummary {
        wins: vec![0; seats],
        ..MatchSummary::default()
    };
    for index in 0..games {
        let gseed = game_seed(seed, index);
        let mut rng = ChaCha8Rng::seed_from_u64(gseed);
        let mut state = G::deal(rules, &mut rng);
        while let Some(action) = RandomBot::pick(&state, &mut rng) {
            state.play_unchecked(action);
        }
        summary.games += 1;
        summary.plies += u64::from(state.plies());
        match state.outcome() {
            Some(Outcome::Win(seat)) => summary.wins[seat.index()] += 1,
            Some(Outcome::Draw) | None => summary.draws += 1,
        }
    }
    summary.elapsed = started.elapsed();
    summary
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::Nim;

    #[test]
    fn random_matches_are_reproducible_from_the_seed() {
        let rules = Default::default();
        let a = random_match::<Nim>(&rules, 50, 9);
        let b = random_match::<Nim>(&rules, 50, 9);
        assert_eq!(
            (a.wins.clone(), a.draws, a.plies),
            (b.wins.clone(), b.draws, b.plies)
        );
        assert_eq!(a.wins.iter().sum::<u64>() + a.draws, 50);
    }

    #[test]
    fn play_game_checks_the_bot_count_and_finishes() {
        let start = Nim::new(&Default::default());
        let mut one = RandomBot::new(1);
        let mut two = RandomBot::new(2);
        assert!(matches!(
            play_game(start.clone(), &mut [&mut one], None),
            Err(ArenaError::BotCount { seats: 2, bots: 1 })
        ));
        let record = play_game(start, &mut [&mut one, &mut two], None).expect("legal bots");
        assert!(record.outcome().is_some());
        let mut replay = record.start.clone();
        for a in &record.actions {
            replay.play(*a).expect("recorded actions are legal");
        }
        assert_eq!(replay, record.end);
    }

    /// A bot that gives up at once and says why (or not).
    struct GivesUp(Option<&'static str>);

    impl Bot<Nim> for GivesUp {
        fn name(&self) -> String {
            "gives-up".into()
        }
        fn choose(&mut self, _: &Nim, _: Seat) -> Option<<Nim as Game>::Action> {
            None
        }
        fn failure(&mut self) -> Option<String> {
            self.0.map(str::to_owned)
        }
    }

    #[test]
    fn a_failing_bot_forfeits_and_a_silent_one_is_an_error() {
        let start = Nim::new(&Default::default());
        let mut random = RandomBot::new(1);
        let mut failing = GivesUp(Some("engine exited"));
        let record = play_game(start.clone(), &mut [&mut random, &mut failing], None)
            .expect("a forfeit ends the game");
        let forfeit = record.forfeit.clone().expect("seat 1 forfeits");
        assert_eq!(forfeit.seat, Seat(1));
        assert_eq!(forfeit.reason, "engine exited");
        assert_eq!(record.actions.len(), 1);
        assert!(!record.end.is_over());
        assert_eq!(record.outcome(), Some(Outcome::Win(Seat(0))));
        let mut silent = GivesUp(None);
        assert!(matches!(
            play_game(start, &mut [&mut silent, &mut random], None),
            Err(ArenaError::NoAction { seat: Seat(0), .. })
        ));
    }
}
