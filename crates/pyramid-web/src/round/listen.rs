//! Several servers on one Postgres as one service: each listens on Postgres's
//! notifications ([`listen`], sqlx's `PgListener`: `LISTEN`/`NOTIFY`, nothing more to
//! run), and when another server changed a game this one holds, its owner loads it again
//! and tells its viewers, so a viewer on any server sees every move within moments.

use std::sync::{Arc, Weak};
use std::time::Duration;

use sqlx::postgres::PgListener;

use super::Change;
use crate::App;
use crate::db::CHANGES_CHANNEL;

/// The wait before listening again after the connection failed.
const RETRY: Duration = Duration::from_secs(1);

/// Listens for the other servers' changes until the server is gone: each game changed
/// by another server and held here is loaded again by its owner. After the connection
/// was lost (notifications missed meanwhile), every game held is checked against the
/// database.
pub async fn listen(app: Weak<App>) {
    let mut missed = false;
    loop {
        let Some(url) = app
            .upgrade()
            .and_then(|a| a.db.as_ref().map(|db| db.url().to_owned()))
        else {
            return;
        };
        match listening(&url).await {
            Ok(mut listener) => {
                if missed {
                    refresh_all(&app);
                }
                loop {
                    match listener.try_recv().await {
                        Ok(Some(notification)) => {
                            let Some(app) = app.upgrade() else { return };
                            changed(&app, notification.payload());
                        }
                        Ok(None) => {
                            // Reconnected: what was said meanwhile is lost.
                            refresh_all(&app);
                        }
                        Err(e) => {
                            eprintln!("pyramid-web: the other servers' changes not heard: {e}");
                            break;
                        }
                    }
                }
            }
            Err(e) => eprintln!("pyramid-web: the other servers' changes not heard: {e}"),
        }
        missed = true;
        if app.strong_count() == 0 {
            return;
        }
        tokio::time::sleep(RETRY).await;
    }
}

/// A listener on the changes' channel.
async fn listening(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANGES_CHANNEL).await?;
    Ok(listener)
}

/// A notification `payload` (`SERVER GAME`): the game, when another server changed it
/// and it is held here, loaded again by its owner.
fn changed(app: &Arc<App>, payload: &str) {
    let Some((from, id)) = payload.split_once(' ') else {
        return;
    };
    if from == app.server_id {
        return;
    }
    if let Some(round) = app.store.get(id, &app.config) {
        tokio::spawn(async move {
            let _ = round.tell(Change::Reload).await;
        });
    }
}

/// Every game held checked against the database (loaded again where another server
/// moved it on).
fn refresh_all(app: &Weak<App>) {
    let Some(app) = app.upgrade() else { return };
    for round in app.store.held() {
        tokio::spawn(async move {
            let _ = round.tell(Change::Refresh).await;
        });
    }
}
