//! [`DynBot`]: a bot chosen at run time, and [`BotFactory`], how a game's entry makes them.

use crate::{Bot, FullGame, RandomBot, Seat};

use super::{DynState, RuntimeError, StateBox};

/// Makes a bot for game `G` from a spec (`random`, `mcts:iters=200`, ...) and a seed, or
/// says why the spec was refused. The core knows only `random`; `pyramid-bots` provides the
/// full set of specs.
pub type BotFactory<G> = fn(spec: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String>;

/// The bot factory of the core alone: `random` (a uniformly random legal action).
pub fn random_only<G: FullGame>(spec: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String> {
    if spec.trim() == "random" {
        Ok(Box::new(RandomBot::new(seed)))
    } else {
        Err("this registry knows only the `random` bot".to_owned())
    }
}

/// A bot of one game, chosen at run time. It sees only the view of the seat to act.
pub trait DynBot: Send {
    /// The game this bot plays.
    fn game(&self) -> &'static str;

    /// The action the bot picks for the seat to act in `state`, as action text; an error
    /// when the game is over or `state` belongs to another game.
    fn pick(&mut self, state: &dyn DynState) -> Result<String, RuntimeError>;

    /// Why the bot could not pick, after [`DynBot::pick`] failed in a running game
    /// ([`Bot::failure`]): an outside engine that crashed, hung or answered nonsense.
    fn failure(&mut self) -> Option<String>;

    /// Gives the bot a flag that stops its search once set ([`Bot::set_stop_flag`]):
    /// [`DynBot::pick`] then answers the best action found so far. The default ignores
    /// it.
    fn set_stop_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        let _ = flag;
    }
}

/// A typed bot behind [`DynBot`].
pub(super) struct BotBox<G: FullGame> {
    pub(super) bot: Box<dyn Bot<G>>,
}

impl<G: FullGame> DynBot for BotBox<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn pick(&mut self, state: &dyn DynState) -> Result<String, RuntimeError> {
        let typed =
            state
                .as_any()
                .downcast_ref::<StateBox<G>>()
                .ok_or(RuntimeError::WrongGame {
                    expected: G::NAME,
                    got: state.game(),
                })?;
        let seat: Seat = typed.state.to_act().ok_or(crate::PlayError::GameOver)?;
        let view = typed.state.view(seat);
        let action = self
            .bot
            .choose(&view, seat)
            .ok_or(crate::PlayError::GameOver)?;
        Ok(action.to_string())
    }

    fn failure(&mut self) -> Option<String> {
        self.bot.failure()
    }

    fn set_stop_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.bot.set_stop_flag(flag);
    }
}
