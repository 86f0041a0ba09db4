//! An independent, deliberately plain reading of the ruling (as crates/stacktrices/docs/rules.md states it)
//! that lists the legal actions of every decision by brute force (every give and take
//! combination of a trade, every route of a queen-skilled stack) and predicts what each
//! main action, raid and trade leads to. Random games from both starts and under both
//! variants are checked against it state by state: the engine's legal actions (listed,
//! counted and drawn) must be exactly the reference's.

// Pieces are indexed by kind (0 to 5) throughout, as in the ruling's `P D Q p d q`.
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeSet;

use crate::common::game_with;
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, Outcome, RandomBot, Seat, Square};
use pyramid_testkit::conformance::check_information_set;
use stacktrices::{Action, Base, Decision, Piece, Rules, Stacktrices, Start};

/// Pieces per kind, `P D Q p d q`.
type Counts = [u8; 6];

const PIPS: [u8; 6] = [1, 2, 3, 1, 2, 3];
const LETTERS: [char; 6] = ['P', 'D', 'Q', 'p', 'd', 'q'];

#[derive(Clone, Copy)]
struct St {
    owner: u8,
    drone: bool,
    pieces: Counts,
}

fn movement(p: &Counts) -> u8 {
    p[0] + p[1] + p[2]
}

fn skills(p: &Counts) -> u8 {
    p[3] + p[4] + p[5]
}

fn steps(p: &Counts) -> u8 {
    p[0] + 2 * p[1] + 3 * p[2]
}

/// "at most one movement piece" (unless Variant 2 after setup); "a stack never holds a
/// skill piece without one".
fn legal_stack(p: &Counts, several: bool) -> bool {
    (several || movement(p) <= 1) && (movement(p) > 0 || skills(p) == 0)
}

fn with(p: &Counts, k: usize) -> Counts {
    let mut q = *p;
    q[k] += 1;
    q
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 7) as u8) as char, sq / 7 + 1)
}

fn idx(s: Square) -> usize {
    usize::from(s.rank()) * 7 + usize::from(s.file())
}

fn at(sq: usize, d: (i32, i32)) -> Option<usize> {
    let f = (sq % 7) as i32 + d.0;
    let r = (sq / 7) as i32 + d.1;
    ((0..7).contains(&f) && (0..7).contains(&r)).then(|| (r * 7 + f) as usize)
}

/// Clockwise from north.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn home_rank(seat: u8) -> usize {
    if seat == 0 { 0 } else { 6 }
}

/// The full state as plain data, read through the public accessors.
struct Ref {
    board: [Option<St>; 49],
    store: Counts,
    held: Counts,
    thief: [Option<usize>; 2],
    raider: [Option<usize>; 2],
    exposed: [bool; 2],
    decision: Decision,
    turn: u8,
    /// The stack that moved this turn, while a raid or optional steal depends on it.
    lander: Option<usize>,
    several: bool,
    hand: [Counts; 2],
}

impl Ref {
    fn new(g: &Stacktrices) -> Ref {
        let mut board = [None; 49];
        for (sq, st) in g.stacks() {
            board[idx(sq)] = Some(St {
                owner: st.owner().0,
                drone: st.base() == Base::Drone,
                pieces: st.pieces().0,
            });
        }
        let position = g.position();
        let decision_field = position.split(' ').nth(4).expect("decision field");
        let lander = decision_field
            .rsplit_once('@')
            .map(|(_, sq)| idx(sq.parse().expect("square after @")));
        let decision = g.decision();
        Ref {
            board,
            store: g.store().0,
            held: g.held().0,
            thief: [0, 1].map(|s| g.thief(Seat(s)).map(idx)),
            raider: [0, 1].map(|s| g.raider(Seat(s)).map(idx)),
            exposed: [0, 1].map(|s| g.is_exposed(Seat(s))),
            decision,
            turn: g.seat_to_move().0,
            lander,
            several: g.rules().variant2()
                && !matches!(decision, Decision::SetupHide | Decision::Place),
            hand: [0, 1].map(|s| g.hand(Seat(s)).0),
        }
    }

