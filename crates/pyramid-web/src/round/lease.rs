//! Which server plays a game's bots and clock when several share one database: the
//! holder of its [`Lease`], a row in the database that the holder renews while the game
//! needs it and gives back when the game leaves its memory or ends; a server that dies
//! stops renewing, and another takes the lease over once it runs out. With a database of
//! one server (SQLite) or none, the server always holds it.

use std::sync::Arc;

use crate::App;
use crate::db::now_ms;

/// How long a lease lasts unless renewed (ms): a dead server's games go on this long
/// after its last renewal at most.
pub const LEASE_MS: i64 = 5_000;

/// This server's lease of one game: held until `until` (ms since 1970; 0: not held),
/// else held by another server until `other_until`.
#[derive(Debug, Default)]
pub struct Lease {
    until: i64,
    other_until: i64,
}

/// Whether leases are taken at all: several servers share the database.
pub fn leased(app: &App) -> bool {
    app.db.as_ref().is_some_and(|db| db.shared)
}

impl Lease {
    /// Whether it is held at `now` (always, without leases).
    pub fn held(&self, app: &App, now: i64) -> bool {
        !leased(app) || self.until > now
    }

    /// When it is to be renewed (half spent), while held.
    pub fn renew_at(&self) -> Option<i64> {
        (self.until > 0).then(|| self.until - LEASE_MS / 2)
    }

    /// When another server's lease runs out (to take it over then), while it holds it.
    pub fn free_at(&self) -> i64 {
        self.other_until.max(now_ms()) + 1
    }

    /// Holds the lease of game `id`: renewed when half spent, taken when nobody holds it;
    /// whether this server holds it now (a database that fails leaves it as it was).
    pub async fn hold(&mut self, app: &Arc<App>, id: &str) -> bool {
        let Some(db) = app.db.as_ref().filter(|db| db.shared) else {
            return true;
        };
        let now = now_ms();
        if self.until - now > LEASE_MS / 2 {
            return true;
        }
        match db.take_lease(id, &app.server_id, now, now + LEASE_MS).await {
            Ok(None) => {
                self.until = now + LEASE_MS;
                true
            }
            Ok(Some(other_until)) => {
                self.until = 0;
                self.other_until = other_until;
                false
            }
            Err(e) => {
                eprintln!("pyramid-web: game {id}: its lease not renewed: {e}");
                self.until > now
            }
        }
    }

    /// Gives it back, if held.
    pub async fn release(&mut self, app: &App, id: &str) {
        if self.until == 0 {
            return;
        }
        self.until = 0;
        if let Some(db) = &app.db
            && let Err(e) = db.release_lease(id, &app.server_id).await
        {
            eprintln!("pyramid-web: game {id}: its lease not given back: {e}");
        }
    }
}
