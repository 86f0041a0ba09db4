//! Bot seats move by themselves: [`drive_bots`].

use pyramid_core::Seat;

use crate::store::{Shared, Sitter, lock};

/// Starts a task that plays the game's bot seats until a human seat is to act or the game
/// is over (unless one already runs). Each bot thinks on a blocking thread, without the
/// game locked, so the game answers requests meanwhile.
pub fn drive_bots(shared: Shared) {
    {
        let mut live = lock(&shared);
        if live.bots_running || !live.bot_to_act() {
            return;
        }
        live.bots_running = true;
    }
    tokio::spawn(async move {
        loop {
            let taken = {
                let mut live = lock(&shared);
                let seat = live.to_act();
                match seat {
                    Some(seat) if live.bot_to_act() => {
                        let state = live.state.clone_box();
                        let bot = match live.sitters.get_mut(seat.index()) {
                            Some(Sitter::Bot(_, bot)) => bot.take(),
                            _ => None,
                        };
                        let delay = live.bot_delay;
                        bot.map(|bot| (seat, state, bot, delay))
                    }
                    _ => None,
                }
            };
            let Some((seat, state, mut bot, delay)) = taken else {
                break;
            };
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let plies = state.plies();
            let picked = tokio::task::spawn_blocking(move || {
                let action = bot.pick(&*state);
                (bot, action)
            })
            .await;
            let Ok((bot, action)) = picked else { break };
            let mut live = lock(&shared);
            if let Some(Sitter::Bot(_, slot)) = live.sitters.get_mut(seat.index()) {
                *slot = Some(bot);
            }
            let action = match action {
                Ok(action) => action,
                Err(_) => {
                    // A bot that failed (an outside engine) loses by forfeit.
                    let failure = match live.sitters.get_mut(seat.index()) {
                        Some(Sitter::Bot(_, Some(bot))) => bot.failure(),
                        _ => None,
                    };
                    if let Some(reason) = failure {
                        live.forfeit = Some((seat, reason));
                    }
                    break;
                }
            };
            if live.state.plies() != plies || live.record_and_play(Seat(seat.0), &action).is_err() {
                break;
            }
        }
        lock(&shared).bots_running = false;
    });
}
