//! The unvalidated form of a state ([`Setup`], what serde reads and writes and the
//! position string reader builds), pure data; its validation, so that no impossible state
//! can be built from text or RON, is next to the state, in `validate.rs`.

use pyramid_core::Square;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::rules::Rules;

/// Where a card stands on its square: alone, or in a siege stack (the King underneath,
/// the card on top). The loop rule tells these places apart, so the earlier layouts keep
/// them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StackPlace {
    /// Alone on its square.
    #[default]
    Alone,
    /// A King underneath a siege stack.
    Under,
    /// The card on top of a siege stack.
    OnTop,
}

impl StackPlace {
    fn is_alone(&self) -> bool {
        *self == StackPlace::Alone
    }
}

/// One card on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The card.
    pub card: Card,
    /// Its square.
    pub square: Square,
    /// Its place in a siege stack. May be left out (`Alone`) for the two cards of a stack
    /// with one King: the King is then underneath. An earlier layout that holds one seat's
    /// cards only (`before_previous`) marks a card of a stack with its place, the other
    /// card not being in that layout.
    #[serde(default, skip_serializing_if = "StackPlace::is_alone")]
    pub place: StackPlace,
}

impl Placement {
    /// A card alone on its square.
    pub fn alone(card: Card, square: Square) -> Placement {
        Placement {
            card,
            square,
            place: StackPlace::Alone,
        }
    }
}

/// A state as plain data, not yet checked: what the RON form holds.
///
/// ```
/// use card_siege::{CardSiege, Setup};
/// use pyramid_core::Game;
/// let start = CardSiege::new(&Default::default());
/// let mut setup = Setup::from(start.clone());
/// assert_eq!(CardSiege::try_from(setup.clone()), Ok(start));
/// let ace = setup.cards[0];
/// setup.cards.push(ace);
/// let err = CardSiege::try_from(setup).expect_err("a card twice");
/// assert!(err.to_string().contains("appears twice"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rule options.
    pub rules: Rules,
    /// Every card in the game with its square. The siege square holds two: the King
    /// underneath and the card on top.
    pub cards: Vec<Placement>,
    /// The siege square, while a siege stands.
    pub siege: Option<Square>,
    /// The suit (seat) to act.
    pub to_move: Suit,
    /// Whether the seat to act has won the siege and now chooses where its King evacuates.
    pub evacuating: bool,
    /// Opening turns left: Hearts, then Spades (0 to 3; both 0 with the option off).
    pub opening_turns_left: (u8, u8),
    /// Both suits' cards one ply back (in the previous decision's position), if known.
    pub previous: Option<Vec<Placement>>,
    /// The cards of the seat to act two plies back, if known.
    pub before_previous: Option<Vec<Placement>>,
    /// Decision points played so far.
    pub plies: u32,
}

/// Why a position string or a setup was refused: the core's one
/// [`PositionError`](pyramid_core::PositionError), naming the field and the kind of problem
/// ([`PositionProblem`](pyramid_core::PositionProblem)).
pub use pyramid_core::PositionError;
