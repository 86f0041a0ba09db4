//! A game's owner: the task that alone changes it. It reads its mailbox one letter at a
//! time (a change, a bot's pick, the game leaving memory), wakes by itself when
//! something is due (a clock's flag, the end of the wait for the players), and after
//! every letter asks the bot to act, if one is, for its move: the work it does by itself
//! only while it holds the game's lease (`lease.rs`: one server of several at a time).

use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::mpsc;

use super::changes::{self, Step};
use super::lease::{Lease, leased};
use super::{Answer, Change, Letter, Shared, bots};
use crate::db::now_ms;
use crate::store::{LiveGame, drop_bots};
use crate::{ApiError, App};

/// How many times a change is tried again on a copy loaded again from the database
/// (each time means another server changed the game first).
const RELOADS: usize = 4;

/// The wait before a change due by itself (a flag) is tried again after the database
/// failed (ms).
const RETRY_MS: i64 = 500;

/// Starts the owner of `round`, reading `letters`.
pub fn start(app: &Arc<App>, round: Shared, letters: mpsc::UnboundedReceiver<Letter>) {
    tokio::spawn(own(Arc::downgrade(app), round, letters));
}

/// The owner's loop, counted among the server's owners while it runs.
async fn own(app: Weak<App>, round: Shared, letters: mpsc::UnboundedReceiver<Letter>) {
    let Some(counted) = app.upgrade() else { return };
    counted.owners.fetch_add(1, Ordering::SeqCst);
    drop(counted);
    let mut lease = Lease::default();
    read_letters(&app, &round, letters, &mut lease).await;
    drop_bots(round.write(LiveGame::close));
    round.notify();
    if let Some(app) = app.upgrade() {
        lease.release(&app, &round.id).await;
        app.owners.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What the owner does by itself: its lease, and when a flag last failed to be stored.
struct ByItself<'a> {
    lease: &'a mut Lease,
    retry_at: i64,
}

/// The owner's loop, until the game leaves memory or the server is gone.
async fn read_letters(
    app: &Weak<App>,
    round: &Shared,
    mut letters: mpsc::UnboundedReceiver<Letter>,
    lease: &mut Lease,
) {
    let mut by_itself = ByItself { lease, retry_at: 0 };
    if let Some(app) = app.upgrade() {
        drive(&app, round, &mut by_itself).await;
    }
    loop {
        let wake = match app.upgrade() {
            Some(app) => wake_at(&app, round, &by_itself),
            None => break,
        };
        let letter = match wake {
            Some(at) => {
                let wait = u64::try_from(at.saturating_sub(now_ms())).unwrap_or(0);
                tokio::select! {
                    letter = letters.recv() => letter,
                    () = tokio::time::sleep(Duration::from_millis(wait)) => {
                        let Some(app) = app.upgrade() else { break };
                        drive(&app, round, &mut by_itself).await;
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
                let answered = handle(&app, round, &change).await;
                let _ = answer.send(answered);
            }
            Some(Letter::Picked(picked)) => {
                if let Err(e) = bots::picked(&app, round, picked).await {
                    eprintln!(
                        "pyramid-web: game {}: a bot's move: {}",
                        round.id, e.message
                    );
                }
            }
        }
        drive(&app, round, &mut by_itself).await;
    }
}

/// What the game needs of its owner by itself: when something is due (a flag, the end
/// of the wait for the players), and whether a bot is to act.
fn needs(app: &App, round: &Shared) -> (Option<i64>, bool) {
    round.read(|live| {
        let due = live.due_under(live.terms(), app.config.join_within);
        (due, live.bot_to_act())
    })
}

/// When the owner is to wake by itself: when something is due (a flag, the end of the
/// wait for the players; not before a failed flag's retry), when its lease is to be
/// renewed, or, while another server holds the lease of a game that needs one, when to
/// look again whether it ran out; `None` when nothing needs it.
fn wake_at(app: &App, round: &Shared, by_itself: &ByItself<'_>) -> Option<i64> {
    let (due, bot) = needs(app, round);
    if due.is_none() && !bot {
        return None;
    }
    let now = now_ms();
    if !by_itself.lease.held(app, now) {
        return Some(by_itself.lease.free_at());
    }
    let due = due.map(|at| at.max(by_itself.retry_at));
    let renew = by_itself.lease.renew_at().filter(|_| leased(app));
    [due, renew].into_iter().flatten().min()
}

/// What the owner does by itself, while it holds the game's lease: what is due by now
/// (a flag, an abort), then the bot to act asked for its move. A game that needs no one
/// any more (over) gives its lease back.
async fn drive(app: &Arc<App>, round: &Shared, by_itself: &mut ByItself<'_>) {
    let (due, bot) = needs(app, round);
    if due.is_none() && !bot {
        if round.read(LiveGame::is_over) {
            by_itself.lease.release(app, &round.id).await;
        }
        return;
    }
    if !by_itself.lease.hold(app, &round.id).await {
        return;
    }
    let now = now_ms();
    if due.is_some_and(|at| at <= now) && by_itself.retry_at <= now {
        by_itself.retry_at = match handle(app, round, &Change::Tick).await {
            Ok(_) => 0,
            Err(e) => {
                eprintln!("pyramid-web: game {}: {}", round.id, e.message);
                now + RETRY_MS
            }
        };
    }
    bots::wake(app, round);
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
