//! A [`Setup`](crate::Setup) checked and made a state (nothing impossible gets
//! through; each refusal names its field), and a state written back as a setup: next to
//! the state, so that the setup stays pure data.

use crate::geometry::{Base, GRID, Stack, index, square};
use crate::piece::{Piece, Pieces};
use crate::state::{Decision, RECEIVED, START_STORE, Stacktrices};
use pyramid_core::{Outcome, Seat, Square};

use crate::setup::{PositionError, Setup, SetupStack};

/// Each side's name in the messages.
const SIDE: [&str; 2] = ["White", "Black"];

impl TryFrom<Setup> for Stacktrices {
    type Error = PositionError;

    fn try_from(s: Setup) -> Result<Self, PositionError> {
        let mut g = Stacktrices::empty(&s.rules);
        g.store = s.store;
        g.held = s.held;
        g.decision = s.decision;
        g.raid_due = s.raid_due;
        g.plies = s.plies;
        g.exposed = s.exposed;
        g.turn = check_turn(s.turn)?;
        let setup_phase = matches!(s.decision, Decision::SetupHide | Decision::Place);
        place_stacks(&mut g, &s.stacks, s.rules.variant2() && !setup_phase)?;
        if setup_phase {
            check_setup_phase(&g)?;
        } else {
            check_census(&g)?;
        }
        for side in 0..2u8 {
            place_thief(&mut g, &s, side)?;
            place_bar(&mut g, &s, side)?;
        }
        g.lander = match s.lander {
            Some(sq) if GRID.contains(sq) => Some(index(sq)),
            Some(sq) => return Err(PositionError::off_board("decision", format!("@{sq}"), 7, 7)),
            None => None,
        };
        check_held(&g)?;
        check_lander(&g)?;
        check_decision(&mut g)?;
        if g.decision == Decision::Main && !g.has_main_action() {
            g.over = Some(Outcome::Win(Seat(g.turn ^ 1)));
        }
        Ok(g)
    }
}

/// The seat on turn exists.
fn check_turn(turn: Seat) -> Result<u8, PositionError> {
    if turn.0 > 1 {
        return Err(PositionError::out_of_range(
            "seat",
            "the seat to act (0 is White, 1 is Black)",
            u64::from(turn.0),
            0..=1,
        ));
    }
    Ok(turn.0)
}

/// Puts every stack on the board: on a square of the board, of an existing seat, one per
/// square, each sound ([`check_stack`]); at most 4 drone and 3 queen bases a side.
fn place_stacks(
    g: &mut Stacktrices,
    stacks: &[SetupStack],
    several: bool,
) -> Result<(), PositionError> {
    let mut bases = [[0u8; 2]; 2];
    for st in stacks {
        check_stack(st, several)?;
        let i = index(st.square);
        if g.board[usize::from(i)].is_some() {
            return Err(PositionError::occupied("board", st.square, "stacks"));
        }
        bases[usize::from(st.owner.0)][usize::from(st.base == Base::Queen)] += 1;
        g.put(
            i,
            Stack {
                owner: st.owner.0,
                base: st.base,
                pieces: st.pieces,
            },
        );
    }
    for side in 0..2 {
        for (kind, most) in [("drone", 4), ("queen", 3)] {
            let found = usize::from(bases[side][usize::from(kind == "queen")]);
            if found > most {
                return Err(PositionError::count(
                    "board",
                    format!("{kind} bases of {}", SIDE[side]),
                    found,
                    0..=most,
                ));
            }
        }
    }
    Ok(())
}

/// One stack: on the board, of seat 0 or 1, no skill piece without a movement piece, one
/// movement piece unless `several` (Variant 2 after the setup phase).
fn check_stack(st: &SetupStack, several: bool) -> Result<(), PositionError> {
    if !GRID.contains(st.square) {
        return Err(PositionError::off_board("board", st.square, 7, 7));
    }
    if st.owner.0 > 1 {
        return Err(PositionError::out_of_range(
            "board",
            format!("the seat of the stack on {}", st.square),
            u64::from(st.owner.0),
            0..=1,
        ));
    }
    let m = st.pieces.movement();
    if m == 0 && st.pieces.skills() > 0 {
        return Err(PositionError::invariant(
            "board",
            format!("the stack on {}", st.square),
            "has a stranded skill piece (no movement piece)",
        ));
    }
    if m > 1 && !several {
        return Err(PositionError::against_rules(
            "board",
            format!("the stack on {} holds {m} movement pieces", st.square),
            "Variant 2 off (only Variant 2 allows several, after the setup phase)",
        ));
    }
    Ok(())
}

