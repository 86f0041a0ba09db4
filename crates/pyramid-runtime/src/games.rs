//! The games of the project, by name: [`registry`] (built once) for the object-safe
//! interface, and [`visit`] for the typed code of the runtime's calls; the kinds of bots
//! for them ([`bot_kinds`], built once). Adding a game is one line in the `games!` list
//! below.

use std::sync::LazyLock;

use pyramid_bots::{BotKinds, BotSpec, SpecError};
use pyramid_core::dynamic::{DynGame, GameEntry, Registry, RuntimeError};
use pyramid_core::{Bot, FullGame};

/// Code generic over the game, run for a game chosen by name with [`visit`]: the
/// mechanism inside the runtime's calls (tools call those, never this).
pub(crate) trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs for the game type `G`.
    fn visit<G: FullGame>(self) -> Self::Output;
}

/// The runtime entry of game `G`, with every bot of [`bot_kinds`] by spec.
fn entry<G: FullGame>() -> Box<dyn DynGame> {
    Box::new(GameEntry::<G>::new(bot_from_spec::<G>))
}

/// The bot factory of the registry's entries: a bot of any kind of [`bot_kinds`].
fn bot_from_spec<G: FullGame>(spec: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String> {
    let spec = parse_bot(spec).map_err(|e| e.to_string())?;
    spec.build::<G>(seed).map_err(|e| e.to_string())
}

macro_rules! games {
    ($($game:ty),+ $(,)?) => {
        /// The registry, built the first time it is asked for.
        static REGISTRY: LazyLock<Registry> = LazyLock::new(|| {
            let mut registry = Registry::new();
            $(registry.add(entry::<$game>());)+
            registry
        });

        /// The kinds of bots, built the first time they are asked for.
        /// Those of `pyramid-bots`, and `az` for every game with the feature `learn`.
        static KINDS: LazyLock<BotKinds> = LazyLock::new(|| {
            let kinds = BotKinds::new();
            #[cfg(feature = "learn")]
            let kinds = {
                let mut kinds = kinds;
                $(kinds.add::<pyramid_learn::AzKind, $game>();)+
                $(kinds.add::<pyramid_learn::AbModelKind, $game>();)+
                kinds
            };
            kinds
        });

        /// Runs `visitor` for the game called `name` (typed code, full speed), or says that
        /// no game has that name (with the closest name, if one is close).
        pub(crate) fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, RuntimeError> {
            $(
                if name == <$game as pyramid_core::Game>::NAME {
                    return Ok(visitor.visit::<$game>());
                }
            )+
            Err(registry().unknown(name))
        }
    };
}

games!(
    martian_chess::MartianChess,
    ataxx_ice::AtaxxIce,
    card_siege::CardSiege,
    stacktrices::Stacktrices,
);

/// Every game of the project, each with every bot of `pyramid-bots`: the registry the
/// command line, the Python package and the servers use. It is built once, on the first
/// call; every later call returns the same registry.
///
/// ```
/// let registry = pyramid_runtime::registry();
/// assert_eq!(registry.names(), ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]);
/// assert!(std::ptr::eq(registry, pyramid_runtime::registry()));
/// ```
pub fn registry() -> &'static Registry {
    &REGISTRY
}

/// Every kind of bot the runtime's games have: those of `pyramid-bots` (`random`,
/// `greedy`, `mcts`, `ismcts`, `ab`, `ext:`) and, with the feature `learn`, `az`. Built
/// once, on the first call.
///
/// ```
/// let names = pyramid_runtime::bot_kinds().names();
/// assert!(names.starts_with(&["random", "greedy", "mcts", "ismcts", "ab", "ext"]));
/// assert_eq!(names.contains(&"az"), cfg!(feature = "learn"));
/// ```
pub fn bot_kinds() -> &'static BotKinds {
    &KINDS
}

/// Reads a bot spec of any kind of [`bot_kinds`] (`greedy`, `mcts:iters=200`,
/// `az:model=FILE,iters=50`, `ext:COMMAND`): what tools read `--bot` and seats with.
///
/// ```
/// let spec = pyramid_runtime::parse_bot("mcts:iters=200")?;
/// assert_eq!(spec.to_string(), "mcts:iters=200");
/// assert!(pyramid_runtime::parse_bot("mcts:iters=lots").is_err());
/// # Ok::<(), pyramid_bots::SpecError>(())
/// ```
pub fn parse_bot(text: &str) -> Result<BotSpec, SpecError> {
    bot_kinds().parse(text)
}

/// The game called `name`, or an error naming the games (and the closest one).
pub fn game(name: &str) -> Result<&'static dyn DynGame, RuntimeError> {
    registry().get(name)
}
