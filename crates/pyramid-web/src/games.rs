//! The game service between the handlers and the store and database: [`find`] a game
//! (loaded once when out of memory, its bots and clock then started: [`run`]), [`write`]
//! it under its id's lock, [`play`] an action (committed before it is applied and answered, checked again
//! on a fresh copy when the database moved on), and [`resume_bot_games`] after a start.

use std::sync::{Arc, Weak};
use std::time::Duration;

use pyramid_core::Seat;
use tokio::sync::OwnedMutexGuard;

use crate::bots::run;
use crate::db::now_ms;
use crate::persist::{Refusal, commit, db_error, held_or_loaded};
use crate::store::{LiveGame, Seating, Shared, lock};
use crate::{ApiError, App};

/// How many times a request loads a game again when its copy turns out older than the
/// database before it gives up (each time means someone else changed the game).
const RELOADS: usize = 4;

/// The game `id`: the copy held in memory, else the stored one, loaded once (by whoever
/// asks first) and held, its bots moving and its clock watched.
pub async fn find(app: &Arc<App>, id: &str) -> Result<Shared, ApiError> {
    let (shared, loaded) = held_or_loaded(app, id).await?;
    if loaded {
        run(app, Arc::clone(&shared));
    }
    Ok(shared)
}

/// A game held for writing: its current copy, and its id's lock (no other request
/// loads or writes it meanwhile).
pub struct Writing {
    /// The game's copy (held, current).
    pub shared: Shared,
    _id_lock: OwnedMutexGuard<()>,
}

/// Game `id` held for writing: its current copy under its id's lock.
pub async fn write(app: &Arc<App>, id: &str) -> Result<Writing, ApiError> {
    for _ in 0..RELOADS {
        let shared = find(app, id).await?;
        let id_lock = app.store.id_lock(id).lock_owned().await;
        // A copy dropped from memory (idle, evicted, found old) meanwhile: load it again.
        if !lock(&shared).is_closed() {
            return Ok(Writing {
                shared,
                _id_lock: id_lock,
            });
        }
    }
    Err(busy())
}

fn busy() -> ApiError {
    ApiError::unavailable("the game changed under this request again and again: try again")
}

/// Plays `text` for the seat `check` allows in game `id`: checked, committed to the
/// database, then applied and told to the game's viewers; on a copy older than the
/// database, the game is loaded again and the action checked again on it.
pub async fn play(
    app: &Arc<App>,
    id: &str,
    text: &str,
    check: impl Fn(&LiveGame) -> Result<Seat, ApiError>,
) -> Result<(Shared, Seat), ApiError> {
    for _ in 0..RELOADS {
        let writing = write(app, id).await?;
        let seat = check(&lock(&writing.shared))?;
        match commit(app, &writing.shared, seat, text, None).await {
            Ok(()) => return Ok((writing.shared, seat)),
            Err(Refusal::Closed | Refusal::Stale) => app.store.forget(&writing.shared),
            Err(Refusal::Refused(e)) => return Err(e),
        }
    }
    Err(busy())
}

/// Changes who may take which seat of game `id` (a seat taken, the lobby listing
/// withdrawn): `change` decides on the current copy, under the id's lock, and says what
/// to answer; the new seating is stored only if no one changed it since (else the game is
/// loaded again and `change` asked again), then held and told to the game's viewers. So a
/// seat is given once, even by two servers sharing the database. When the last open seat
/// is taken, the game's clock starts (stored with the seating).
pub async fn reseat<R>(
    app: &Arc<App>,
    id: &str,
    change: impl Fn(&LiveGame) -> Result<(R, Seating), ApiError>,
) -> Result<R, ApiError> {
    for _ in 0..RELOADS {
        let writing = write(app, id).await?;
        let (answer, after, seen, clock) = {
            let live = lock(&writing.shared);
            let (answer, after) = change(&live)?;
            let clock = live.clock_to_start(&after, now_ms());
            (answer, after, live.seating().changes, clock)
        };
        let stored = match &app.db {
            Some(db) => db
                .update_seating(id, seen, &after.open, after.lobby, clock.as_ref())
                .await
                .map_err(db_error)?,
            None => true,
        };
        if !stored {
            app.store.forget(&writing.shared);
            continue;
        }
        {
            let mut live = lock(&writing.shared);
            live.set_seating(after);
            if clock.is_some() {
                live.set_clock(clock);
            }
            live.touch();
        }
        writing.shared.notify();
        return Ok(answer);
    }
    Err(busy())
}

/// Games resumed at once after a start, between pauses of [`RESUME_PAUSE`].
const RESUME_BATCH: usize = 16;

/// The pause between two batches of resumed games.
const RESUME_PAUSE: Duration = Duration::from_millis(100);

/// After a start, resumes the stored games whose bots are to act (at most
/// [`crate::ServerConfig::max_bot_games`], the most recently played first), in batches
/// of [`RESUME_BATCH`], until done or the server is gone. Every other game is loaded when
/// someone asks for it, so a start does not grow with the games stored. A game that
/// cannot be made again is skipped and named on stderr.
pub async fn resume_bot_games(app: Weak<App>) {
    let ids = {
        let Some(app) = app.upgrade() else { return };
        let Some(db) = &app.db else { return };
        match db.bot_games(app.config.max_bot_games).await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("pyramid-web: bot games not resumed: {e}");
                return;
            }
        }
    };
    for batch in ids.chunks(RESUME_BATCH) {
        let Some(app) = app.upgrade() else { return };
        for id in batch {
            match find(&app, id).await {
                Ok(shared) => {
                    let waiting = !lock(&shared).bot_to_act();
                    if let (true, Some(db)) = (waiting, &app.db) {
                        let _ = db.bots_wait(id).await;
                    }
                }
                Err(e) => eprintln!("pyramid-web: game {id} not resumed: {}", e.message),
            }
        }
        drop(app);
        tokio::time::sleep(RESUME_PAUSE).await;
    }
}
