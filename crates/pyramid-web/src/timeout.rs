//! Time-outs that need no request: [`watch_clock`], one task per game with a clock held
//! in memory, flags the seat to act at the moment its time runs out; [`sweep_overdue`]
//! finds the stored games whose time ran out while no server held them (a server that
//! was down, a game dropped from memory as idle) and flags them. Both flag through
//! [`flag_due`]: under the game id's lock, stored with the moves' compare-and-set.

use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::Duration;

use crate::clock::Clock;
use crate::db::now_ms;
use crate::games::write;
use crate::persist::{Refusal, flag_if_due};
use crate::store::{Shared, lock};
use crate::{ApiError, App};

/// How often the database is asked for games whose time ran out.
const SWEEP_PERIOD: Duration = Duration::from_secs(1);

/// The most overdue games one sweep flags.
const SWEEP_BATCH: usize = 100;

/// The wait before a timer tries again after the database failed.
const RETRY: Duration = Duration::from_millis(500);

/// How many times [`flag_due`] loads a game again when its copy turns out older than the
/// database.
const RELOADS: usize = 4;

/// Starts the timer of copy `shared`, when its game has a clock: a task that sleeps until
/// the running seat's time runs out (woken by every change of the game: a ply moves the
/// moment on) and then flags it ([`flag_due`]). It ends when the game is over or the copy
/// is dropped from memory (a copy loaded again has a timer of its own).
pub fn watch_clock(app: &Arc<App>, shared: Shared) {
    if lock(&shared).clock().is_none() {
        return;
    }
    let app = Arc::downgrade(app);
    let mut changes = shared.changed.subscribe();
    tokio::spawn(async move {
        loop {
            let due = {
                let live = lock(&shared);
                if live.is_closed() || live.to_act().is_none() {
                    return;
                }
                live.clock().and_then(Clock::flag_at)
            };
            let Some(at) = due else {
                // Not started (an open seat waits): wait for the game to change.
                if changes.changed().await.is_err() {
                    return;
                }
                continue;
            };
            let wait = u64::try_from(at.saturating_sub(now_ms())).unwrap_or(0);
            if wait > 0 {
                tokio::select! {
                    changed = changes.changed() => {
                        if changed.is_err() {
                            return;
                        }
                        continue;
                    }
                    () = tokio::time::sleep(Duration::from_millis(wait)) => {}
                }
            }
            let Some(app) = app.upgrade() else { return };
            if let Err(e) = flag_due(&app, &shared.id).await {
                eprintln!("pyramid-web: game {} not flagged: {}", shared.id, e.message);
                drop(app);
                tokio::time::sleep(RETRY).await;
            }
        }
    });
}

/// Flags the seat to act of game `id` if its time has run out now (the current copy,
/// loaded when out of memory, under the id's lock; loaded again when the database moved
/// on): whether it did.
pub async fn flag_due(app: &Arc<App>, id: &str) -> Result<bool, ApiError> {
    for _ in 0..RELOADS {
        let writing = write(app, id).await?;
        match flag_if_due(app, &writing.shared).await {
            Ok(flagged) => return Ok(flagged),
            Err(Refusal::Closed | Refusal::Stale) => app.store.forget(&writing.shared),
            Err(Refusal::Refused(e)) => return Err(e),
        }
    }
    Err(ApiError::unavailable(
        "the game changed under its time-out again and again",
    ))
}

/// Every [`SWEEP_PERIOD`] (the first at once: a server started again flags the games
/// whose time ran out while it was down), flags the stored unfinished games whose time
/// has run out, until the server is gone. A game that cannot be made again is named on
/// stderr once and left alone.
pub async fn sweep_overdue(app: Weak<App>) {
    let mut broken: HashSet<String> = HashSet::new();
    loop {
        {
            let Some(app) = app.upgrade() else { return };
            let Some(db) = &app.db else { return };
            match db.overdue(now_ms(), SWEEP_BATCH + broken.len()).await {
                Ok(ids) => {
                    for id in &ids {
                        if broken.contains(id) {
                            continue;
                        }
                        if let Err(e) = flag_due(&app, id).await {
                            eprintln!("pyramid-web: game {id} not flagged: {}", e.message);
                            broken.insert(id.clone());
                        }
                    }
                }
                Err(e) => eprintln!("pyramid-web: games out of time not looked for: {e}"),
            }
        }
        tokio::time::sleep(SWEEP_PERIOD).await;
    }
}
