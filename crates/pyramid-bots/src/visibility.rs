//! What a seat may see of another seat's action.

use std::any::TypeId;

use pyramid_core::{Game, Seat};

/// Whether `G` has no hidden information: its view is the state itself (the contract of
/// [`Game::View`] for perfect-information games).
pub fn perfect_information<G: Game>() -> bool {
    TypeId::of::<G>() == TypeId::of::<G::View>()
}

/// Whether `viewer` may be told that `action` was played in `state`: always in a game
/// without hidden information; otherwise only if no other legal action would leave
/// `viewer` seeing the same thing (views compared by their `Debug` text). A Stacktrices
/// `hide=` of the other side is secret by this test, a move is not.
///
/// Tools use it to print the other seats' actions without leaking secrets (`pyrctl
/// play` shows a secret action as "an action you cannot see").
///
/// ```
/// use pyramid_bots::action_visible_to;
/// use pyramid_core::{Game, Seat, nim::Nim};
/// let game = Nim::new(&Default::default());
/// let action = game.legal_actions()[0];
/// assert!(action_visible_to(&game, action, Seat(1)));
/// ```
pub fn action_visible_to<G: Game>(state: &G, action: G::Action, viewer: Seat) -> bool {
    if perfect_information::<G>() {
        return true;
    }
    let seen_after = |a: G::Action| {
        let mut next = state.clone();
        next.play_unchecked(a);
        format!("{:?}", next.view(viewer))
    };
    let seen = seen_after(action);
    let mut alike = false;
    state.for_each_action(|other| {
        if !alike && other != action && seen_after(other) == seen {
            alike = true;
        }
    });
    !alike
}
