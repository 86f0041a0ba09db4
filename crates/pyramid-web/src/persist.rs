//! The store and the database together: [`held_or_loaded`] a game (in memory, else loaded
//! from the database once, by whoever asks first), [`commit`] an action (committed before
//! it is applied, with its clock), [`flag_if_due`] (a seat whose time ran out loses,
//! stored under the same compare-and-set as the moves), [`save_end`] a game's end, and
//! the database's upkeep ([`expire_old_games`]). Nothing here moves bots: the game service (`games.rs`) starts
//! a loaded game's bots.
//!
//! The database is the truth. Loading a game and committing one of its actions both
//! hold the game id's lock ([`crate::store::Store::id_lock`]), so a copy is never loaded
//! from a database state older than an action already answered, and a copy found older
//! than the database (another server moved on, or it was dropped from memory while a
//! request used it) is dropped and the game loaded again.

use std::sync::{Arc, Weak};
use std::time::Duration;

use pyramid_core::Seat;
use pyramid_core::dynamic::borrowed_options;

use crate::db::{DbError, Ply, StoredGame, clock_columns, now_ms};
use crate::store::{LiveGame, Seating, Setup, Shared, Sitter, drop_bots, lock};
use crate::view::TIMED_OUT;
use crate::{ApiError, App};

/// The API's answer to a failed database call.
pub fn db_error(e: DbError) -> ApiError {
    match e {
        DbError::Conflict(_) => ApiError::conflict(e.to_string()),
        DbError::Damaged { .. } => ApiError::internal(e.to_string()),
        _ => ApiError::unavailable(e.to_string()),
    }
}

fn not_found(id: &str) -> ApiError {
    ApiError::not_found(format!("no game with id `{}`", pyramid_core::excerpt(id)))
}

/// The copy of game `id` held in memory when it is current: held and, when several
/// servers share the database, at the database's ply.
async fn held_current(app: &App, id: &str) -> Result<Option<Shared>, ApiError> {
    let Some(shared) = app.store.get(id, &app.config) else {
        return Ok(None);
    };
    match &app.db {
        Some(db) if db.shared => {
            let stored = db.plies(id).await.map_err(db_error)?;
            let in_memory = lock(&shared).moves().len();
            Ok(stored
                .is_some_and(|p| p as usize == in_memory)
                .then_some(shared))
        }
        _ => Ok(Some(shared)),
    }
}

/// The game `id`: the copy held in memory (checked against the database when several
/// servers share it), else the stored one, loaded once (by whoever asks first, under the
/// id's lock) and held; and whether it was loaded now (its bots are then to be started).
pub async fn held_or_loaded(app: &Arc<App>, id: &str) -> Result<(Shared, bool), ApiError> {
    if let Some(shared) = held_current(app, id).await? {
        return Ok((shared, false));
    }
    let Some(db) = &app.db else {
        return Err(not_found(id));
    };
    // Hex ids only: anything else cannot be stored.
    if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_found(id));
    }
    let id_lock = app.store.id_lock(id);
    let _loading = id_lock.lock().await;
    // Whoever asked first may have loaded it meanwhile.
    if let Some(shared) = held_current(app, id).await? {
        return Ok((shared, false));
    }
    let stored = db
        .load(id)
        .await
        .map_err(db_error)?
        .ok_or_else(|| not_found(id))?;
    Ok((hold(app, stored).await?, true))
}

/// Makes a stored game again and holds it (replacing a copy older than it). The caller
/// holds the id's lock.
async fn hold(app: &Arc<App>, stored: StoredGame) -> Result<Shared, ApiError> {
    let id = stored.id.clone();
    let mut live = app
        .blocking(crate::Work::Heavy, move |app| rebuild(app, &stored))
        .await??;
    flag_loaded(app, &id, &mut live).await?;
    let (_, shared) = app.store.insert_as(id, live, &app.config);
    shared.notify();
    Ok(shared)
}

