//! The live games: [`Store`], each game a [`LiveGame`] behind its own lock.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::ServerConfig;

mod live;
#[cfg(test)]
mod tests;

pub use live::{LiveGame, Rematch, Seating, Setup, Sitter, drop_bots, sitters_shown};

/// A game in the store: its id, its state behind a lock taken for short moments, and
/// its viewers' signal. Loading a game and committing its actions are ordered by the
/// id's lock ([`Store::id_lock`]), not by anything of this copy: a copy may be dropped
/// and another loaded meanwhile.
pub struct GameCell {
    /// The game's id.
    pub id: String,
    live: Mutex<LiveGame>,
    /// Bumped after every change a viewer should see (a ply, a resignation, a rematch,
    /// the game dropped from memory): what `GET /api/games/{id}/events` waits on.
    pub changed: tokio::sync::watch::Sender<u64>,
    /// Event streams open on this copy now (counted by their slots, `clients.rs`).
    pub streams: Arc<std::sync::atomic::AtomicUsize>,
}

impl GameCell {
    /// A game under `id`.
    pub fn new(id: String, live: LiveGame) -> GameCell {
        GameCell {
            id,
            live: Mutex::new(live),
            changed: tokio::sync::watch::Sender::new(0),
            streams: Arc::default(),
        }
    }

    /// Tells the game's viewers that it changed.
    pub fn notify(&self) {
        self.changed.send_modify(|v| *v = v.wrapping_add(1));
    }
}

/// A shared game.
pub type Shared = Arc<GameCell>;

/// Locks a game, recovering it if a thread panicked while holding it.
pub fn lock(game: &Shared) -> MutexGuard<'_, LiveGame> {
    game.live
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The lock of one game id, held while the game is loaded into memory or one of its
/// actions (or its end) is committed and applied: so a game is loaded once, by whoever
/// asks first, and never from a database state older than an action already answered.
pub type IdLock = Arc<tokio::sync::Mutex<()>>;

/// Marks a game dropped from the store and stops its bots (one thinking now stops when
/// its move is done).
fn close(game: &Shared) {
    let bots = lock(game).close();
    game.notify();
    drop_bots(bots);
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
    /// found older than the database, to be loaded again.
    pub fn forget(&self, copy: &Shared) {
        let removed = {
            let mut map = self.map();
            match map.get(&copy.id) {
                Some(held) if Arc::ptr_eq(held, copy) => map.remove(&copy.id),
                _ => None,
            }
        };
        if let Some(game) = removed {
            close(&game);
        }
    }

    /// The game with this id, unless it has been idle past the expiry (then it is
    /// dropped now).
    pub fn get(&self, id: &str, config: &ServerConfig) -> Option<Shared> {
        let game = self.map().get(id).cloned()?;
        let idle = lock(&game).last_used().elapsed() >= config.idle_expiry;
        if idle {
            let removed = self.map().remove(id);
            if let Some(game) = removed {
                close(&game);
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
                let keep = lock(g).last_used().elapsed() < config.idle_expiry;
                if !keep {
                    dropped.push(Arc::clone(g));
                }
                keep
            });
        }
        for game in &dropped {
            close(game);
        }
    }

    /// Adds a game under `id`, first dropping games idle past the expiry,
    /// then, when the store is full, the games idle the longest, and, when the new game
    /// has bots and [`ServerConfig::max_bot_games`] games with bots are live, the bot
    /// games idle the longest. Returns the id and the game.
    ///
    /// The id is given (a new random one, [`random_token`], or a stored game's); a game
    /// already held under that id is replaced (and closed).
    pub fn insert_as(&self, id: String, game: LiveGame, config: &ServerConfig) -> (String, Shared) {
        let with_bots = game.bots_live();
        let mut dropped: Vec<Shared> = Vec::new();
        let shared = Arc::new(GameCell::new(id.clone(), game));
        {
            let mut map = self.map();
            let now = Instant::now();
            // (last used, has live bots, id) of every game kept.
            let mut kept: Vec<(Instant, bool, String)> = Vec::with_capacity(map.len());
            map.retain(|id, g| {
                let live = lock(g);
                if now.duration_since(live.last_used()) >= config.idle_expiry {
                    drop(live);
                    dropped.push(Arc::clone(g));
                    return false;
                }
                kept.push((live.last_used(), live.bots_live(), id.clone()));
                true
            });
            kept.sort();
            let mut evict = |kept: &mut Vec<(Instant, bool, String)>, i: usize| {
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
            if let Some(old) = map.insert(id.clone(), Arc::clone(&shared)) {
                dropped.push(old);
            }
        }
        for game in &dropped {
            close(game);
        }
        (id, shared)
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
