//! The rule options of AbstractPlay's rule sheet, one test per rule: `clock=on`,
//! `target=N`, `undo=capture-allowed`, `variant=ofkk`, as AbstractPlay's engine
//! (`mchess.ts` of `AbstractPlay/gameslib`) plays them, with its one exception (a move
//! that calls the clock still sets the no-undo ban).

use martian_chess::{Action, MartianChess, PositionError, Rules};
use pyramid_core::prelude::*;
use pyramid_core::{Game, Outcome, PlayError, PositionProblem, RuleSet, Seat, Size, Square};

fn rules(pairs: &[(&str, &str)]) -> Rules {
    Rules::from_options(pairs.iter().copied()).expect("valid options")
}

fn clock() -> Rules {
    rules(&[("clock", "on")])
}

/// `state` after playing `moves` (engine notation), each checked.
fn after(mut state: MartianChess, moves: &[&str]) -> MartianChess {
    for text in moves {
        let action = state
            .parse_action(text)
            .unwrap_or_else(|e| panic!("`{text}` at `{}`: {e}", state.position()));
        state.play(action).expect("legal");
    }
    state
}

fn at(text: &str, rules: &Rules) -> MartianChess {
    MartianChess::from_position(text, rules).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// Seven quiet plies from the start: pawns stepping back and forth in their own zones.
const SEVEN_QUIET: [&str; 7] = [
    "b3-c4", "c6-d5", "c4-b3", "d5-c6", "b3-c4", "c6-d5", "c4-b3",
];

// ---- the options themselves ----

#[test]
fn options_are_listed_read_and_written_back() {
    let listed: Vec<&str> = Rules::default()
        .options()
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert_eq!(listed, ["first", "clock", "target", "undo", "variant"]);
    let all = rules(&[
        ("clock", "on"),
        ("target", "18"),
        ("undo", "capture-allowed"),
        ("variant", "ofkk"),
    ]);
    assert!(all.clock() && all.capture_undo_allowed() && all.ofkk());
    assert_eq!(all.target(), Some(18));
    let written = all.all_options();
    let back =
        Rules::from_options(written.iter().map(|(k, v)| (*k, v.as_str()))).expect("reads back");
    assert_eq!(back, all);
    // The defaults: the seed text's rules, on the fast paths.
    let default = Rules::default();
    assert!(default.fast_paths_apply());
    assert_eq!(
        default.options()[1..],
        [
            ("clock", "off".to_owned()),
            ("target", "0".to_owned()),
            ("undo", "any-crossing".to_owned()),
            ("variant", "standard".to_owned()),
        ]
    );
    // `none` and 0 both mean no target.
    assert_eq!(rules(&[("target", "none")]).target(), None);
    // RON: every option as the text `key=value` takes; the options travel.
    assert_eq!(
        ron::to_string(&default).expect("writes"),
        r#"(seats:2,ply_limit:None,first:"random",clock:"off",target:"0",undo:"any-crossing",variant:"standard")"#
    );
    let text = ron::to_string(&all).expect("writes");
    assert_eq!(ron::from_str::<Rules>(&text), Ok(all));
}

#[test]
fn bad_option_values_are_refused_with_what_is_expected() {
    for (key, value, expected) in [
        ("clock", "maybe", "`on` or `off`"),
        ("target", "73", "a score from 1 to 72"),
        ("target", "-1", "a score from 1 to 72"),
        ("target", "+5", "a score from 1 to 72"),
        ("undo", "never", "`any-crossing` or `capture-allowed`"),
        ("variant", "chess", "`standard` or `ofkk`"),
    ] {
        let mut r = Rules::default();
        let err = r.set_option(key, value).expect_err("refused");
        assert!(err.to_string().contains(expected), "{key}={value}: {err}");
        assert_eq!(r, Rules::default(), "{key}={value} changed the rules");
    }
    assert!(Rules::default().with_target(Some(0)).is_err());
    assert!(ron::from_str::<Rules>("(seats:2,target:Some(99))").is_err());
}

// ---- clock=on ----

#[test]
fn clock_may_be_called_only_after_7_plies_in_a_row_without_a_capture() {
    let start = MartianChess::new(&clock());
    let six = after(start.clone(), &SEVEN_QUIET[..6]);
    assert_eq!(six.plies_without_capture(), 6);
    assert!(!six.may_call_clock());
    assert!(six.legal_actions().iter().all(|a| !a.calls_clock()));
    let early: Action = "c4-b3*".parse().expect("parses");
    assert!(six.is_legal(early.without_call()) && !six.is_legal(early));
    let reason = six.illegal_reason(early).expect("a reason");
    assert!(reason.contains("7 plies in a row"), "{reason}");
    let call: Action = "d5-c6*".parse().expect("parses");
    // After the seventh, every move may also call the clock: twice the actions.
    let seven = after(start, &SEVEN_QUIET);
    assert!(seven.may_call_clock());
    let plain = seven
        .legal_actions()
        .iter()
        .filter(|a| !a.calls_clock())
        .count();
    assert_eq!(seven.count_actions(), 2 * plain);
    assert!(seven.is_legal(call));
    assert_eq!(seven.position().split(' ').next_back(), Some("7"));
    // Without the option, no call is ever legal.
    let off = after(MartianChess::new(&Rules::default()), &SEVEN_QUIET);
    assert!(!off.is_legal(call));
    assert!(
        off.illegal_reason(call)
            .is_some_and(|r| r.contains("clock=on"))
    );
    assert!(matches!(
        off.clone().play(call),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn clock_ends_the_game_after_7_further_plies_without_a_capture_equal_scores_draw() {
    let seven = after(MartianChess::new(&clock()), &SEVEN_QUIET);
    let called = after(seven, &["d5-c6*"]);
    assert_eq!(called.clock_countdown(), Some(7));
    assert!(called.position().ends_with(" 8:7"), "{}", called.position());
    // Once running it cannot be called again.
    assert!(called.legal_actions().iter().all(|a| !a.calls_clock()));
    let moves = [
        "b3-c4", "c6-d5", "c4-b3", "d5-c6", "b3-c4", "c6-d5", "c4-b3",
    ];
    let six_more = after(called, &moves[..6]);
    assert_eq!(six_more.clock_countdown(), Some(1));
    assert!(!six_more.is_over());
    let end = after(six_more, &moves[6..]);
    assert!(end.is_over());
    assert_eq!(end.clock_countdown(), Some(0));
    // 0-0 when the clock runs out: a draw, not a win for the final mover.
    assert_eq!(end.outcome(), Some(Outcome::Draw));
}

#[test]
fn clock_higher_score_wins_when_it_runs_out() {
    // Seat 1 makes the last ply with the lower score: seat 0 still wins.
    let rules = clock();
    let state = at("1DQQ/1PDQ/1P1D/4/4/D1P1/QDP1/QQ2 1 3,1 - 40 20:1", &rules);
    let end = after(state, &["b6-a5"]);
    assert!(end.is_over());
    assert_eq!(end.outcome(), Some(Outcome::Win(Seat(0))));
    // Equal scores: a draw, where without the clock the final mover would win.
    let state = at("1DQQ/1PDQ/1P1D/4/4/D1P1/QDP1/QQ2 1 2,2 - 40 20:1", &rules);
    assert_eq!(after(state, &["b6-a5"]).outcome(), Some(Outcome::Draw));
}

#[test]
fn clock_capture_cancels_the_countdown() {
    // After b3-a4 c6-b5 with the clock called (4 plies left): a4xb5 captures.
    let rules = clock();
    let state = at(
        "1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9:4",
        &rules,
    );
    let captured = after(state, &["a4xb5"]);
    assert_eq!(captured.clock_countdown(), None);
    assert_eq!(captured.plies_without_capture(), 0);
    assert_eq!(
        captured.position(),
        "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 21 0"
    );
    // And it may not be called again for 7 plies.
    assert!(!captured.may_call_clock());
}

#[test]
fn clock_called_with_a_capture_starts_the_countdown() {
    let rules = clock();
    let state = at("1DQQ/1PDQ/1P1D/1P2/P3/D1P1/QDP1/QQD1 0 0,0 - 20 9", &rules);
    let called = after(state.clone(), &["a4xb5*"]);
    assert_eq!(called.clock_countdown(), Some(7));
    assert_eq!(called.plies_without_capture(), 0);
    assert!(called.position().ends_with(" 0:7"));
    assert_eq!(state.notation("a4-b5*".parse().expect("parses")), "a4xb5*");
}

#[test]
fn clock_call_still_sets_the_no_undo_ban() {
    // AbstractPlay's code loses the ban after a calling move (`a3-a5*` is not matched
    // by its mirror check); its rule sheet, and this engine, keep it.
    let rules = clock();
    let state = at("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 8 8", &rules);
    let called = after(state, &["a3-a5*"]);
    assert_eq!(
        called.last_crossing(),
        Some(("a3".parse().expect("square"), "a5".parse().expect("square")))
    );
    assert!(!called.is_legal("a5-a3".parse().expect("parses")));
}

#[test]
fn clock_position_string_carries_the_clock_only_when_on() {
    let start = MartianChess::new(&clock());
    assert_eq!(
        start.position(),
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0 0"
    );
    // Default rules: five fields, as before.
    let default = MartianChess::new(&Rules::default());
    assert_eq!(
        default.position(),
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0"
    );
    let refused = [
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0",
            "6 space-separated fields",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 5 6",
            "more plies without a capture",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 30 9:8",
            "plies left on the called clock `9:8` is 8, not 0 to 7",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 30 2:3",
            "cannot have been called",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 30 x",
            "field `clock`",
        ),
        (
            "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 30 3:",
            "field `clock`",
        ),
    ];
    for (text, expected) in refused {
        let err = MartianChess::from_position(text, &clock()).expect_err(text);
        assert!(err.to_string().contains(expected), "`{text}`: {err}");
    }
    let six = MartianChess::from_position(
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0 0",
        &Default::default(),
    )
    .expect_err("six fields without the clock");
    assert_eq!(six.field, PositionError::WHOLE);
    assert!(
        matches!(
            six.problem,
            PositionProblem::FieldCount {
                expected: 5,
                found: 6,
                ..
            }
        ),
        "{six}"
    );
    assert!(
        six.to_string().contains("5 space-separated fields")
            && six.to_string().ends_with("found 6"),
        "{six}"
    );
    // The RON form carries the clock, and refuses one the rules do not have.
    let called = at("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 30 9:3", &clock());
    let text = ron::to_string(&called).expect("writes");
    assert_eq!(ron::from_str::<MartianChess>(&text), Ok(called));
    let off = text.replace(r#"clock:"on""#, r#"clock:"off""#);
    assert_ne!(off, text, "the RON form holds the clock option: {text}");
    assert!(ron::from_str::<MartianChess>(&off).is_err(), "{off}");
}

// ---- target=N ----

#[test]
fn target_ends_the_game_as_soon_as_a_score_reaches_it() {
    let moves = ["b3-a4", "c6-b5", "a4xb5"];
    let one = after(MartianChess::new(&rules(&[("target", "1")])), &moves);
    assert!(one.is_over());
    assert_eq!(one.outcome(), Some(Outcome::Win(Seat(0))));
    assert!(one.legal_actions().is_empty());
    let two = after(MartianChess::new(&rules(&[("target", "2")])), &moves);
    assert!(!two.is_over());
    // A hand-made position at the target is over.
    let reached = at(
        "1DQQ/4/4/4/4/4/QDP1/4 0 3,18 - 40",
        &rules(&[("target", "18")]),
    );
    assert_eq!(reached.outcome(), Some(Outcome::Win(Seat(1))));
}

// ---- undo=capture-allowed ----

#[test]
fn undo_capture_allowed_lets_a_capturing_piece_go_straight_back() {
    let moves = ["b3-a4", "c6-b5", "a4xb5"];
    let back: Action = "b5-a4".parse().expect("parses");
    let strict = after(MartianChess::new(&Rules::default()), &moves);
    assert!(!strict.is_legal(back));
    let allowed = after(
        MartianChess::new(&rules(&[("undo", "capture-allowed")])),
        &moves,
    );
    assert_eq!(allowed.last_crossing(), None);
    assert!(allowed.is_legal(back));
    assert_eq!(
        allowed.position(),
        "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 - 3"
    );
    // A plain crossing still bans the way straight back.
    let crossed = after(
        MartianChess::new(&rules(&[("undo", "capture-allowed")])),
        &["a3-a5"],
    );
    assert!(!crossed.is_legal("a5-a3".parse().expect("parses")));
}

// ---- variant=ofkk ----

/// The opening moves of seat 0 under Of Knights and Kings, counted by brute force from
/// the rule text alone: pawns one square in any direction, drones by knight jumps,
/// queens as always, onto an empty square or a capture (no merges: seat 0 has queens
/// and drones).
fn ofkk_opening_moves_by_brute_force(state: &MartianChess) -> usize {
    let mut n = 0;
    for (from, size) in state.pieces_of(Seat(0)) {
        let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
        let steps: Vec<(i32, i32)> = match size {
            Size::Pawn => (-1..=1)
                .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
                .filter(|&d| d != (0, 0))
                .collect(),
            Size::Drone => vec![
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            Size::Queen => {
                let mut out = Vec::new();
                for (dx, dy) in [
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                ] {
                    let mut k = 1;
                    loop {
                        let (x, y) = (f + dx * k, r + dy * k);
                        if !(0..4).contains(&x) || !(0..8).contains(&y) {
                            break;
                        }
                        out.push((dx * k, dy * k));
                        if state.piece_at(Square::new(x as u8, y as u8)).is_some() {
                            break;
                        }
                        k += 1;
                    }
                }
                out
            }
        };
        for (dx, dy) in steps {
            let (x, y) = (f + dx, r + dy);
            if !(0..4).contains(&x) || !(0..8).contains(&y) {
                continue;
            }
            let to = Square::new(x as u8, y as u8);
            let own = state.zone_of(to) == Some(Seat(0));
            if state.piece_at(to).is_none() || !own {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn ofkk_pawns_move_like_kings_and_drones_like_knights() {
    let start = MartianChess::new(&rules(&[("variant", "ofkk")]));
    let brute = ofkk_opening_moves_by_brute_force(&start);
    // By hand: pawns c2 (d1 d2 d3), b3 (a4 b4 c4), c3 (d2 d3 b4 c4 d4); drones c1
    // (d3), b2 (d1 d3 a4 c4), a3 (c4 b5); the queens are boxed in.
    assert_eq!(brute, 18);
    assert_eq!(start.count_actions(), brute);
    let texts: Vec<String> = start
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .collect();
    for text in ["c2-d1", "b3-b4", "c3-c4", "a3-b5", "b2-d1", "c1-d3"] {
        assert!(texts.iter().any(|t| t == text), "{text} in {texts:?}");
    }
    // A drone no longer steps orthogonally, a pawn may.
    assert!(!start.is_legal("a3-a4".parse().expect("parses")));
    assert!(start.is_legal("b3-b4".parse().expect("parses")));
}

#[test]
fn ofkk_field_promotion_still_applies() {
    // Seat 0 has no queen: a pawn stepping like a king onto its drone makes a queen,
    // a drone jumping like a knight onto its pawn too.
    let rules = rules(&[("variant", "ofkk")]);
    let state = at("1DQQ/1PDQ/1PPD/4/4/P3/D3/4 0 0,0 - 10", &rules);
    let merged = after(state.clone(), &["a3-a2"]);
    assert_eq!(
        merged.piece_at("a2".parse().expect("square")),
        Some(Size::Queen)
    );
    let state = at("1DQQ/1PDQ/1PPD/4/4/1P2/4/D3 0 0,0 - 10", &rules);
    let merged = after(state, &["a1-b3"]);
    assert_eq!(
        merged.piece_at("b3".parse().expect("square")),
        Some(Size::Queen)
    );
}

#[test]
fn ofkk_crossing_field_is_checked_with_its_movement() {
    // A drone on a5 could have jumped there from b3 (a knight move), not from a3.
    let rules = rules(&[("variant", "ofkk")]);
    let jumped = "1DQQ/1PDQ/1PPD/D3/4/P1P1/QDP1/QQD1 1 0,0 b3-a5 1";
    assert!(MartianChess::from_position(jumped, &rules).is_ok());
    assert!(MartianChess::from_position(jumped, &Rules::default()).is_err());
    let stepped = "1DQQ/1PDQ/1PPD/D3/4/1PP1/QDP1/QQD1 1 0,0 a3-a5 1";
    assert!(MartianChess::from_position(stepped, &rules).is_err());
    assert!(MartianChess::from_position(stepped, &Rules::default()).is_ok());
}

#[test]
fn clock_and_target_are_shown_in_the_diagram() {
    use pyramid_core::Diagram;
    let rules = rules(&[("clock", "on"), ("target", "18")]);
    let seven = after(MartianChess::new(&rules), &SEVEN_QUIET);
    let text = seven.diagram(None);
    assert!(
        text.contains("clock: 7 plies without a capture: it may be called"),
        "{text}"
    );
    assert!(text.contains("target: 18"), "{text}");
    let called = after(seven, &["d5-c6*"]).diagram(None);
    assert!(
        called.contains("clock: called; 7 plies without a capture left"),
        "{called}"
    );
    let plain = MartianChess::new(&Rules::default()).diagram(None);
    assert!(
        !plain.contains("clock") && !plain.contains("target"),
        "{plain}"
    );
}
