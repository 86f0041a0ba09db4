//! An independent engine written straight from the rulings (the rules as crates/card-siege/docs/rules.md states them,
//! Clarifications included), slow and plain, that shares no code with the crate: the two
//! must agree on the legal actions, the board, the siege, the phase and the seat to act
//! at every decision point of random games. The games start from the start positions and
//! from crowded random positions (Kings and many cards in the neutral row), and the
//! random player prefers captures and King actions, so that belt collisions, belt
//! sieges, sieges and their answers, won sieges with evacuations, checkmates, Kings
//! capturing Kings and the loop rule around sieges all come up.

use card_siege::{CardSiege, Phase, Rank, Rules, Suit};
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{ChaCha8Rng, Game, Square};
use pyramid_testkit::conformance::{check_fast_paths, check_random_step, check_state};

const W: usize = 15;
const KING: u8 = 13;

/// A card: suit (0 Hearts, 1 Spades) and rank 1..=13.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct C {
    suit: u8,
    rank: u8,
}

/// A card's place, as the loop rule compares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Alone(usize),
    Under(usize),
    OnTop(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ph {
    Normal,
    Siege,
    Evacuate,
}

/// Every card's place, by suit and rank - 1 (`None`: left the game).
type Places = [[Option<Place>; 13]; 2];

#[derive(Clone, Debug)]
struct Ref {
    /// The card each square shows (the top card of a stack).
    top: [Option<C>; 45],
    /// The siege square and the suit of the King underneath.
    under: Option<(usize, u8)>,
    phase: Ph,
    to_move: u8,
    opening: [u8; 2],
    /// The places at every earlier decision point, oldest first.
    history: Vec<Places>,
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % W) as u8) as char, sq / W + 1)
}

fn at(file: isize, rank: isize) -> Option<usize> {
    ((0..W as isize).contains(&file) && (0..3).contains(&rank))
        .then(|| rank as usize * W + file as usize)
}

/// The squares a card on `sq` captures onto, by the table of the rulings.
fn pattern(c: C, sq: usize) -> Vec<usize> {
    let (f, r) = ((sq % W) as isize, (sq / W) as isize);
    let forward = if c.suit == 0 { 1 } else { -1 };
    let steps: Vec<(isize, isize)> = match c.rank {
        7 | 8 => vec![(-2, forward), (-1, forward), (1, forward), (2, forward)],
        9 | 10 => vec![(-2, 0), (-1, 0), (1, 0), (2, 0)],
        11 | 12 => vec![
            (-1, -1),
            (1, -1),
            (-1, 1),
            (1, 1),
            (-2, -2),
            (2, -2),
            (-2, 2),
            (2, 2),
        ],
        _ => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
    };
    steps
        .into_iter()
        .filter_map(|(df, dr)| at(f + df, r + dr))
        .collect()
}

fn slide_limit(rank: u8) -> usize {
    match rank {
        1 | 13 => 1,
        2..=6 => usize::from(rank),
        _ => 4,
    }
}

impl Ref {
    fn places(&self) -> Places {
        let mut p: Places = [[None; 13]; 2];
        for (sq, c) in self.top.iter().enumerate() {
            if let Some(c) = c {
                let place = if self.under.is_some_and(|(s, _)| s == sq) {
                    Place::OnTop(sq)
                } else {
                    Place::Alone(sq)
                };
                p[usize::from(c.suit)][usize::from(c.rank) - 1] = Some(place);
            }
        }
        if let Some((sq, suit)) = self.under {
            p[usize::from(suit)][12] = Some(Place::Under(sq));
        }
        p
    }

    /// Some card of `by` could capture onto `sq` by its pattern (top cards only).
    fn attacked(&self, sq: usize, by: u8) -> bool {
        self.top
            .iter()
            .enumerate()
            .any(|(q, c)| c.is_some_and(|c| c.suit == by && pattern(c, q).contains(&sq)))
    }

