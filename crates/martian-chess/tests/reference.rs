//! A plain, slow reference implementation of the rulings (a square array, direction
//! stepping, no bitboards), written straight from `crates/martian-chess/docs/rules.md`, and of the rule
//! options of AbstractPlay's rule sheet as its engine (`mchess.ts`) plays them: the
//! clock (its `sinceCapture` and `countdown`), the target score, captures that set no
//! ban, and Of Knights and Kings movement. The engine must agree with it on every
//! legal-move list along random games and on perft, under every option.

use std::collections::BTreeSet;

use martian_chess::{Action, MartianChess, Rules, abstractplay};
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{ChaCha8Rng, Game, RandomBot, RuleSet, Seat, Size, perft};

#[derive(Clone)]
struct Reference {
    width: usize,
    seats: usize,
    /// Pips of the piece on each square, 0 for empty.
    board: Vec<u8>,
    scores: Vec<u32>,
    to_move: usize,
    crossing: Option<(usize, usize)>,
    /// The rule options.
    clock: bool,
    target: Option<u32>,
    capture_undo: bool,
    ofkk: bool,
    /// AbstractPlay's `sinceCapture` and `countdown`.
    since_capture: u32,
    countdown: Option<u32>,
}

/// One move: from, to, and whether it calls the clock.
type Move = (usize, usize, bool);

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
            clock: state.rules().clock(),
            target: state.rules().target().map(u32::from),
            capture_undo: state.rules().capture_undo_allowed(),
            ofkk: state.rules().ofkk(),
            since_capture: u32::from(state.plies_without_capture()),
            countdown: state.clock_countdown().map(u32::from),
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
            || self.countdown == Some(0)
            || self
                .target
                .is_some_and(|t| self.scores.iter().any(|&s| s >= t))
    }

    fn moves(&self) -> Vec<Move> {
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
                1 if self.ofkk => {
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            if (dx, dy) != (0, 0) {
                                dests.extend(self.step(from, dx, dy));
                            }
                        }
                    }
                }
                2 if self.ofkk => {
                    for (dx, dy) in [
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ] {
                        dests.extend(self.step(from, dx, dy));
                    }
                }
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
                    out.push((from, to, false));
                }
            }
        }
        // As `mchess.ts`: with no countdown running and at least seven plies since the
        // last capture, every move may also call the clock.
        if self.clock && self.countdown.is_none() && self.since_capture >= 7 {
            let calls: Vec<Move> = out.iter().map(|&(f, t, _)| (f, t, true)).collect();
            out.extend(calls);
        }
        out
    }

    fn play(&mut self, (from, to, call): Move) {
        let me = self.to_move;
        let kind = self.board[from];
        let target = self.board[to];
        self.board[from] = 0;
        let capture = target != 0 && self.zone(to) != me;
        if target != 0 && !capture {
            self.board[to] = kind + target;
        } else {
            self.scores[me] += u32::from(target);
            self.board[to] = kind;
        }
        // No undo: after a crossing (a plain one only under `undo=capture-allowed`),
        // calling the clock or not.
        self.crossing = (self.seats == 2 && self.zone(to) != me && !(capture && self.capture_undo))
            .then_some((from, to));
        if self.clock {
            if capture {
                self.countdown = None;
                self.since_capture = 0;
            } else {
                self.countdown = self.countdown.map(|c| c - 1);
                self.since_capture += 1;
            }
            if call && self.countdown.is_none() {
                self.countdown = Some(7);
            }
        }
        self.to_move = (me + 1) % self.seats;
    }

    /// The result once over, as `mchess.ts` decides it: the highest score wins; equal
    /// scores: a draw (`None`) if the clock ran out, else the seat that moved last.
    fn winner(&self) -> Option<usize> {
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..self.seats)
            .filter(|&s| self.scores[s] == best)
            .collect();
        match leaders.as_slice() {
            [one] => Some(*one),
            _ if self.countdown == Some(0) => None,
            _ => Some((self.to_move + self.seats - 1) % self.seats),
        }
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

    /// A move in AbstractPlay's notation, from its rules: files mirrored (its `a` is
    /// this board's `d`), ranks kept, `x` for a capture, `+` for a merge, `*` for a call.
    fn abstractplay_text(&self, (from, to, call): Move) -> String {
        let name = |sq: usize| {
            format!(
                "{}{}",
                (b'd' - (sq % self.width) as u8) as char,
                sq / self.width + 1
            )
        };
        let sign = match self.board[to] {
            0 => '-',
            _ if self.zone(to) != self.to_move => 'x',
            _ => '+',
        };
        format!(
            "{}{sign}{}{}",
            name(from),
            name(to),
            if call { "*" } else { "" }
        )
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
            .map(|(f, t, call)| format!("{}-{}{}", name(f), name(t), if call { "*" } else { "" }))
            .collect()
    }
}

