//! A plain, slow reference implementation of the rulings (a square array, direction
//! stepping, no bitboards), written straight from `martian-chess.md`. The engine must
//! agree with it on every legal-move list along random games and on perft.

use std::collections::BTreeSet;

use martian_chess::{MartianAction, MartianChess, MartianRules};
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{ChaCha8Rng, Game, RandomBot, Size, perft};

#[derive(Clone)]
struct Reference {
    width: usize,
    seats: usize,
    /// Pips of the piece on each square, 0 for empty.
    board: Vec<u8>,
    scores: Vec<u32>,
    to_move: usize,
    crossing: Option<(usize, usize)>,
}

impl Reference {
    /// Copies an engine state through its public accessors.
    fn of(state: &MartianChess) -> Reference {
        let grid = state.grid();
        let board = grid
            .squares()
            .map(|sq| state.piece_at(sq).map_or(0, Size::pips))
            .collect();
        Reference {
            width: usize::from(grid.width()),
            seats: state.seats(),
            board,
            scores: state.scores().iter().map(|&s| u32::from(s)).collect(),
            to_move: state.seat_to_move().index(),
            crossing: state
                .last_crossing()
                .map(|(from, to)| (grid.index(from), grid.index(to))),
        }
    }

    fn zone(&self, sq: usize) -> usize {
        let (file, rank) = (sq % self.width, sq / self.width);
        if self.seats == 2 {
            usize::from(rank >= 4)
        } else {
            match (file < 4, rank < 4) {
                (true, true) => 0,
                (true, false) => 1,
                (false, false) => 2,
                (false, true) => 3,
            }
        }
    }

    fn step(&self, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let file = (sq % self.width) as i32 + dx;
        let rank = (sq / self.width) as i32 + dy;
        (file >= 0 && file < self.width as i32 && (0..8).contains(&rank))
            .then(|| rank as usize * self.width + file as usize)
    }

    fn over(&self) -> bool {
        (0..self.seats)
            .any(|z| (0..self.board.len()).all(|sq| self.board[sq] == 0 || self.zone(sq) != z))
    }

    fn moves(&self) -> Vec<(usize, usize)> {
        if self.over() {
            return Vec::new();
        }
        let me = self.to_move;
        let mine = |sq: usize| self.board[sq] != 0 && self.zone(sq) == me;
        let has = |pips: u8| (0..self.board.len()).any(|sq| mine(sq) && self.board[sq] == pips);
        let (has_queen, has_drone) = (has(3), has(2));
        let mut out = Vec::new();
        for from in (0..self.board.len()).filter(|&sq| mine(sq)) {
            let kind = self.board[from];
            let mut dests = Vec::new();
            match kind {
                1 => {
                    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        dests.extend(self.step(from, dx, dy));
                    }
                }
                2 => {
                    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        if let Some(one) = self.step(from, dx, dy) {
                            dests.push(one);
                            if self.board[one] == 0 {
                                dests.extend(self.step(one, dx, dy));
                            }
                        }
                    }
                }
                _ => {
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            if (dx, dy) == (0, 0) {
                                continue;
                            }
                            let mut at = from;
                            while let Some(next) = self.step(at, dx, dy) {
                                dests.push(next);
                                if self.board[next] != 0 {
                                    break;
                                }
                                at = next;
                            }
                        }
                    }
                }
            }
            for to in dests {
                let target = self.board[to];
                let ok = if target == 0 || self.zone(to) != me {
                    true
                } else {
                    let pair = (kind.min(target), kind.max(target));
                    (!has_queen && pair == (1, 2) && kind != 3) || (!has_drone && pair == (1, 1))
                };
                if ok && self.crossing != Some((to, from)) {
                    out.push((from, to));
                }
            }
        }
        out
    }

    fn play(&mut self, (from, to): (usize, usize)) {
        let me = self.to_move;
        let kind = self.board[from];
        let target = self.board[to];
        self.board[from] = 0;
        if target != 0 && self.zone(to) == me {
            self.board[to] = kind + target;
        } else {
            self.scores[me] += u32::from(target);
            self.board[to] = kind;
        }
        self.crossing = (self.seats == 2 && self.zone(to) != me).then_some((from, to));
        self.to_move = (me + 1) % self.seats;
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }

    fn move_texts(&self) -> BTreeSet<String> {
        let name = |sq: usize| {
            format!(
                "{}{}",
                (b'a' + (sq % self.width) as u8) as char,
                sq / self.width + 1
            )
        };
        self.moves()
            .into_iter()
            .map(|(f, t)| format!("{}-{}", name(f), name(t)))
            .collect()
    }
}

