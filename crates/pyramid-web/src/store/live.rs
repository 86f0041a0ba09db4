//! A game being played: [`LiveGame`], its [`Setup`] and its lifecycle, an explicit
//! state machine ([`Phase`]) moved only by named transitions.
//!
//! ```text
//!            start_driving            start_thinking
//!   Waiting ───────────────► Driven ─────────────────► Thinking(seat)
//!      ▲                       │  ▲                         │
//!      └───── stop_driving ────┘  └──── finish_thinking ────┘
//!
//!   any of these three ── apply (the last action), lose_by_forfeit ──► Over
//!   any phase, Over too ── close ───────────────────────────────────► Closed
//! ```
//!
//! Nothing leaves Over but to Closed, nothing leaves Closed, and entering either stops
//! the game's bots: the transition takes every bot out of its seat and gives it back to
//! be dropped off the async threads ([`drop_bots`]), and gives back the slot of the
//! client that owns a game of bots alone. So a seated bot is always one that may still move, and a bot is out of its
//! seat only while it thinks.

use std::time::{Duration, Instant};

use pyramid_core::Seat;
use pyramid_core::dynamic::{DynBot, DynState, RuntimeError};

use crate::clients::Slot;
use crate::clock::Clock;
use crate::words::{PlyWords, ply_words};

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
    /// The action in words and the squares it touched, for each viewer (described when
    /// it is played, from the state before it).
    pub words: PlyWords,
}

/// A game's rematch: its id and its seat tokens, by seat of the rematch.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rematch {
    /// The rematch's id.
    pub id: String,
    /// A token per seat of the rematch (`None` for bot seats).
    pub seat_tokens: Vec<Option<String>>,
}

/// What a game is made with, fixed for its whole life.
pub struct Setup {
    /// The game's name.
    pub game: &'static str,
    /// Whether it hides something from some seat.
    pub hidden: bool,
    /// The start position.
    pub start: Box<dyn DynState>,
    /// The rule options it was made with (`key=value`), to make it again.
    pub options: Vec<(String, String)>,
    /// The token for every human seat (hot seat); empty for a game that hides
    /// something from each seat and was not asked for as hot seat: each seat then has
    /// only its own token.
    pub token: String,
    /// A token per human seat (`None` for bot seats).
    pub seat_tokens: Vec<Option<String>>,
    /// How long each bot waits before it moves.
    pub bot_delay: Duration,
}

/// Who may still take which seat of a game, and whether it is listed in the lobby (open
/// challenges).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seating {
    /// By seat: whether it waits for someone to take it ([`LiveGame::take_open_seat`]);
    /// empty: none does.
    pub open: Vec<bool>,
    /// Whether the game is listed in the lobby.
    pub lobby: bool,
    /// How many times a seat was taken or the listing withdrawn (the database's count, so
    /// a seat is given once even when two servers share it).
    pub changes: i64,
    /// When the game was made (seconds since 1970): how long its open seats have waited.
    pub since: i64,
}

impl Seating {
    /// Whether `seat` waits for someone to take it.
    pub fn is_open(&self, seat: Seat) -> bool {
        self.open.get(seat.index()).copied().unwrap_or(false)
    }

    /// The seats waiting for someone.
    pub fn open_seats(&self) -> Vec<Seat> {
        (0..self.open.len())
            .map(|s| Seat(s as u8))
            .filter(|&s| self.is_open(s))
            .collect()
    }
}

/// Who sits in each seat as a viewer is told: the stored `specs` (`human` or a bot's
/// spec), `open` where a seat waits for someone to take it (`open`, by seat).
pub fn sitters_shown(mut specs: Vec<String>, open: &[bool]) -> Vec<String> {
    for (sitter, _) in specs.iter_mut().zip(open).filter(|(_, open)| **open) {
        "open".clone_into(sitter);
    }
    specs
}