/// During the setup phase: each side's pieces are among those it receives, its bases stand
/// on its home row and nothing else is on the board, and the store holds `Qq`.
fn check_setup_phase(g: &Stacktrices) -> Result<(), PositionError> {
    for side in 0..2u8 {
        check_received(g, side)?;
        check_home_row(g, side)?;
    }
    let stacks = (g.occ[0].count_ones() + g.occ[1].count_ones()) as usize;
    if stacks != 14 {
        return Err(PositionError::count(
            "board",
            "stacks during the setup phase (only the 14 bases stand on the board)",
            stacks,
            14..=14,
        ));
    }
    if g.store != START_STORE {
        let letters = if g.store.is_empty() {
            "-".to_owned()
        } else {
            g.store.letters()
        };
        return Err(PositionError::mismatch(
            "store",
            "the store during the setup phase",
            START_STORE.letters(),
            letters,
        ));
    }
    Ok(())
}

/// During the setup phase, `side` has placed no more pieces of a kind than it receives.
fn check_received(g: &Stacktrices, side: u8) -> Result<(), PositionError> {
    let mut on = Pieces::EMPTY;
    for (_, st) in g.stacks().filter(|(_, st)| st.owner == side) {
        on.add_all(st.pieces);
    }
    for k in Piece::ALL {
        if on.count(k) > RECEIVED.count(k) {
            return Err(PositionError::count(
                "board",
                format!(
                    "`{k}` on the stacks of {} (as many as it receives)",
                    SIDE[usize::from(side)]
                ),
                usize::from(on.count(k)),
                0..=usize::from(RECEIVED.count(k)),
            ));
        }
    }
    Ok(())
}

/// During the setup phase, `side`'s bases stand on its home row, as arranged.
fn check_home_row(g: &Stacktrices, side: u8) -> Result<(), PositionError> {
    for file in 0..7u8 {
        let sq = if side == 0 { file } else { 42 + file };
        let ok = g.board[usize::from(sq)]
            .is_some_and(|st| st.owner == side && st.base == Stacktrices::home_base(file));
        if !ok {
            return Err(PositionError::invariant(
                "board",
                format!(
                    "the base of {} on {} (its home row)",
                    SIDE[usize::from(side)],
                    square(sq)
                ),
                "is missing: during the setup phase each side's bases stand on its home row, as arranged",
            ));
        }
    }
    Ok(())
}

/// After the setup phase: every piece of the game is in a stack, the store or held.
fn check_census(g: &Stacktrices) -> Result<(), PositionError> {
    let census = g.piece_census();
    for k in Piece::ALL {
        let (n, total) = (census.count(k), Piece::TOTALS[k.index()]);
        if n != total {
            let total = usize::from(total);
            return Err(PositionError::count(
                "store",
                format!(
                    "`{k}` in stacks, store and held pieces (every piece of the game is somewhere)"
                ),
                usize::from(n),
                total..=total,
            ));
        }
    }
    Ok(())
}

/// Whether `sq` holds a drone-base stack of `side`.
fn is_own_drone(g: &Stacktrices, sq: Square, side: u8) -> bool {
    GRID.contains(sq)
        && g.board[usize::from(index(sq))]
            .is_some_and(|st| st.owner == side && st.base == Base::Drone)
}

/// `side`'s thief: under one of its drone bases; missing only while it is still to hide
/// (or the game is over); exposed only under Variant 1.
fn place_thief(g: &mut Stacktrices, s: &Setup, side: u8) -> Result<(), PositionError> {
    let si = usize::from(side);
    if let Some(t) = s.thieves[si] {
        if !is_own_drone(g, t, side) {
            return Err(PositionError::invariant(
                "thieves",
                format!("{}'s thief {t}", SIDE[si]),
                "is not under a drone base of its own",
            ));
        }
        g.thief[si] = Some(index(t));
    } else {
        let waiting = match s.decision {
            Decision::SetupHide => side >= g.turn,
            Decision::VictimHide | Decision::Steal => side != g.turn,
            Decision::Over => true,
            _ => false,
        };
        if g.drones(side) != 0 && !waiting {
            return Err(PositionError::invariant(
                "thieves",
                SIDE[si],
                "has drone-base stacks but no thief",
            ));
        }
    }
    if s.thieves[si].is_some() && s.decision == Decision::SetupHide && side >= g.turn {
        return Err(PositionError::invariant(
            "thieves",
            SIDE[si],
            "has a thief, but has not hidden its thief yet",
        ));
    }
    if s.exposed[si] && s.thieves[si].is_none() {
        return Err(PositionError::invariant(
            "thieves",
            SIDE[si],
            "is marked exposed (`!`) without a thief",
        ));
    }
    if s.exposed[si] && !s.rules.variant1() {
        return Err(PositionError::against_rules(
            "thieves",
            format!("{}'s thief is exposed", SIDE[si]),
            "Variant 1 off (an exposed thief needs Variant 1)",
        ));
    }
    Ok(())
}

