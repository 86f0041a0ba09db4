//! Bot seats move by themselves: [`drive_bots`], each move computed in the server's
//! bounded pool of bot threads.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyramid_core::Seat;

use crate::App;
use crate::persist::{Refusal, commit, held_or_loaded};
use crate::store::{Shared, drop_bots, lock};
use crate::timeout::watch_clock;

/// Counts of the bot work under way (for tests and curiosity).
#[derive(Debug, Default)]
pub struct BotWork {
    /// Games whose bot seats are being played now (a task each).
    pub games: AtomicUsize,
    /// Bot moves being computed now (a blocking thread each).
    pub moves: AtomicUsize,
}

/// One more of a count, for as long as it lives.
struct Counted<'a>(&'a AtomicUsize);

impl<'a> Counted<'a> {
    fn new(count: &'a AtomicUsize) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Counted(count)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A copy of a game just held (new, or loaded): its clock's timer runs ([`watch_clock`])
/// and its bots start moving ([`drive_bots`]).
pub fn run(app: &Arc<App>, shared: Shared) {
    watch_clock(app, Arc::clone(&shared));
    drive_bots(app, shared);
}

/// After a game changed: when it is over or closed, stops its bots (an outside engine's
/// process ends); when a bot seat is to act, starts a task that plays the bot seats until
/// a human seat is to act, the game is over or the store dropped it (unless one already
/// runs). Each move waits for a thread of the server's bot pool and is computed there,
/// without the game locked, so the game answers requests meanwhile: games with a person
/// have a pool of their own, so games of bots alone, whatever they cost, never hold up a
/// person's.
pub fn drive_bots(app: &Arc<App>, shared: Shared) {
    if !lock(&shared).start_driving() {
        return;
    }
    let app = Arc::clone(app);
    tokio::spawn(async move {
        {
            let _game = Counted::new(&app.bot_work.games);
            play_bot_seats(&app, &shared).await;
        }
        // A human may have acted between the loop's last look and now, leaving a bot
        // to act with nobody driving it: then one more task.
        let (again, forfeit) = {
            let mut live = lock(&shared);
            (live.stop_driving(), live.forfeit().is_some())
        };
        if forfeit {
            // A failed bot's forfeit is stored like a resignation (a failure to store
            // it leaves the game to end the same way when it is played again).
            let _id_lock = app.store.id_lock(&shared.id).lock_owned().await;
            let _ = crate::persist::save_end(&app, &shared).await;
        }
        if again {
            drive_bots(&app, shared);
        }
    });
}

/// The loop of [`drive_bots`]' task.
async fn play_bot_seats(app: &Arc<App>, shared: &Shared) {
    loop {
        let taken = {
            let mut live = lock(shared);
            live.start_thinking().map(|(seat, bot)| {
                let pool = if live.with_person() {
                    &app.bot_pool
                } else {
                    &app.background_bot_pool
                };
                let pool = Arc::clone(pool);
                let (state, at) = (live.state().clone_box(), live.moves().len());
                (seat, state, bot, live.setup().bot_delay, at, pool)
            })
        };
        let Some((seat, state, mut bot, delay, at, pool)) = taken else {
            return;
        };
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let Ok(permit) = pool.acquire_owned().await else {
            let stopped = lock(shared).finish_thinking(seat, bot);
            drop_bots(stopped.into_iter().collect());
            return;
        };
        // The store may have dropped the game while this one waited for a thread.
        if lock(shared).is_closed() {
            drop(permit);
            drop_bots(vec![bot]);
            return;
        }
        let work = Arc::clone(app);
        let picked = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _move = Counted::new(&work.bot_work.moves);
            let action = bot.pick(&*state);
            (bot, action)
        })
        .await;
        let Some(action) = seat_back(shared, seat, picked) else {
            return;
        };
        // Committed before it is applied, under the id's lock. A game that moved on
        // meanwhile (a resignation) or was dropped from memory stops this task; one whose
        // database moved on (another server, another copy) is loaded again, and the
        // new copy's bots go on.
        let id_lock = app.store.id_lock(&shared.id).lock_owned().await;
        match commit(app, shared, Seat(seat.0), &action, Some(at)).await {
            Ok(()) => {}
            Err(Refusal::Stale) => {
                app.store.forget(shared);
                drop(id_lock);
                if let Ok((fresh, true)) = held_or_loaded(app, &shared.id).await {
                    run(app, fresh);
                }
                return;
            }
            Err(Refusal::Closed | Refusal::Refused(_)) => return,
        }
    }
}

/// What a bot's blocking thread gives back: the bot and its pick, or the thread's
/// failure (the bot panicked).
type Picked = Result<
    (
        Box<dyn pyramid_core::dynamic::DynBot>,
        Result<String, pyramid_core::dynamic::RuntimeError>,
    ),
    tokio::task::JoinError,
>;

/// After a bot's pick: the bot back in its seat and its action; `None` when the game
/// was dropped meanwhile or the bot failed (its seat then loses by forfeit).
fn seat_back(shared: &Shared, seat: Seat, picked: Picked) -> Option<String> {
    let mut live = lock(shared);
    let Ok((mut bot, action)) = picked else {
        // The bot panicked: its seat loses by forfeit.
        let stopped = live.lose_by_forfeit(seat, "the bot failed".to_owned());
        drop(live);
        drop_bots(stopped);
        return None;
    };
    if live.is_closed() {
        drop(live);
        drop_bots(vec![bot]);
        return None;
    }
    // A bot that failed (an outside engine) loses by forfeit.
    let failure = action.as_ref().err().and_then(|_| bot.failure());
    let mut stopped = match failure {
        Some(reason) => live.lose_by_forfeit(seat, reason),
        None => Vec::new(),
    };
    stopped.extend(live.finish_thinking(seat, bot));
    drop(live);
    drop_bots(stopped);
    action.ok()
}
