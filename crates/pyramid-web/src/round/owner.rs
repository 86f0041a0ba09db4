//! A game's owner: the task that alone changes it. It reads its mailbox one letter at a
//! time (a change, a bot's pick, the game leaving memory), wakes by itself when
//! something is due (a clock's flag, the end of the wait for the players), and after
//! every letter asks the bot to act, if one is, for its move.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::mpsc;

use super::changes::{self, Step};
use super::{Answer, Change, Letter, Shared, bots};
use crate::db::now_ms;
use crate::store::drop_bots;
use crate::{ApiError, App};

/// How many times a change is tried again on a copy loaded again from the database
/// (each time means another server changed the game first).
const RELOADS: usize = 4;

/// The wait before a change due by itself (a flag) is tried again after the database
/// failed.
const RETRY: Duration = Duration::from_millis(500);

/// Starts the owner of `round`, reading `letters`.
pub fn start(app: &Arc<App>, round: Shared, letters: mpsc::UnboundedReceiver<Letter>) {
    tokio::spawn(own(Arc::downgrade(app), round, letters));
}

/// The owner's loop, counted among the server's owners while it runs.
async fn own(app: Weak<App>, round: Shared, letters: mpsc::UnboundedReceiver<Letter>) {
    let Some(counted) = app.upgrade() else { return };
    counted.owners.fetch_add(1, Ordering::SeqCst);
    drop(counted);
    read_letters(&app, round, letters).await;
    if let Some(app) = app.upgrade() {
        app.owners.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The owner's loop, until the game leaves memory or the server is gone.
async fn read_letters(
    app: &Weak<App>,
    round: Shared,
    mut letters: mpsc::UnboundedReceiver<Letter>,
) {
    if let Some(app) = app.upgrade() {
        bots::wake(&app, &round);
    }
    let mut retry_at: Option<i64> = None;
    loop {
        let join_within = match app.upgrade() {
            Some(app) => app.config.join_within,
            None => break,
        };
        let due = round
            .read(|live| live.due_under(live.terms(), join_within))
            .map(|at| retry_at.map_or(at, |r| r.max(at)));
        let letter = match due {
            Some(at) => {
                let wait = u64::try_from(at.saturating_sub(now_ms())).unwrap_or(0);
                tokio::select! {
                    letter = letters.recv() => letter,
                    () = tokio::time::sleep(Duration::from_millis(wait)) => {
                        let Some(app) = app.upgrade() else { break };
                        retry_at = match handle(&app, &round, &Change::Tick).await {
                            Ok(_) => None,
                            Err(e) => {
                                eprintln!("pyramid-web: game {}: {}", round.id, e.message);
                                Some(now_ms() + i64::try_from(RETRY.as_millis()).unwrap_or(500))
                            }
                        };
                        bots::wake(&app, &round);
                        continue;
                    }
                }
            }
            None => letters.recv().await,
        };
        let Some(app) = app.upgrade() else { break };
        match letter {
            None | Some(Letter::Close) => break,
            Some(Letter::Change(change, answer)) => {
                let answered = handle(&app, &round, &change).await;
                let _ = answer.send(answered);
            }
            Some(Letter::Picked(picked)) => {
                if let Err(e) = bots::picked(&app, &round, picked).await {
                    eprintln!(
                        "pyramid-web: game {}: a bot's move: {}",
                        round.id, e.message
                    );
                }
            }
        }
        bots::wake(&app, &round);
    }
    drop_bots(round.write(crate::store::LiveGame::close));
    round.notify();
}

/// Does `change`: checked, committed, applied and told by `changes`; when the database
/// moved on from this copy (another server changed the game), the game is loaded again
/// and the change asked again of the fresh copy.
pub async fn handle(app: &Arc<App>, round: &Shared, change: &Change) -> Result<Answer, ApiError> {
    for _ in 0..RELOADS {
        match changes::apply(app, round, change).await {
            Ok(answer) => return Ok(answer),
            Err(Step::Refused(e)) => return Err(e),
            Err(Step::Stale) => changes::reload(app, round).await?,
        }
    }
    Err(ApiError::unavailable(
        "the game changed under this request again and again: try again",
    ))
}
