//! A second, deliberately naive implementation of the rulings (a square array, the
//! capture resolution explored square by square over every choice of relocated piece),
//! compared with the engine on every state of seeded random games: the same legal
//! action texts, and the same position after each of them.

use std::collections::{BTreeMap, BTreeSet};

use ataxx_ice::{AtaxxIce, Rules};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{ChaCha8Rng, Game, Outcome, Seat, Size, Square};

#[derive(Clone, PartialEq, Eq)]
struct Naive {
    n: i32,
    seats: usize,
    board: Vec<Option<(usize, usize)>>,
    stash: Vec<[u8; 3]>,
    to_move: Option<usize>,
    plies: u32,
}

fn size_index(z: Size) -> usize {
    z.index()
}

impl Naive {
    fn from_engine(g: &AtaxxIce) -> Naive {
        let n = i32::from(g.board_size());
        let mut board = vec![None; (n * n) as usize];
        let mut stash = vec![[5u8; 3]; g.seats()];
        for i in 0..n * n {
            let sq = Square::new((i % n) as u8, (i / n) as u8);
            if let Some((seat, size)) = g.piece_at(sq) {
                board[i as usize] = Some((seat.index(), size_index(size)));
                stash[seat.index()][size_index(size)] -= 1;
            }
        }
        Naive {
            n,
            seats: g.seats(),
            board,
            stash,
            to_move: g.to_act().map(Seat::index),
            plies: g.plies(),
        }
    }

    fn name(&self, i: usize) -> String {
        Square::new((i as i32 % self.n) as u8, (i as i32 / self.n) as u8).to_string()
    }

    fn dist(&self, a: usize, b: usize) -> i32 {
        let (a, b) = (a as i32, b as i32);
        ((a % self.n) - (b % self.n))
            .abs()
            .max(((a / self.n) - (b / self.n)).abs())
    }

    fn adjacent(&self, i: usize) -> Vec<usize> {
        (0..self.board.len())
            .filter(|&j| self.dist(i, j) == 1)
            .collect()
    }

