//! A game being played: [`LiveGame`], its [`Setup`] and its lifecycle, an explicit
//! state machine ([`Phase`]) moved only by named transitions. Only the game's owner
//! (`round.rs`) changes it.
//!
//! ```text
//!             start_thinking
//!   Waiting ─────────────────► Thinking(seat)
//!      ▲                            │
//!      └────── finish_thinking ─────┘
//!
//!   either ── apply (the last action), finish (a forfeit, a draw, an abort) ──► Over
//!   any phase, Over too ── close ──────────────────────────────────────────► Closed
//! ```
//!
//! Nothing leaves Over but to Closed, nothing leaves Closed, and entering either stops
//! the game's bots: the transition takes every bot out of its seat and gives it back to
//! be dropped off the async threads ([`drop_bots`]), and gives back the slot of the
//! client that owns a game of bots alone. So a seated bot is always one that may still move, and a bot is out of its
//! seat only while it thinks.

use std::time::Duration;

use pyramid_core::Seat;
use pyramid_core::dynamic::{DynBot, DynState, RuntimeError};

use crate::clients::Slot;
use crate::clock::Clock;
use crate::ending::Ending;
use crate::words::{PlyWords, ply_words};

use super::offers::Offers;

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
    /// The seats of this game whose players asked for it or accepted it.
    #[serde(default)]
    pub offered_by: Vec<u8>,
    /// Whether a player declined it (the rematch then ended, aborted).
    #[serde(default)]
    pub declined: bool,
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
    /// The client that made it (its IP address as text; empty: not known): whose bots'
    /// searches queue behind each other, whose challenges are counted.
    pub creator: String,
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
    /// The seats its creator sat in, for a game made with open seats (only they withdraw
    /// it from the lobby); empty: not known.
    pub creators: Vec<u8>,
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

/// Where a [`LiveGame`] is in its life (the module's diagram): being played, and then
/// whether its bot to act is thinking; over; or dropped from the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Being played, no bot thinking: a person is to act, or the bot to act is about to
    /// be asked ([`LiveGame::start_thinking`]).
    Waiting,
    /// Being played, the bot of this seat (the seat to act) choosing a move: out of its
    /// seat, waiting for its delay and a bot thread, then on one.
    Thinking(Seat),
    /// Over, by the rules, the ply limit or an [`Ending`]: its bots stopped.
    Over,
    /// Dropped from the store (evicted, idle): its bots stopped, whatever else happens to
    /// this copy.
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
    /// For a game of bots alone, the slot of the client that created it (given back
    /// when its bots stop: [`crate::ServerConfig::max_client_bot_games`]).
    owner: Option<Slot>,
    terms: Terms,
}

/// Everything of a game but its position, its moves and its bots: how it ended, its
/// rematch, its seating, who is at the table, the offers standing and its clock. Its
/// owner works out the terms after a change, stores them, then sets them
/// ([`LiveGame::set_terms`]): what a change would make of the game is asked of the
/// game with the terms after it (`*_under`).
#[derive(Clone, Debug, Default)]
pub struct Terms {
    /// How it ended otherwise than by its rules (a forfeit, a draw by agreement, an
    /// abort).
    pub ending: Option<Ending>,
    /// The rematch, once someone asked for one.
    pub rematch: Option<Rematch>,
    /// Who may still take which seat, and whether it is listed in the lobby.
    pub seating: Seating,
    /// By seat: whether its sitter is at the table (a bot, or a person who opened the
    /// game); empty: every seat is (a game stored before seats were waited for).
    pub joined: Vec<bool>,
    /// The draw offers and takeback request standing.
    pub offers: Offers,
    /// Its clock, if it is played with one ([`crate::clock`]).
    pub clock: Option<Clock>,
}

impl Terms {
    /// Whether `seat`'s sitter is at the table.
    fn has_joined(&self, seat: Seat) -> bool {
        self.joined.is_empty() || self.joined.get(seat.index()).copied().unwrap_or(true)
    }