fn start(seats: usize) -> MartianChess {
    MartianChess::new(
        &MartianRules::default()
            .with_seats(seats)
            .expect("2 and 4 seats are allowed"),
    )
}

#[test]
fn reference_perft_agrees_to_depth_4() {
    for seats in [2, 4] {
        let state = start(seats);
        let reference = Reference::of(&state);
        for depth in 1..=4 {
            assert_eq!(
                reference.perft(depth),
                perft(&state, depth),
                "{seats} seats, depth {depth}"
            );
        }
    }
}

#[test]
fn reference_agrees_on_every_move_list_scores_and_ends_along_random_games() {
    for seats in [2, 4] {
        for seed in 0..60 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = start(seats);
            let mut reference = Reference::of(&state);
            loop {
                let ours: BTreeSet<String> = state
                    .legal_actions()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                assert_eq!(
                    ours,
                    reference.move_texts(),
                    "moves at `{}`",
                    state.position()
                );
                assert_eq!(
                    state.is_over(),
                    reference.over(),
                    "end at `{}`",
                    state.position()
                );
                let scores: Vec<u32> = state.scores().iter().map(|&s| u32::from(s)).collect();
                assert_eq!(scores, reference.scores, "scores at `{}`", state.position());
                let Some(action) = RandomBot::pick(&state, &mut rng) else {
                    break;
                };
                let text = action.to_string();
                let mv = reference
                    .moves()
                    .into_iter()
                    .find(|&(f, t)| {
                        let grid = state.grid();
                        let name =
                            |sq: usize| grid.square(sq).map(|s| s.to_string()).unwrap_or_default();
                        format!("{}-{}", name(f), name(t)) == text
                    })
                    .expect("the reference knows the move");
                reference.play(mv);
                state.play(action).expect("legal");
                assert!(
                    !state.legal_actions().is_empty() || state.is_over(),
                    "a seat had to pass"
                );
            }
        }
    }
}

#[test]
fn reference_perft_agrees_from_a_middle_game_position() {
    let state = MartianChess::from_position(
        "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 3",
        &Default::default(),
    )
    .expect("valid position");
    let reference = Reference::of(&state);
    for depth in 1..=4 {
        assert_eq!(
            reference.perft(depth),
            perft(&state, depth),
            "depth {depth}"
        );
    }
}