/// `side`'s last raider, if any: a drone-base stack of its own, and none during the setup
/// phase (no raid has happened yet).
fn place_bar(g: &mut Stacktrices, s: &Setup, side: u8) -> Result<(), PositionError> {
    let si = usize::from(side);
    if let Some(b) = s.bars[si] {
        if matches!(s.decision, Decision::SetupHide | Decision::Place) {
            return Err(PositionError::invariant(
                "bars",
                format!("{}'s raider {b}", SIDE[si]),
                "cannot be set: no stack has raided during the setup phase",
            ));
        }
        if !is_own_drone(g, b, side) {
            return Err(PositionError::invariant(
                "bars",
                format!("{}'s raider {b}", SIDE[si]),
                "is not a drone-base stack of its own",
            ));
        }
        g.bar[si] = Some(index(b));
    }
    Ok(())
}

/// The pending decision: `over` exactly when a side has no stack left, and each kind of
/// decision by its own check (below).
fn check_decision(g: &mut Stacktrices) -> Result<(), PositionError> {
    if g.decision != Decision::Over && (g.occ[0] == 0 || g.occ[1] == 0) {
        return Err(PositionError::rule(
            "decision",
            "a side without stacks has lost: the decision must be `over`",
        ));
    }
    match g.decision {
        Decision::Over => check_over(g),
        Decision::Steal => check_steal(g),
        Decision::OptionalSteal => check_optional_steal(g),
        Decision::VictimHide => check_victim_hide(g),
        Decision::Rehide => check_rehide(g),
        Decision::Place => check_place(g),
        Decision::SetupHide => check_setup_hide(g),
        // A raid's stack is checked with `@SQ`; its thief like every decision's.
        Decision::Main | Decision::Trade | Decision::Raid => Ok(()),
    }
}

impl From<Stacktrices> for Setup {
    fn from(g: Stacktrices) -> Setup {
        Setup {
            stacks: g
                .stacks()
                .map(|(sq, st)| SetupStack {
                    square: sq,
                    owner: st.owner(),
                    base: st.base,
                    pieces: st.pieces,
                })
                .collect(),
            store: g.store,
            held: g.held,
            thieves: [g.thief[0].map(square), g.thief[1].map(square)],
            bars: [g.bar[0].map(square), g.bar[1].map(square)],
            exposed: g.exposed,
            decision: g.decision,
            raid_due: g.raid_due,
            lander: g.lander.map(square),
            turn: Seat(g.turn),
            plies: g.plies,
            rules: g.rules,
        }
    }
}

// ---------------------------------------------------------------------------------
// The pending decision, one check per kind. Each refuses a state whose decision
// contradicts the rest of it, naming the field `decision` (or `thieves`).

/// Held pieces exist exactly while a steal is pending (an optional steal may hold none:
/// the captured stack had no piece).
fn check_held(g: &Stacktrices) -> Result<(), PositionError> {
    match g.decision {
        Decision::Steal if g.held.is_empty() => Err(PositionError::rule(
            "decision",
            "a steal is pending but no piece is held",
        )),
        Decision::Steal | Decision::OptionalSteal => Ok(()),
        _ if !g.held.is_empty() => Err(PositionError::rule(
            "decision",
            "held pieces exist only while a steal is pending",
        )),
        _ => Ok(()),
    }
}

/// `+raid` follows only a steal or a victim's hide; `@SQ` (the stack that moved) is given
/// exactly with a raid, `+raid` or an optional steal, and names a drone-base stack of the
/// mover; a raid's stack stands on the opponent's home row.
fn check_lander(g: &Stacktrices) -> Result<(), PositionError> {
    let me = g.turn;
    if g.raid_due
        && !matches!(
            g.decision,
            Decision::Steal | Decision::OptionalSteal | Decision::VictimHide
        )
    {
        return Err(PositionError::rule(
            "decision",
            "`+raid` only follows a steal or a victim's hide",
        ));
    }
    let raid = g.raid_due || g.decision == Decision::Raid;
    let needs = raid || g.decision == Decision::OptionalSteal;
    match (needs, g.lander) {
        (false, None) => Ok(()),
        (false, Some(sq)) => Err(PositionError::invariant(
            "decision",
            format!("`@{}`", square(sq)),
            "names the stack that moved only for a raid or an optional steal",
        )),
        (true, None) => Err(PositionError::rule(
            "decision",
            "a raid (`raid`, `+raid`) or an optional steal names the stack that moved: add `@SQ`",
        )),
        (true, Some(sq)) => {
            let own_drone =
                g.board[usize::from(sq)].is_some_and(|st| st.owner == me && st.base == Base::Drone);
            if !own_drone {
                return Err(PositionError::invariant(
                    "decision",
                    format!("`@{}` ({} on turn)", square(sq), SIDE[usize::from(me)]),
                    "is not a drone-base stack of the side on turn",
                ));
            }
            if raid && sq / 7 != crate::geometry::home_rank(me ^ 1) {
                return Err(PositionError::invariant(
                    "decision",
                    format!("`@{}`", square(sq)),
                    "is not on the opponent's home row, where a raid's stack moved",
                ));
            }
            Ok(())
        }
    }
}