/// Where a [`LiveGame`] is in its life (the module's diagram): whether it is being
/// played, and then what its bot seats are doing; over; or dropped from the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Being played, no task moving its bot seats: a person is to act, or a bot whose
    /// task is yet to start ([`LiveGame::start_driving`]).
    Waiting,
    /// Being played, a task moving its bot seats (`drive_bots`), none thinking now.
    Driven,
    /// Being played, the bot of this seat (the seat to act) choosing a move: out of its
    /// seat, waiting for its delay and a bot thread, then on one.
    Thinking(Seat),
    /// Over, by the rules, the ply limit or a forfeit: its bots stopped.
    Over,
    /// Dropped from the store (evicted, idle, or found older than the database): its
    /// bots stopped, whatever else happens to this copy.
    Closed,
}

/// Bots taken out of their seats for good, to be dropped off the async threads
/// ([`drop_bots`]: dropping an outside engine stops its process).
pub type Stopped = Vec<Box<dyn DynBot>>;

/// A game being played. Its fields are private: its lifecycle ([`Phase`]) moves only
/// by its transitions, and its position, moves and sitters only with it.
pub struct LiveGame {
    setup: Setup,
    state: Box<dyn DynState>,
    sitters: Vec<Sitter>,
    moves: Vec<Played>,
    phase: Phase,
    /// The seat whose bot failed (an outside engine that crashed, hung or answered
    /// nonsense) or that resigned, and why: that seat lost by forfeit.
    forfeit: Option<(Seat, String)>,
    rematch: Option<Rematch>,
    /// When a client last read or played it (bot moves do not count).
    last_used: Instant,
    /// For a game of bots alone, the slot of the client that created it (given back
    /// when its bots stop: [`crate::ServerConfig::max_client_bot_games`]).
    owner: Option<Slot>,
    seating: Seating,
    /// Its clock, if it is played with one ([`crate::clock`]).
    clock: Option<Clock>,
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
    /// A game at its start position with these sitters, just used: [`Phase::Waiting`],
    /// or [`Phase::Over`] (its bots stopped at once) for a start that is over.
    pub fn new(setup: Setup, sitters: Vec<Sitter>) -> LiveGame {
        let mut live = LiveGame {
            state: setup.start.clone_box(),
            setup,
            sitters,
            moves: Vec::new(),
            phase: Phase::Waiting,
            forfeit: None,
            rematch: None,
            last_used: Instant::now(),
            owner: None,
            seating: Seating::default(),
            clock: None,
        };
        if live.to_act().is_none() {
            drop_bots(live.end(Phase::Over));
        }
        live
    }

    /// What the game was made with.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The position now.
    pub fn state(&self) -> &dyn DynState {
        self.state.as_ref()
    }

    /// Who sits where.
    pub fn sitters(&self) -> &[Sitter] {
        &self.sitters
    }

    /// The actions played.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// Where the game is in its life (the server asks narrower questions:
    /// [`LiveGame::is_closed`], [`LiveGame::bots_live`], [`LiveGame::thinking`]).
    #[cfg(test)]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the store dropped it ([`Phase::Closed`]).
    pub fn is_closed(&self) -> bool {
        self.phase == Phase::Closed
    }

    /// The seat that lost by forfeit (its bot failed, or it resigned), and why.
    pub fn forfeit(&self) -> Option<&(Seat, String)> {
        self.forfeit.as_ref()
    }

    /// The rematch asked for, once someone asked.
    pub fn rematch(&self) -> Option<&Rematch> {
        self.rematch.as_ref()
    }

    /// Records the rematch made of this game.
    pub fn set_rematch(&mut self, rematch: Rematch) {
        self.rematch = Some(rematch);
    }

    /// When a client last read or played it (bot moves do not count).
    pub fn last_used(&self) -> Instant {
        self.last_used
    }

    /// A client read or played it now.
    pub fn touch(&mut self) {
        self.last_used = Instant::now();
    }

    /// Makes `slot` (its creator's, for a game of bots alone) held until its bots stop;
    /// given back at once if they have.
    pub fn set_owner(&mut self, slot: Slot) {
        if self.bots_live() {
            self.owner = Some(slot);
        }
    }

    /// Whether it still has bots: a bot seat, and neither over nor closed (what
    /// [`crate::ServerConfig::max_bot_games`] counts).
    pub fn bots_live(&self) -> bool {
        !matches!(self.phase, Phase::Over | Phase::Closed)
            && self.sitters.iter().any(|s| matches!(s, Sitter::Bot(..)))
    }