/// A random position of `seats` seats: pieces scattered at a random density, each zone
/// limited to a random set of kinds (so that seats without queens or drones, and so field
/// promotions, are common), a random seat to move and, with two seats, often a canal
/// crossing by the previous ply (a no-undo ban). `None` when the pips exceed a game's.
fn random_position(rng: &mut ChaCha8Rng, seats: usize) -> Option<MartianChess> {
    let width = if seats == 2 { 4 } else { 8 };
    let mut reference = Reference {
        width,
        seats,
        board: vec![0; width * 8],
        scores: vec![0; seats],
        to_move: rng.random_range(0..seats),
        crossing: None,
    };
    let kinds: Vec<[bool; 3]> = (0..seats)
        .map(|_| {
            [
                rng.random_bool(0.8),
                rng.random_bool(0.5),
                rng.random_bool(0.5),
            ]
        })
        .collect();
    let density = rng.random_range(0.05..0.6);
    for sq in 0..reference.board.len() {
        let kind = rng.random_range(0..3usize);
        if rng.random_bool(density) && kinds[reference.zone(sq)][kind] {
            reference.board[sq] = kind as u8 + 1;
        }
    }
    if reference.board.iter().map(|&p| u32::from(p)).sum::<u32>() > 18 * seats as u32 {
        return None;
    }
    let name = |sq: usize| format!("{}{}", (b'a' + (sq % width) as u8) as char, sq / width + 1);
    let mut crossing = "-".to_owned();
    if seats == 2 && rng.random_bool(0.7) {
        // The seat to move's piece on Y came from an empty square X of the other zone, by
        // a move it could make back (the moves of the piece as if the ban were not there).
        let me = reference.to_move;
        let backs: Vec<(usize, usize)> = reference
            .moves()
            .into_iter()
            .filter(|&(_, to)| reference.board[to] == 0 && reference.zone(to) != me)
            .collect();
        if !backs.is_empty() {
            let (y, x) = backs[rng.random_range(0..backs.len())];
            reference.crossing = Some((x, y));
            crossing = format!("{}-{}", name(x), name(y));
        }
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut run = 0;
            for file in 0..width {
                match reference.board[rank * width + file] {
                    0 => run += 1,
                    pips => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push(['P', 'D', 'Q'][usize::from(pips - 1)]);
                    }
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            row
        })
        .collect();
    let text = format!(
        "{} {} {} {crossing} 5",
        rows.join("/"),
        reference.to_move,
        vec!["0"; seats].join(",")
    );
    let state = MartianChess::from_position(&text, &MartianRules::default())
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    Some(state)
}

/// Far from the start positions: on random positions full of field promotions, no-undo
/// bans and four-seat captures, the engine's move list, end and count agree with the
/// reference, the fast random paths play only legal moves, and no seat is ever left
/// without a move (so a forced pass never arises; see `docs/martian-chess.md`).
#[test]
fn reference_agrees_on_random_positions_with_merges_and_bans() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut probe = ChaCha8Rng::seed_from_u64(11);
    let (mut checked, mut merges, mut bans) = (0, 0, 0);
    while checked < 5000 {
        let seats = if rng.random_bool(0.5) { 2 } else { 4 };
        let Some(state) = random_position(&mut rng, seats) else {
            continue;
        };
        checked += 1;
        let pos = state.position();
        let reference = Reference::of(&state);
        let ours: BTreeSet<String> = state
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(ours, reference.move_texts(), "moves at `{pos}`");
        assert_eq!(state.is_over(), reference.over(), "end at `{pos}`");
        assert_eq!(state.count_actions(), ours.len(), "count at `{pos}`");
        if state.is_over() {
            continue;
        }
        assert!(!ours.is_empty(), "a seat without a move at `{pos}`");
        bans += usize::from(state.last_crossing().is_some());
        merges += state
            .legal_actions()
            .into_iter()
            .filter(|&a| match a {
                MartianAction::Move { to, .. } => {
                    state.piece_at(to).is_some() && !state.is_capture(a)
                }
                MartianAction::Pass => false,
            })
            .count();
        let action = state.random_action(&mut probe).expect("a move");
        assert!(
            state.is_legal(action),
            "random_action `{action}` at `{pos}`"
        );
        let mut stepped = state.clone();
        assert_eq!(stepped.play_random(&mut probe, Some(1)), 1);
        assert!(
            state.legal_actions().into_iter().any(|a| {
                let mut child = state.clone();
                child.play_unchecked(a);
                child == stepped
            }),
            "play_random reached `{}` from `{pos}`",
            stepped.position()
        );
    }
    assert!(merges > 1000 && bans > 500, "{merges} merges, {bans} bans");
}
