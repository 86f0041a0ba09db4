//! Random playouts: the draw of [`Game::play_random`], by
//! rejection over a cheap superset of the legal actions.
//!
//! In a normal turn every card has *proposals* that depend only on its rank and square
//! (table look-ups, nothing is generated): each slide within its slide limit on the
//! board, its ascent if it stands on its home row, and one capture per square of its
//! pattern; in the opening only home-row slides. Every legal action is exactly one
//! proposal, so drawing a proposal uniformly and redrawing until it is legal (a capture
//! needs an enemy card on the target, an ascent an empty square; the belt, King safety
//! and the loop rule are checked for that one action only) picks every legal action with
//! the same probability. After [`MAX_REJECTIONS`] illegal draws in a row (few legal
//! actions, or none: the game is over) the exact draw of [`Game::random_action`] decides;
//! a mixture of two uniform draws is uniform. Sieges and evacuations use the exact draw.
//!
//! The draw is uniform like [`Game::random_action`]'s but uses the generator differently,
//! so the two pick different actions for the same generator state.

#[cfg(doc)]
use pyramid_core::Game;
use pyramid_core::rand::Rng;

use crate::action::Action;
use crate::card::{KING, SLIDE_LIMIT, code_suit};
use crate::geometry::{KIND, KINDS, NEUTRAL, SQUARES, WIDTH, target_table};
#[cfg(doc)]
use crate::state::GONE;
use crate::state::{CardSiege, Phase, attacked_on, entry_square};

/// Illegal proposals drawn in a row before the exact draw takes over.
pub(crate) const MAX_REJECTIONS: u32 = 24;

/// The capture kinds' target squares ([`target_table`]), for the tables below.
const PATTERN_MASKS: [[u64; SQUARES]; KINDS] = target_table();

/// The capture kind (index into [`PATTERN_MASKS`], from [`KIND`]) of the card of seat
/// `seat` and rank index `ci` (rank - 1).
const fn pattern_of(seat: usize, ci: usize) -> usize {
    KIND[seat & 1][(ci + 1) & 15] as usize
}

/// Each capture kind's target squares from each square, ascending (at most 8).
const TARGET_LISTS: [[[u8; 8]; SQUARES]; KINDS] = {
    let mut lists = [[[0u8; 8]; SQUARES]; KINDS];
    let mut kind = 0;
    while kind < KINDS {
        let mut sq = 0;
        while sq < SQUARES {
            let (mut mask, mut n) = (PATTERN_MASKS[kind][sq], 0);
            while mask != 0 {
                lists[kind][sq][n] = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                n += 1;
            }
            sq += 1;
        }
        kind += 1;
    }
    lists
};

/// The first file a card of slide limit `limit` on `file` can slide to.
const fn slide_low(file: usize, limit: usize) -> usize {
    file.saturating_sub(limit)
}

/// How a card's proposals on one square are laid out: its slides (file order), then its
/// ascent slot, then one slot per square of its capture pattern (accepted only onto an
/// enemy card).
#[derive(Clone, Copy, Debug)]
struct Slots {
    slides: u8,
    ascent: u8,
    captures: u8,
    total: u8,
}

/// No proposals (a card out of the game: its entry 0xFF reads square 63).
const NO_SLOTS: Slots = Slots {
    slides: 0,
    ascent: 0,
    captures: 0,
    total: 0,
};

/// The proposal layout by opening restriction (0 off, 1 on), seat, rank index and
/// square (entries 45 to 63 empty, so a [`GONE`] card, masked to 63, has none).
static SLOTS: [[[[Slots; 64]; 13]; 2]; 2] = {
    let mut slots = [[[[NO_SLOTS; 64]; 13]; 2]; 2];
    let mut restricted = 0;
    while restricted < 2 {
        let mut seat = 0;
        while seat < 2 {
            let mut ci = 0;
            while ci < 13 {
                let mut sq = 0;
                while sq < SQUARES {
                    let (row, file) = (sq / WIDTH, sq % WIDTH);
                    let limit = SLIDE_LIMIT[ci + 1] as usize;
                    let high = if file + limit < WIDTH {
                        file + limit
                    } else {
                        WIDTH - 1
                    };
                    let home = row == 2 * seat;
                    let slides = if restricted == 1 && !home {
                        0
                    } else {
                        high - slide_low(file, limit)
                    };
                    let (ascent, captures) = if restricted == 1 {
                        (0, 0)
                    } else {
                        (
                            home as usize,
                            PATTERN_MASKS[pattern_of(seat, ci)][sq].count_ones() as usize,
                        )
                    };
                    slots[restricted][seat][ci][sq] = Slots {
                        slides: slides as u8,
                        ascent: ascent as u8,
                        captures: captures as u8,
                        total: (slides + ascent + captures) as u8,
                    };
                    sq += 1;
                }
                ci += 1;
            }
            seat += 1;
        }
        restricted += 1;
    }
    slots
};

