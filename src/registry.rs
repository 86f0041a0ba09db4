//! The games of the project, by name: [`registry`] for the runtime interface, [`visit`]
//! for typed code. Adding a game is one line in the `games!` list below.

use pyramid_core::FullGame;
use pyramid_core::runtime::{DynGame, GameEntry, Registry, RuntimeError};

/// Code generic over the game, run for a game chosen by name with [`visit`].
///
/// ```
/// use pyramid_games::core::{FullGame, Game};
/// use pyramid_games::{GameVisitor, visit};
/// struct StartCount;
/// impl GameVisitor for StartCount {
///     type Output = usize;
///     fn visit<G: FullGame>(self) -> usize {
///         G::new(&Default::default()).count_actions()
///     }
/// }
/// assert_eq!(visit("martian-chess", StartCount)?, 10);
/// assert!(visit("chess", StartCount).is_err());
/// # Ok::<(), pyramid_games::core::runtime::RuntimeError>(())
/// ```
pub trait GameVisitor {
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
        /// Every game of the project, each with every bot of `pyramid-bots`: the registry
        /// the command line, the Python package and the servers use.
        pub fn registry() -> Registry {
            let mut registry = Registry::new();
            $(registry.add(entry::<$game>());)+
            registry
        }

        /// Runs `visitor` for the game called `name` (typed code, full speed), or says that
        /// no game has that name (with the closest name, if one is close).
        pub fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, RuntimeError> {
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
