//! The games of the project, by name: [`registry`] (built once) for the object-safe
//! interface, and [`visit`] for the typed code of the runtime's calls. Adding a game is
//! one line in the `games!` list below.

use std::sync::LazyLock;

use pyramid_core::FullGame;
use pyramid_core::dynamic::{DynGame, GameEntry, Registry, RuntimeError};

/// Code generic over the game, run for a game chosen by name with [`visit`]: the
/// mechanism inside the runtime's calls (tools call those, never this).
pub(crate) trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs for the game type `G`.
    fn visit<G: FullGame>(self) -> Self::Output;
}

/// The runtime entry of game `G`, with every bot of `pyramid-bots` by spec.
fn entry<G: FullGame>() -> Box<dyn DynGame> {
    Box::new(GameEntry::<G>::new(pyramid_bots::bot_from_spec::<G>))
}

macro_rules! games {
    ($($game:ty),+ $(,)?) => {
        /// The registry, built the first time it is asked for.
        static REGISTRY: LazyLock<Registry> = LazyLock::new(|| {
            let mut registry = Registry::new();
            $(registry.add(entry::<$game>());)+
            registry
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

/// The game called `name`, or an error naming the games (and the closest one).
pub fn game(name: &str) -> Result<&'static dyn DynGame, RuntimeError> {
    registry().get(name)
}