/// A stored game played again from its start: its actions, its forfeit, its bots. An
/// error names the game and the ply, never the action (which may hold what a seat
/// hides).
fn rebuild(app: &App, stored: &StoredGame) -> Result<LiveGame, ApiError> {
    let broken = |what: String| ApiError::internal(format!("stored game {}: {what}", stored.id));
    let game = app
        .registry
        .get(&stored.game)
        .map_err(|e| broken(e.to_string()))?;
    let start = game
        .parse_position(&stored.start, &borrowed_options(&stored.options))
        .map_err(|e| broken(format!("its start position: {e}")))?;
    let mut sitters = Vec::with_capacity(stored.sitters.len());
    for (seat, spec) in stored.sitters.iter().enumerate() {
        sitters.push(if spec == "human" {
            Sitter::Human
        } else {
            // Checked again: this server's caps and outside engines may not be those of
            // the server that stored the game (an `ext:` seat runs only if this one was
            // started with it too).
            let spec = crate::limits::bot_within_limits(spec, &app.config)
                .map_err(|e| broken(e.message))?;
            let bot = game
                .bot(&spec, rand::random::<u64>() ^ seat as u64)
                .map_err(|e| broken(e.to_string()))?;
            Sitter::Bot(spec, Some(bot))
        });
    }
    let setup = Setup {
        game: game.name(),
        hidden: !game.perfect_information(),
        start,
        options: stored.options.clone(),
        token: stored.token.clone(),
        seat_tokens: stored.seat_tokens.clone(),
        bot_delay: Duration::from_millis(stored.delay_ms),
    };
    let mut live = LiveGame::new(setup, sitters);
    live.set_seating(Seating {
        open: stored.open.clone(),
        lobby: stored.lobby,
        changes: stored.seating,
        since: stored.created_at,
    });
    for (ply, (seat, action)) in stored.actions.iter().enumerate() {
        let stopped = live.record_and_play(Seat(*seat), action).map_err(|_| {
            broken(format!(
                "the action of seat {seat} at ply {ply} is refused by the rules"
            ))
        })?;
        drop_bots(stopped);
    }
    if let Some((seat, reason)) = stored.forfeit.clone() {
        drop_bots(live.lose_by_forfeit(Seat(seat), reason));
    }
    if let Some(rematch) = stored.rematch.clone() {
        live.set_rematch(rematch);
    }
    // As stored: its time kept running while nobody held it (a time run out is found by
    // the game's timer, `timeout.rs`, as soon as it is held).
    live.set_clock(stored.clock.clone());
    Ok(live)
}

/// Why an action was not committed.
pub enum Refusal {
    /// The copy is no longer the one held (dropped from memory meanwhile).
    Closed,
    /// The database moved on from the copy (another server, or a request on another
    /// copy): the copy is to be dropped and the game loaded again.
    Stale,
    /// Refused for good: the rules, the seat, the game moved on for a bot's move, or the
    /// database failed.
    Refused(ApiError),
}

/// Plays `text` for `seat` on copy `shared`, whose id's lock the caller holds: checked,
/// committed with the clock after it, applied, told. With `at`, only when the game has
/// that many actions (a bot's move, computed on a state that must still be current). A
/// ply at or after the moment the seat to act's time ran out (by this server's clock) is
/// refused (409) and the seat flagged instead ([`flag_if_due`]).
pub async fn commit(
    app: &App,
    shared: &Shared,
    seat: Seat,
    text: &str,
    at: Option<usize>,
) -> Result<(), Refusal> {
    let now = now_ms();
    let late = {
        let live = lock(shared);
        if live.is_closed() {
            return Err(Refusal::Closed);
        }
        // Flagged already (its timer came first), or to be flagged now.
        let flagged = live
            .forfeit()
            .filter(|(_, reason)| reason == TIMED_OUT)
            .map(|(seat, _)| seat.0);
        flagged
            .or_else(|| live.to_act().and(live.clock()).and_then(|c| c.flagged(now)))
            .map(|s| (s, live.state().seat_names()))
    };
    if let Some((late, names)) = late {
        flag_if_due(app, shared).await?;
        let name = names.get(usize::from(late)).cloned().unwrap_or_default();
        return Err(Refusal::Refused(ApiError::conflict(format!(
            "{name} ran out of time: the game is over"
        ))));
    }
    let (prepared, ply, bots_to_act, clock) = {
        let live = lock(shared);
        let ply = live.moves().len();
        if live.is_closed() {
            return Err(Refusal::Closed);
        }
        if at.is_some_and(|at| at != ply) {
            return Err(Refusal::Refused(ApiError::conflict(
                "the game moved on meanwhile",
            )));
        }
        let prepared = live
            .prepare(seat, text)
            .map_err(|e| Refusal::Refused(e.into()))?;
        let next = prepared.state.to_act();
        let bots_to_act =
            next.is_some_and(|s| matches!(live.sitters().get(s.index()), Some(Sitter::Bot(..))));
        // Checked against the same `now` above: in time.
        let clock = live.clock().map(|c| {
            c.after_ply(seat.0, next.map(|s| s.0), now)
                .unwrap_or_else(|_| c.clone())
        });
        (prepared, ply, bots_to_act, clock)
    };
    if let Some(db) = &app.db {
        let (clock, flag_at) = clock_columns(clock.as_ref());
        let ply = Ply {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            seat: seat.0,
            action: &prepared.text,
            finished: prepared.state.is_over(),
            bots_to_act,
            clock: &clock,
            flag_at,
        };
        match db.commit_action(&shared.id, ply).await {
            Ok(()) => {}
            Err(DbError::Conflict(_)) => return Err(Refusal::Stale),
            Err(e) => return Err(Refusal::Refused(db_error(e))),
        }
    }
    let stopped = {
        let mut live = lock(shared);
        live.set_clock(clock);
        live.apply(prepared)
    };
    drop_bots(stopped);
    shared.notify();
    Ok(())
}

