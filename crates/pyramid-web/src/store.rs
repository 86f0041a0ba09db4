//! The live games: [`Store`], each game a [`LiveGame`] behind its own lock.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use pyramid_core::Seat;
use pyramid_core::dynamic::{DynBot, DynState};

use crate::ServerConfig;

/// Who sits in a seat.
pub enum Sitter {
    /// A person, acting through the API with a token.
    Human,
    /// A bot, moving by itself (its spec, and the bot while it is neither thinking nor
    /// stopped).
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
    /// The action as played (everything in it).
    pub text: String,
}

/// A game being played.
pub struct LiveGame {
    /// The game's name.
    pub game: &'static str,
    /// The state.
    pub state: Box<dyn DynState>,
    /// Who sits where.
    pub sitters: Vec<Sitter>,
    /// The token for every human seat (hot seat); empty for a game that hides
    /// something from each seat and was not asked for as hot seat: each seat then has
    /// only its own token.
    pub token: String,
    /// A token per human seat (`None` for bot seats).
    pub seat_tokens: Vec<Option<String>>,
    /// The actions played.
    pub moves: Vec<Played>,
    /// When a client last read or played it (bot moves do not count).
    pub last_used: Instant,
    /// Whether a task is moving its bot seats.
    pub bots_running: bool,
    /// Whether it still has bots (a bot seat, and neither over nor closed): what
    /// [`ServerConfig::max_bot_games`] counts.
    pub bots_live: bool,
    /// Whether the store dropped it (evicted or idle): its bots stop.
    pub closed: bool,
    /// Whether it hides something from some seat.
    pub hidden: bool,
    /// The start position.
    pub start: Box<dyn DynState>,
    /// How long each bot waits before it moves.
    pub bot_delay: Duration,
    /// The seat whose bot failed (an outside engine that crashed, hung or answered
    /// nonsense) or that resigned, and why: that seat lost by forfeit and the game is
    /// over.
    pub forfeit: Option<(Seat, String)>,
    /// The rule options it was made with (`key=value`), to make it again.
    pub options: Vec<(String, String)>,
    /// The rematch asked for, once someone asked.
    pub rematch: Option<Rematch>,
    /// For a game of bots alone, the slot of the client that created it (given back
    /// when its bots stop: [`crate::ServerConfig::max_client_bot_games`]).
    pub owner: Option<crate::clients::Slot>,
}

/// A game's rematch: its id and its seat tokens, by seat of the rematch.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rematch {
    /// The rematch's id.
    pub id: String,
    /// A token per seat of the rematch (`None` for bot seats).
    pub seat_tokens: Vec<Option<String>>,
}

/// An action checked against a game and not applied yet: [`LiveGame::prepare`], then
/// [`LiveGame::apply`] once it is committed.
pub struct Prepared {
    /// The state after the action.
    pub state: Box<dyn DynState>,
    /// The action as each seat saw it.
    pub played: Played,
    /// The action's text as the engine writes it.
    pub text: String,
}

impl LiveGame {
    /// Who sits in each seat as text: `human`, or the bot's spec.
    pub fn sitter_specs(&self) -> Vec<String> {
        self.sitters
            .iter()
            .map(|s| match s {
                Sitter::Human => "human".to_owned(),
                Sitter::Bot(spec, _) => spec.clone(),
            })
            .collect()
    }

    /// Whether `token` lets its holder see and act for `seat` (a human seat).
    pub fn allows(&self, seat: Seat, token: Option<&str>) -> bool {
        let Some(token) = token else { return false };
        // An empty game token: none (each seat has only its own).
        let game_token = !self.token.is_empty() && same(token, &self.token);
        let human = matches!(self.sitters.get(seat.index()), Some(Sitter::Human));
        let seat_token = self
            .seat_tokens
            .get(seat.index())
            .and_then(Option::as_deref);
        human && (game_token || seat_token.is_some_and(|t| same(token, t)))
    }