    /// The position string, written independently of the engine.
    fn position(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.n).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..self.n {
                match self.board[(rank * self.n + file) as usize] {
                    Some((seat, size)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(['S', 'M', 'L'][size]);
                        row += &seat.to_string();
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let stashes: Vec<String> = self
            .stash
            .iter()
            .map(|s| s.iter().map(u8::to_string).collect())
            .collect();
        let out: Vec<String> = (0..self.seats)
            .filter(|&s| !self.alive(s))
            .map(|s| s.to_string())
            .collect();
        format!(
            "{} {} {} {} {}",
            rows.join("/"),
            self.to_move.map_or("-".to_owned(), |s| s.to_string()),
            stashes.join(","),
            if out.is_empty() {
                "-".to_owned()
            } else {
                out.join(",")
            },
            self.plies
        )
    }

    fn alive(&self, seat: usize) -> bool {
        self.board
            .iter()
            .any(|p| matches!(p, Some((s, _)) if *s == seat))
    }

    fn remove(&mut self, i: usize) {
        if let Some((seat, size)) = self.board[i].take() {
            self.stash[seat][size] += 1;
        }
    }

    fn place(&mut self, i: usize, seat: usize, size: usize) {
        self.stash[seat][size] -= 1;
        self.board[i] = Some((seat, size));
    }

    /// Every way to resolve the captures on `captured` (squares with the captured size),
    /// as (relocation sources, resulting state).
    fn resolve(
        &self,
        mover: usize,
        captured: Vec<(usize, usize)>,
        acting: Option<usize>,
    ) -> Vec<(BTreeSet<usize>, Naive)> {
        let mut start = self.clone();
        for &(i, _) in &captured {
            start.remove(i);
        }
        let mut order = captured;
        order.sort_by_key(|&(i, s)| (std::cmp::Reverse(s), i));
        let mut out = Vec::new();
        fill(
            start,
            mover,
            &order,
            acting,
            BTreeSet::new(),
            BTreeSet::new(),
            &mut out,
        );
        out
    }

    /// The end of an action of `mover`.
    fn finish(mut self, mover: usize) -> Naive {
        self.plies += 1;
        let alive: Vec<usize> = (0..self.seats).filter(|&s| self.alive(s)).collect();
        self.to_move = if self.stash[mover] == [0, 0, 0] || alive.len() <= 1 {
            None
        } else {
            let mut next = (mover + 1) % self.seats;
            while !alive.contains(&next) {
                next = (next + 1) % self.seats;
            }
            Some(next)
        };
        self
    }

    /// The legal actions, by text, with the position each leads to.
    fn actions(&self) -> BTreeMap<String, String> {
        let Some(m) = self.to_move else {
            return BTreeMap::new();
        };
        let mut out = BTreeMap::new();
        let relocs = |set: &BTreeSet<usize>| {
            if set.is_empty() {
                String::new()
            } else {
                format!(
                    "[{}]",
                    set.iter()
                        .map(|&i| self.name(i))
                        .collect::<Vec<_>>()
                        .join(",")
                )
            }
        };
        // Clones and jumps: one per (parent-independent) key, named by the lowest parent.
        let mut clones: BTreeMap<(usize, usize, BTreeSet<usize>), (usize, String)> =
            BTreeMap::new();
        for from in 0..self.board.len() {
            let Some((seat, p)) = self.board[from] else {
                continue;
            };
            if seat != m {
                continue;
            }
            for to in 0..self.board.len() {
                let d = self.dist(from, to);
                if self.board[to].is_some() || !(d == 1 || d == 2) {
                    continue;
                }
                let mut after = self.clone();
                let size = if d == 1 {
                    let Some(size) = (p..3).find(|&t| self.stash[m][t] > 0) else {
                        continue;
                    };
                    after.place(to, m, size);
                    size
                } else {
                    after.board[from] = None;
                    after.board[to] = Some((m, p));
                    p
                };
                let captured: Vec<(usize, usize)> = after
                    .adjacent(to)
                    .into_iter()
                    .filter_map(|j| match after.board[j] {
                        Some((s, z)) if s != m && z <= size => Some((j, z)),
                        _ => None,
                    })
                    .collect();
                for (set, result) in after.resolve(m, captured, Some(to)) {
                    let pos = result.finish(m).position();
                    if d == 1 {
                        let entry = clones.entry((to, size, set)).or_insert((from, pos.clone()));
                        assert_eq!(entry.1, pos, "one clone, two results");
                        entry.0 = entry.0.min(from);
                    } else {
                        out.insert(
                            format!("{}-{}{}", self.name(from), self.name(to), relocs(&set)),
                            pos,
                        );
                    }
                }
            }
            if p < 2 && self.stash[m][p + 1] > 0 {
                let mut after = self.clone();
                after.remove(from);
                after.place(from, m, p + 1);
                for j in after.adjacent(from) {
                    if let Some((owner, z)) = after.board[j] {
                        if z == 0 {
                            after.remove(j);
                        } else if after.stash[owner][z - 1] > 0 {
                            after.remove(j);
                            after.place(j, owner, z - 1);
                        }
                    }
                }
                out.insert(format!("+{}", self.name(from)), after.finish(m).position());
            }
            if p == 0 || self.stash[m][p - 1] > 0 {
                let mut after = self.clone();
                after.remove(from);
                if p > 0 {
                    after.place(from, m, p - 1);
                }
                for j in after.adjacent(from) {
                    if matches!(after.board[j], Some((s, _)) if s == m) {
                        after.remove(j);
                    }
                }
                let captured: Vec<(usize, usize)> = after
                    .adjacent(from)
                    .into_iter()
                    .filter_map(|j| after.board[j].map(|(_, z)| (j, z)))
                    .collect();
                let acting = (p > 0).then_some(from);
                for (set, result) in after.resolve(m, captured, acting) {
                    out.insert(
                        format!("-{}{}", self.name(from), relocs(&set)),
                        result.finish(m).position(),
                    );
                }
            }
        }
        for ((to, _, set), (from, pos)) in clones {
            out.insert(
                format!("{}-{}{}", self.name(from), self.name(to), relocs(&set)),
                pos,
            );
        }
        if out.is_empty() {
            out.insert("pass".to_owned(), self.clone().finish(m).position());
        }
        out
    }
}

/// Fills the captured squares in `order` one at a time, branching over every choice of
/// relocated piece; collects (sources, result), one per distinct source set.
fn fill(
    state: Naive,
    mover: usize,
    order: &[(usize, usize)],
    acting: Option<usize>,
    placed: BTreeSet<usize>,
    sources: BTreeSet<usize>,
    out: &mut Vec<(BTreeSet<usize>, Naive)>,
) {
    let Some((&(i, s), rest)) = order.split_first() else {
        match out.iter().find(|(set, _)| *set == sources) {
            Some((_, seen)) => assert!(*seen == state, "one source set, two results"),
            None => out.push((sources, state)),
        }
        return;
    };
    let mut placed = placed;
    placed.insert(i);
    if state.stash[mover][s] > 0 {
        let mut next = state;
        next.place(i, mover, s);
        return fill(next, mover, rest, acting, placed, sources, out);
    }
    let candidates: Vec<usize> = (0..state.board.len())
        .filter(|&j| {
            state.board[j] == Some((mover, s)) && Some(j) != acting && !placed.contains(&j)
        })
        .collect();
    if !candidates.is_empty() {
        for j in candidates {
            let mut next = state.clone();
            next.board[j] = None;
            next.board[i] = Some((mover, s));
            let mut src = sources.clone();
            src.insert(j);
            fill(next, mover, rest, acting, placed.clone(), src, out);
        }
        return;
    }
    let mut next = state;
    if let Some(t) = (s + 1..3).find(|&t| next.stash[mover][t] > 0) {
        next.place(i, mover, t);
    }
    fill(next, mover, rest, acting, placed, sources, out);
}

fn engine_actions(g: &AtaxxIce) -> BTreeMap<String, String> {
    g.legal_actions()
        .into_iter()
        .map(|a| {
            let mut c = g.clone();
            c.play_unchecked(a);
            (a.to_string(), c.position())
        })
        .collect()
}

/// Asserts that the engine's legal actions of `g` and the positions they lead to are the
/// reference's (`naive`, read from `g`); returns how many of them relocate.
fn assert_same_actions(g: &AtaxxIce, naive: &Naive) -> usize {
    let expected = naive.actions();
    let got = engine_actions(g);
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        expected.keys().collect::<Vec<_>>(),
        "action texts differ at `{}`",
        g.position()
    );
    for (text, pos) in &expected {
        assert_eq!(&got[text], pos, "`{text}` at `{}`", g.position());
    }
    got.keys().filter(|t| t.contains('[')).count()
}

fn compare_games(rules: &Rules, seeds: std::ops::Range<u64>, max_plies: u32) -> usize {
    let mut relocating = 0;
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = AtaxxIce::new(rules);
        for _ in 0..max_plies {
            let naive = Naive::from_engine(&g);
            assert_eq!(naive.position(), g.position());
            relocating += assert_same_actions(&g, &naive);
            let Some(a) = g.random_action(&mut rng) else {
                break;
            };
            g.play_unchecked(a);
        }
    }
    relocating
}