/// When the time of the seat to act on copy `shared` has run out (by this server's
/// clock, now), that seat loses: its forfeit ([`TIMED_OUT`]) stored only if the stored
/// game is still at this copy's ply and unfinished (the compare-and-set of the moves: a
/// move and a time-out never both stand), then applied and told. Whether it flagged the
/// seat. The caller holds the id's lock.
pub async fn flag_if_due(app: &App, shared: &Shared) -> Result<bool, Refusal> {
    let now = now_ms();
    let (seat, plies, clock) = {
        let live = lock(shared);
        if live.is_closed() {
            return Err(Refusal::Closed);
        }
        let Some((seat, clock)) = out_of_time(&live, now) else {
            return Ok(false);
        };
        (seat, live.moves().len(), clock)
    };
    if let Some(db) = &app.db {
        let forfeit = (seat, TIMED_OUT.to_owned());
        match db.flag(&shared.id, plies, &forfeit, &clock).await {
            Ok(true) => {}
            Ok(false) => return Err(Refusal::Stale),
            Err(e) => return Err(Refusal::Refused(db_error(e))),
        }
    }
    let stopped = {
        let mut live = lock(shared);
        let stopped = live.lose_by_forfeit(Seat(seat), TIMED_OUT.to_owned());
        live.set_clock(Some(clock));
        stopped
    };
    drop_bots(stopped);
    shared.notify();
    Ok(true)
}

/// The seat to act of `live` when its time has run out at `now`, and the clock stopped.
fn out_of_time(live: &LiveGame, now: i64) -> Option<(u8, crate::clock::Clock)> {
    live.to_act()?;
    let clock = live.clock()?;
    let seat = clock.flagged(now)?;
    Some((seat, clock.stopped(now)))
}

/// Flags a game made again from the database whose time ran out while it was stored,
/// before it is held (so nobody sees it going on). The caller holds the id's lock. A
/// stored game that changed meanwhile is left to its timer.
async fn flag_loaded(app: &App, id: &str, live: &mut LiveGame) -> Result<(), ApiError> {
    let Some((seat, clock)) = out_of_time(live, now_ms()) else {
        return Ok(());
    };
    if let Some(db) = &app.db {
        let forfeit = (seat, TIMED_OUT.to_owned());
        if !db
            .flag(id, live.moves().len(), &forfeit, &clock)
            .await
            .map_err(db_error)?
        {
            return Ok(());
        }
    }
    drop_bots(live.lose_by_forfeit(Seat(seat), TIMED_OUT.to_owned()));
    live.set_clock(Some(clock));
    Ok(())
}

/// Stores a game's forfeit, rematch and whether it is over, then tells its viewers. The
/// caller holds the id's lock ([`write`]).
pub async fn save_end(app: &App, shared: &Shared) -> Result<(), ApiError> {
    if let Some(db) = &app.db {
        let (forfeit, rematch, over, clock) = {
            let live = lock(shared);
            (
                live.forfeit().map(|(s, r)| (s.0, r.clone())),
                live.rematch().cloned(),
                live.to_act().is_none(),
                live.clock().cloned(),
            )
        };
        db.update_end(
            &shared.id,
            forfeit.as_ref(),
            rematch.as_ref(),
            over,
            clock.as_ref(),
        )
        .await
        .map_err(db_error)?;
    }
    shared.notify();
    Ok(())
}

/// Stores a new game before it is answered.
pub async fn save_new(app: &App, stored: &StoredGame, bots_to_act: bool) -> Result<(), ApiError> {
    match &app.db {
        Some(db) => db.create(stored, bots_to_act).await.map_err(db_error),
        None => Ok(()),
    }
}

/// What the database keeps of a new game (no action yet).
pub fn stored_of(id: &str, live: &LiveGame) -> StoredGame {
    let setup = live.setup();
    StoredGame {
        id: id.to_owned(),
        game: setup.game.to_owned(),
        options: setup.options.clone(),
        start: setup.start.position(),
        sitters: live.sitter_specs(),
        token: setup.token.clone(),
        seat_tokens: setup.seat_tokens.clone(),
        delay_ms: u64::try_from(setup.bot_delay.as_millis()).unwrap_or(u64::MAX),
        forfeit: None,
        rematch: None,
        actions: Vec::new(),
        open: live.seating().open.clone(),
        lobby: live.seating().lobby,
        seating: live.seating().changes,
        created_at: live.seating().since,
        clock: live.clock().cloned(),
    }
}

/// How often stored games past [`crate::ServerConfig::keep_for`] are deleted.
const EXPIRY_PERIOD: Duration = Duration::from_secs(3600);

/// Deletes the stored games that have not changed for [`crate::ServerConfig::keep_for`]
/// (finished and abandoned games) now and every [`EXPIRY_PERIOD`], until the server is
/// gone.
pub async fn expire_old_games(app: Weak<App>) {
    loop {
        {
            let Some(app) = app.upgrade() else { return };
            if let Err(e) = app.expire_stored_games().await {
                eprintln!("pyramid-web: old games not deleted: {e}");
            }
        }
        tokio::time::sleep(EXPIRY_PERIOD).await;
    }
}