/// The proposals of one normal turn: where each card's proposals end (a running sum by
/// rank index; the padding never ends) and their number.
pub(crate) struct Proposals {
    ends: [u16; 16],
    total: u16,
}

impl CardSiege {
    /// The proposal layouts of the seat to act's cards under its opening restriction.
    #[inline(always)]
    fn slot_table(&self) -> &'static [[Slots; 64]; 13] {
        let s = usize::from(self.to_move) & 1;
        &SLOTS[usize::from(self.opening[s] > 0)][s]
    }

    /// Counts the proposals of a normal turn, card by card (table look-ups only).
    #[inline]
    pub(crate) fn proposals(&self) -> Proposals {
        let s = usize::from(self.to_move) & 1;
        let table = self.slot_table();
        let mut p = Proposals {
            ends: [u16::MAX; 16],
            total: 0,
        };
        for (ci, &sq) in self.places[s][..13].iter().enumerate() {
            p.total += u16::from(table[ci][usize::from(sq & 63)].total);
            p.ends[ci] = p.total;
        }
        p
    }

    /// The proposal of index `index` (below `p.total`) and its card's rank index: card
    /// by card in rank order, each card's slides left to right, then its ascent, then
    /// one capture per square of its pattern.
    #[inline]
    pub(crate) fn proposal(&self, p: &Proposals, index: u16) -> (Action, usize) {
        let s = usize::from(self.to_move) & 1;
        // The card whose proposals hold `index`: the first whose end is above it, by a
        // branch-free binary search over the 16 ends (non-decreasing, padding never ends).
        let mut ci = 0;
        for step in [8, 4, 2, 1] {
            if p.ends[ci + step - 1] <= index {
                ci += step;
            }
        }
        let ci = ci.min(12);
        let start = if ci == 0 { 0 } else { p.ends[ci - 1] };
        let j = usize::from(index - start);
        let sq = usize::from(self.places[s][ci] & 63);
        let slot = self.slot_table()[ci][sq];
        let (slides, ascent) = (usize::from(slot.slides), usize::from(slot.ascent));
        debug_assert!(j < slides + ascent + usize::from(slot.captures));
        let action = if j < slides {
            let (row, file) = (sq / WIDTH, sq % WIDTH);
            let t = slide_low(file, usize::from(SLIDE_LIMIT[ci + 1])) + j;
            let t = if t >= file { t + 1 } else { t };
            Action::raw(sq, row * WIDTH + t, false)
        } else if j < slides + ascent {
            Action::raw(sq, NEUTRAL * WIDTH + sq % WIDTH, false)
        } else {
            let to = TARGET_LISTS[pattern_of(s, ci)][sq % SQUARES][(j - slides - ascent) & 7];
            Action::raw(sq, usize::from(to), true)
        };
        (action, ci)
    }

    /// Whether the proposal `action` of card `ci` (rank - 1) of the seat to act is legal
    /// in this normal turn: the target square, the belt (slides), King safety and the
    /// loop rule.
    #[inline]
    pub(crate) fn proposal_legal(&self, action: Action, ci: usize) -> bool {
        let s = usize::from(self.to_move);
        let (from, to) = (action.source_index(), action.to_index());
        let target = self.board[to];
        let slide = !action.is_capture() && from / WIDTH == to / WIDTH;
        if action.is_capture() {
            // A pattern slot: only onto an enemy card.
            if target == 0 || code_suit(target) == s {
                return false;
            }
        } else if slide {
            if !self.belt_allows(from, to) {
                return false;
            }
        } else if target != 0 {
            // An ascent onto an occupied square.
            return false;
        }
        if ci == usize::from(KING) - 1 && self.king_attacked_after(from, to, slide) {
            return false;
        }
        // The loop rule can only forbid the action if the moving card stood on `to` one
        // or two plies back.
        let returns = usize::from(entry_square(self.hist1[s][ci])) == to
            || usize::from(entry_square(self.hist2[ci])) == to;
        !returns || !self.repeats_after(from, to, slide)
    }

    /// Whether the King moving from `from` to `to` (a slide, or an ascent or capture)
    /// stands attacked by the other seat afterwards.
    #[inline(never)]
    pub(crate) fn king_attacked_after(&self, from: usize, to: usize, slide: bool) -> bool {
        let enemy = 1 - usize::from(self.to_move);
        if slide {
            attacked_on(&self.board_after_slide(from, to), to, enemy)
        } else {
            // Enemy cards do not move: the board now decides.
            attacked_on(&self.board, to, enemy)
        }
    }

    /// Whether the action from `from` to `to` (a slide, or an ascent or capture) leaves
    /// the seat to act's cards as one or two plies back (the loop rule).
    #[inline(never)]
    fn repeats_after(&self, from: usize, to: usize, slide: bool) -> bool {
        let s = usize::from(self.to_move);
        let layout = if slide {
            self.layout_after_slide(from, to, s)
        } else {
            self.layout_after_move(self.board[from], to, s)
        };
        self.is_repeat(&layout, s)
    }

    /// Whether the belt lets the slide `from`-`to` happen (no shifted card lands on a
    /// card of its own suit, no King on the other King): [`CardSiege::belt_clamp`] on
    /// the files next to `from`.
    #[inline]
    fn belt_allows(&self, from: usize, to: usize) -> bool {
        let row = from / WIDTH;
        if row == NEUTRAL {
            return true;
        }
        let row_suit = row / 2;
        let file = from % WIDTH;
        let mut carried = 0u16;
        for f in file.saturating_sub(1)..=(file + 1).min(WIDTH - 1) {
            let c = self.board[NEUTRAL * WIDTH + f];
            if c != 0 && code_suit(c) == row_suit {
                carried |= 1 << f;
            }
        }
        let (lo, hi) = self.belt_clamp(row_suit, carried, file, 0, WIDTH - 1);
        (lo..=hi).contains(&(to % WIDTH))
    }

    /// A uniformly random legal action by rejection over the proposals (a normal turn),
    /// or by the exact draw (sieges, evacuations, or too many rejections in a row).
    pub(crate) fn sample_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.phase == Phase::Normal && !self.limit_reached() {
            let p = self.proposals();
            if p.total == 0 {
                return None;
            }
            for _ in 0..MAX_REJECTIONS {
                let (action, ci) = self.proposal(&p, rng.random_range(0..p.total));
                if self.proposal_legal(action, ci) {
                    return Some(action);
                }
            }
        }
        self.random_action(rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::code_rank;
    use crate::rules::Rules;
    use pyramid_core::rand::SeedableRng;
    use pyramid_core::{Game, Notation, RuleSet};

    /// A random position past the opening, no siege: both Kings and most other cards,
    /// half of them in the neutral row (where belts collide and Kings get besieged).
    fn crowded(rng: &mut pyramid_core::ChaCha8Rng, rules: Rules) -> CardSiege {
        let mut state = CardSiege::new(&rules.with_opening(false));
        state.board = [0; SQUARES];
        for suit in 0..2u8 {
            for rank in 1..=KING {
                if rank != KING && rng.random_range(0..5) == 0 {
                    continue;
                }
                loop {
                    let row = [0, 2, 1, 1][rng.random_range(0..4)];
                    let sq = row * WIDTH + rng.random_range(0..WIDTH);
                    if state.board[sq] == 0 {
                        state.board[sq] = (suit << 4) | rank;
                        break;
                    }
                }
            }
        }
        state.to_move = rng.random_range(0..2);
        state.rebuild_places();
        state
    }

    /// On every state of random games (from the start, and from crowded positions that
    /// reach belt collisions and sieges): each legal action is exactly one proposal, and a
    /// proposal is accepted exactly when it is legal. So drawing proposals uniformly
    /// until one is accepted draws the legal actions uniformly.
    #[test]
    fn proposals_cover_each_legal_action_once_and_accept_exactly_the_legal() {
        let mut rng = pyramid_core::ChaCha8Rng::seed_from_u64(5);
        let mut positions = 0;
        for game in 0..200 {
            let rules = if game % 3 == 0 {
                Rules::default()
            } else {
                Rules::default().with_opening(false)
            }
            .with_ply_limit(Some(600));
            let mut state = if game % 4 == 3 {
                crowded(&mut rng, rules)
            } else {
                CardSiege::new(&rules)
            };
            while let Some(next) = state.random_action(&mut rng) {
                if state.phase == Phase::Normal {
                    let legal = state.legal_actions();
                    let p = state.proposals();
                    let mut accepted = Vec::new();
                    for i in 0..p.total {
                        let (action, ci) = state.proposal(&p, i);
                        assert_eq!(
                            ci,
                            usize::from(code_rank(state.board[action.source_index()])) - 1
                        );
                        let ok = state.proposal_legal(action, ci);
                        assert_eq!(
                            ok,
                            legal.contains(&action),
                            "{action} at `{}`",
                            state.position()
                        );
                        if ok {
                            accepted.push(action);
                        }
                    }
                    let mut sorted = legal.clone();
                    let key = |a: &Action| (a.source_index(), a.to_index(), a.is_capture());
                    sorted.sort_by_key(key);
                    accepted.sort_by_key(key);
                    assert_eq!(accepted, sorted, "at `{}`", state.position());
                    positions += 1;
                }
                state.play_unchecked(next);
            }
        }
        assert!(positions > 10_000);
    }
}