#[test]
fn engine_agrees_with_the_naive_reference_in_two_seat_games() {
    let rules = Rules::default().with_seats(2).expect("2 seats");
    let relocating = compare_games(&rules, 0..12, 150);
    assert!(
        relocating > 100,
        "the games reached relocations only {relocating} times"
    );
}

#[test]
fn engine_agrees_with_the_naive_reference_in_three_and_four_seat_games() {
    for seats in [3, 4] {
        let rules = Rules::default().with_seats(seats).expect("3 or 4 seats");
        compare_games(&rules, 100..106, 150);
    }
}

#[test]
fn engine_agrees_with_the_naive_reference_on_small_boards() {
    for size in 5..=7 {
        let mut rules = Rules::default()
            .with_seats(2 + usize::from(size % 3))
            .expect("seats");
        rules.set_size(size).expect("size");
        compare_games(&rules, 200..204, 120);
    }
}

#[test]
fn engine_agrees_with_the_naive_reference_on_the_relocating_positions() {
    for text in [
        "6S11/2M03S11/8/4S1M12/3S1M1M12/1S0S04S1/4S03/4S03 1 145,025 - 35",
        "1S01S0S03/3M0S03/2S13S11/1M01S14/5S12/2S05/8/8 0 035,155,555 2 29",
        "3M3M31M2M2/4M32M2/4S02S2/5M32/4M23/1S22S03/S01S25/4S2S22 2 255,555,015,515 1 39",
        "S0S0S0S04/S03M1S1M11/8/8/3L04/8/8/M0M0M0M0M03 0 004,435 - 0",
    ] {
        let g = AtaxxIce::from_position(text, &Rules::default()).expect("valid");
        assert_eq!(
            engine_actions(&g),
            Naive::from_engine(&g).actions(),
            "{text}"
        );
    }
}

