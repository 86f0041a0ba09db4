//! The store and the database together: [`find`] a game (in memory, else reloaded from
//! the database), [`commit_play`] an action (committed before it is applied and
//! answered), [`save_end`] a resignation, forfeit or rematch, and [`resume`] every
//! unfinished game when a server starts.

use std::sync::Arc;
use std::time::{Duration, Instant};

use pyramid_core::Seat;
use pyramid_core::runtime::borrowed_options;

use crate::bots::drive_bots;
use crate::db::{DbError, StoredGame};
use crate::store::{LiveGame, Shared, Sitter, lock};
use crate::{ApiError, App};

/// The API's answer to a failed database call.
pub fn db_error(e: DbError) -> ApiError {
    match e {
        DbError::Conflict(_) => ApiError::conflict(e.to_string()),
        DbError::Failed(_) => ApiError::unavailable(e.to_string()),
    }
}

fn not_found(id: &str) -> ApiError {
    ApiError::not_found(format!("no game with id `{}`", pyramid_core::excerpt(id)))
}

/// The game `id`: the one held in memory (checked against the database when several
/// servers share it), else the stored one, made again and held (its bots resume).
pub async fn find(app: &Arc<App>, id: &str) -> Result<Shared, ApiError> {
    let held = app.store.get(id, &app.config);
    let Some(db) = &app.db else {
        return held.ok_or_else(|| not_found(id));
    };
    if let Some(shared) = held {
        if !db.shared {
            return Ok(shared);
        }
        let stored = db.plies(id).await.map_err(db_error)?;
        let in_memory = lock(&shared).moves.len();
        if stored.is_some_and(|p| p as usize == in_memory) {
            return Ok(shared);
        }
    }
    // Hex ids only: anything else cannot be stored.
    if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_found(id));
    }
    let stored = db
        .load(id)
        .await
        .map_err(db_error)?
        .ok_or_else(|| not_found(id))?;
    Ok(hold(app, stored).await?.1)
}

/// Makes a stored game again, holds it and starts its bots.
async fn hold(app: &Arc<App>, stored: StoredGame) -> Result<(String, Shared), ApiError> {
    let id = stored.id.clone();
    let live = app
        .blocking(crate::Work::Heavy, move |app| rebuild(app, &stored))
        .await??;
    let (id, shared) = app.store.insert_as(id, live, &app.config);
    shared.notify();
    drive_bots(app, Arc::clone(&shared));
    Ok((id, shared))
}

/// A stored game played again from its start: its actions, its forfeit, its bots.
fn rebuild(app: &App, stored: &StoredGame) -> Result<LiveGame, ApiError> {
    let broken = |what: String| ApiError::internal(format!("stored game {}: {what}", stored.id));
    let game = app
        .registry
        .get(&stored.game)
        .map_err(|e| broken(e.to_string()))?;
    let start = game
        .parse_position(&stored.start, &borrowed_options(&stored.options))
        .map_err(|e| broken(e.to_string()))?;
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
    let mut live = LiveGame {
        game: game.name(),
        hidden: !game.perfect_information(),
        state: start.clone_box(),
        start,
        sitters,
        token: stored.token.clone(),
        seat_tokens: stored.seat_tokens.clone(),
        moves: Vec::new(),
        last_used: Instant::now(),
        bots_running: false,
        bots_live: false,
        closed: false,
        bot_delay: Duration::from_millis(stored.delay_ms),
        forfeit: None,
        options: stored.options.clone(),
        rematch: stored.rematch.clone(),
    };
    for (seat, action) in &stored.actions {
        live.record_and_play(Seat(*seat), action)
            .map_err(|e| broken(format!("action `{action}`: {e}")))?;
    }
    live.forfeit = stored.forfeit.clone().map(|(s, reason)| (Seat(s), reason));
    live.bots_live =
        live.sitters.iter().any(|s| matches!(s, Sitter::Bot(..))) && live.to_act().is_some();
    Ok(live)
}

/// Plays `text` for `seat` in `shared`: checked, committed to the database, then applied
/// and told to the game's viewers. With `at`, only when the game has that many actions
/// (a bot's move, computed on a state that must still be current).
pub async fn commit_play(
    app: &App,
    shared: &Shared,
    seat: Seat,
    text: &str,
    at: Option<usize>,
) -> Result<(), ApiError> {
    let _write = shared.write.lock().await;
    let (prepared, ply) = {
        let live = lock(shared);
        let ply = live.moves.len();
        if live.closed || at.is_some_and(|at| at != ply) {
            return Err(ApiError::conflict("the game moved on meanwhile"));
        }
        (
            live.prepare(seat, text)
                .map_err(crate::api::runtime_error)?,
            ply,
        )
    };
    if let Some(db) = &app.db {
        let over = prepared.state.is_over();
        db.commit_action(&shared.id, ply as u32, seat.0, &prepared.text, over)
            .await
            .map_err(db_error)?;
    }
    lock(shared).apply(prepared);
    shared.notify();
    Ok(())
}

/// Stores a game's forfeit, rematch and whether it is over, then tells its viewers.
pub async fn save_end(app: &App, shared: &Shared) -> Result<(), ApiError> {
    if let Some(db) = &app.db {
        let (forfeit, rematch, over) = {
            let live = lock(shared);
            (
                live.forfeit.clone().map(|(s, r)| (s.0, r)),
                live.rematch.clone(),
                live.to_act().is_none(),
            )
        };
        db.update_end(&shared.id, forfeit.as_ref(), rematch.as_ref(), over)
            .await
            .map_err(db_error)?;
    }
    shared.notify();
    Ok(())
}

/// Stores a new game before it is answered.
pub async fn save_new(app: &App, stored: &StoredGame) -> Result<(), ApiError> {
    match &app.db {
        Some(db) => db.create(stored).await.map_err(db_error),
        None => Ok(()),
    }
}

/// What the database keeps of a new game (no action yet).
pub fn stored_of(id: &str, live: &LiveGame) -> StoredGame {
    StoredGame {
        id: id.to_owned(),
        game: live.game.to_owned(),
        options: live.options.clone(),
        start: live.start.position(),
        sitters: live.sitter_specs(),
        token: live.token.clone(),
        seat_tokens: live.seat_tokens.clone(),
        delay_ms: u64::try_from(live.bot_delay.as_millis()).unwrap_or(u64::MAX),
        forfeit: None,
        rematch: None,
        actions: Vec::new(),
    }
}

/// Holds every unfinished stored game again, its bot seats moving: what a server does
/// when it starts. A game that cannot be made again is skipped (and named on stderr).
pub async fn resume(app: &Arc<App>) -> Result<usize, ApiError> {
    let Some(db) = &app.db else { return Ok(0) };
    let ids = db.unfinished().await.map_err(db_error)?;
    let mut resumed = 0;
    for id in ids {
        let Some(stored) = db.load(&id).await.map_err(db_error)? else {
            continue;
        };
        match hold(app, stored).await {
            Ok(_) => resumed += 1,
            Err(e) => eprintln!("pyramid-web: game {id} not resumed: {e}"),
        }
    }
    Ok(resumed)
}
