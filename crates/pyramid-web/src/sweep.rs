//! The games whose time ran out while no server held a current copy of them (a server
//! that was down, a game dropped from memory as idle, a copy found older than the
//! database): [`sweep_overdue`] asks the database for them every second and flags them
//! ([`flag_due`]), under the game id's lock, stored with the moves' compare-and-set.

use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::Duration;

use crate::db::now_ms;
use crate::games::write;
use crate::persist::{Refusal, flag_if_due};
use crate::{ApiError, App};

/// How often the database is asked for games whose time ran out.
const SWEEP_PERIOD: Duration = Duration::from_secs(1);

/// The most overdue games one sweep flags.
const SWEEP_BATCH: usize = 100;

/// How many times [`flag_due`] loads a game again when its copy turns out older than the
/// database.
const RELOADS: usize = 4;

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