/// A random position with crowded boards and nearly empty stashes, where the rare rules
/// (relocations, size fallbacks, grows and shrinks next to many pieces) are common.
fn random_dense_position(rng: &mut ChaCha8Rng) -> Option<AtaxxIce> {
    use pyramid_core::rand::Rng;
    let seats = rng.random_range(2..=4usize);
    let n: i32 = if rng.random_bool(0.8) {
        8
    } else {
        rng.random_range(5..=7)
    };
    let mut board: Vec<Option<(usize, usize)>> = vec![None; (n * n) as usize];
    let region = rng.random_range(9..=(n * n) as usize);
    for seat in 0..seats {
        for size in 0..3 {
            let k = if rng.random_bool(0.4) {
                5
            } else {
                rng.random_range(0..=5)
            };
            for _ in 0..k {
                let empty: Vec<usize> = (0..region).filter(|&i| board[i].is_none()).collect();
                if empty.is_empty() {
                    break;
                }
                let i = empty[rng.random_range(0..empty.len())];
                board[i] = Some((seat, size));
            }
        }
    }
    let naive = Naive {
        n,
        seats,
        board,
        stash: vec![[0; 3]; seats],
        to_move: None,
        plies: 0,
    };
    let alive: Vec<usize> = (0..seats).filter(|&s| naive.alive(s)).collect();
    if alive.len() < 2 {
        return None;
    }
    let to_move = alive[rng.random_range(0..alive.len())];
    let mut text = naive.position();
    // Stashes, eliminated seats and the seat to move from the board.
    let mut fields: Vec<String> = text.split(' ').map(str::to_owned).collect();
    let stashes: Vec<String> = (0..seats)
        .map(|s| {
            (0..3)
                .map(|z| {
                    let on = naive.board.iter().filter(|p| **p == Some((s, z))).count();
                    (5 - on).to_string()
                })
                .collect()
        })
        .collect();
    let full = stashes.iter().filter(|s| *s == "000").count();
    if full > 0 {
        return None;
    }
    fields[1] = to_move.to_string();
    fields[2] = stashes.join(",");
    let out: Vec<String> = (0..seats)
        .filter(|&s| !naive.alive(s))
        .map(|s| s.to_string())
        .collect();
    fields[3] = if out.is_empty() {
        "-".to_owned()
    } else {
        out.join(",")
    };
    text = fields.join(" ");
    let rules = Rules::default();
    Some(AtaxxIce::from_position(&text, &rules).unwrap_or_else(|e| panic!("`{text}`: {e}")))
}

/// The outcome the rulings give after an action of `mover` that led to `after`, in
/// their order: the mover's empty stash wins, else the one seat left with pieces wins,
/// else no seat with pieces is a draw.
fn ruled_outcome(after: &AtaxxIce, mover: Seat) -> Option<Outcome> {
    let stash: u8 = Size::ALL.iter().map(|&z| after.stash(mover, z)).sum();
    let alive: Vec<Seat> = Seat::all(after.seats())
        .filter(|&s| !after.is_eliminated(s))
        .collect();
    if stash == 0 {
        Some(Outcome::Win(mover))
    } else if let [only] = alive[..] {
        Some(Outcome::Win(only))
    } else if alive.is_empty() {
        Some(Outcome::Draw)
    } else {
        None
    }
}

/// Random crowded positions (2 to 4 seats, boards of 5 to 8, stashes often empty), where
/// relocations, clone size fallbacks, reductions and self-destroying shrinks are
/// common: the engine's actions and their results equal the reference's, the outcome
/// after every action follows the end conditions in their order, and the fast paths
/// (`count_actions`, `nth_action`, `random_action`, the fused `play_random`) agree with
/// generation.
#[test]
fn engine_agrees_with_the_naive_reference_on_random_crowded_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let (mut done, mut relocating) = (0, 0);
    while done < 1500 {
        let Some(g) = random_dense_position(&mut rng) else {
            continue;
        };
        done += 1;
        relocating += assert_same_actions(&g, &Naive::from_engine(&g));
        pyramid_testkit::conformance::check_state(&g, &[]);
        let mover = g.to_act().expect("the game goes on");
        for a in g.legal_actions() {
            let mut child = g.clone();
            child.play_unchecked(a);
            assert_eq!(
                child.outcome(),
                ruled_outcome(&child, mover),
                "`{a}` at `{}`",
                g.position()
            );
        }
        for seed in 0..8u64 {
            let mut fused_rng = ChaCha8Rng::seed_from_u64(seed);
            let mut draw_rng = ChaCha8Rng::seed_from_u64(seed);
            let mut walk_rng = ChaCha8Rng::seed_from_u64(seed);
            let mut fused = g.clone();
            fused.play_random(&mut fused_rng, Some(1));
            let a = g.random_action(&mut draw_rng).expect("the game goes on");
            let walked = pyramid_core::random_action_by_walk(&g, &mut walk_rng);
            assert_eq!(Some(a), walked, "at `{}`", g.position());
            let mut stepped = g.clone();
            stepped.play_unchecked(a);
            assert_eq!(fused, stepped, "`{a}` at `{}`", g.position());
        }
    }
    assert!(relocating > 10_000, "only {relocating} relocating actions");
}