    fn own(&self, seat: u8) -> impl Iterator<Item = usize> + '_ {
        (0..49).filter(move |&s| self.board[s].is_some_and(|st| st.owner == seat))
    }

    fn drones(&self, seat: u8) -> Vec<usize> {
        self.own(seat)
            .filter(|&s| self.board[s].is_some_and(|st| st.drone))
            .collect()
    }

    fn can_take(&self, sq: usize, k: usize) -> bool {
        self.board[sq].is_some_and(|st| legal_stack(&with(&st.pieces, k), self.several))
    }

    fn actions(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let me = self.turn;
        match self.decision {
            Decision::Over => {}
            Decision::SetupHide => {
                for s in self.drones(me) {
                    out.insert(format!("hide={}", name(s)));
                }
            }
            Decision::VictimHide => {
                for s in self.drones(me ^ 1) {
                    out.insert(format!("hide={}", name(s)));
                }
            }
            Decision::Rehide => {
                if self.exposed[usize::from(me)] {
                    // crates/stacktrices/docs/rules.md: an exposed thief cannot change stacks.
                    let t = self.thief[usize::from(me)].expect("a thief");
                    out.insert(format!("hide={}", name(t)));
                } else {
                    for s in self.drones(me) {
                        out.insert(format!("hide={}", name(s)));
                    }
                }
            }
            Decision::Place => {
                for k in 0..6 {
                    if self.hand[usize::from(me)][k] == 0 {
                        continue;
                    }
                    for s in self.own(me) {
                        if self.can_take(s, k) {
                            out.insert(format!("place={}@{}", LETTERS[k], name(s)));
                        }
                    }
                }
            }
            Decision::Steal | Decision::OptionalSteal => {
                let optional = self.decision == Decision::OptionalSteal;
                if optional {
                    out.insert("steal=none".to_owned());
                }
                if !optional || self.lander == self.thief[usize::from(me)] {
                    for k in 0..6 {
                        if self.held[k] == 0 {
                            continue;
                        }
                        for s in self.own(me) {
                            if self.can_take(s, k) {
                                out.insert(format!("steal={}@{}", LETTERS[k], name(s)));
                            }
                        }
                    }
                }
            }
            Decision::Raid => self.raids(&mut out),
            Decision::Main => self.main(&mut out),
            Decision::Trade => self.trades(&mut out),
        }
        out
    }

    fn main(&self, out: &mut BTreeSet<String>) {
        let me = self.turn;
        for from in self.own(me).collect::<Vec<_>>() {
            let st = self.board[from].expect("stack");
            let mut dests = BTreeSet::new();
            if movement(&st.pieces) == 0 {
                // Pupil: a capture of an enemy stack on any of the 8 adjacent squares.
                for d in DIRS {
                    if let Some(t) = at(from, d)
                        && self.board[t].is_some_and(|o| o.owner != me)
                    {
                        dests.insert(t);
                    }
                }
            } else if st.pieces[5] > 0 {
                for d in 0..8 {
                    self.route(from, d, steps(&st.pieces), 1u64 << from, &mut dests);
                }
            } else {
                let forward: [usize; 2] = if me == 0 { [1, 7] } else { [3, 5] };
                let mut dirs: BTreeSet<usize> = forward.into_iter().collect();
                if st.pieces[3] > 0 {
                    dirs.extend([1, 3, 5, 7]);
                }
                if st.pieces[4] > 0 {
                    dirs.extend([0, 2, 4, 6]);
                }
                for d in dirs {
                    let mut sq = from;
                    for _ in 0..steps(&st.pieces) {
                        let Some(t) = at(sq, DIRS[d]) else { break };
                        match self.board[t] {
                            None => {
                                dests.insert(t);
                                sq = t;
                            }
                            Some(o) => {
                                if o.owner != me {
                                    dests.insert(t);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            for t in dests {
                out.insert(format!("{}-{}", name(from), name(t)));
            }
            // Warp: from the opponent's home row to any empty square of the own home row.
            if from / 7 == home_rank(me ^ 1) {
                for f in 0..7 {
                    let t = home_rank(me) * 7 + f;
                    if self.board[t].is_none() {
                        out.insert(format!("{}~{}", name(from), name(t)));
                    }
                }
            }
        }
    }

    /// Queen-skilled routes: entering a friendly stack costs no step, an empty or the
    /// captured square one; an adult is left in the same direction, a skilled stack in the
    /// same direction or turned 45 degrees; a pupil blocks; no square twice.
    fn route(&self, sq: usize, d: usize, left: u8, seen: u64, dests: &mut BTreeSet<usize>) {
        let Some(t) = at(sq, DIRS[d]) else { return };
        if seen >> t & 1 == 1 {
            return;
        }
        let seen = seen | 1 << t;
        match self.board[t] {
            None if left > 0 => {
                dests.insert(t);
                self.route(t, d, left - 1, seen, dests);
            }
            None => {}
            Some(o) if o.owner != self.turn && left > 0 => {
                dests.insert(t);
            }
            Some(o) if o.owner != self.turn => {}
            Some(o) if movement(&o.pieces) == 0 => {}
            Some(o) if skills(&o.pieces) == 0 => self.route(t, d, left, seen, dests),
            Some(_) => {
                for turn in [0, 1, 7] {
                    self.route(t, (d + turn) % 8, left, seen, dests);
                }
            }
        }
    }

    fn raids(&self, out: &mut BTreeSet<String>) {
        let me = self.turn;
        out.insert("raid=none".to_owned());
        let thief = self.thief[usize::from(me)];
        if self.lander.is_none() || self.lander != thief || self.raider[usize::from(me)] == thief {
            return;
        }
        let own: Vec<usize> = self.own(me).collect();
        for from in self.own(me ^ 1) {
            let p = self.board[from].expect("stack").pieces;
            // Unprotected: an adult's movement piece, any skill piece of a skilled stack.
            let kinds: Vec<usize> = if movement(&p) == 0 {
                vec![]
            } else if skills(&p) == 0 {
                (0..3).filter(|&k| p[k] > 0).collect()
            } else {
                (3..6).filter(|&k| p[k] > 0).collect()
            };
            for k in kinds {
                for &to in &own {
                    if self.can_take(to, k) {
                        out.insert(format!("raid={}@{}>{}", LETTERS[k], name(from), name(to)));
                    }
                }
            }
        }
        for k in 0..6 {
            if self.store[k] == 0 {
                continue;
            }
            for &to in &own {
                if self.can_take(to, k) {
                    out.insert(format!("raid={}>{}", LETTERS[k], name(to)));
                }
            }
        }
        let room = own.iter().any(|&s| (0..3).any(|k| self.can_take(s, k)));
        if !room {
            for &s in &own {
                let p = self.board[s].expect("stack").pieces;
                for k in 0..6 {
                    if p[k] > 0 && k % 3 < 2 && self.store[k + 1] > 0 {
                        out.insert(format!("raid=+{}@{}", LETTERS[k], name(s)));
                    }
                }
            }
        }
    }

    /// Every give multiset of 1 to 3 pieces and every take multiset of 1 to 3 (kind,
    /// receiving stack) pairs, checked one by one against the trade rules.
    fn trades(&self, out: &mut BTreeSet<String>) {
        out.insert("trade=none".to_owned());
        let me = self.turn;
        let own: Vec<usize> = self.own(me).collect();
        // One unit per piece of the mover's stacks.
        let mut units: Vec<(usize, usize)> = Vec::new();
        for &s in &own {
            let p = self.board[s].expect("stack").pieces;
            for k in 0..6 {
                for _ in 0..p[k] {
                    units.push((s, k));
                }
            }
        }
        let mut gives: BTreeSet<Vec<(usize, usize)>> = BTreeSet::new();
        let n = units.len();
        for i in 0..n {
            gives.insert(vec![units[i]]);
            for j in i + 1..n {
                let mut g = vec![units[i], units[j]];
                g.sort();
                gives.insert(g.clone());
                for k in j + 1..n {
                    let mut g = vec![units[i], units[j], units[k]];
                    g.sort();
                    gives.insert(g);
                }
            }
        }
        // Take multisets of (stack, kind), grouped by pips.
        let options: Vec<(usize, usize)> = own
            .iter()
            .flat_map(|&s| (0..6).map(move |k| (s, k)))
            .collect();
        let mut takes: Vec<Vec<Vec<(usize, usize)>>> = vec![Vec::new(); 10];
        let m = options.len();
        for a in 0..m {
            for b in a..=m {
                for c in b..=m {
                    if b == m && c < m {
                        continue;
                    }
                    let mut t = vec![options[a]];
                    if b < m {
                        t.push(options[b]);
                    }
                    if c < m {
                        t.push(options[c]);
                    }
                    let pips: u8 = t.iter().map(|&(_, k)| PIPS[k]).sum();
                    takes[usize::from(pips)].push(t);
                }
            }
        }
        for give in &gives {
            let given_pips: u8 = give.iter().map(|&(_, k)| PIPS[k]).sum();
            if given_pips < 2 {
                continue;
            }
            for take in &takes[usize::from(given_pips - 1)] {
                if self.trade_ok(give, take) {
                    let fmt = |l: &Vec<(usize, usize)>| {
                        l.iter()
                            .map(|&(s, k)| format!("{}@{}", LETTERS[k], name(s)))
                            .collect::<Vec<_>>()
                            .join(",")
                    };
                    out.insert(format!("trade={}>{}", fmt(give), fmt(take)));
                }
            }
        }
    }

    fn trade_ok(&self, give: &[(usize, usize)], take: &[(usize, usize)]) -> bool {
        // Pieces taken are in the store before the trade.
        let mut store = self.store;
        for &(_, k) in take {
            if store[k] == 0 {
                return false;
            }
            store[k] -= 1;
        }
        let mut after: Vec<(usize, Counts)> = Vec::new();
        let slot = |s: usize, after: &mut Vec<(usize, Counts)>| -> usize {
            if let Some(i) = after.iter().position(|&(x, _)| x == s) {
                return i;
            }
            after.push((s, self.board[s].expect("stack").pieces));
            after.len() - 1
        };
        for &(s, k) in give {
            let i = slot(s, &mut after);
            if after[i].1[k] == 0 {
                return false;
            }
            after[i].1[k] -= 1;
        }
        for &(s, k) in take {
            let gave = give.iter().any(|&(g, _)| g == s);
            let pupil = movement(&self.board[s].expect("stack").pieces) == 0;
            // On a stack that gave a piece in this trade, or on a pupil.
            if !gave && !pupil {
                return false;
            }
            // Never give and take the same kind on the same stack.
            if give.contains(&(s, k)) {
                return false;
            }
            let i = slot(s, &mut after);
            after[i].1[k] += 1;
        }
        after.iter().all(|(_, p)| legal_stack(p, self.several))
    }
}

/// What the ruling says a main action leads to: the next decision, the seat to act and
/// the store (captured pieces go to the store at once, except those held for a steal).
fn check_main_successor(before: &Ref, g: &Stacktrices, action: &str) {
    let me = before.turn;
    let opp = me ^ 1;
    let (from, to, warp) = match action.split_once('-') {
        Some((f, t)) => (f, t, false),
        None => {
            let (f, t) = action.split_once('~').expect("a move or a warp");
            (f, t, true)
        }
    };
    let from = idx(from.parse().expect("square"));
    let to = idx(to.parse().expect("square"));
    let mover = before.board[from].expect("mover");
    let victim = before.board[to];
    let pos = g.position();
    if victim.is_some() && before.own(opp).count() == 1 {
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat(me))), "at `{pos}`");
        assert_eq!(g.decision(), Decision::Over);
        return;
    }
    let thief_captured =
        victim.is_some_and(|v| v.drone && before.thief[usize::from(opp)] == Some(to));
    let raid = !warp && mover.drone && to / 7 == home_rank(opp);
    let after = Ref::new(g);
    let captured = victim.map_or([0; 6], |v| v.pieces);
    let can_place =
        |r: &Ref| (0..6).any(|k| captured[k] > 0 && r.own(me).any(|s| r.can_take(s, k)));
    let expected = if thief_captured && can_place(&after) {
        Decision::Steal
    } else if !thief_captured && victim.is_some() && mover.drone && g.rules().variant1() {
        Decision::OptionalSteal
    } else if thief_captured && !after.drones(opp).is_empty() {
        Decision::VictimHide
    } else if raid {
        Decision::Raid
    } else {
        Decision::Trade
    };
    assert_eq!(g.decision(), expected, "after `{action}`: `{pos}`");
    let actor = if expected == Decision::VictimHide {
        opp
    } else {
        me
    };
    assert_eq!(g.to_act(), Some(Seat(actor)), "after `{action}`: `{pos}`");
    // The store: the captured pieces are there at once unless held for a steal.
    let mut store = before.store;
    if !matches!(expected, Decision::Steal | Decision::OptionalSteal) {
        for k in 0..6 {
            store[k] += captured[k];
        }
    } else {
        assert_eq!(after.held, captured, "held pieces at `{pos}`");
    }
    assert_eq!(after.store, store, "store after `{action}`: `{pos}`");
    if thief_captured {
        assert_eq!(after.thief[usize::from(opp)], None, "at `{pos}`");
    }
}

/// The whole board, store, held pieces, thieves and bars after `action`, applied by hand.
fn check_board_after(before: &Ref, g: &Stacktrices, action: Action) {
    let me = before.turn;
    let (mi, oi) = (usize::from(me), usize::from(me ^ 1));
    let mut board = before.board;
    let mut store = before.store;
    let mut held = before.held;
    let mut thief = before.thief;
    let barred_before = |s: usize| before.thief[s].is_some() && before.thief[s] == before.raider[s];
    let mut barred = [barred_before(0), barred_before(1)];
    let add = |board: &mut [Option<St>; 49], sq: Square, k: Piece| {
        if let Some(st) = board[idx(sq)].as_mut() {
            st.pieces[k.index()] += 1;
        }
    };
    let remove = |board: &mut [Option<St>; 49], sq: Square, k: Piece| {
        let st = board[idx(sq)].as_mut().expect("a stack");
        assert!(
            st.pieces[k.index()] > 0,
            "`{action}` removes a missing piece"
        );
        st.pieces[k.index()] -= 1;
    };
    let release = |store: &mut Counts, held: &mut Counts| {
        for k in 0..6 {
            store[k] += held[k];
            held[k] = 0;
        }
    };
    match action {
        Action::Move { from, to } | Action::Warp { from, to } => {
            let (f, t) = (idx(from), idx(to));
            let victim = board[t].take();
            board[t] = board[f].take();
            if thief[mi] == Some(f) {
                thief[mi] = Some(t);
            }
            if let Some(v) = victim {
                if thief[oi] == Some(t) {
                    thief[oi] = None;
                    barred[oi] = false;
                }
                // Held apart while a steal is pending, otherwise to the store at once.
                if matches!(g.decision(), Decision::Steal | Decision::OptionalSteal) {
                    held = v.pieces;
                } else {
                    for k in 0..6 {
                        store[k] += v.pieces[k];
                    }
                }
            }
        }
        Action::Hide(sq) => {
            let sq = idx(sq);
            match before.decision {
                Decision::SetupHide => thief[mi] = Some(sq),
                Decision::VictimHide => {
                    thief[oi] = Some(sq);
                    barred[oi] = false;
                }
                _ => {
                    barred[mi] = thief[mi] == Some(sq);
                    thief[mi] = Some(sq);
                }
            }
        }
        Action::Place(p) => add(&mut board, p.square, p.piece),
        Action::Steal(p) => {
            add(&mut board, p.square, p.piece);
            held[p.piece.index()] -= 1;
            release(&mut store, &mut held);
        }
        Action::NoSteal => release(&mut store, &mut held),
        Action::RaidTake { piece, from, to } => {
            remove(&mut board, from, piece);
            add(&mut board, to, piece);
        }
        Action::RaidStore(p) => {
            store[p.piece.index()] -= 1;
            add(&mut board, p.square, p.piece);
        }
        Action::RaidUpgrade(p) => {
            let larger = p.piece.larger().expect("a larger kind");
            remove(&mut board, p.square, p.piece);
            add(&mut board, p.square, larger);
            store[p.piece.index()] += 1;
            store[larger.index()] -= 1;
        }
        Action::NoRaid => {}
        Action::Trade(t) => {
            for gv in t.given() {
                remove(&mut board, gv.square, gv.piece);
            }
            for tk in t.taken() {
                store[tk.piece.index()] -= 1;
                add(&mut board, tk.square, tk.piece);
            }
            for gv in t.given() {
                store[gv.piece.index()] += 1;
            }
        }
        Action::NoTrade => {}
    }
    if matches!(action, Action::Trade(_) | Action::NoTrade)
        && barred[mi]
        && thief[mi].is_some_and(|t| t / 7 == home_rank(me))
    {
        barred[mi] = false;
    }
    let after = Ref::new(g);
    let pos = g.position();
    for sq in 0..49 {
        let (a, b) = (board[sq], after.board[sq]);
        assert_eq!(
            a.map(|s| (s.owner, s.drone, s.pieces)),
            b.map(|s| (s.owner, s.drone, s.pieces)),
            "{} after `{action}`: `{pos}`",
            name(sq)
        );
    }
    assert_eq!(after.store, store, "store after `{action}`: `{pos}`");
    assert_eq!(after.held, held, "held after `{action}`: `{pos}`");
    assert_eq!(after.thief, thief, "thieves after `{action}`: `{pos}`");
    // While the re-hide is pending the raider is still the thief and the last raider.
    for s in (0..2u8).filter(|_| g.decision() != Decision::Rehide) {
        assert_eq!(
            g.is_barred(Seat(s)),
            barred[usize::from(s)],
            "bar of seat {s} after `{action}`: `{pos}`"
        );
    }
}

/// The raid, the re-hide and the bar; the trade's store and the bar's lifting.
fn check_successor(before: &Ref, g: &Stacktrices, action: &str, raid_due: bool) {
    let me = before.turn;
    let pos = g.position();
    let after = Ref::new(g);
    match before.decision {
        Decision::Main => check_main_successor(before, g, action),
        Decision::Raid if action == "raid=none" => {
            assert_eq!(
                g.decision(),
                Decision::Trade,
                "no raid, no re-hide: `{pos}`"
            );
            assert_eq!(after.raider, before.raider, "no raid, no bar: `{pos}`");
        }
        Decision::Raid => {
            assert_eq!(g.decision(), Decision::Rehide, "`{pos}`");
        }
        Decision::Rehide => {
            let sq = idx(action.trim_start_matches("hide=").parse().expect("square"));
            assert_eq!(g.decision(), Decision::Trade, "`{pos}`");
            assert_eq!(
                g.is_barred(Seat(me)),
                Some(sq) == before.thief[usize::from(me)],
                "hiding under the raiding stack again bars it, elsewhere not: `{pos}`"
            );
        }
        Decision::Steal | Decision::OptionalSteal => {
            // The rest of the captured stack goes to the store at once.
            assert!(after.held.iter().all(|&c| c == 0), "`{pos}`");
            let opp = me ^ 1;
            let expected = if before.decision == Decision::Steal && !after.drones(opp).is_empty() {
                Decision::VictimHide
            } else if raid_due {
                Decision::Raid
            } else {
                Decision::Trade
            };
            assert_eq!(g.decision(), expected, "after `{action}`: `{pos}`");
        }
        Decision::VictimHide => {
            let expected = if raid_due {
                Decision::Raid
            } else {
                Decision::Trade
            };
            assert_eq!(g.decision(), expected, "after `{action}`: `{pos}`");
        }
        Decision::Trade => {
            // The bar is lifted at the end of a turn on which the barred stack stands on
            // its own home row.
            let bar = before.raider[usize::from(me)];
            let barred = bar.is_some() && bar == before.thief[usize::from(me)];
            if barred && bar.is_some_and(|b| b / 7 == home_rank(me)) {
                assert!(!g.is_barred(Seat(me)), "the bar is lifted: `{pos}`");
            } else if barred {
                assert!(g.is_barred(Seat(me)), "the bar stays: `{pos}`");
            }
            if !g.is_over() {
                assert_eq!(g.decision(), Decision::Main);
                assert_eq!(g.seat_to_move(), Seat(me ^ 1));
            }
            // Given pieces go to the store after the trade; taken ones leave it.
            let mut store = before.store;
            if let Some((given, taken)) = action
                .strip_prefix("trade=")
                .and_then(|t| t.split_once('>'))
            {
                for p in given.split(',') {
                    store[LETTERS
                        .iter()
                        .position(|&c| p.starts_with(c))
                        .expect("kind")] += 1;
                }
                for p in taken.split(',') {
                    store[LETTERS
                        .iter()
                        .position(|&c| p.starts_with(c))
                        .expect("kind")] -= 1;
                }
            }
            assert_eq!(after.store, store, "store after `{action}`: `{pos}`");
        }
        _ => {}
    }
}

/// Random actions of every shape, near the legal ones (own and other stacks, store kinds):
/// the engine calls one legal exactly when the reference lists it.
fn probe(g: &Stacktrices, expected: &BTreeSet<String>, rng: &mut ChaCha8Rng) {
    use pyramid_core::rand::Rng;
    let squares: Vec<String> = g.stacks().map(|(sq, _)| sq.to_string()).collect();
    if squares.is_empty() {
        return;
    }
    let mut sq = |rng: &mut ChaCha8Rng| {
        if rng.random_bool(0.8) {
            squares[rng.random_range(0..squares.len())].clone()
        } else {
            name(rng.random_range(0..49))
        }
    };
    for _ in 0..40 {
        let k = |rng: &mut ChaCha8Rng| LETTERS[rng.random_range(0..6)];
        let list = |rng: &mut ChaCha8Rng, sq: &mut dyn FnMut(&mut ChaCha8Rng) -> String| {
            let n = rng.random_range(1..=3);
            (0..n)
                .map(|_| format!("{}@{}", k(rng), sq(rng)))
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = match rng.random_range(0..12) {
            0 => format!("{}-{}", sq(rng), sq(rng)),
            1 => format!("{}~{}", sq(rng), name(rng.random_range(0..49))),
            2 => format!("hide={}", sq(rng)),
            3 => format!("steal={}@{}", k(rng), sq(rng)),
            4 => format!("raid={}@{}>{}", k(rng), sq(rng), sq(rng)),
            5 => format!("raid={}>{}", k(rng), sq(rng)),
            6 => format!("raid=+{}@{}", k(rng), sq(rng)),
            7 => format!("place={}@{}", k(rng), sq(rng)),
            8 => {
                let given = list(rng, &mut sq);
                format!("trade={given}>{}", list(rng, &mut sq))
            }
            _ => near_trade(g, rng),
        };
        let action: Action = text.parse().expect("well-formed");
        let canonical = action.to_string();
        assert_eq!(
            g.is_legal(action),
            expected.contains(&canonical),
            "`{canonical}` at `{}`",
            g.position()
        );
    }
}

/// A trade that gives pieces of the mover's stacks and takes pieces worth one pip less
/// onto the mover's stacks (often, but not always, legal).
fn near_trade(g: &Stacktrices, rng: &mut ChaCha8Rng) -> String {
    use pyramid_core::rand::Rng;
    let me = g.seat_to_move();
    let own: Vec<(Square, [u8; 6])> = g
        .stacks()
        .filter(|(_, st)| st.owner() == me)
        .map(|(sq, st)| (sq, st.pieces().0))
        .collect();
    let units: Vec<(Square, usize)> = own
        .iter()
        .flat_map(|&(sq, p)| (0..6).flat_map(move |k| (0..p[k]).map(move |_| (sq, k))))
        .collect();
    if units.is_empty() || own.is_empty() {
        return "trade=none".to_owned();
    }
    let n = rng.random_range(1..=3);
    let given: Vec<(Square, usize)> = (0..n)
        .map(|_| units[rng.random_range(0..units.len())])
        .collect();
    let mut left = given
        .iter()
        .map(|&(_, k)| PIPS[k])
        .sum::<u8>()
        .saturating_sub(1);
    let mut taken = Vec::new();
    for _ in 0..20 {
        if left == 0 || taken.len() == 3 {
            break;
        }
        let k = rng.random_range(0..6);
        if PIPS[k] > left || (taken.len() == 2 && PIPS[k] != left) {
            continue;
        }
        left -= PIPS[k];
        taken.push((own[rng.random_range(0..own.len())].0, k));
    }
    if taken.is_empty() {
        return "trade=none".to_owned();
    }
    let fmt = |l: &[(Square, usize)]| {
        l.iter()
            .map(|&(s, k)| format!("{}@{s}", LETTERS[k]))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("trade={}>{}", fmt(&given), fmt(&taken))
}

/// A random action; `biased` prefers the rare rules: captures and drone-base moves onto
/// the opponent's home row at main actions, real raids over `raid=none`.
fn pick(g: &Stacktrices, r: &Ref, rng: &mut ChaCha8Rng, biased: bool) -> Option<Action> {
    use pyramid_core::rand::Rng;
    if !biased || !rng.random_bool(0.8) {
        return RandomBot::pick(g, rng);
    }
    let me = r.turn;
    let rare: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| match a {
            Action::Move { from, to } => {
                r.board[idx(*to)].is_some()
                    || (r.board[idx(*from)].is_some_and(|st| st.drone)
                        && idx(*to) / 7 == home_rank(me ^ 1))
            }
            Action::RaidTake { .. } | Action::RaidStore(_) | Action::RaidUpgrade(_) => true,
            Action::Steal(_) => true,
            _ => false,
        })
        .collect();
    if rare.is_empty() {
        RandomBot::pick(g, rng)
    } else {
        Some(rare[rng.random_range(0..rare.len())])
    }
}

/// Plays `games` random games under `rules` (every other one biased towards the rare
/// rules) and checks every state against the reference.
/// Returns how many states of each decision kind were checked.
fn check_games(rules: &Rules, games: u64, max_plies: u32) -> [usize; 10] {
    check_games_from(&Stacktrices::new(rules), games, max_plies)
}

/// [`check_games`] from a given state.
fn check_games_from(start: &Stacktrices, games: u64, max_plies: u32) -> [usize; 10] {
    let mut seen = [0usize; 10];
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut sample_rng = ChaCha8Rng::seed_from_u64(!seed);
        let mut g = start.clone();
        // Every other game prefers the rare rules.
        let biased = seed % 2 == 1;
        for _ in 0..max_plies {
            let r = Ref::new(&g);
            let pos = g.position();
            let expected = if g.is_over() {
                // The end: a side without stacks, or the side on turn without a legal
                // main action (passing is not allowed).
                let stackless = (0..2).any(|s| r.own(s).next().is_none());
                let stuck = r.decision == Decision::Main && r.actions().is_empty();
                assert!(stackless || stuck, "over at `{pos}`");
                let winner = if stackless {
                    u8::from(r.own(0).next().is_none())
                } else {
                    r.turn ^ 1
                };
                assert_eq!(g.outcome(), Some(Outcome::Win(Seat(winner))), "`{pos}`");
                BTreeSet::new()
            } else {
                let actions = r.actions();
                assert!(!actions.is_empty(), "no action but not over at `{pos}`");
                actions
            };
            let listed: BTreeSet<String> =
                g.legal_actions().iter().map(ToString::to_string).collect();
            if listed != expected {
                let extra: Vec<_> = listed.difference(&expected).take(8).collect();
                let missing: Vec<_> = expected.difference(&listed).take(8).collect();
                panic!(
                    "at `{pos}`: engine lists {} actions, reference {}; extra {extra:?}, missing {missing:?}",
                    listed.len(),
                    expected.len()
                );
            }
            assert_eq!(g.count_actions(), expected.len(), "count at `{pos}`");
            seen[g.decision() as usize] += 1;
            // Every state met reads back from its position string, every view from its
            // view string.
            assert_eq!(
                Stacktrices::from_position(&pos, g.rules()).as_ref(),
                Ok(&g),
                "`{pos}`"
            );
            for seat in [Seat(0), Seat(1)] {
                // Nothing the seat sees next depends on what its view hides.
                if let Err(leak) = check_information_set(&g, seat, 2, &mut sample_rng) {
                    panic!("{leak}");
                }
                let text = g.view_string(seat);
                assert_eq!(
                    Stacktrices::read_view(&text, g.rules()),
                    Ok(g.view(seat)),
                    "`{text}`"
                );
            }
            probe(&g, &expected, &mut rng);
            let Some(a) = pick(&g, &r, &mut rng, biased) else {
                break;
            };
            let text = a.to_string();
            assert!(expected.contains(&text), "drew `{text}` at `{pos}`");
            let raid_due = pos.split(' ').nth(4).is_some_and(|d| d.contains("+raid"));
            g.play(a).expect("legal");
            check_successor(&r, &g, &text, raid_due);
            check_board_after(&r, &g, a);
        }
    }
    seen
}

#[test]
fn standard_games_agree_with_a_plain_reading_of_the_ruling() {
    let seen = check_games(&Rules::default().with_start(Start::Standard), 24, 400);
    // Thief captures, victims' hides, raids and re-hides were all met.
    for d in [
        Decision::Steal,
        Decision::VictimHide,
        Decision::Raid,
        Decision::Rehide,
        Decision::Trade,
    ] {
        assert!(seen[d as usize] > 0, "no {d:?} decision met: {seen:?}");
    }
}

#[test]
fn setup_games_agree_with_a_plain_reading_of_the_ruling() {
    let seen = check_games(&Rules::default(), 12, 300);
    assert!(seen[Decision::Place as usize] > 0);
}

#[test]
fn variant_games_agree_with_a_plain_reading_of_the_ruling() {
    let v1 = Rules::default()
        .with_start(Start::Standard)
        .with_variant1(true);
    let seen = check_games(&v1, 16, 400);
    assert!(seen[Decision::OptionalSteal as usize] > 0, "{seen:?}");
    let v2 = Rules::default()
        .with_start(Start::Standard)
        .with_variant2(true);
    check_games(&v2, 8, 300);
    let both = v1.with_variant2(true);
    check_games(&both, 8, 300);
}

/// No pupils on either side and drone-base stacks two steps from the opponent's home row:
/// raids (upgrades included, as no stack can take a movement piece), re-hides, bars and
/// their lifting, thief captures with steals, warps.
#[test]
fn raid_games_agree_with_a_plain_reading_of_the_ruling() {
    let stacks = [
        ("b5", "wdPp"),
        ("d5", "wdD"),
        ("f5", "wdDd"),
        ("a1", "wqQ"),
        ("c1", "wqP"),
        ("b3", "bdPp"),
        ("d3", "bdD"),
        ("f3", "bdDd"),
        ("g7", "bqQ"),
        ("e7", "bqP"),
    ];
    let mut seen = [0; 10];
    for v1 in [false, true] {
        let rules = Rules::default()
            .with_start(Start::Standard)
            .with_variant1(v1);
        for thieves in ["b5,d3", "d5,b3", "f5,f3"] {
            let start = game_with(&stacks, &format!("{thieves} -,- main 0 0"), &rules);
            let s = check_games_from(&start, 16, 200);
            for (a, b) in seen.iter_mut().zip(s) {
                *a += b;
            }
        }
    }
    assert!(seen[Decision::Rehide as usize] > 0, "{seen:?}");
}
