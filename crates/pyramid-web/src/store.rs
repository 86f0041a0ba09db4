//! The live games: [`Store`], each game a [`LiveGame`] behind its own lock.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use pyramid_core::Seat;
use pyramid_core::runtime::{DynBot, DynState};

use crate::ServerConfig;

/// Who sits in a seat.
pub enum Sitter {
    /// A person, acting through the API with a token.
    Human,
    /// A bot, moving by itself (its spec, and the bot while it is not thinking).
    Bot(String, Option<Box<dyn DynBot>>),
}

/// One action played, as each seat saw it.
pub struct Played {
    /// The seat that acted.
    pub seat: Seat,
    /// The action as each seat sees it (index = seat).
    pub seen_by: Vec<String>,
    /// The action as someone with no seat sees it.
    pub public: String,
}

/// A game being played.
pub struct LiveGame {
    /// The game's name.
    pub game: &'static str,
    /// The state.
    pub state: Box<dyn DynState>,
    /// Who sits where.
    pub sitters: Vec<Sitter>,
    /// The token for every human seat.
    pub token: String,
    /// A token per human seat (`None` for bot seats).
    pub seat_tokens: Vec<Option<String>>,
    /// The actions played.
    pub moves: Vec<Played>,
    /// When it was last read or played.
    pub last_used: Instant,
    /// Whether a task is moving its bot seats.
    pub bots_running: bool,
    /// Whether it hides something from some seat.
    pub hidden: bool,
    /// The start position.
    pub start: Box<dyn DynState>,
    /// How long each bot waits before it moves.
    pub bot_delay: std::time::Duration,
    /// The seat whose bot failed (an outside engine that crashed, hung or answered
    /// nonsense) and why: that seat lost by forfeit and the game is over.
    pub forfeit: Option<(Seat, String)>,
}

impl LiveGame {
    /// Whether `token` lets its holder see and act for `seat` (a human seat).
    pub fn allows(&self, seat: Seat, token: Option<&str>) -> bool {
        let Some(token) = token else { return false };
        let human = matches!(self.sitters.get(seat.index()), Some(Sitter::Human));
        let seat_token = self
            .seat_tokens
            .get(seat.index())
            .and_then(Option::as_deref);
        human && (same(token, &self.token) || seat_token.is_some_and(|t| same(token, t)))
    }

    /// Whether the seat to act is a bot.
    pub fn bot_to_act(&self) -> bool {
        self.to_act()
            .is_some_and(|s| matches!(self.sitters.get(s.index()), Some(Sitter::Bot(..))))
    }

    /// The seat to act: none once the game is over, by the rules or by a forfeit.
    pub fn to_act(&self) -> Option<Seat> {
        if self.forfeit.is_some() {
            return None;
        }
        self.state.to_act()
    }

    /// How the game ended, as text (`seat 1 wins`, `draw`, `seat 0 forfeits: ...`).
    pub fn outcome(&self) -> Option<String> {
        match &self.forfeit {
            Some((seat, reason)) => {
                let seats = self.state.seats();
                Some(if seats == 2 {
                    let winner = 1 - seat.0.min(1);
                    format!("seat {winner} wins (seat {seat} forfeits: {reason})")
                } else {
                    format!("seat {seat} forfeits: {reason}")
                })
            }
            None => self.state.outcome().map(|o| o.to_string()),
        }
    }

    /// Plays `text` for `seat` and records how each seat saw it.
    pub fn record_and_play(
        &mut self,
        seat: Seat,
        text: &str,
    ) -> Result<String, pyramid_core::runtime::RuntimeError> {
        if self.forfeit.is_some() {
            return Err(pyramid_core::PlayError::GameOver.into());
        }
        let seats = self.state.seats();
        let seen_by: Vec<String> = (0..seats)
            .map(|s| {
                self.state
                    .action_view(text, Seat(s as u8))
                    .unwrap_or_else(|_| text.to_owned())
            })
            .collect();
        // Nobody in particular sees what a seat other than the actor sees.
        let public = if self.hidden {
            let other = Seat(((seat.index() + 1) % seats.max(1)) as u8);
            seen_by.get(other.index()).cloned().unwrap_or_default()
        } else {
            text.to_owned()
        };
        let played = self.state.play_as(seat, text)?;
        self.moves.push(Played {
            seat,
            seen_by,
            public,
        });
        self.last_used = Instant::now();
        Ok(played)
    }
}

/// Compares two tokens in time independent of where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A shared game, locked one request at a time.
pub type Shared = Arc<Mutex<LiveGame>>;

/// Locks a game, recovering it if a thread panicked while holding it.
pub fn lock(game: &Shared) -> MutexGuard<'_, LiveGame> {
    game.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Every live game by id.
#[derive(Default)]
pub struct Store {
    games: Mutex<HashMap<String, Shared>>,
}

impl Store {
    fn map(&self) -> MutexGuard<'_, HashMap<String, Shared>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<Shared> {
        self.map().get(id).cloned()
    }

    /// Adds a game under a new random id, first dropping games idle past the expiry and,
    /// when the store is full, the game idle the longest. Returns the id.
    pub fn insert(&self, game: LiveGame, config: &ServerConfig) -> String {
        let mut map = self.map();
        let now = Instant::now();
        map.retain(|_, g| now.duration_since(lock(g).last_used) < config.idle_expiry);
        while map.len() >= config.max_games.max(1) {
            let oldest = map
                .iter()
                .min_by_key(|(_, g)| lock(g).last_used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => map.remove(&id),
                None => break,
            };
        }
        let id = random_token();
        map.insert(id.clone(), Arc::new(Mutex::new(game)));
        id
    }

    /// The number of live games.
    pub fn len(&self) -> usize {
        self.map().len()
    }
}

/// 128 random bits as 32 hex digits, from the operating system's generator (through
/// `rand`'s thread generator, a CSPRNG seeded by it).
pub fn random_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}