    /// The game's clock, if it is played with one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Sets the game's clock (a new game's, a stored one's, or the one after a ply the
    /// caller stored).
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    /// The clock started now for the seat to act, when it is not running yet, the game
    /// goes on and no seat waits for a player (an open challenge's clock starts when the
    /// game does): `None` when nothing is to start.
    pub fn clock_to_start(&self, seating: &Seating, now: i64) -> Option<Clock> {
        let clock = self.clock.as_ref().filter(|c| !c.is_running())?;
        let to_act = self.to_act()?;
        if !seating.open_seats().is_empty() {
            return None;
        }
        Some(clock.started(Some(to_act.0), now))
    }

    /// Who may still take which seat, and whether the game is listed in the lobby.
    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    /// Sets who may still take which seat (a new game's, a stored one's, or one a
    /// request stored: [`LiveGame::take_open_seat`]).
    pub fn set_seating(&mut self, seating: Seating) {
        self.seating = seating;
    }

    /// The seating after someone takes a seat that waits: `asked`, or the first one;
    /// the game leaves the lobby when no seat waits any more. An error says why not (no
    /// seat waits, that one does not, or the game is over).
    pub fn take_open_seat(&self, asked: Option<Seat>) -> Result<(Seat, Seating), String> {
        if self.to_act().is_none() {
            return Err("the game is over".to_owned());
        }
        let seat = match asked {
            Some(seat) if self.seating.is_open(seat) => seat,
            Some(seat) => return Err(format!("seat {} does not wait for a player", seat.0)),
            None => *self
                .seating
                .open_seats()
                .first()
                .ok_or("no seat of this game waits for a player")?,
        };
        let mut after = self.seating.clone();
        after.open[seat.index()] = false;
        after.lobby = after.lobby && after.open.contains(&true);
        after.changes += 1;
        Ok((seat, after))
    }

    /// Who sits in each seat as a viewer is told: `human`, `open` (a seat that waits for
    /// someone to take it), or the bot's spec.
    pub fn sitters_shown(&self) -> Vec<String> {
        sitters_shown(self.sitter_specs(), &self.seating.open)
    }

    /// Who sits in each seat as text: `human` (taken or waiting), or the bot's spec.
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
        let game_token = !self.setup.token.is_empty() && same(token, &self.setup.token);
        // A seat that waits for a player acts for nobody until someone takes it.
        let human = matches!(self.sitters.get(seat.index()), Some(Sitter::Human))
            && !self.seating.is_open(seat);
        let seat_token = self
            .setup
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

    /// The seats whose bot is choosing a move now.
    pub fn thinking(&self) -> Vec<u8> {
        match self.phase {
            Phase::Thinking(seat) => vec![seat.0],
            _ => Vec::new(),
        }
    }

    /// Checks `text` for `seat` and works out the state after it and how each seat saw
    /// it, changing nothing.
    pub fn prepare(&self, seat: Seat, text: &str) -> Result<Prepared, RuntimeError> {
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
        let public = if self.setup.hidden {
            let other = Seat(((seat.index() + 1) % seats.max(1)) as u8);
            seen_by.get(other.index()).cloned().unwrap_or_default()
        } else {
            text.to_owned()
        };
        let mut state = self.state.clone_box();
        let played = state.play_as(seat, text)?;
        let words = ply_words(
            self.state.as_ref(),
            seat,
            &played,
            &seen_by,
            &public,
            self.setup.hidden,
        );
        Ok(Prepared {
            state,
            played: Played {
                seat,
                seen_by,
                public,
                text: played.clone(),
                words,
            },
            text: played,
        })
    }

    /// Applies a prepared action. Transition: an action that ends the game makes it
    /// [`Phase::Over`] (unless closed) and gives back its bots, stopped.
    #[must_use = "the bots stopped are to be dropped (drop_bots)"]
    pub fn apply(&mut self, prepared: Prepared) -> Stopped {
        self.state = prepared.state;
        self.moves.push(prepared.played);
        if self.to_act().is_none() && self.phase != Phase::Closed {
            return self.end(Phase::Over);
        }
        Vec::new()
    }

    /// Plays `text` for `seat` and records how each seat saw it ([`LiveGame::prepare`]
    /// then [`LiveGame::apply`]): the bots stopped if it ended the game.
    pub fn record_and_play(&mut self, seat: Seat, text: &str) -> Result<Stopped, RuntimeError> {
        let prepared = self.prepare(seat, text)?;
        Ok(self.apply(prepared))
    }