fn start(seats: usize) -> MartianChess {
    MartianChess::new(
        &Rules::default()
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

/// Plays seeded random games under `rules` and checks, on every state, the engine's move
/// list, end, scores and clock against the reference, the result at the end, and (two
/// seats) each move's AbstractPlay text against the reference's. Returns the plies
/// played and the draws seen.
fn agree_along_random_games(rules: &Rules, seeds: std::ops::Range<u64>) -> (u64, u64) {
    let (mut plies, mut draws) = (0, 0);
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = MartianChess::new(rules);
        let mut reference = Reference::of(&state);
        loop {
            let pos = state.position();
            let ours: BTreeSet<String> = state
                .legal_actions()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(ours, reference.move_texts(), "moves at `{pos}`");
            assert_eq!(state.is_over(), reference.over(), "end at `{pos}`");
            let scores: Vec<u32> = state.scores().iter().map(|&s| u32::from(s)).collect();
            assert_eq!(scores, reference.scores, "scores at `{pos}`");
            assert_eq!(
                state.clock_countdown().map(u32::from),
                reference.countdown,
                "clock at `{pos}`"
            );
            let Some(action) = RandomBot::pick(&state, &mut rng) else {
                break;
            };
            let text = action.to_string();
            let grid = state.grid();
            let name = |sq: usize| grid.square(sq).map(|s| s.to_string()).unwrap_or_default();
            let mv = reference
                .moves()
                .into_iter()
                .find(|&(f, t, call)| {
                    format!("{}-{}{}", name(f), name(t), if call { "*" } else { "" }) == text
                })
                .expect("the reference knows the move");
            if reference.seats == 2 {
                assert_eq!(
                    abstractplay::write_move(&state, action).as_deref(),
                    Ok(reference.abstractplay_text(mv).as_str()),
                    "AbstractPlay text of `{text}` at `{pos}`"
                );
            }
            reference.play(mv);
            state.play(action).expect("legal");
            plies += 1;
            assert!(
                !state.legal_actions().is_empty() || state.is_over(),
                "a seat had to pass"
            );
        }
        let winner = reference.winner().map(|s| Seat(s as u8));
        assert_eq!(
            state.outcome().and_then(|o| o.winner()),
            winner,
            "result at `{}`",
            state.position()
        );
        draws += u64::from(winner.is_none());
    }
    (plies, draws)
}

#[test]
fn reference_agrees_on_every_move_list_scores_and_ends_along_random_games() {
    for seats in [2, 4] {
        let rules = Rules::default()
            .with_seats(seats)
            .expect("2 and 4 seats are allowed");
        agree_along_random_games(&rules, 0..60);
    }
}

/// The rule options one by one, all together, and AbstractPlay's set.
fn option_sets() -> Vec<(&'static str, Rules)> {
    let of =
        |pairs: &[(&str, &str)]| Rules::from_options(pairs.iter().copied()).expect("valid options");
    vec![
        ("clock=on", of(&[("clock", "on")])),
        ("target=10", of(&[("target", "10")])),
        ("undo=capture-allowed", of(&[("undo", "capture-allowed")])),
        ("variant=ofkk", of(&[("variant", "ofkk")])),
        (
            "all",
            of(&[
                ("clock", "on"),
                ("target", "10"),
                ("undo", "capture-allowed"),
                ("variant", "ofkk"),
            ]),
        ),
        ("abstractplay", abstractplay::abstractplay_rules(false)),
        (
            "four seats, all",
            of(&[
                ("seats", "4"),
                ("clock", "on"),
                ("target", "20"),
                ("variant", "ofkk"),
            ]),
        ),
    ]
}

#[test]
fn reference_agrees_along_random_games_under_every_rule_option() {
    for (name, rules) in option_sets() {
        let (plies, _) = agree_along_random_games(&rules, 0..25);
        assert!(plies > 100, "{name}: {plies} plies");
    }
    // The clock's draws happen: equal scores when the called clock runs out.
    let (_, draws) = agree_along_random_games(&Rules::default().with_clock(true), 100..160);
    assert!(draws > 0, "no draw by the clock in 60 random games");
}

#[test]
fn reference_perft_agrees_under_every_rule_option() {
    for (name, rules) in option_sets() {
        let state = MartianChess::new(&rules);
        let reference = Reference::of(&state);
        for depth in 1..=3 {
            assert_eq!(
                reference.perft(depth),
                perft(&state, depth),
                "{name}, depth {depth}"
            );
        }
    }
    // Where the clock may be called (and a target of 1 ends the game at the first
    // capture).
    let rules = abstractplay::abstractplay_rules(false);
    for (text, target) in [
        ("1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9", None),
        ("1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9:2", None),
        ("1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 6", Some(1)),
    ] {
        let mut rules = rules;
        if target.is_some() {
            rules.set_target(target).expect("valid target");
        }
        let state = MartianChess::from_position(text, &rules).expect("valid position");
        let reference = Reference::of(&state);
        for depth in 1..=4 {
            assert_eq!(
                reference.perft(depth),
                perft(&state, depth),
                "`{text}`, depth {depth}"
            );
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
fn random_position(rng: &mut ChaCha8Rng, seats: usize, ofkk: bool) -> Option<MartianChess> {
    let width = if seats == 2 { 4 } else { 8 };
    let mut reference = Reference {
        width,
        seats,
        board: vec![0; width * 8],
        scores: vec![0; seats],
        to_move: rng.random_range(0..seats),
        crossing: None,
        clock: false,
        target: None,
        capture_undo: false,
        ofkk,
        since_capture: 0,
        countdown: None,
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
        let backs: Vec<Move> = reference
            .moves()
            .into_iter()
            .filter(|&(_, to, _)| reference.board[to] == 0 && reference.zone(to) != me)
            .collect();
        if !backs.is_empty() {
            let (y, x, _) = backs[rng.random_range(0..backs.len())];
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
    let state = MartianChess::from_position(&text, &Rules::default().with_ofkk(ofkk))
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    Some(state)
}

/// Far from the start positions: on random positions full of field promotions, no-undo
/// bans and four-seat captures, the engine's move list, end and count agree with the
/// reference, the fast random paths play only legal moves, and no seat is ever left
/// without a move (so a forced pass never arises; see `crates/martian-chess/docs/rules.md`).
#[test]
fn reference_agrees_on_random_positions_with_merges_and_bans() {
    let (merges, bans) = agree_on_random_positions(false, 5000, 2026);
    assert!(merges > 1000 && bans > 500, "{merges} merges, {bans} bans");
}

/// The same under `variant=ofkk`: king-stepping pawns and knight-jumping drones merging,
/// and the crossings (bans) they make.
#[test]
fn reference_agrees_on_random_ofkk_positions_with_merges_and_bans() {
    let (merges, bans) = agree_on_random_positions(true, 1500, 2027);
    assert!(merges > 300 && bans > 150, "{merges} merges, {bans} bans");
}

/// Checks `count` random positions (standard or Of Knights and Kings movement); returns
/// the merges and bans seen.
fn agree_on_random_positions(ofkk: bool, count: usize, seed: u64) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut probe = ChaCha8Rng::seed_from_u64(11);
    let (mut checked, mut merges, mut bans) = (0, 0, 0);
    while checked < count {
        let seats = if rng.random_bool(0.5) { 2 } else { 4 };
        let Some(state) = random_position(&mut rng, seats, ofkk) else {
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
                Action::Move { to, .. } => state.piece_at(to).is_some() && !state.is_capture(a),
                Action::Pass => false,
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
    (merges, bans)
}
