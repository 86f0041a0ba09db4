//! Bot seats move by themselves: when a bot is to act, its owner takes it out of its seat
//! and asks it for a move ([`wake`]), computed off the async threads in the server's
//! bounded pool of bot threads, the game answering requests meanwhile; its pick comes
//! back to the owner as a letter ([`picked`]), which plays it as it plays a person's.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use pyramid_core::dynamic::DynState;

use super::changes::{self, Step};
use super::{Letter, Picked, Shared};
use crate::App;
use crate::db::now_ms;
use crate::ending::{Ending, Forfeit};
use crate::fair_pool::FairPool;
use crate::store::drop_bots;

/// Counts of the bot work under way (for tests and curiosity).
#[derive(Debug, Default)]
pub struct BotWork {
    /// Games whose bot is choosing a move now (a task each).
    pub games: AtomicUsize,
    /// Bot moves being computed now (a blocking thread each).
    pub moves: AtomicUsize,
}

/// One more of a count, for as long as it lives.
struct Counted(Arc<App>, fn(&BotWork) -> &AtomicUsize);

impl Counted {
    fn new(app: &Arc<App>, count: fn(&BotWork) -> &AtomicUsize) -> Self {
        count(&app.bot_work).fetch_add(1, Ordering::SeqCst);
        Counted(Arc::clone(app), count)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        (self.1)(&self.0.bot_work).fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a bot's move is asked with.
struct Thinking {
    /// The position.
    state: Box<dyn DynState>,
    /// Its number of plies.
    at: usize,
    /// The bot's wait before it moves.
    delay: Duration,
    /// The threads it waits for.
    pool: Arc<FairPool>,
    /// The client whose searches it queues behind (the game's creator).
    client: String,
    /// How long it may think, on a clock (ms).
    budget: Option<i64>,
}

/// When a bot is to act and none is thinking, takes it out of its seat and starts its
/// move: after its delay and once a thread of its pool is free (games with a person have
/// a pool of their own, so games of bots alone, whatever they cost, never hold up a
/// person's; within a pool, clients take turns: `fair_pool.rs`), computed there, within
/// its clock's budget when it plays on one; its pick is mailed back to the owner.
pub fn wake(app: &Arc<App>, round: &Shared) {
    let now = now_ms();
    let taken = round.write(|live| {
        let (seat, bot) = live.start_thinking()?;
        let pool = if live.with_person() {
            &app.bot_pool
        } else {
            &app.background_bot_pool
        };
        let thinking = Thinking {
            state: live.state().clone_box(),
            at: live.moves().len(),
            delay: live.setup().bot_delay,
            pool: Arc::clone(pool),
            client: live.setup().creator.clone(),
            budget: live.clock().and_then(|c| c.think_budget(seat.0, now)),
        };
        Some((seat, bot, thinking))
    });
    let Some((seat, mut bot, thinking)) = taken else {
        return;
    };
    let Thinking {
        state,
        at,
        delay,
        pool,
        client,
        budget,
    } = thinking;
    // On a clock, the search stops when its budget is spent (counted from now: the delay
    // and the wait for a thread are the bot's time too).
    let stop = Arc::new(AtomicBool::new(false));
    bot.set_stop_flag(Arc::clone(&stop));
    let deadline = budget.map(|ms| {
        tokio::time::Instant::now() + Duration::from_millis(u64::try_from(ms).unwrap_or(0))
    });
    round.notify();
    let mailbox = round.mailbox.clone();
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let _game = Counted::new(&app, |w| &w.games);
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let Ok(permit) = pool.acquire(&client).await else {
            drop_bots(vec![bot]);
            return;
        };
        // The game may have left memory while this one waited for a thread.
        if mailbox.is_closed() {
            drop(permit);
            drop_bots(vec![bot]);
            return;
        }
        let timer = deadline.map(|at| {
            let stop = Arc::clone(&stop);
            tokio::spawn(async move {
                tokio::time::sleep_until(at).await;
                stop.store(true, Ordering::SeqCst);
            })
        });
        let work = Arc::clone(&app);
        let thought = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _move = Counted::new(&work, |w| &w.moves);
            let action = bot.pick(&*state);
            (bot, action)
        })
        .await;
        if let Some(timer) = timer {
            timer.abort();
        }
        let picked = Picked {
            seat,
            at,
            bot: thought.ok(),
        };
        // An owner gone (the game left memory): the bot stops here.
        if let Err(tokio::sync::mpsc::error::SendError(Letter::Picked(picked))) =
            mailbox.send(Letter::Picked(picked))
        {
            drop_bots(picked.bot.into_iter().map(|(bot, _)| bot).collect());
        }
    });
}

/// A bot's pick back: the bot back in its seat, and its move played when the game is
/// still where the bot was asked (a takeback, a resignation or another server may have
/// moved it on). A bot that failed (an outside engine that crashed, hung or answered
/// nonsense, a bot that panicked) loses by forfeit.
pub async fn picked(app: &Arc<App>, round: &Shared, picked: Picked) -> Result<(), crate::ApiError> {
    let Picked { seat, at, bot } = picked;
    let current = round.read(|live| live.thinking() == [seat.0] && live.moves().len() == at);
    let action = match bot {
        Some((mut bot, action)) => {
            let failure = action.as_ref().err().map(|e| {
                bot.failure()
                    .unwrap_or_else(|| format!("the bot failed: {e}"))
            });
            drop_bots(
                round
                    .write(|live| live.finish_thinking(seat, bot))
                    .into_iter()
                    .collect(),
            );
            match failure {
                Some(reason) => Err(reason),
                None => action.map_err(|e| e.to_string()),
            }
        }
        None => Err("the bot failed".to_owned()),
    };
    if !current {
        return Ok(());
    }
    let result = match action {
        Ok(text) => changes::play(app, round, seat, &text, Some(at)).await,
        Err(reason) => {
            let ending = Ending::Forfeit {
                seat: seat.0,
                why: Forfeit::BotFailed(reason),
            };
            super::finish::finish(app, round, ending).await
        }
    };
    match result {
        Ok(()) => Ok(()),
        Err(Step::Refused(e)) => Err(e),
        Err(Step::Stale) => changes::reload(app, round).await,
    }
}