    /// Transition: `seat` loses by forfeit (it resigned, its bot failed, or its time ran
    /// out), for `reason`: [`Phase::Over`], its bots given back stopped, its clock stopped. A game over already is
    /// left as it ended; a closed one stays closed, the forfeit recorded (to be stored).
    #[must_use = "the bots stopped are to be dropped (drop_bots)"]
    pub fn lose_by_forfeit(&mut self, seat: Seat, reason: String) -> Stopped {
        if self.to_act().is_none() {
            return Vec::new();
        }
        self.forfeit = Some((seat, reason));
        if let Some(clock) = &mut self.clock {
            *clock = clock.stopped(crate::db::now_ms());
        }
        if self.phase == Phase::Closed {
            return Vec::new();
        }
        self.end(Phase::Over)
    }

    /// Transition: the store dropped it, [`Phase::Closed`] from any phase; its bots
    /// given back stopped (a bot thinking now is stopped when its move is done,
    /// [`LiveGame::finish_thinking`]).
    #[must_use = "the bots stopped are to be dropped (drop_bots)"]
    pub fn close(&mut self) -> Stopped {
        self.end(Phase::Closed)
    }

    /// Transition [`Phase::Waiting`] → [`Phase::Driven`] when a bot is to act: whether
    /// the caller is now the task that moves its bot seats (none runs already, the game
    /// is neither over nor closed, and a bot is to act).
    pub fn start_driving(&mut self) -> bool {
        let start = self.phase == Phase::Waiting && self.bot_to_act();
        if start {
            self.phase = Phase::Driven;
        }
        start
    }

    /// Transition [`Phase::Driven`] → [`Phase::Thinking`] when a bot is to act: its seat
    /// and its bot, out of its seat until [`LiveGame::finish_thinking`].
    pub fn start_thinking(&mut self) -> Option<(Seat, Box<dyn DynBot>)> {
        if self.phase != Phase::Driven {
            return None;
        }
        let seat = self.to_act()?;
        let bot = match self.sitters.get_mut(seat.index()) {
            Some(Sitter::Bot(_, bot)) => bot.take()?,
            _ => return None,
        };
        self.phase = Phase::Thinking(seat);
        Some((seat, bot))
    }

    /// Transition [`Phase::Thinking`] → [`Phase::Driven`]: the bot of `seat` back in its
    /// seat after its move. Once the game is over or closed (it ended meanwhile), the bot
    /// is given back instead, stopped, to be dropped.
    #[must_use = "a bot given back is to be dropped (drop_bots)"]
    pub fn finish_thinking(&mut self, seat: Seat, bot: Box<dyn DynBot>) -> Option<Box<dyn DynBot>> {
        if self.phase != Phase::Thinking(seat) {
            return Some(bot);
        }
        self.phase = Phase::Driven;
        match self.sitters.get_mut(seat.index()) {
            Some(Sitter::Bot(_, slot)) => {
                *slot = Some(bot);
                None
            }
            _ => Some(bot),
        }
    }

    /// Transition [`Phase::Driven`] → [`Phase::Waiting`]: the task moving the bot seats
    /// ends. Whether a bot is to act all the same (a person acted between the task's last
    /// look and now): then another task is to start.
    pub fn stop_driving(&mut self) -> bool {
        if self.phase == Phase::Driven {
            self.phase = Phase::Waiting;
        }
        self.phase == Phase::Waiting && self.bot_to_act()
    }

    /// Enters a final phase ([`Phase::Over`] or [`Phase::Closed`]): every bot out of its
    /// seat for good, the owner's slot given back.
    fn end(&mut self, last: Phase) -> Stopped {
        self.phase = last;
        self.owner = None;
        self.sitters
            .iter_mut()
            .filter_map(|s| match s {
                Sitter::Bot(_, bot) => bot.take(),
                Sitter::Human => None,
            })
            .collect()
    }
}

/// Drops bots on a blocking thread (an outside engine's drop waits for its process to
/// quit), or here when no runtime runs.
pub fn drop_bots(bots: Stopped) {
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