    /// Whether the seat to act is a bot.
    pub fn bot_to_act(&self) -> bool {
        self.to_act()
            .is_some_and(|s| matches!(self.sitters.get(s.index()), Some(Sitter::Bot(..))))
    }

    /// Whether a person sits in some seat (its bot moves are computed before those of
    /// games of bots alone).
    pub fn with_person(&self) -> bool {
        self.sitters.iter().any(|s| matches!(s, Sitter::Human))
    }

    /// Whether a bot is to act, in its seat (not thinking) and the game not closed: what
    /// a task playing the bot seats would do next.
    pub fn bot_ready(&self) -> bool {
        !self.closed
            && self.to_act().is_some_and(|s| {
                matches!(self.sitters.get(s.index()), Some(Sitter::Bot(_, Some(_))))
            })
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

    /// Once the game is over or closed, takes every bot out of its seat (to be dropped
    /// off the async threads, [`drop_bots`]: dropping an outside engine stops its
    /// process); before, nothing.
    pub fn retire_bots(&mut self) -> Vec<Box<dyn DynBot>> {
        if !self.closed && self.to_act().is_some() {
            return Vec::new();
        }
        self.bots_live = false;
        self.owner = None;
        self.sitters
            .iter_mut()
            .filter_map(|s| match s {
                Sitter::Bot(_, bot) => bot.take(),
                Sitter::Human => None,
            })
            .collect()
    }

    /// Plays `text` for `seat` and records how each seat saw it.
    pub fn record_and_play(
        &mut self,
        seat: Seat,
        text: &str,
    ) -> Result<String, pyramid_core::dynamic::RuntimeError> {
        let prepared = self.prepare(seat, text)?;
        let played = prepared.text.clone();
        self.apply(prepared);
        Ok(played)
    }

    /// Checks `text` for `seat` and works out the state after it and how each seat saw
    /// it, changing nothing.
    pub fn prepare(
        &self,
        seat: Seat,
        text: &str,
    ) -> Result<Prepared, pyramid_core::dynamic::RuntimeError> {
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
        let mut state = self.state.clone_box();
        let played = state.play_as(seat, text)?;
        Ok(Prepared {
            state,
            played: Played {
                seat,
                seen_by,
                public,
                text: played.clone(),
            },
            text: played,
        })
    }

    /// Applies a prepared action.
    pub fn apply(&mut self, prepared: Prepared) {
        self.state = prepared.state;
        self.moves.push(prepared.played);
    }

    /// The seats whose bot is choosing a move now.
    pub fn thinking(&self) -> Vec<u8> {
        let Some(to_act) = self.to_act() else {
            return Vec::new();
        };
        match self.sitters.get(to_act.index()) {
            Some(Sitter::Bot(_, None)) if !self.closed => vec![to_act.0],
            _ => Vec::new(),
        }
    }
}

/// Drops bots on a blocking thread (an outside engine's drop waits for its process to
/// quit), or here when no runtime runs.
pub fn drop_bots(bots: Vec<Box<dyn DynBot>>) {
    if bots.is_empty() {
        return;
    }
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => {
            runtime.spawn_blocking(move || drop(bots));
        }
        Err(_) => drop(bots),
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
    let bots = {
        let mut live = lock(game);
        live.closed = true;
        live.retire_bots()
    };
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
        let idle = lock(&game).last_used.elapsed() >= config.idle_expiry;
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
                let keep = lock(g).last_used.elapsed() < config.idle_expiry;
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
        let with_bots = game.bots_live;
        let mut dropped: Vec<Shared> = Vec::new();
        let shared = Arc::new(GameCell::new(id.clone(), game));
        {
            let mut map = self.map();
            let now = Instant::now();
            // (last used, has live bots, id) of every game kept.
            let mut kept: Vec<(Instant, bool, String)> = Vec::with_capacity(map.len());
            map.retain(|id, g| {
                let live = lock(g);
                if now.duration_since(live.last_used) >= config.idle_expiry {
                    drop(live);
                    dropped.push(Arc::clone(g));
                    return false;
                }
                kept.push((live.last_used, live.bots_live, id.clone()));
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
