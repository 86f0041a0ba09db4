//! The policy space: [`PolicySpace`].
//!
//! 8386 indices, the same in every state (squares as bits `rank * 8 + file`, a1 = 0):
//!
//! | index | meaning |
//! |---|---|
//! | 0..8321 | the base of an action: its id without relocations ([`pyramid_core::ActionIds`]) |
//! | `8321 + sq` (8321..8385) | the mover's piece on `sq` is a relocation source |
//! | 8385 | end of the relocation sources |
//!
//! An action without relocations is one step, its base. An action with relocations is its
//! base, then its sources in ascending square order, then the end index. Within one
//! state every legal action of one base relocates the same number of pieces of each size
//! (the capture resolution fixes it), so either all of them have sources or none does:
//! the steps are a prefix code.

use pyramid_core::PolicySpace;
use pyramid_core::bits::bits;

use crate::action::ActionKind;

use crate::action::Action;
use crate::action_ids::{BASE, base_action, base_id};
use crate::geometry::{ADJ, RING, square_of};
use crate::rules::Rules;
use crate::state::{AtaxxIce, PIECES_PER_SIZE};

/// The first relocation-source index.
pub(crate) const RELOC: u32 = BASE as u32;
/// The end of the relocation sources.
pub(crate) const END: u32 = RELOC + 64;
/// The number of indices.
const SIZE: u32 = END + 1;

/// The text of a base: the action's own text, or for a clone or jump whose squares are not
/// one (two) squares apart, which no board allows, the kind before it (`jump=a1-b2`), so
/// that every index reads differently.
fn base_text(action: Action) -> String {
    let (from, to) = (usize::from(action.from), action.to);
    match action.kind {
        ActionKind::Clone if ADJ[from] >> to & 1 == 0 => format!("clone={action}"),
        ActionKind::Jump if RING[from] >> to & 1 == 0 => format!("jump={action}"),
        _ => action.to_string(),
    }
}

impl PolicySpace for AtaxxIce {
    fn policy_size(_rules: &Rules) -> u32 {
        SIZE
    }

    /// The base, every piece of the mover as a source, and the end.
    fn max_steps(_rules: &Rules) -> usize {
        2 + 3 * usize::from(PIECES_PER_SIZE)
    }

    fn write_steps(&self, action: Action, out: &mut Vec<u32>) {
        out.push(base_id(action) as u32);
        if action.relocs != 0 {
            out.extend(bits(action.relocs).map(|sq| RELOC + u32::from(sq)));
            out.push(END);
        }
    }

    fn step_text(&self, step: u32) -> Option<String> {
        match step {
            0..RELOC => base_action(u64::from(step)).map(base_text),
            RELOC..END => Some(format!("reloc={}", square_of((step - RELOC) as u8))),
            END => Some("end".to_owned()),
            _ => None,
        }
    }

    /// Decodes the steps (sources strictly ascending, the end last) and asks whether the
    /// action is legal.
    fn action_from_steps(&self, steps: &[u32]) -> Option<Action> {
        let (&base, rest) = steps.split_first()?;
        if base >= RELOC {
            return None;
        }
        let mut relocs = 0u64;
        if let Some((&END, sources)) = rest.split_last() {
            if sources.is_empty() {
                return None;
            }
            let mut last = None;
            for &s in sources {
                let sq = s.checked_sub(RELOC).filter(|&sq| sq < 64)?;
                if last.is_some_and(|l| l >= sq) {
                    return None;
                }
                last = Some(sq);
                relocs |= 1 << sq;
            }
        } else if !rest.is_empty() {
            return None;
        }
        let action = base_action(u64::from(base))?.with_relocs(relocs);
        self.is_legal(action).then_some(action)
    }
}

#[cfg(test)]
mod tests {
    use pyramid_core::prelude::*;
    use pyramid_testkit::conformance::check_step_texts;

    use crate::{AtaxxIce, Rules};

    /// Seat 0 has all 5 smalls on the board (d4 and a1, b1, c1, h1); seat 1 smalls on f7,
    /// g7 (next to f6) and h8: the jump d4-f6 captures two smalls and relocates two of
    /// seat 0's smalls.
    const RELOCATING: &str = "7S1/5S1S11/8/8/3S04/8/8/S0S0S04S0 0 055,255 - 0";

    #[test]
    fn relocations_are_steps_of_fixed_indices() -> Result<(), Box<dyn std::error::Error>> {
        let rules = Rules::default();
        let game = AtaxxIce::from_position(RELOCATING, &rules)?;
        assert_eq!(AtaxxIce::policy_size(&rules), 8386);
        // d4 is bit 27, f6 bit 45: the jump's base is 4096 + 27 * 64 + 45.
        let base = 4096 + 27 * 64 + 45;
        let jump = game.parse_action("d4-f6[a1,h1]")?;
        assert_eq!(game.steps(jump), [base, 8321, 8321 + 7, 8385]);
        assert_eq!(
            game.action_from_steps(&[base, 8321, 8328, 8385]),
            Some(jump)
        );
        // Two of a1, b1, c1, h1 in ascending order: a1, b1 or c1 first; after a1, the three
        // others; after two, the end only.
        assert_eq!(game.legal_next_steps(&[base]), [8321, 8322, 8323]);
        assert_eq!(game.legal_next_steps(&[base, 8321]), [8322, 8323, 8328]);
        assert_eq!(game.legal_next_steps(&[base, 8321, 8328]), [8385]);
        assert_eq!(game.action_from_steps(&[base, 8321]), None);
        // Sources out of order, or one source only, name no action.
        assert_eq!(game.action_from_steps(&[base, 8328, 8321, 8385]), None);
        assert_eq!(game.action_from_steps(&[base, 8321, 8385]), None);
        // An action without relocations is one step, its base: d4-e5 (bits 27, 36).
        let clone = game.parse_action("d4-e5")?;
        assert_eq!(game.steps(clone), [27 * 64 + 36]);
        assert_eq!(game.step_text(base).as_deref(), Some("d4-f6"));
        assert_eq!(game.step_text(8328).as_deref(), Some("reloc=h1"));
        assert_eq!(game.step_text(8385).as_deref(), Some("end"));
        Ok(())
    }

    #[test]
    fn step_texts_are_distinct() {
        check_step_texts(&AtaxxIce::new(&Rules::default()));
    }
}
