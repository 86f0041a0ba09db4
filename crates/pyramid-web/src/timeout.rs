//! The timer of a game held in memory: [`watch_clock`], one task per copy with a clock,
//! flags the seat to act at the moment its time runs out, under the game id's lock and
//! stored with the moves' compare-and-set. A copy dropped from memory or found older than
//! the database stops its timer: the games whose time runs out while no server holds a
//! current copy are flagged by [`crate::sweep`].

use std::sync::Arc;
use std::time::Duration;

use crate::App;
use crate::clock::Clock;
use crate::db::now_ms;
use crate::persist::{Refusal, flag_if_due};
use crate::store::{Shared, lock};

/// The wait before a timer tries again after the database failed.
const RETRY: Duration = Duration::from_millis(500);

/// Starts the timer of copy `shared`, when its game has a clock: a task that sleeps until
/// the running seat's time runs out (woken by every change of the game: a ply moves the
/// moment on) and then flags it. It ends when the game is over, or when the copy is dropped
/// from memory or found older than the database (a copy loaded again has a timer of its
/// own).
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
            let id_lock = app.store.id_lock(&shared.id).lock_owned().await;
            match flag_if_due(&app, &shared).await {
                Ok(_) => {}
                Err(Refusal::Closed) => return,
                Err(Refusal::Stale) => {
                    app.store.forget(&shared);
                    return;
                }
                Err(Refusal::Refused(e)) => {
                    eprintln!("pyramid-web: game {} not flagged: {}", shared.id, e.message);
                    drop(id_lock);
                    drop(app);
                    tokio::time::sleep(RETRY).await;
                }
            }
        }
    });
}