    /// The loop rule: the mover's cards after the action stand as one or two plies back.
    fn repeats(&self, next: &Ref, s: u8) -> bool {
        let mine = next.places()[usize::from(s)];
        self.history
            .iter()
            .rev()
            .take(2)
            .any(|p| p[usize::from(s)] == mine)
    }

    /// The slide `from`-`to`: conveyor, then the belt with its collisions; `None` when a
    /// collision makes it illegal.
    fn slide(&self, from: usize, to: usize) -> Option<Ref> {
        let mut n = self.clone();
        let r = from / W;
        let (f0, f1) = (from % W, to % W);
        let dir: isize = if f1 > f0 { 1 } else { -1 };
        // Conveyor: the passed squares shift one file back toward `from`.
        let mut f = f0;
        while f != f1 {
            let next = (f as isize + dir) as usize;
            n.top[r * W + f] = self.top[r * W + next];
            f = next;
        }
        n.top[to] = self.top[from];
        if r == 1 {
            return Some(n);
        }
        // Belt: the row suit's neutral cards in the passed files shift too.
        let row_suit = if r == 0 { 0 } else { 1 };
        let passed: Vec<usize> = if f1 > f0 {
            (f0 + 1..=f1).collect()
        } else {
            (f1..f0).collect()
        };
        let shifts = |file: usize| {
            passed.contains(&file) && self.top[W + file].is_some_and(|c| c.suit == row_suit)
        };
        for &file in &passed {
            if shifts(file) {
                n.top[W + file] = None;
            }
        }
        for &file in &passed {
            if !shifts(file) {
                continue;
            }
            let card = self.top[W + file]?;
            let land = (file as isize - dir) as usize;
            // A card that did not shift stands there?
            if !shifts(land)
                && let Some(o) = self.top[W + land]
            {
                if o.suit == row_suit {
                    return None;
                }
                if o.rank == KING {
                    if card.rank == KING {
                        return None;
                    }
                    n.under = Some((W + land, o.suit));
                    n.phase = Ph::Siege;
                }
            }
            n.top[W + land] = Some(card);
        }
        Some(n)
    }