    /// The people of `seats` opened the game: whether any of them had not yet.
    pub fn join(&mut self, seats: &[Seat]) -> bool {
        let mut changed = false;
        for seat in seats {
            if !self.has_joined(*seat)
                && let Some(slot) = self.joined.get_mut(seat.index())
            {
                *slot = true;
                changed = true;
            }
        }
        changed
    }
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
    /// A game at its start position with these sitters: [`Phase::Waiting`], or
    /// [`Phase::Over`] (its bots stopped at once) for a start that is over. Its bots are
    /// at the table; its people are not until they open it ([`Terms::join`]).
    pub fn new(setup: Setup, sitters: Vec<Sitter>) -> LiveGame {
        let joined = sitters
            .iter()
            .map(|s| matches!(s, Sitter::Bot(..)))
            .collect();
        let mut live = LiveGame {
            state: setup.start.clone_box(),
            setup,
            sitters,
            moves: Vec::new(),
            phase: Phase::Waiting,
            owner: None,
            terms: Terms {
                joined,
                ..Terms::default()
            },
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

    /// Everything of it but its position, moves and bots.
    pub fn terms(&self) -> &Terms {
        &self.terms
    }

    /// Sets its terms (a new game's, a stored one's, or after a change its owner
    /// stored). Transition: terms that end it (an [`Ending`]) make it [`Phase::Over`]
    /// (unless closed) and give back its bots, stopped.
    #[must_use = "the bots stopped are to be dropped (drop_bots)"]
    pub fn set_terms(&mut self, terms: Terms) -> Stopped {
        self.terms = terms;
        if self.to_act().is_none() && !matches!(self.phase, Phase::Over | Phase::Closed) {
            return self.end(Phase::Over);
        }
        Vec::new()
    }

    /// How it ended otherwise than by its rules, once it did.
    pub fn ending(&self) -> Option<&Ending> {
        self.terms.ending.as_ref()
    }

    /// The rematch asked for, once someone asked.
    pub fn rematch(&self) -> Option<&Rematch> {
        self.terms.rematch.as_ref()
    }

    /// The offers standing.
    pub fn offers(&self) -> &Offers {
        &self.terms.offers
    }

    /// By seat, whether a person sits there (else a bot).
    pub fn persons(&self) -> Vec<bool> {
        self.sitters
            .iter()
            .map(|s| matches!(s, Sitter::Human))
            .collect()
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
        self.terms.clock.as_ref()
    }

    /// `terms` with the clock started now for the seat to act, when it is not running
    /// yet, the game goes on under them and every seat's sitter is at the table
    /// ([`LiveGame::waiting_for_under`]); else as they are.
    pub fn clock_started_under(&self, mut terms: Terms, now: i64) -> Terms {
        let start = match (&terms.clock, self.to_act_under(&terms)) {
            (Some(clock), Some(to_act)) if !clock.is_running() => self
                .waiting_for_under(&terms)
                .is_empty()
                .then(|| clock.started(Some(to_act.0), now)),
            _ => None,
        };
        if start.is_some() {
            terms.clock = start;
        }
        terms
    }

    /// The seats the game waits for while it goes on: a seat open to whoever takes it,
    /// or a person's seat whose player has not opened the game yet. No clock runs until
    /// none is left.
    pub fn waiting_for(&self) -> Vec<Seat> {
        self.waiting_for_under(&self.terms)
    }

    /// [`LiveGame::waiting_for`] under `terms`.
    pub fn waiting_for_under(&self, terms: &Terms) -> Vec<Seat> {
        if self.to_act_under(terms).is_none() {
            return Vec::new();
        }
        (0..self.sitters.len())
            .map(|s| Seat(s as u8))
            .filter(|&s| terms.seating.is_open(s) || !terms.has_joined(s))
            .collect()
    }

    /// When its owner is next to act by itself under `terms` (ms since 1970): the end
    /// of the wait for its players (`join_within` after it was made) while it waits
    /// for some, else the moment the running seat's time runs out; `None` once over.
    pub fn due_under(&self, terms: &Terms, join_within: Duration) -> Option<i64> {
        self.to_act_under(terms)?;
        if !self.waiting_for_under(terms).is_empty() {
            let wait = i64::try_from(join_within.as_millis()).unwrap_or(i64::MAX);
            return Some(
                terms
                    .seating
                    .since
                    .saturating_mul(1000)
                    .saturating_add(wait),
            );
        }
        terms.clock.as_ref().and_then(Clock::flag_at)
    }

    /// Who may still take which seat, and whether the game is listed in the lobby.
    pub fn seating(&self) -> &Seating {
        &self.terms.seating
    }

    /// The seating after someone takes a seat that waits: `asked`, or the first one;
    /// the game leaves the lobby when no seat waits any more. An error says why not (no
    /// seat waits, that one does not, or the game is over).
    pub fn take_open_seat(&self, asked: Option<Seat>) -> Result<(Seat, Seating), String> {
        if self.to_act().is_none() {
            return Err("the game is over".to_owned());
        }
        let seating = &self.terms.seating;
        let seat = match asked {
            Some(seat) if seating.is_open(seat) => seat,
            Some(seat) => return Err(format!("seat {} does not wait for a player", seat.0)),
            None => *seating
                .open_seats()
                .first()
                .ok_or("no seat of this game waits for a player")?,
        };
        let mut after = seating.clone();
        after.open[seat.index()] = false;
        after.lobby = after.lobby && after.open.contains(&true);
        after.changes += 1;
        Ok((seat, after))
    }

    /// Who sits in each seat as a viewer is told: `human`, `open` (a seat that waits for
    /// someone to take it), or the bot's spec.
    pub fn sitters_shown(&self) -> Vec<String> {
        sitters_shown(self.sitter_specs(), &self.terms.seating.open)
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
        // A seat that waits for a player acts for nobody until someone takes it.
        let human = matches!(self.sitters.get(seat.index()), Some(Sitter::Human))
            && !self.terms.seating.is_open(seat);
        let seat_token = self
            .setup
            .seat_tokens
            .get(seat.index())
            .and_then(Option::as_deref);
        human && (self.is_game_token(token) || seat_token.is_some_and(|t| same(token, t)))
    }

    /// The seats whose people arrive when `token` opens `seat` of the game going on:
    /// that seat (every person's seat, for the game's token) unless they are at the
    /// table already.
    pub fn arriving(&self, seat: Seat, token: &str) -> Vec<Seat> {
        if self.is_over() {
            return Vec::new();
        }
        let seats: Vec<Seat> = if self.is_game_token(token) {
            (0..self.sitters.len()).map(|s| Seat(s as u8)).collect()
        } else {
            vec![seat]
        };
        seats
            .into_iter()
            .filter(|&s| self.allows(s, Some(token)) && !self.terms.has_joined(s))
            .collect()
    }

    /// Whether `token` is the game's token, which acts for every human seat (none: an
    /// empty game token, each seat then has only its own).
    pub fn is_game_token(&self, token: &str) -> bool {
        !self.setup.token.is_empty() && same(token, &self.setup.token)
    }

    /// Whether a bot sits in `seat`.
    pub fn is_bot(&self, seat: Seat) -> bool {
        matches!(self.sitters.get(seat.index()), Some(Sitter::Bot(..)))
    }

    /// Whether the seat to act is a bot.
    pub fn bot_to_act(&self) -> bool {
        self.bot_to_act_under(&self.terms)
    }

    /// Whether a person sits in some seat (its bot moves have a pool of threads apart
    /// from those of games of bots alone); a seat open to whoever takes it counts as
    /// nobody until it is taken.
    pub fn with_person(&self) -> bool {
        self.sitters.iter().enumerate().any(|(s, sitter)| {
            matches!(sitter, Sitter::Human) && !self.terms.seating.is_open(Seat(s as u8))
        })
    }

    /// The seat to act: none once the game is over, by the rules or by an [`Ending`].
    pub fn to_act(&self) -> Option<Seat> {
        self.to_act_under(&self.terms)
    }

    /// [`LiveGame::to_act`] under `terms`.
    pub fn to_act_under(&self, terms: &Terms) -> Option<Seat> {
        if terms.ending.is_some() {
            return None;
        }
        self.state.to_act()
    }

    /// Whether a bot is to act under `terms`.
    pub fn bot_to_act_under(&self, terms: &Terms) -> bool {
        self.to_act_under(terms).is_some_and(|s| self.is_bot(s))
    }

    /// Whether it is over (by its rules or by an [`Ending`]): nothing is hidden from
    /// anyone any more.
    pub fn is_over(&self) -> bool {
        self.to_act().is_none()
    }

    /// How the game ended, as text (`seat 1 wins`, `draw`, `seat 0 forfeits: ...`,
    /// `aborted`).
    pub fn outcome(&self) -> Option<String> {
        match &self.terms.ending {
            Some(ending) => Some(ending.outcome(self.state.seats())),
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
        if self.terms.ending.is_some() {
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

    /// Applies a prepared action: its mover's offers withdrawn. Transition: an action that
    /// ends the game makes it [`Phase::Over`] (unless closed), every offer gone, and gives
    /// back its bots, stopped.
    #[must_use = "the bots stopped are to be dropped (drop_bots)"]
    pub fn apply(&mut self, prepared: Prepared) -> Stopped {
        self.terms.offers.withdraw_by(prepared.played.seat.0);
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

    /// The position after the first `plies` plies, played again from the start (what a
    /// takeback goes back to). An error: the rules refuse a ply they played before.
    pub fn replayed(&self, plies: usize) -> Result<Box<dyn DynState>, RuntimeError> {
        let mut state = self.setup.start.clone_box();
        for played in self.moves.iter().take(plies) {
            state.play_as(played.seat, &played.text)?;
        }
        Ok(state)
    }

    /// The game as it was after its first `plies` plies (a takeback granted, stored):
    /// `state` the position then ([`LiveGame::replayed`]), the later plies gone, under
    /// `terms`. A bot thinking now is stopped when its move is done (its move is for a
    /// ply that no longer is).
    pub fn take_back(&mut self, plies: usize, state: Box<dyn DynState>, terms: Terms) {
        self.state = state;
        self.moves.truncate(plies);
        self.terms = terms;
        if let Phase::Thinking(_) = self.phase {
            self.phase = Phase::Waiting;
        }
    }

    /// Transition: the store dropped it, [`Phase::Closed`] from any phase; its bots
    /// given back stopped (a bot thinking now is stopped when its move is done,
    /// [`LiveGame::finish_thinking`]).
    #[must_use = "the bots stopped are to be dropped (drop_bots)"]
    pub fn close(&mut self) -> Stopped {
        self.end(Phase::Closed)
    }

    /// Transition [`Phase::Waiting`] → [`Phase::Thinking`] when a bot is to act: its seat
    /// and its bot, out of its seat until [`LiveGame::finish_thinking`].
    pub fn start_thinking(&mut self) -> Option<(Seat, Box<dyn DynBot>)> {
        if self.phase != Phase::Waiting {
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

    /// Transition [`Phase::Thinking`] → [`Phase::Waiting`]: the bot of `seat` back in its
    /// seat after its move. Once the game is over or closed (it ended meanwhile), the bot
    /// is given back instead, stopped, to be dropped; so is a bot whose seat is filled
    /// already.
    #[must_use = "a bot given back is to be dropped (drop_bots)"]
    pub fn finish_thinking(&mut self, seat: Seat, bot: Box<dyn DynBot>) -> Option<Box<dyn DynBot>> {
        if matches!(self.phase, Phase::Over | Phase::Closed) {
            return Some(bot);
        }
        if self.phase == Phase::Thinking(seat) {
            self.phase = Phase::Waiting;
        }
        match self.sitters.get_mut(seat.index()) {
            Some(Sitter::Bot(_, slot)) if slot.is_none() => {
                *slot = Some(bot);
                None
            }
            _ => Some(bot),
        }
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
