//! What each client (an IP address) holds of the server, so that no one client can
//! take what others need: [`Clients`] counts its connections, event streams and games of
//! bots alone, and meters the games it creates and the seats it takes ([`Allowance`]).
//! Each holding is a slot that gives itself back when dropped; a client's allowances are
//! kept until they have refilled, however its requests are spread over connections.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use crate::ServerConfig;

/// So many of something a minute, refilled continuously (a token bucket): a client may
/// spend them all at once, then one more each `60 / per_minute` seconds.
#[derive(Debug)]
pub struct Allowance {
    /// What may still be spent now.
    left: f64,
    /// When it was last refilled.
    refilled: Instant,
}

impl Allowance {
    /// A whole allowance of `per_minute`.
    fn whole(per_minute: u32) -> Allowance {
        Allowance {
            left: f64::from(per_minute),
            refilled: Instant::now(),
        }
    }

    /// Spends one of `per_minute` (refilled first), or says in how many seconds the next
    /// one comes.
    fn spend(&mut self, per_minute: u32) -> Result<(), f64> {
        let per_minute = f64::from(per_minute.max(1));
        let now = Instant::now();
        let refill = now.duration_since(self.refilled).as_secs_f64() * per_minute / 60.0;
        self.left = (self.left + refill).min(per_minute);
        self.refilled = now;
        if self.left < 1.0 {
            return Err((1.0 - self.left) * 60.0 / per_minute);
        }
        self.left -= 1.0;
        Ok(())
    }

    /// Whether it has refilled whole since it was last spent (a minute at most).
    fn is_whole(&self) -> bool {
        self.refilled.elapsed().as_secs() >= 60
    }
}

/// One client's holdings.
#[derive(Debug)]
struct Holdings {
    connections: usize,
    streams: usize,
    bot_games: usize,
    /// Games it may still create ([`ServerConfig::creates_per_minute`]).
    creates: Allowance,
    /// Seats it may still take ([`ServerConfig::joins_per_minute`]).
    joins: Allowance,
}

impl Holdings {
    fn new(config: &ServerConfig) -> Holdings {
        Holdings {
            connections: 0,
            streams: 0,
            bot_games: 0,
            creates: Allowance::whole(config.creates_per_minute),
            joins: Allowance::whole(config.joins_per_minute),
        }
    }

    /// Whether it holds nothing and its allowances are whole again: it may be forgotten.
    fn forgettable(&self) -> bool {
        self.connections == 0
            && self.streams == 0
            && self.bot_games == 0
            && self.creates.is_whole()
            && self.joins.is_whole()
    }
}

/// Every client's holdings, and the event streams open in all.
#[derive(Debug, Default)]
pub struct Clients {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    by_ip: HashMap<IpAddr, Holdings>,
    streams: usize,
}

impl Inner {
    /// What `ip` holds (nothing yet, with a whole allowance, for a new client).
    fn holdings(&mut self, ip: IpAddr, config: &ServerConfig) -> &mut Holdings {
        self.by_ip
            .entry(ip)
            .or_insert_with(|| Holdings::new(config))
    }
}

/// What a slot holds.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Connection,
    Stream,
    BotGame,
}

/// A holding of one client, given back when dropped.
pub struct Slot {
    clients: Arc<Clients>,
    ip: Option<IpAddr>,
    kind: Kind,
    /// The count of event streams of a stream's game.
    game: Option<Arc<AtomicUsize>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(game) = &self.game {
            game.fetch_sub(1, Ordering::SeqCst);
        }
        let mut inner = self.clients.lock();
        if matches!(self.kind, Kind::Stream) {
            inner.streams = inner.streams.saturating_sub(1);
        }
        let Some(ip) = self.ip else { return };
        let Some(holdings) = inner.by_ip.get_mut(&ip) else {
            return;
        };
        let count = match self.kind {
            Kind::Connection => &mut holdings.connections,
            Kind::Stream => &mut holdings.streams,
            Kind::BotGame => &mut holdings.bot_games,
        };
        *count = count.saturating_sub(1);
        // Forgotten only with its allowances whole: a client that closes its connection
        // after each new game keeps what it spent.
        if holdings.forgettable() {
            inner.by_ip.remove(&ip);
        }
    }
}

