//! The live games: [`Store`], each game a [`Round`] (its handle, its owner's mailbox)
//! by id.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::ServerConfig;
use crate::round::{Round, Shared};

mod live;
mod offers;
#[cfg(test)]
mod tests;

pub use live::{LiveGame, Rematch, Seating, Setup, Sitter, Terms, drop_bots, sitters_shown};
pub use offers::{DrawStep, Offers, Table, TakebackStep};

/// The lock of one game id, held while the game is loaded into memory: so a game is
/// loaded once, by whoever asks first.
pub type IdLock = Arc<tokio::sync::Mutex<()>>;

/// Whether `game` has been idle past the expiry.
fn idle(game: &Round, config: &ServerConfig) -> bool {
    game.idle() >= config.idle_expiry
}

/// How often idle games are looked for: a quarter of the idle expiry, between 50 ms and
/// 5 s.
pub fn sweep_period(config: &ServerConfig) -> Duration {
    (config.idle_expiry / 4).clamp(Duration::from_millis(50), Duration::from_secs(5))
}

/// Every live game by id.
pub struct Store {
    games: Mutex<HashMap<String, Shared>>,
    last_sweep: Mutex<Instant>,
    /// The lock of every id being loaded or written now (an entry nobody holds any
    /// more is dead: replaced when its id is asked for again, and pruned when the map
    /// reaches 1,024 entries).
    id_locks: Mutex<HashMap<String, std::sync::Weak<tokio::sync::Mutex<()>>>>,
}

impl Default for Store {
    fn default() -> Self {
        Store {
            games: Mutex::default(),
            last_sweep: Mutex::new(Instant::now()),
            id_locks: Mutex::default(),
        }
    }
}

impl Store {
    fn map(&self) -> MutexGuard<'_, HashMap<String, Shared>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The lock of game `id` ([`IdLock`]): one for every holder at a time.
    pub fn id_lock(&self, id: &str) -> IdLock {
        let mut locks = self
            .id_locks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(held) = locks.get(id).and_then(std::sync::Weak::upgrade) {
            return held;
        }
        if locks.len() >= 1024 {
            locks.retain(|_, l| l.strong_count() > 0);
        }
        let fresh: IdLock = Arc::default();
        locks.insert(id.to_owned(), Arc::downgrade(&fresh));
        fresh
    }

    /// Drops `copy` of its game from memory (closing it) if it is the one held: a copy
    /// whose owner has ended.
    pub fn forget(&self, copy: &Shared) {
        let removed = {
            let mut map = self.map();
            match map.get(&copy.id) {
                Some(held) if Arc::ptr_eq(held, copy) => map.remove(&copy.id),
                _ => None,
            }
        };
        if let Some(game) = removed {
            game.close();
        }
    }

    /// The game with this id, unless it has been idle past the expiry (then it is
    /// dropped now).
    pub fn get(&self, id: &str, config: &ServerConfig) -> Option<Shared> {
        let game = self.map().get(id).cloned()?;
        if idle(&game, config) {
            let removed = self.map().remove(id);
            if let Some(game) = removed {
                game.close();
            }
            return None;
        }
        Some(game)
    }

    /// Drops the games idle past the expiry, when the last look was a
    /// [`sweep_period`] ago or more.
    pub fn sweep_if_due(&self, config: &ServerConfig) {
        {
            let mut last = self
                .last_sweep
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if last.elapsed() < sweep_period(config) {
                return;
            }
            *last = Instant::now();
        }
        self.sweep(config);
    }

    /// Drops the games idle past the expiry.
    pub fn sweep(&self, config: &ServerConfig) {
        let mut dropped = Vec::new();
        {
            let mut map = self.map();
            map.retain(|_, g| {
                let keep = !idle(g, config);
                if !keep {
                    dropped.push(Arc::clone(g));
                }
                keep
            });
        }
        for game in &dropped {
            game.close();
        }
    }

    /// Adds a game under `id` (its handle, made by its owner), first dropping games idle
    /// past the expiry,
    /// then, when the store is full, the games idle the longest, and, when the new game
    /// has bots and [`ServerConfig::max_bot_games`] games with bots are live, the bot
    /// games idle the longest. Returns the id and the game.
    ///
    /// The id is given (a new random one, [`random_token`], or a stored game's); a game
    /// already held under that id is replaced (and closed).
    pub fn insert(&self, shared: &Shared, config: &ServerConfig) {
        let id = shared.id.clone();
        let with_bots = shared.bots_live();
        let mut dropped: Vec<Shared> = Vec::new();
        {
            let mut map = self.map();
            // (last used, has live bots, id) of every game kept.
            let mut kept: Vec<(u64, bool, String)> = Vec::with_capacity(map.len());
            map.retain(|id, g| {
                if idle(g, config) {
                    dropped.push(Arc::clone(g));
                    return false;
                }
                kept.push((g.last_used(), g.bots_live(), id.clone()));
                true
            });
            kept.sort();
            let mut evict = |kept: &mut Vec<(u64, bool, String)>, i: usize| {
                let (_, _, id) = kept.remove(i);
                if let Some(g) = map.remove(&id) {
                    dropped.push(g);
                }
            };
            while kept.len() >= config.max_games.max(1) {
                evict(&mut kept, 0);
            }
            if with_bots {
                let limit = config.max_bot_games.max(1);
                while kept.iter().filter(|k| k.1).count() >= limit {
                    match kept.iter().position(|k| k.1) {
                        Some(i) => evict(&mut kept, i),
                        None => break,
                    }
                }
            }
            if let Some(old) = map.insert(id, Arc::clone(shared)) {
                dropped.push(old);
            }
        }
        for game in &dropped {
            game.close();
        }
    }

    /// Drops every game from memory (the server stops): each owner finishes the change
    /// in hand and stops its bots.
    pub fn close_all(&self) {
        let games: Vec<Shared> = self.map().drain().map(|(_, g)| g).collect();
        for game in &games {
            game.close();
        }
    }

    /// Every game held now.
    pub fn held(&self) -> Vec<Shared> {
        self.map().values().cloned().collect()
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