    /// The legal actions with the state right after each (before the turn passes).
    fn actions(&self) -> Vec<(String, Ref)> {
        let s = self.to_move;
        let mut out = Vec::new();
        let mut push = |text: String, next: Ref, king_to: Option<usize>| {
            let safe = king_to.is_none_or(|sq| !next.attacked(sq, 1 - s));
            if safe && !self.repeats(&next, s) {
                out.push((text, next));
            }
        };
        match self.phase {
            Ph::Normal => {
                let home = if s == 0 { 0 } else { 2 };
                for sq in 0..45 {
                    let Some(c) = self.top[sq] else { continue };
                    if c.suit != s {
                        continue;
                    }
                    let (r, f) = (sq / W, sq % W);
                    let king = (c.rank == KING).then_some(());
                    let opening = self.opening[usize::from(s)] > 0;
                    if opening && r != home {
                        continue;
                    }
                    for t in 0..W {
                        if t != f && t.abs_diff(f) <= slide_limit(c.rank) {
                            let to = r * W + t;
                            if let Some(next) = self.slide(sq, to) {
                                push(format!("{}-{}", name(sq), name(to)), next, king.map(|_| to));
                            }
                        }
                    }
                    if opening {
                        continue;
                    }
                    if r == home && self.top[W + f].is_none() {
                        let mut next = self.clone();
                        next.top[W + f] = Some(c);
                        next.top[sq] = None;
                        push(
                            format!("{}-{}", name(sq), name(W + f)),
                            next,
                            king.map(|_| W + f),
                        );
                    }
                    for t in pattern(c, sq) {
                        let Some(o) = self.top[t] else { continue };
                        if o.suit == s {
                            continue;
                        }
                        let mut next = self.clone();
                        if o.rank == KING {
                            next.under = Some((t, o.suit));
                            next.phase = Ph::Siege;
                        }
                        next.top[t] = Some(c);
                        next.top[sq] = None;
                        push(format!("{}x{}", name(sq), name(t)), next, king.map(|_| t));
                    }
                }
            }
            Ph::Siege => {
                let Some((siege, _)) = self.under else {
                    return out;
                };
                if self.top[siege].is_none_or(|c| c.suit == s) {
                    return out;
                }
                for q in 0..45 {
                    let Some(c) = self.top[q] else { continue };
                    if c.suit != s || q == siege || !pattern(c, q).contains(&siege) {
                        continue;
                    }
                    let mut next = self.clone();
                    next.top[siege] = Some(c);
                    next.top[q] = None;
                    let king = (c.rank == KING).then_some(siege);
                    push(format!("{}x{}", name(q), name(siege)), next, king);
                }
            }
            Ph::Evacuate => {
                let Some((siege, suit)) = self.under else {
                    return out;
                };
                for t in [siege.wrapping_sub(1), siege + 1] {
                    if t < 45 && t / W == siege / W && self.top[t].is_none() {
                        let mut next = self.clone();
                        next.top[t] = Some(C { suit, rank: KING });
                        next.under = None;
                        next.phase = Ph::Normal;
                        push(format!("{}-{}", name(siege), name(t)), next, Some(t));
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, text: &str) {
        let s = self.to_move;
        let was = self.phase;
        let Some((_, next)) = self.actions().into_iter().find(|(t, _)| t == text) else {
            panic!("reference: `{text}` is not legal");
        };
        let mut history = std::mem::take(&mut self.history);
        history.push(self.places());
        *self = next;
        self.history = history;
        if was == Ph::Normal {
            self.opening[usize::from(s)] = self.opening[usize::from(s)].saturating_sub(1);
        }
        self.to_move = 1 - s;
        // The besieging seat to move that cannot answer: not a decision point; the King's
        // seat has won the stack and evacuates.
        if self.phase == Ph::Siege {
            let (_, king) = self.under.expect("a siege");
            if self.to_move != king && self.actions().is_empty() {
                self.phase = Ph::Evacuate;
                self.to_move = king;
            }
        }
    }

    /// The reference state of an engine state with no siege and no history.
    fn of(g: &CardSiege) -> Ref {
        assert_eq!(g.phase(), Phase::Normal);
        let mut top = [None; 45];
        for (sq, cell) in top.iter_mut().enumerate() {
            *cell = g
                .card_at(Square::new((sq % W) as u8, (sq / W) as u8))
                .map(|c| C {
                    suit: c.suit.index() as u8,
                    rank: c.rank.value(),
                });
        }
        Ref {
            top,
            under: None,
            phase: Ph::Normal,
            to_move: g.suit_to_move().index() as u8,
            opening: [
                g.opening_turns_left(Suit::Hearts),
                g.opening_turns_left(Suit::Spades),
            ],
            history: Vec::new(),
        }
    }
}

/// The engine and the reference agree on everything the rulings decide here.
fn agree(g: &CardSiege, r: &Ref) -> Vec<String> {
    let pos = g.position();
    for sq in 0..45 {
        let shown = g
            .card_at(Square::new((sq % W) as u8, (sq / W) as u8))
            .map(|c| C {
                suit: c.suit.index() as u8,
                rank: c.rank.value(),
            });
        assert_eq!(shown, r.top[sq], "square {} at `{pos}`", name(sq));
    }
    assert_eq!(
        g.siege()
            .map(|q| usize::from(q.rank()) * W + usize::from(q.file())),
        r.under.map(|(q, _)| q),
        "siege at `{pos}`"
    );
    let phase = match g.phase() {
        Phase::Normal => Ph::Normal,
        Phase::Siege => Ph::Siege,
        Phase::Evacuate => Ph::Evacuate,
    };
    assert_eq!(phase, r.phase, "phase at `{pos}`");
    assert_eq!(
        g.suit_to_move().index() as u8,
        r.to_move,
        "to move at `{pos}`"
    );
    let mut mine: Vec<String> = g.legal_actions().iter().map(ToString::to_string).collect();
    let mut theirs: Vec<String> = r.actions().into_iter().map(|(t, _)| t).collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs, "legal actions at `{pos}`");
    assert_eq!(g.count_actions(), mine.len(), "count at `{pos}`");
    mine
}

/// A random position: both Kings, most other cards, many in the neutral row.
fn crowded(rng: &mut ChaCha8Rng) -> Option<CardSiege> {
    let mut cells = vec![".".to_owned(); 45];
    for suit in ['h', 's'] {
        for rank in Rank::all() {
            let king = rank == Rank::KING;
            if !king && rng.random_range(0..10) < 2 {
                continue;
            }
            for _ in 0..100 {
                // Half the time the neutral row, Kings more often.
                let row = match rng.random_range(0..if king { 3 } else { 4 }) {
                    0 => 0,
                    1 => 2,
                    _ => 1,
                };
                let sq = row * W + rng.random_range(0..W);
                if cells[sq] == "." {
                    cells[sq] = format!("{}{suit}", rank.letter());
                    break;
                }
            }
        }
    }
    let board = (0..3)
        .rev()
        .map(|r| cells[r * W..r * W + W].concat())
        .collect::<Vec<_>>()
        .join("/");
    let turn = if rng.random_range(0..2) == 0 {
        "h"
    } else {
        "s"
    };
    CardSiege::from_position(&format!("{board} {turn} 0,0 - - 0"), &Rules::default()).ok()
}

/// Plays a game in both engines, preferring captures and King actions, and returns the
/// rare events seen.
fn play_both(mut g: CardSiege, rng: &mut ChaCha8Rng, plies: usize, seen: &mut Seen) {
    let mut r = Ref::of(&g);
    let mut probe = ChaCha8Rng::seed_from_u64(rng.random_range(0..u64::MAX));
    for ply in 0..plies {
        let legal = agree(&g, &r);
        // The other paths (nth_action, random_action, play_random) on the same states,
        // and every few plies the whole harness.
        let actions = g.legal_actions();
        check_fast_paths(&g, &actions);
        check_random_step(&g, &mut probe);
        if ply % 8 == 0 {
            check_state(&g, &[]);
        }
        if legal.is_empty() {
            assert!(
                g.outcome().is_some(),
                "no action but not over at `{}`",
                g.position()
            );
            seen.ends += 1;
            return;
        }
        let weight = |a: &str| {
            let from: Square = a[..2].parse().expect("a square");
            let king = g.card_at(from).is_some_and(|c| c.rank == Rank::KING);
            if a.contains('x') {
                6
            } else if king {
                3
            } else {
                1
            }
        };
        let total: usize = legal.iter().map(|a| weight(a)).sum();
        let mut pick = rng.random_range(0..total);
        let mut chosen = &legal[0];
        for a in &legal {
            if pick < weight(a) {
                chosen = a;
                break;
            }
            pick -= weight(a);
        }
        let before = (g.phase(), g.suit_to_move());
        let action = g.parse_action(chosen).expect("legal");
        g.play(action).expect("legal");
        r.play(chosen);
        match (before.0, g.phase()) {
            (Phase::Normal, Phase::Siege) if !chosen.contains('x') => seen.belt_sieges += 1,
            (Phase::Normal, Phase::Evacuate) if !chosen.contains('x') => seen.own_belt += 1,
            (Phase::Siege, Phase::Evacuate) => seen.won += 1,
            (Phase::Evacuate, _) => seen.evacuations += 1,
            _ => {}
        }
    }
}

#[derive(Default, Debug)]
struct Seen {
    ends: usize,
    belt_sieges: usize,
    own_belt: usize,
    won: usize,
    evacuations: usize,
}

#[test]
fn an_engine_written_from_the_rulings_agrees_over_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut seen = Seen::default();
    for game in 0..320 {
        let start = match game % 4 {
            0 => CardSiege::new(&Rules::default()),
            1 => CardSiege::new(&Rules::default().with_opening(false)),
            _ => match crowded(&mut rng) {
                Some(g) => g,
                None => continue,
            },
        };
        play_both(start, &mut rng, 200, &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.ends > 100 && seen.belt_sieges >= 5 && seen.own_belt >= 5);
    assert!(seen.won > 20 && seen.evacuations > 20);
}
