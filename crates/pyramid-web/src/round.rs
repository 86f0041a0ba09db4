//! One owner per live game, the shape of lichess's round actor: a [`Round`] is the
//! game's handle, and a task, its owner (`round/owner.rs`), alone changes the game.
//!
//! Every change to a game (a person's action, a bot's move, a resignation, a clock's
//! flag, a seat taken, an offer, a rematch, a person opening the game, leaving memory) is
//! a [`Change`] sent to the owner ([`Round::tell`]), which checks it, commits it to the
//! database (the moves' compare-and-set), applies it and tells the game's viewers, one
//! change at a time; every way a game ends goes through its finisher
//! (`round/finish.rs`). Everyone else only reads the game ([`Round::read`]): this file
//! holds the game's lock, and no other file takes it.
//!
//! How a game is found, loaded and started: `round/load.rs`; what each change does:
//! `round/changes.rs`; bots: `round/bots.rs`.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use pyramid_core::Seat;
use pyramid_core::dynamic::{DynBot, RuntimeError};
use tokio::sync::{mpsc, oneshot};

use crate::ApiError;
use crate::ending::Abort;
use crate::store::{LiveGame, Rematch};

mod bots;
mod changes;
mod finish;
mod load;
mod owner;

pub use bots::BotWork;
pub use changes::check_decline;
pub use load::{change, find, open_new, resume_bot_games, sweep_overdue};

/// A change asked of a game's owner.
#[derive(Clone, Debug)]
pub enum Change {
    /// A person plays `text` for `seat`.
    Act {
        /// The seat acting.
        seat: u8,
        /// Its token (or the game's).
        token: String,
        /// The action.
        text: String,
    },
    /// `seat` resigns.
    Resign {
        /// The seat.
        seat: u8,
        /// Its token.
        token: String,
    },
    /// `seat` offers a draw, or accepts the standing offer.
    Draw {
        /// The seat.
        seat: u8,
        /// Its token.
        token: String,
    },
    /// `seat` asks to take back its last ply, or grants another seat's request.
    Takeback {
        /// The seat.
        seat: u8,
        /// Its token.
        token: String,
    },
    /// `seat` asks for a rematch of the game over, or accepts the one asked for.
    Rematch {
        /// The seat.
        seat: u8,
        /// Its token.
        token: String,
        /// The client asking (a rematch of bots alone counts against it).
        client: Option<std::net::IpAddr>,
    },
    /// `seat` declined the rematch, which ended aborted: recorded.
    RematchDeclined {
        /// The seat that declined.
        seat: u8,
    },
    /// The game ends aborted, unless every seat's sitter is at the table already.
    Abort(Abort),
    /// Someone takes a seat that waits for a player (the one asked for, or the first).
    TakeSeat {
        /// The seat asked for.
        seat: Option<u8>,
    },
    /// `seat`'s player takes the game out of the lobby.
    Withdraw {
        /// The seat.
        seat: u8,
        /// Its token.
        token: String,
    },
    /// The people of these seats opened the game.
    Join(Vec<Seat>),
    /// Whatever is due by now: a flag, an abort of a game whose players never came.
    Tick,
    /// Several servers share the database: load the game again if another moved it on.
    Refresh,
}

/// What the owner answers a change.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Done.
    Done,
    /// The seat that acted.
    Acted(Seat),
    /// A seat taken and its token.
    Seated(Seat, String),
    /// The seats still open after a withdrawal.
    Open(Vec<u8>),
    /// The rematch (asked for, or accepted).
    Rematch(Rematch),
}

/// A bot's pick, back from its thread.
pub struct Picked {
    /// The bot's seat.
    pub seat: Seat,
    /// The number of plies of the position it was asked about.
    pub at: usize,
    /// The bot and what it picked; `None`: its thread failed (it panicked).
    pub bot: Option<(Box<dyn DynBot>, Result<String, RuntimeError>)>,
}

