//! Integer action ids: [`ActionIds`].
//!
//! An id is `base + BASE * mask`. The base part is state-free and dense (`BASE` = 8321
//! values, squares as bits `rank * 8 + file` of the 8x8 layout, a1 = 0):
//!
//! | action | base |
//! |---|---|
//! | clone `from-to` | `from * 64 + to` (0..4096) |
//! | jump `from-to` | `4096 + from * 64 + to` (4096..8192) |
//! | grow `+sq` | `8192 + sq` |
//! | shrink `-sq` | `8256 + sq` |
//! | `pass` | `8320` |
//!
//! The relocation part is relative to the state: for each size `s` (small 0, medium 1,
//! large 2) and each `i` below 5, bit `5 * s + i` of `mask` says that the mover's `i`-th
//! piece of size `s` on the board (ascending square order) is a relocation source. A seat
//! owns 5 pieces of each size, so 15 bits hold every relocation set. Actions without
//! relocations have ids below 8321; the bound is `8321 * 2^15`.

use pyramid_core::{ActionIds, Bitboard};

use crate::action::{Action, ActionKind};
use crate::rules::Rules;
use crate::state::{AtaxxIce, PIECES_PER_SIZE};

/// The number of base ids.
pub(crate) const BASE: u64 = 8321;
/// The number of relocation masks.
const MASKS: u64 = 1 << (3 * PIECES_PER_SIZE);

impl AtaxxIce {
    /// The mover's pieces of each size (none once the game is over).
    fn movers_pieces(&self) -> [u64; 3] {
        self.pieces
            .get(usize::from(self.to_move))
            .copied()
            .unwrap_or([0; 3])
    }
}

/// The base id of an action, ignoring its relocations.
pub(crate) fn base_id(action: Action) -> u64 {
    let (from, to) = (u64::from(action.from), u64::from(action.to));
    match action.kind {
        ActionKind::Clone => from * 64 + to,
        ActionKind::Jump => 4096 + from * 64 + to,
        ActionKind::Grow => 8192 + to,
        ActionKind::Shrink => 8256 + to,
        ActionKind::Pass => 8320,
    }
}

/// The action of a base id, without relocations.
pub(crate) fn base_action(base: u64) -> Option<Action> {
    let (pair_from, pair_to) = (((base % 4096) / 64) as u8, (base % 64) as u8);
    match base {
        0..4096 => Some(Action::clone_move(pair_from, pair_to, 0)),
        4096..8192 => Some(Action::jump(pair_from, pair_to, 0)),
        8192..8256 => Some(Action::grow((base - 8192) as u8)),
        8256..8320 => Some(Action::shrink((base - 8256) as u8, 0)),
        8320 => Some(Action::PASS),
        _ => None,
    }
}

impl ActionIds for AtaxxIce {
    fn action_space(_rules: &Rules) -> u64 {
        BASE * MASKS
    }

    /// The id of `action` here; an action naming a relocation source that is not one of
    /// the mover's pieces (never legal) gets the bound, which names no action.
    fn action_id(&self, action: Action) -> u64 {
        let own = self.movers_pieces();
        let mut mask = 0u64;
        for sq in Bitboard(action.relocs) {
            let Some(size) = (0..3).find(|&s| Bitboard(own[s]).contains(sq)) else {
                return BASE * MASKS;
            };
            let below = Bitboard(own[size] & ((1u64 << sq) - 1)).count();
            if below >= u32::from(PIECES_PER_SIZE) {
                return BASE * MASKS;
            }
            mask |= 1 << (5 * size as u32 + below);
        }
        base_id(action) + BASE * mask
    }

    fn action_from_id(&self, id: u64) -> Option<Action> {
        let (base, mask) = (id % BASE, id / BASE);
        if mask >= MASKS {
            return None;
        }
        let action = base_action(base)?;
        let own = self.movers_pieces();
        let mut relocs = 0u64;
        for bit in Bitboard(mask) {
            let (size, index) = ((bit / 5) as usize, bit % 5);
            relocs |= 1u64 << Bitboard(own[size]).nth(index)?;
        }
        Some(action.with_relocs(relocs))
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;

    use crate::{Action, AtaxxIce, Rules};

    #[test]
    fn ids_are_pinned() -> Result<(), Box<dyn std::error::Error>> {
        let game = AtaxxIce::new(&Rules::default());
        assert_eq!(AtaxxIce::action_space(game.rules()), 8321 << 15);
        // a1 is bit 0, b2 bit 9, c3 bit 18.
        let clone: Action = "a1-b2".parse()?;
        assert_eq!(game.action_id(clone), 9);
        assert_eq!(game.action_id("a1-c3".parse()?), 4096 + 18);
        assert_eq!(game.action_id("pass".parse()?), 8320);
        assert_eq!(game.action_from_id(9), Some(clone));
        // Seat 0's only piece (its small on a1) as a relocation source: mask bit 0.
        let relocated: Action = "a1-c3[a1]".parse()?;
        assert_eq!(game.action_id(relocated), 4096 + 18 + 8321);
        assert_eq!(game.action_from_id(4096 + 18 + 8321), Some(relocated));
        // Mask bit 1 names a second small seat 0 does not have.
        assert_eq!(game.action_from_id(4096 + 18 + 2 * 8321), None);
        Ok(())
    }
}
