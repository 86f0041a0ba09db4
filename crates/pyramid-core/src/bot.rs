//! Bots: the [`Bot`] trait and a seeded random bot.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Game, Information, Seat};

/// A player program. It sees only its own seat's [`Information::View`], so it cannot read
/// another seat's secrets.
pub trait Bot<G: Information>: Send {
    /// A short name for tables and records, such as `random`.
    fn name(&self) -> String;

    /// Chooses an action for `seat`, which is the seat to act in `view`. Returns `None`
    /// only when the game is over.
    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action>;

    /// Why the bot could not choose, asked after [`Bot::choose`] returned `None` in a game
    /// that is not over: an outside engine that crashed, hung past its budget or answered
    /// nonsense. The game then ends as lost by that seat
    /// ([`Forfeit`](crate::arena::Forfeit)). In-process bots never fail and keep the
    /// default, `None`.
    fn failure(&mut self) -> Option<String> {
        None
    }

    /// Gives the bot a flag to watch while it thinks: once the flag is set, a search in
    /// progress stops as soon as it can and [`Bot::choose`] answers the best action it
    /// has found so far (a legal action even when it searched nothing), and so does
    /// every later `choose` while the flag stays set. The bot keeps the flag until it is
    /// given another. Searching bots (`mcts`, `ismcts`, `ab` of `pyramid-bots`) watch
    /// it; bots that answer at once keep the default, which ignores it. `pyrctl engine`
    /// sets it for the protocol's `stop` and `quit` (docs/protocol.md).
    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        let _ = flag;
    }

    /// What the bot's last [`Bot::choose`] found its action worth to the seat that chose,
    /// in the bot's own units, for bots that search by a score: alpha-beta's root score
    /// (its evaluation's units; a won game `1e11` and more, a lost one `-1e11` and less).
    /// `None` by default, and when the last choice searched nothing. Teachers' searches
    /// label positions with it (`pyrctl train-value --teacher-value search`).
    fn last_score(&self) -> Option<f64> {
        None
    }
}

/// Plays a uniformly random legal action, reproducibly from its seed.
///
/// ```
/// use pyramid_core::{Bot, Game, Information, RandomBot, Seat, nim::Nim};
/// let game = Nim::new(&Default::default());
/// let mut a = RandomBot::new(7);
/// let mut b = RandomBot::new(7);
/// let view = game.view(Seat(0));
/// assert_eq!(Bot::<Nim>::choose(&mut a, &view, Seat(0)), Bot::<Nim>::choose(&mut b, &view, Seat(0)));
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A uniformly random legal action of `state`, or `None` if it has none
    /// (shorthand for [`Game::random_action`]).
    pub fn pick<G: Game, R: Rng + ?Sized>(state: &G, rng: &mut R) -> Option<G::Action> {
        state.random_action(rng)
    }
}

impl<G: Information> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, view: &G::View, _seat: Seat) -> Option<G::Action> {
        let state = G::sample_from_view(view, &mut self.rng);
        Self::pick(&state, &mut self.rng)
    }
}

/// A boxed bot is a bot: what `dynamic::BotFactory` (feature `dynamic`) and the bot
/// specifications of `pyramid-bots` hand out can go wherever a bot is expected (the
/// conformance harness's `check_bot` among them).
impl<G: Information, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        (**self).choose(view, seat)
    }

    fn failure(&mut self) -> Option<String> {
        (**self).failure()
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        (**self).set_stop_flag(flag);
    }

    fn last_score(&self) -> Option<f64> {
        (**self).last_score()
    }
}