impl Clients {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A connection of `ip`, unless it holds [`ServerConfig::max_client_connections`]
    /// already.
    pub fn connect(self: &Arc<Self>, ip: IpAddr, config: &ServerConfig) -> Option<Slot> {
        let mut inner = self.lock();
        let holdings = inner.holdings(ip, config);
        if holdings.connections >= config.max_client_connections.max(1) {
            return None;
        }
        holdings.connections += 1;
        Some(self.slot(Some(ip), Kind::Connection, None))
    }

    /// An event stream of `ip` on the game whose streams `game` counts, unless the client, the game or the server has
    /// as many as it may ([`ServerConfig::max_client_streams`],
    /// [`ServerConfig::max_game_streams`], [`ServerConfig::max_streams`]); the refusal
    /// says which.
    pub fn open_stream(
        self: &Arc<Self>,
        ip: Option<IpAddr>,
        game: &Arc<AtomicUsize>,
        config: &ServerConfig,
    ) -> Result<Slot, String> {
        let mut inner = self.lock();
        if inner.streams >= config.max_streams {
            return Err(format!(
                "the server has {} event streams open, as many as it keeps",
                inner.streams
            ));
        }
        if game.load(Ordering::SeqCst) >= config.max_game_streams {
            return Err(format!(
                "this game has {} event streams open, as many as a game may",
                config.max_game_streams
            ));
        }
        if let Some(ip) = ip {
            let holdings = inner.holdings(ip, config);
            if holdings.streams >= config.max_client_streams {
                return Err(format!(
                    "this address has {} event streams open, as many as a client may",
                    holdings.streams
                ));
            }
            holdings.streams += 1;
        }
        inner.streams += 1;
        game.fetch_add(1, Ordering::SeqCst);
        Ok(self.slot(ip, Kind::Stream, Some(Arc::clone(game))))
    }

    /// One more game of bots alone for `ip`, unless it has
    /// [`ServerConfig::max_client_bot_games`] playing already.
    pub fn start_bot_game(
        self: &Arc<Self>,
        ip: Option<IpAddr>,
        config: &ServerConfig,
    ) -> Result<Slot, String> {
        if let Some(ip) = ip {
            let mut inner = self.lock();
            let holdings = inner.holdings(ip, config);
            if holdings.bot_games >= config.max_client_bot_games {
                return Err(format!(
                    "this address has {} games of bots alone playing, as many as a client may: wait for one to end",
                    holdings.bot_games
                ));
            }
            holdings.bot_games += 1;
        }
        Ok(self.slot(ip, Kind::BotGame, None))
    }

    /// A connection of a trusted proxy: it carries everyone's requests, so it is not
    /// held to one client's share (the server's limit on all connections holds).
    pub fn connect_trusted(self: &Arc<Self>) -> Slot {
        self.slot(None, Kind::Connection, None)
    }

    /// Takes one new game from `ip`'s allowance ([`ServerConfig::creates_per_minute`],
    /// refilled continuously), or says when the next one may be created.
    pub fn create(&self, ip: Option<IpAddr>, config: &ServerConfig) -> Result<(), String> {
        let Some(ip) = ip else { return Ok(()) };
        let mut inner = self.lock();
        let holdings = inner.holdings(ip, config);
        holdings.creates.spend(config.creates_per_minute).map_err(|wait| {
            format!(
                "this address created {} games in the last minute, as many as a client may: the next in {wait:.1} s",
                config.creates_per_minute
            )
        })
    }

    /// Takes one seat from `ip`'s allowance ([`ServerConfig::joins_per_minute`],
    /// refilled continuously), or says when the next one may be taken.
    pub fn join(&self, ip: Option<IpAddr>, config: &ServerConfig) -> Result<(), String> {
        let Some(ip) = ip else { return Ok(()) };
        let mut inner = self.lock();
        let holdings = inner.holdings(ip, config);
        holdings.joins.spend(config.joins_per_minute).map_err(|wait| {
            format!(
                "this address took {} seats in the last minute, as many as a client may: the next in {wait:.1} s",
                config.joins_per_minute
            )
        })
    }

    fn slot(
        self: &Arc<Self>,
        ip: Option<IpAddr>,
        kind: Kind,
        game: Option<Arc<AtomicUsize>>,
    ) -> Slot {
        Slot {
            clients: Arc::clone(self),
            ip,
            kind,
            game,
        }
    }

    /// Forgets the clients that hold nothing and whose allowances are whole again (a
    /// minute after they last spent one).
    pub fn sweep(&self) {
        self.lock().by_ip.retain(|_, h| !h.forgettable());
    }

    /// Event streams open now, in all.
    pub fn streams(&self) -> usize {
        self.lock().streams
    }
}