/// `over`: exactly one side has no stack; it lost.
fn check_over(g: &mut Stacktrices) -> Result<(), PositionError> {
    if (g.occ[0] != 0) == (g.occ[1] != 0) {
        return Err(PositionError::rule(
            "decision",
            "`over` needs exactly one side without stacks",
        ));
    }
    let winner = if g.occ[0] != 0 { 0 } else { 1 };
    g.over = Some(Outcome::Win(Seat(winner)));
    Ok(())
}

/// The compulsory steal follows the capture of the opponent's thief: the opponent has no
/// thief until it hides again, and some held piece can be placed.
fn check_steal(g: &Stacktrices) -> Result<(), PositionError> {
    let victim = g.turn ^ 1;
    if g.thief[usize::from(victim)].is_some() {
        return Err(PositionError::invariant(
            "decision",
            format!("{}'s thief", SIDE[usize::from(victim)]),
            "still stands, but a steal follows the capture of the opponent's thief",
        ));
    }
    if !g.can_place_any(g.turn, g.held) {
        return Err(PositionError::rule(
            "decision",
            "a steal is pending but no held piece can be placed",
        ));
    }
    Ok(())
}

/// Variant 1's optional steal follows a capture by a drone-base stack (checked with
/// `@SQ`).
fn check_optional_steal(g: &Stacktrices) -> Result<(), PositionError> {
    if !g.rules.variant1() {
        return Err(PositionError::against_rules(
            "decision",
            "an optional steal is pending",
            "Variant 1 off (an optional steal needs Variant 1)",
        ));
    }
    Ok(())
}

/// The victim of a thief capture hides again: its thief is gone, and it has a drone-base
/// stack to hide under.
fn check_victim_hide(g: &Stacktrices) -> Result<(), PositionError> {
    let victim = usize::from(g.turn ^ 1);
    if g.thief[victim].is_some() {
        return Err(PositionError::invariant(
            "decision",
            format!("{}'s thief", SIDE[victim]),
            "still stands, but `hide` is the victim's hide after its thief was captured",
        ));
    }
    if g.drones(g.turn ^ 1) == 0 {
        return Err(PositionError::rule(
            "decision",
            "the victim has no drone-base stack to hide under",
        ));
    }
    Ok(())
}

/// The re-hide after a raid: the raider was the thief and is now the last raider.
fn check_rehide(g: &Stacktrices) -> Result<(), PositionError> {
    let me = usize::from(g.turn);
    match g.thief[me] {
        None => Err(PositionError::rule(
            "decision",
            "a re-hide follows a raid by the mover's thief",
        )),
        Some(t) if g.bar[me] != Some(t) => Err(PositionError::rule(
            "decision",
            "a re-hide follows a raid, so the raiding thief is the last raider (`bars`)",
        )),
        Some(_) => Ok(()),
    }
}

/// A placement: the side on turn has a piece left to place, and both sides have hidden.
fn check_place(g: &Stacktrices) -> Result<(), PositionError> {
    let me = g.turn;
    if g.hand(Seat(me)).is_empty() {
        return Err(PositionError::invariant(
            "decision",
            SIDE[usize::from(me)],
            "has no piece left to place",
        ));
    }
    if g.thief.iter().any(Option::is_none) {
        return Err(PositionError::rule(
            "thieves",
            "placements come after both sides have hidden their thieves",
        ));
    }
    Ok(())
}

/// The setup hides come first: no piece placed yet.
fn check_setup_hide(g: &Stacktrices) -> Result<(), PositionError> {
    if g.store != START_STORE || g.stacks().any(|(_, st)| !st.pieces.is_empty()) {
        return Err(PositionError::rule(
            "decision",
            "the setup hides come before any placement",
        ));
    }
    Ok(())
}