/// A letter in the owner's mailbox.
pub enum Letter {
    /// A change, and where its answer goes.
    Change(Change, oneshot::Sender<Result<Answer, ApiError>>),
    /// A bot's pick.
    Picked(Picked),
    /// The store dropped the game: the owner stops its bots and ends.
    Close,
}

/// A live game's handle: its id, its state (read by anyone, changed by its owner alone),
/// its owner's mailbox and its viewers' signal.
pub struct Round {
    /// The game's id.
    pub id: String,
    live: Mutex<LiveGame>,
    mailbox: mpsc::UnboundedSender<Letter>,
    /// Bumped after every change a viewer should see (a ply, an offer, the end, a
    /// rematch, the game dropped from memory): what `GET /api/games/{id}/events` waits on.
    pub changed: tokio::sync::watch::Sender<u64>,
    /// Event streams open on this copy now (counted by their slots, `clients.rs`).
    pub streams: Arc<AtomicUsize>,
    /// When a client last read or played it (ns since the server started,
    /// [`process_ns`]; bot moves do not count).
    last_used: AtomicU64,
    /// Whether it still has bots that may move ([`LiveGame::bots_live`]).
    bots_live: AtomicBool,
}

/// A shared game.
pub type Shared = Arc<Round>;

/// The owner has gone (the game left memory): find the game again.
#[derive(Debug)]
pub struct Gone;

impl Round {
    /// A handle for game `id` and the mailbox its owner reads.
    fn new(id: String, live: LiveGame) -> (Round, mpsc::UnboundedReceiver<Letter>) {
        let (mailbox, letters) = mpsc::unbounded_channel();
        let bots_live = live.bots_live();
        let round = Round {
            id,
            live: Mutex::new(live),
            mailbox,
            changed: tokio::sync::watch::Sender::new(0),
            streams: Arc::default(),
            last_used: AtomicU64::new(process_ns()),
            bots_live: AtomicBool::new(bots_live),
        };
        (round, letters)
    }

    fn lock(&self) -> MutexGuard<'_, LiveGame> {
        self.live
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Reads the game (a short moment: copy out what is needed).
    pub fn read<R>(&self, read: impl FnOnce(&LiveGame) -> R) -> R {
        read(&self.lock())
    }

    /// Changes the game: for its owner only.
    fn write<R>(&self, write: impl FnOnce(&mut LiveGame) -> R) -> R {
        let mut live = self.lock();
        let answer = write(&mut live);
        self.bots_live.store(live.bots_live(), Ordering::SeqCst);
        answer
    }

    /// Asks the owner for `change` and waits for its answer; [`Gone`] when the owner has
    /// ended (the game left memory meanwhile).
    pub async fn tell(&self, change: Change) -> Result<Result<Answer, ApiError>, Gone> {
        let (answer, answered) = oneshot::channel();
        self.mailbox
            .send(Letter::Change(change, answer))
            .map_err(|_| Gone)?;
        answered.await.map_err(|_| Gone)
    }

    /// Tells the owner the store dropped the game.
    pub fn close(&self) {
        let _ = self.mailbox.send(Letter::Close);
    }

    /// Tells the game's viewers that it changed.
    pub fn notify(&self) {
        self.changed.send_modify(|v| *v = v.wrapping_add(1));
    }

    /// A client read or played it now.
    pub fn touch(&self) {
        self.last_used.store(process_ns(), Ordering::Relaxed);
    }

    /// How long since a client last read or played it.
    pub fn idle(&self) -> std::time::Duration {
        let last = self.last_used.load(Ordering::Relaxed);
        std::time::Duration::from_nanos(process_ns().saturating_sub(last))
    }

    /// When a client last read or played it ([`process_ns`]).
    pub fn last_used(&self) -> u64 {
        self.last_used.load(Ordering::Relaxed)
    }

    /// Whether it still has bots that may move.
    pub fn bots_live(&self) -> bool {
        self.bots_live.load(Ordering::SeqCst)
    }
}

/// Nanoseconds since this process first asked (a monotonic clock: when games were last
/// used, to drop the idlest first).
fn process_ns() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}
