//! One test per rule of the ruling, each from hand-written positions.

use card_siege::{CardSiege, Phase, Rules, Suit};
use pyramid_core::prelude::*;
use pyramid_core::{Game, Outcome, PlayError, RuleSet, Seat, Square, perft};

/// A board field from `(token, square)` pairs; a token is a card (`5h`) or a stack
/// (`(Ks2h)`).
pub(crate) fn board(cards: &[(&str, &str)]) -> String {
    let mut cells = vec![".".to_owned(); 45];
    for (token, sq) in cards {
        let s: Square = sq.parse().expect("a square name");
        cells[usize::from(s.rank()) * 15 + usize::from(s.file())] = (*token).to_owned();
    }
    (0..3)
        .rev()
        .map(|r| cells[r * 15..r * 15 + 15].concat())
        .collect::<Vec<_>>()
        .join("/")
}

/// A position with the given cards and seat to act, past the opening, with no history.
fn game(cards: &[(&str, &str)], turn: &str) -> CardSiege {
    let text = format!("{} {turn} 0,0 - - 0", board(cards));
    CardSiege::from_position(&text, &Rules::default()).expect("a valid position")
}

/// The legal actions' texts, sorted.
fn legal(g: &CardSiege) -> Vec<String> {
    let mut v: Vec<String> = g.legal_actions().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// The legal actions of the card on `sq`, sorted.
fn legal_from(g: &CardSiege, sq: &str) -> Vec<String> {
    legal(g)
        .into_iter()
        .filter(|a| a.starts_with(sq) && !a[sq.len()..].starts_with(char::is_numeric))
        .collect()
}

fn is_legal(g: &CardSiege, text: &str) -> bool {
    g.parse_action(text).is_ok()
}

fn play(g: &mut CardSiege, text: &str) {
    let a = g
        .parse_action(text)
        .unwrap_or_else(|e| panic!("`{text}` at `{}`: {e}", g.position()));
    g.play(a).unwrap_or_else(|e| panic!("`{text}`: {e}"));
}

fn at(g: &CardSiege, sq: &str) -> Option<String> {
    g.card_at(sq.parse().expect("a square name"))
        .map(|c| c.to_string())
}

fn has(g: &CardSiege, card: &str) -> bool {
    g.square_of(card.parse().expect("a card")).is_some()
}

const KINGS_AWAY: [(&str, &str); 2] = [("Kh", "o1"), ("Ks", "o3")];

fn with_kings<'a>(cards: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = cards.to_vec();
    v.extend_from_slice(&KINGS_AWAY);
    v
}

// ---------------------------------------------------------------- board and setup

#[test]
fn start_layout_is_the_same_in_both_home_rows_with_kings_on_h() {
    let g = CardSiege::new(&Rules::default());
    let row = [
        "A", "3", "5", "", "7", "9", "J", "K", "Q", "T", "8", "", "6", "4", "2",
    ];
    for (file, rank) in row.iter().enumerate() {
        let f = (b'a' + file as u8) as char;
        let expect = |suit: char| (!rank.is_empty()).then(|| format!("{rank}{suit}"));
        assert_eq!(at(&g, &format!("{f}1")), expect('h'));
        assert_eq!(at(&g, &format!("{f}3")), expect('s'));
        assert_eq!(at(&g, &format!("{f}2")), None);
    }
    assert_eq!(
        g.position(),
        "As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../Ah3h5h.7h9hJhKhQhTh8h.6h4h2h h 3,3 - - 0"
    );
}

#[test]
fn hearts_is_seat_zero_and_moves_first() {
    let g = CardSiege::new(&Rules::default());
    assert_eq!(g.to_act(), Some(Seat(0)));
    assert_eq!(g.suit_to_move(), Suit::Hearts);
    assert!(legal(&g).iter().all(|a| a.ends_with('1')));
}

// ---------------------------------------------------------------- slides

#[test]
fn slide_limit_is_one_for_the_ace_and_the_king() {
    let g = game(&with_kings(&[("Ah", "e1")]), "h");
    assert_eq!(legal_from(&g, "e1"), ["e1-d1", "e1-e2", "e1-f1"]);
    // o1-o2 would be an ascent onto o2, attacked by the Spades King.
    assert_eq!(legal_from(&g, "o1"), ["o1-n1"]);
}

#[test]
fn slide_limit_is_the_rank_for_two_to_six() {
    let g = game(&with_kings(&[("3h", "e1"), ("6h", "g2")]), "h");
    assert_eq!(
        legal_from(&g, "e1"),
        [
            "e1-b1", "e1-c1", "e1-d1", "e1-e2", "e1-f1", "e1-g1", "e1-h1"
        ]
    );
    // The six from g2 reaches a2 to m2 (12 slides), no ascent from the neutral row.
    assert_eq!(legal_from(&g, "g2").len(), 12);
}

#[test]
fn slide_limit_is_four_for_seven_to_queen() {
    for card in ["7h", "8h", "9h", "Th", "Jh", "Qh"] {
        let g = game(&with_kings(&[(card, "g2")]), "h");
        let slides: Vec<String> = legal_from(&g, "g2")
            .into_iter()
            .filter(|a| a.contains('-'))
            .collect();
        assert_eq!(
            slides,
            [
                "g2-c2", "g2-d2", "g2-e2", "g2-f2", "g2-h2", "g2-i2", "g2-j2", "g2-k2"
            ],
            "{card}"
        );
    }
}

#[test]
fn slides_stay_on_the_board() {
    let g = game(&with_kings(&[("5h", "b1")]), "h");
    assert_eq!(
        legal_from(&g, "b1"),
        [
            "b1-a1", "b1-b2", "b1-c1", "b1-d1", "b1-e1", "b1-f1", "b1-g1"
        ]
    );
}

#[test]
fn conveyor_shifts_every_passed_card_of_either_suit_back_toward_from() {
    let mut g = game(
        &with_kings(&[("3h", "c1"), ("5s", "d1"), ("9h", "f1")]),
        "h",
    );
    play(&mut g, "c1-f1");
    assert_eq!(at(&g, "c1").as_deref(), Some("5s"));
    assert_eq!(at(&g, "d1"), None);
    assert_eq!(at(&g, "e1").as_deref(), Some("9h"));
    assert_eq!(at(&g, "f1").as_deref(), Some("3h"));
}

#[test]
fn conveyor_refills_from_with_the_neighbouring_square_going_left_too() {
    let mut g = game(
        &with_kings(&[("4h", "f1"), ("Ts", "e1"), ("2h", "d1")]),
        "h",
    );
    play(&mut g, "f1-c1");
    assert_eq!(at(&g, "c1").as_deref(), Some("4h"));
    assert_eq!(at(&g, "d1"), None);
    assert_eq!(at(&g, "e1").as_deref(), Some("2h"));
    assert_eq!(at(&g, "f1").as_deref(), Some("Ts"));
}

#[test]
fn neutral_row_slide_shifts_only_neutral_row_cards() {
    let mut g = game(
        &with_kings(&[
            ("5h", "c2"),
            ("9s", "d2"),
            ("3h", "e2"),
            ("7h", "d1"),
            ("6s", "e3"),
        ]),
        "h",
    );
    play(&mut g, "c2-e2");
    assert_eq!(at(&g, "c2").as_deref(), Some("9s"));
    assert_eq!(at(&g, "d2").as_deref(), Some("3h"));
    assert_eq!(at(&g, "e2").as_deref(), Some("5h"));
    assert_eq!(at(&g, "d1").as_deref(), Some("7h"));
    assert_eq!(at(&g, "e3").as_deref(), Some("6s"));
}

// ---------------------------------------------------------------- the belt

#[test]
fn belt_shifts_the_row_suits_neutral_cards_in_the_passed_files() {
    let mut g = game(
        &with_kings(&[
            ("5h", "c1"),
            ("2h", "e2"),
            ("4h", "f2"),
            ("6h", "g2"),
            ("9s", "h2"),
        ]),
        "h",
    );
    play(&mut g, "c1-f1");
    assert_eq!(at(&g, "d2").as_deref(), Some("2h"));
    assert_eq!(at(&g, "e2").as_deref(), Some("4h"));
    assert_eq!(at(&g, "f2"), None);
    assert_eq!(
        at(&g, "g2").as_deref(),
        Some("6h"),
        "outside the passed files"
    );
    assert_eq!(at(&g, "h2").as_deref(), Some("9s"));
}

#[test]
fn belt_leaves_the_other_suits_neutral_cards_in_place() {
    let mut g = game(&with_kings(&[("5h", "c1"), ("3s", "e2")]), "h");
    play(&mut g, "c1-f1");
    assert_eq!(at(&g, "e2").as_deref(), Some("3s"));
}

#[test]
fn belt_collision_with_an_enemy_card_captures_it() {
    let mut g = game(
        &with_kings(&[("5h", "c1"), ("2h", "e2"), ("9s", "d2")]),
        "h",
    );
    play(&mut g, "c1-e1");
    assert_eq!(at(&g, "d2").as_deref(), Some("2h"));
    assert!(!has(&g, "9s"));
    assert_eq!(g.phase(), Phase::Normal);
}

#[test]
fn belt_collision_with_a_card_of_its_own_suit_makes_the_slide_illegal() {
    // 2h on d2 would shift onto 4h on c2, which is in the `from` file and does not shift.
    let g = game(
        &with_kings(&[("5h", "c1"), ("2h", "d2"), ("4h", "c2")]),
        "h",
    );
    assert_eq!(legal_from(&g, "c1"), ["c1-a1", "c1-b1"]);
    let mut copy = g.clone();
    assert!(matches!(
        copy.play("c1-e1".parse().expect("action")),
        Err(PlayError::Illegal { .. })
    ));
    assert_eq!(copy, g);
}

#[test]
fn belt_cards_that_all_shift_do_not_collide() {
    let mut g = game(
        &with_kings(&[("5h", "c1"), ("2h", "d2"), ("4h", "e2")]),
        "h",
    );
    play(&mut g, "c1-e1");
    assert_eq!(at(&g, "c2").as_deref(), Some("2h"));
    assert_eq!(at(&g, "d2").as_deref(), Some("4h"));
}

#[test]
fn belt_collision_with_the_enemy_king_starts_a_siege() {
    let mut g = game(
        &[
            ("5h", "c1"),
            ("2h", "e2"),
            ("Ks", "d2"),
            ("4s", "d3"),
            ("Kh", "o1"),
        ],
        "h",
    );
    play(&mut g, "c1-e1");
    assert_eq!(g.siege().map(|s| s.to_string()).as_deref(), Some("d2"));
    assert_eq!(
        at(&g, "d2").as_deref(),
        Some("2h"),
        "the shifted card stands on top"
    );
    assert_eq!(g.phase(), Phase::Siege);
    assert_eq!(g.to_act(), Some(Seat(1)));
    assert_eq!(legal(&g), ["d3xd2"]);
}

#[test]
fn belt_collision_of_a_king_with_the_enemy_king_is_illegal() {
    let g = game(&[("5h", "c1"), ("Kh", "e2"), ("Ks", "d2")], "h");
    assert!(!is_legal(&g, "c1-e1"));
    assert!(!is_legal(&g, "c1-f1"));
    assert!(
        is_legal(&g, "c1-d1"),
        "passes only d, where no belt card stands"
    );
}

#[test]
fn every_collision_of_one_slide_happens() {
    let mut g = game(
        &with_kings(&[
            ("5h", "c1"),
            ("2h", "d2"),
            ("9s", "c2"),
            ("Ts", "e2"),
            ("4h", "f2"),
        ]),
        "h",
    );
    play(&mut g, "c1-f1");
    assert_eq!(at(&g, "c2").as_deref(), Some("2h"));
    assert_eq!(at(&g, "e2").as_deref(), Some("4h"));
    assert!(!has(&g, "9s") && !has(&g, "Ts"));
}

#[test]
fn belt_moves_the_row_suit_whoever_slides() {
    // Spades slides its seven in Hearts' home row: Hearts' 2h shifts and captures 9s.
    let mut g = game(
        &with_kings(&[("7s", "c1"), ("2h", "e2"), ("9s", "d2")]),
        "s",
    );
    play(&mut g, "c1-e1");
    assert_eq!(at(&g, "d2").as_deref(), Some("2h"));
    assert!(!has(&g, "9s"));
    assert_eq!(g.to_act(), Some(Seat(0)));
}

#[test]
fn belt_besieging_the_sliders_own_king_lets_that_king_evacuate_then_the_besieger_moves() {
    // Spades slides in Hearts' row; Hearts' 7h shifts onto the Spades King.
    let mut g = game(
        &[("7s", "c1"), ("7h", "e2"), ("Ks", "d2"), ("Kh", "o1")],
        "s",
    );
    play(&mut g, "c1-e1");
    // Hearts, the besieging seat, is to move with its own card on top: it cannot answer,
    // and that moment is not a ply. Spades has won the stack and evacuates.
    assert_eq!(g.phase(), Phase::Evacuate);
    assert_eq!(g.to_act(), Some(Seat(1)));
    assert_eq!(g.plies(), 1);
    assert_eq!(legal(&g), ["d2-c2", "d2-e2"]);
    play(&mut g, "d2-e2");
    assert_eq!(g.plies(), 2);
    assert_eq!(
        at(&g, "d2").as_deref(),
        Some("7h"),
        "the winning card on top stays"
    );
    assert_eq!(at(&g, "e2").as_deref(), Some("Ks"));
    assert_eq!(g.siege(), None);
    assert_eq!((g.phase(), g.to_act()), (Phase::Normal, Some(Seat(0))));
}

/// Rulings, Sieges: "Only the card on top of a stack attacks" and "If there is no such
/// square, the besieging seat wins". After a belt siege the besieger's own card is on top;
/// it stays behind and attacks, here both squares beside the stack.
#[test]
fn belt_siege_top_card_attacks_the_evacuation_squares_so_the_besieger_wins() {
    // Spades slides in Hearts' row; Hearts' 4h (a soldier) shifts onto the Spades King.
    let mut g = game(
        &[("7s", "c1"), ("4h", "e2"), ("Ks", "d2"), ("Kh", "o1")],
        "s",
    );
    play(&mut g, "c1-e1");
    assert_eq!(g.siege().map(|s| s.to_string()).as_deref(), Some("d2"));
    assert_eq!(at(&g, "d2").as_deref(), Some("4h"));
    // c2 and e2 are empty, but the four on top attacks both: no evacuation square.
    assert_eq!((at(&g, "c2"), at(&g, "e2")), (None, None));
    assert_eq!(g.phase(), Phase::Evacuate);
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
}

/// The end in words names the reason (issue 26): the won siege with no evacuation square,
/// and nothing while the game goes on.
#[test]
fn end_reason_names_the_won_siege_without_an_evacuation_square() {
    let mut g = game(
        &[("7s", "c1"), ("4h", "e2"), ("Ks", "d2"), ("Kh", "o1")],
        "s",
    );
    assert_eq!(card_siege::end_reason(&g), None);
    play(&mut g, "c1-e1");
    assert_eq!(
        card_siege::end_reason(&g).as_deref(),
        Some("Spades won the siege but no square was free for its King to evacuate")
    );
    assert_eq!(card_siege::seat_name(Seat(0)), "Hearts");
}

// ---------------------------------------------------------------- ascending

#[test]
fn ascend_moves_a_home_row_card_into_the_empty_neutral_square_of_its_file() {
    let mut g = game(&with_kings(&[("5h", "c1")]), "h");
    play(&mut g, "c1-c2");
    assert_eq!(at(&g, "c2").as_deref(), Some("5h"));
    let mut s = game(&with_kings(&[("5s", "c3")]), "s");
    play(&mut s, "c3-c2");
    assert_eq!(at(&s, "c2").as_deref(), Some("5s"));
}

#[test]
fn ascend_needs_an_empty_square() {
    let g = game(&with_kings(&[("5h", "c1"), ("7h", "c2")]), "h");
    assert!(!is_legal(&g, "c1-c2"));
}

#[test]
fn ascend_only_from_the_cards_own_home_row() {
    let g = game(&with_kings(&[("5s", "c1"), ("9s", "e2")]), "s");
    assert!(!is_legal(&g, "c1-c2"), "a Spades card in Hearts' row");
    assert!(
        !is_legal(&g, "e2-e1") && !is_legal(&g, "e2-e3"),
        "no steps out of the neutral row"
    );
}

// ---------------------------------------------------------------- captures

fn captures(g: &CardSiege, sq: &str) -> Vec<String> {
    legal_from(g, sq)
        .into_iter()
        .filter(|a| a.contains('x'))
        .collect()
}

#[test]
fn soldier_captures_one_square_orthogonally() {
    let g = game(
        &with_kings(&[
            ("4h", "e2"),
            ("2s", "d2"),
            ("3s", "f2"),
            ("5s", "e1"),
            ("6s", "e3"),
            ("As", "d3"),
        ]),
        "h",
    );
    assert_eq!(captures(&g, "e2"), ["e2xd2", "e2xe1", "e2xe3", "e2xf2"]);
}

#[test]
fn pikeman_captures_one_rank_forward_one_or_two_files_sideways_forward_set_by_suit() {
    let enemies = [
        ("2s", "c3"),
        ("3s", "d3"),
        ("4s", "e3"),
        ("5s", "f3"),
        ("6s", "g3"),
        ("As", "d1"),
    ];
    let mut cards = enemies.to_vec();
    cards.push(("7h", "e2"));
    let g = game(&with_kings(&cards), "h");
    assert_eq!(captures(&g, "e2"), ["e2xc3", "e2xd3", "e2xf3", "e2xg3"]);
    // A Spades pikeman's forward is down, wherever it stands.
    let g = game(
        &with_kings(&[
            ("8s", "e2"),
            ("2h", "c1"),
            ("3h", "g1"),
            ("4h", "d3"),
            ("5h", "e1"),
        ]),
        "s",
    );
    assert_eq!(captures(&g, "e2"), ["e2xc1", "e2xg1"]);
    let g = game(&with_kings(&[("8s", "e1"), ("2h", "c1")]), "s");
    assert!(
        captures(&g, "e1").is_empty(),
        "no rank forward of rank 1 for Spades"
    );
}

#[test]
fn flanker_captures_in_its_rank_one_or_two_files_sideways() {
    let g = game(
        &with_kings(&[
            ("9h", "e2"),
            ("2s", "c2"),
            ("3s", "d2"),
            ("4s", "f2"),
            ("5s", "g2"),
            ("6s", "e3"),
            ("As", "b2"),
        ]),
        "h",
    );
    assert_eq!(captures(&g, "e2"), ["e2xc2", "e2xd2", "e2xf2", "e2xg2"]);
}

#[test]
fn archer_captures_diagonally_one_or_two_squares_forward_or_backward_leaping() {
    let g = game(
        &with_kings(&[("Jh", "e1"), ("2s", "d2"), ("3s", "c3"), ("4s", "g3")]),
        "h",
    );
    assert_eq!(
        captures(&g, "e1"),
        ["e1xc3", "e1xd2", "e1xg3"],
        "c3 over d2: a leap"
    );
    let g = game(
        &with_kings(&[
            ("Qs", "e2"),
            ("2h", "d1"),
            ("3h", "f1"),
            ("4h", "d3"),
            ("5h", "f3"),
        ]),
        "s",
    );
    assert_eq!(captures(&g, "e2"), ["e2xd1", "e2xd3", "e2xf1", "e2xf3"]);
}

#[test]
fn king_captures_one_square_orthogonally() {
    let g = game(
        &[
            ("Kh", "e2"),
            ("2s", "d2"),
            ("3s", "e1"),
            ("Ts", "f3"),
            ("Ks", "o3"),
        ],
        "h",
    );
    assert_eq!(captures(&g, "e2"), ["e2xd2", "e2xe1"]);
}

#[test]
fn a_capture_needs_an_enemy_card_on_the_target() {
    let g = game(&with_kings(&[("4h", "e2"), ("2h", "d2")]), "h");
    assert!(captures(&g, "e2").is_empty());
    assert!(!is_legal(&g, "e2xd2") && !is_legal(&g, "e2xf2"));
}

#[test]
fn a_captured_card_leaves_the_game() {
    let mut g = game(&with_kings(&[("4h", "e2"), ("2s", "d2")]), "h");
    play(&mut g, "e2xd2");
    assert!(!has(&g, "2s"));
    assert_eq!(at(&g, "d2").as_deref(), Some("4h"));
}

// ---------------------------------------------------------------- King safety

#[test]
fn king_may_not_slide_onto_an_attacked_square() {
    let g = game(&[("Kh", "e1"), ("9s", "h1"), ("Ks", "o3")], "h");
    assert_eq!(legal_from(&g, "e1"), ["e1-d1", "e1-e2"]);
}

#[test]
fn king_safety_is_judged_in_the_position_after_the_action() {
    // Sliding onto f1 moves 4s to e1, from where it attacks f1; capturing it is fine.
    let g = game(&[("Kh", "e1"), ("4s", "f1"), ("Ks", "o3")], "h");
    assert!(!is_legal(&g, "e1-f1"));
    assert!(is_legal(&g, "e1xf1"));
}

#[test]
fn king_may_be_carried_onto_an_attacked_square_by_another_cards_slide() {
    let mut g = game(
        &[("5h", "c1"), ("Kh", "d1"), ("9s", "a1"), ("Ks", "o3")],
        "h",
    );
    play(&mut g, "c1-e1");
    assert_eq!(at(&g, "c1").as_deref(), Some("Kh"));
}

/// Rulings, King safety: "Another card's slide may still carry the King onto an attacked
/// square", the belt included: the Hearts King carried from e2 to d2 captures 9s there,
/// though 4s on c2 attacks d2.
#[test]
fn king_carried_by_the_belt_captures_even_onto_an_attacked_square() {
    let mut g = game(
        &[
            ("5h", "c1"),
            ("Kh", "e2"),
            ("9s", "d2"),
            ("4s", "c2"),
            ("Ks", "o3"),
        ],
        "h",
    );
    play(&mut g, "c1-e1");
    assert_eq!(at(&g, "d2").as_deref(), Some("Kh"));
    assert!(!has(&g, "9s"));
    assert_eq!(g.phase(), Phase::Normal);
}

#[test]
fn king_may_not_ascend_onto_an_attacked_square() {
    let g = game(&[("Kh", "e1"), ("Js", "f3"), ("Ks", "o3")], "h");
    assert!(!is_legal(&g, "e1-e2"));
    assert!(is_legal(&g, "e1-f1"));
}

#[test]
fn king_may_not_capture_onto_an_attacked_square() {
    let g = game(
        &[("Kh", "e1"), ("4s", "e2"), ("5s", "e3"), ("Ks", "o3")],
        "h",
    );
    assert!(!is_legal(&g, "e1xe2"));
}

/// Clarifications (2026-11-24): a King captures the enemy King by its pattern like any
/// card; no Spades card attacks e2 afterwards (the King underneath attacks nothing), so
/// Spades cannot answer the siege: checkmate at once.
#[test]
fn king_captures_the_enemy_king_by_pattern_and_it_is_checkmate() {
    let mut g = game(&[("Kh", "e1"), ("Ks", "e2"), ("9s", "o3")], "h");
    assert!(is_legal(&g, "e1xe2"));
    play(&mut g, "e1xe2");
    assert_eq!(g.siege(), Some("e2".parse().expect("a square")));
    assert_eq!(
        at(&g, "e2").as_deref(),
        Some("Kh"),
        "the capturing King on top"
    );
    assert!(g.position().contains("(KsKh)"), "{}", g.position());
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    assert_eq!(g.to_act(), None);
    // The position string and RON of the finished game read back to the same state.
    let reread = CardSiege::from_position(&g.position(), g.rules()).expect("reads back");
    assert_eq!(reread, g);
}

/// Clarifications: the King's capture of the enemy King is under King safety.
#[test]
fn king_may_not_capture_the_enemy_king_onto_an_attacked_square() {
    // The four of Spades on f2 attacks e2 (a soldier, one square orthogonally).
    let g = game(&[("Kh", "e1"), ("Ks", "e2"), ("4s", "f2")], "h");
    assert!(!is_legal(&g, "e1xe2"));
}

/// The mended checkpoint: opening off, after `m1-g1 h3-h2 e1-i1`, the Spades King
/// captures the Hearts King (no Hearts card attacks h1): checkmate.
#[test]
fn checkpoint_king_takes_king_after_m1_g1_h3_h2_e1_i1() {
    let mut g = CardSiege::new(&Rules::default().with_opening(false));
    for a in ["m1-g1", "h3-h2", "e1-i1"] {
        play(&mut g, a);
    }
    assert!(legal(&g).contains(&"h2xh1".to_owned()));
    play(&mut g, "h2xh1");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(1))));
}

// ---------------------------------------------------------------- the loop rule

#[test]
fn loop_rule_forbids_restoring_the_layout_of_two_plies_back() {
    let mut g = game(
        &with_kings(&[("3h", "c1"), ("5h", "d1"), ("2s", "a3")]),
        "h",
    );
    play(&mut g, "c1-d1");
    play(&mut g, "a3-b3");
    assert!(!is_legal(&g, "d1-c1"), "the take-back");
    assert!(
        !is_legal(&g, "c1-d1"),
        "the same swap again restores it too"
    );
    assert!(is_legal(&g, "d1-e1"));
}

#[test]
fn loop_rule_forbids_restoring_the_layout_of_one_ply_back() {
    // Spades' slide in Hearts' row carried Hearts' 4h from d2 to c2 by the belt;
    // sliding it straight back would put Hearts' cards as they stood one ply back.
    let mut g = game(
        &with_kings(&[("2h", "a1"), ("7s", "c1"), ("4h", "d2")]),
        "h",
    );
    play(&mut g, "a1-b1");
    play(&mut g, "c1-d1");
    assert_eq!(at(&g, "c2").as_deref(), Some("4h"));
    assert!(!is_legal(&g, "c2-d2"));
    assert!(is_legal(&g, "c2-b2"));
}

#[test]
fn loop_rule_history_travels_in_the_position_string() {
    let mut g = game(
        &with_kings(&[("3h", "c1"), ("5h", "d1"), ("2s", "a3")]),
        "h",
    );
    play(&mut g, "c1-d1");
    play(&mut g, "a3-b3");
    let copy = CardSiege::from_position(&g.position(), g.rules()).expect("round trip");
    assert_eq!(copy, g);
    assert!(!is_legal(&copy, "d1-c1"));
}

#[test]
fn loop_rule_compares_nothing_without_history() {
    let mut g = game(
        &with_kings(&[("3h", "c1"), ("5h", "d1"), ("2s", "a3")]),
        "h",
    );
    play(&mut g, "c1-d1");
    play(&mut g, "a3-b3");
    let text = g.position();
    let fields: Vec<&str> = text.split(' ').collect();
    let bare = format!(
        "{} {} {} - - {}",
        fields[0], fields[1], fields[2], fields[5]
    );
    let fresh = CardSiege::from_position(&bare, g.rules()).expect("valid");
    assert!(is_legal(&fresh, "d1-c1"));
}

#[test]
fn loop_rule_applies_to_siege_answers() {
    // An answer that would put Spades' cards as they stood two plies back is not legal.
    let prev2 = board(&[("Ks", "e3"), ("5s", "d3")]);
    let text = format!(
        "{} s 0,0 - {prev2} 2",
        board(&[("(Ks4h)", "e3"), ("5s", "d3"), ("Kh", "o1")])
    );
    let g = CardSiege::from_position(&text, &Rules::default()).expect("valid");
    // d3xe3 would put 5s on e3, not where it stood: still legal.
    assert!(is_legal(&g, "d3xe3"));
    let prev2 = board(&[("(Ks5s)", "e3")]);
    let text = format!(
        "{} s 0,0 - {prev2} 2",
        board(&[("(Ks4h)", "e3"), ("5s", "d3"), ("Kh", "o1")])
    );
    let g = CardSiege::from_position(&text, &Rules::default()).expect("valid");
    assert!(!is_legal(&g, "d3xe3"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Seat(0))),
        "no legal answer: checkmate"
    );
}

// ---------------------------------------------------------------- the opening

#[test]
fn opening_allows_only_slides_in_the_own_home_row() {
    let g = CardSiege::new(&Rules::default());
    assert!(!is_legal(&g, "g1xi3"), "a capture");
    assert!(!is_legal(&g, "a1-a2"), "an ascent");
    assert_eq!(perft(&g, 1), 75);
    let g = game(&with_kings(&[("5h", "c2"), ("3h", "c1")]), "h");
    let text = g.position().replace(" 0,0 ", " 2,0 ");
    let g = CardSiege::from_position(&text, &Rules::default()).expect("valid");
    assert!(
        legal(&g)
            .iter()
            .all(|a| a.ends_with('1') && a.contains('-')),
        "{:?}",
        legal(&g)
    );
}

#[test]
fn opening_lasts_each_seats_first_three_turns() {
    let mut g = CardSiege::new(&Rules::default());
    for (i, a) in ["a1-b1", "a3-b3", "o1-n1", "o3-n3", "c1-d1"]
        .iter()
        .enumerate()
    {
        play(&mut g, a);
        assert!(g.opening_turns_left(Suit::Hearts) == 3 - (i as u8 + 2) / 2);
    }
    assert_eq!(g.opening_turns_left(Suit::Hearts), 0);
    assert_eq!(g.opening_turns_left(Suit::Spades), 1);
    assert!(
        !is_legal(&g, "a3-a2"),
        "Spades' third turn is still an opening turn"
    );
    play(&mut g, "c3-d3");
    assert!(
        is_legal(&g, "g1xi3") && is_legal(&g, "b1-b2"),
        "Hearts' fourth turn is free"
    );
}

#[test]
fn opening_option_off_plays_the_full_game_from_move_one() {
    let mut rules = Rules::default();
    rules.set_option("opening", "off").expect("a known option");
    let g = CardSiege::new(&rules);
    assert_eq!(g.opening_turns_left(Suit::Hearts), 0);
    assert!(is_legal(&g, "g1xi3") && is_legal(&g, "a1-a2"));
    assert!(
        !is_legal(&g, "h1-h2"),
        "the King may not ascend onto h2, attacked by Js and Qs"
    );
    assert_eq!(perft(&g, 1), 91);
    assert!(rules.set_option("opening", "maybe").is_err());
    assert!(rules.set_option("openings", "off").is_err());
}

// ---------------------------------------------------------------- sieges

/// Hearts' 4h next to the Spades King, which 5s guards from d3.
fn siege_setup(extra: &[(&'static str, &'static str)]) -> CardSiege {
    let mut cards = vec![("4h", "e2"), ("Ks", "e3"), ("5s", "d3"), ("Kh", "o1")];
    cards.extend_from_slice(extra);
    game(&cards, "h")
}

#[test]
fn capturing_the_king_starts_a_siege_with_the_capturer_on_top() {
    let mut g = siege_setup(&[]);
    play(&mut g, "e2xe3");
    assert!(has(&g, "Ks"));
    assert_eq!(at(&g, "e3").as_deref(), Some("4h"));
    assert_eq!(g.siege().map(|s| s.to_string()).as_deref(), Some("e3"));
    assert_eq!((g.phase(), g.to_act()), (Phase::Siege, Some(Seat(1))));
}

#[test]
fn siege_must_be_answered_by_capturing_the_top_card_and_nothing_else() {
    let mut g = siege_setup(&[("9s", "m3"), ("7s", "a3")]);
    play(&mut g, "e2xe3");
    assert_eq!(legal(&g), ["d3xe3"]);
    play(&mut g, "d3xe3");
    assert!(!has(&g, "4h"), "the top card answered leaves the game");
    assert_eq!(at(&g, "e3").as_deref(), Some("5s"));
}

#[test]
fn siege_answers_alternate_between_the_seats() {
    let mut g = siege_setup(&[("Jh", "c1")]);
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    assert_eq!((g.phase(), g.to_act()), (Phase::Siege, Some(Seat(0))));
    assert_eq!(legal(&g), ["c1xe3"]);
    play(&mut g, "c1xe3");
    assert_eq!(g.to_act(), None, "Spades cannot answer again");
}

#[test]
fn kings_seat_that_cannot_answer_is_checkmated() {
    let mut g = game(
        &[("4h", "e2"), ("Ks", "e3"), ("Kh", "o1"), ("9s", "m3")],
        "h",
    );
    play(&mut g, "e2xe3");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    assert!(g.legal_actions().is_empty());
    let mut over = g.clone();
    assert_eq!(
        over.play("m3-l3".parse().expect("action")),
        Err(PlayError::GameOver)
    );
}

#[test]
fn besieging_seat_that_cannot_answer_loses_the_stack_and_the_king_evacuates() {
    let mut g = siege_setup(&[]);
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    assert_eq!((g.phase(), g.to_act()), (Phase::Evacuate, Some(Seat(1))));
    assert_eq!(g.plies(), 2, "the moment Hearts cannot answer is not a ply");
    assert_eq!(legal(&g), ["e3-d3", "e3-f3"]);
    assert!(g.position().split(' ').nth(1) == Some("s!"));
}

#[test]
fn evacuation_square_must_be_empty_and_not_attacked_by_the_besieging_seat() {
    // 5s answers from f3; then 9h on h3 attacks f3, and Ts holds d3.
    let mut g = game(
        &[
            ("4h", "e2"),
            ("Ks", "e3"),
            ("5s", "f3"),
            ("Ts", "d3"),
            ("9h", "h3"),
            ("Kh", "o1"),
        ],
        "h",
    );
    play(&mut g, "e2xe3");
    play(&mut g, "f3xe3");
    assert_eq!(g.phase(), Phase::Evacuate);
    assert!(legal(&g).is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Seat(0))),
        "no evacuation square: the besieger wins"
    );
}

/// Rulings: the King evacuates "to an empty square directly left or right in the same
/// rank": on the a-file only to the right, and never to another rank (a2 is empty and
/// safe here).
#[test]
fn evacuation_is_only_directly_left_or_right_in_the_same_rank() {
    let mut g = game(
        &[("4h", "a2"), ("Ks", "a3"), ("5s", "b3"), ("Kh", "o1")],
        "h",
    );
    play(&mut g, "a2xa3");
    play(&mut g, "b3xa3");
    assert_eq!(g.phase(), Phase::Evacuate);
    assert_eq!(legal(&g), ["a3-b3"]);
    assert!(!is_legal(&g, "a3-a2"));
}

/// Rulings, Actions: "Evacuate `from-to`: only when a siege has just been won by the
/// King's side". The King's seat that must answer may not step its King out of the stack.
#[test]
fn evacuation_only_when_a_siege_has_just_been_won() {
    let mut g = siege_setup(&[("2s", "a3")]);
    play(&mut g, "e2xe3");
    assert_eq!(g.phase(), Phase::Siege);
    assert!(
        !is_legal(&g, "e3-f3"),
        "f3 is empty and safe, but Spades must answer"
    );
    assert_eq!(legal(&g), ["d3xe3"]);
}

/// Rulings, Loop rule: "Every decision point is a ply (the evacuation too); the moment a
/// besieging seat cannot answer is not." The history the rule compares with shows it: at
/// the evacuation, one ply back is the position of Spades' answer (4h still on top) and
/// two plies back the position of Hearts' capture; after the evacuation, one ply back is
/// the evacuation's own position.
#[test]
fn loop_rule_history_counts_the_evacuation_but_not_the_moment_the_besieger_cannot_answer() {
    let fields =
        |g: &CardSiege| -> Vec<String> { g.position().split(' ').map(str::to_owned).collect() };
    let mut g = siege_setup(&[]);
    let capture_position = fields(&g);
    play(&mut g, "e2xe3");
    let answer_position = fields(&g);
    play(&mut g, "d3xe3");
    let evacuation = fields(&g);
    assert_eq!(evacuation[1], "s!");
    assert_eq!(
        evacuation[3], answer_position[0],
        "one ply back: Spades' answer"
    );
    let spades_two_back = board(&[("5s", "d3"), ("Ks", "e3")]);
    assert_eq!(
        evacuation[4], spades_two_back,
        "two plies back: Hearts' capture"
    );
    assert_ne!(capture_position[0], answer_position[0]);
    play(&mut g, "e3-f3");
    let after = fields(&g);
    assert_eq!(after[3], evacuation[0], "one ply back: the evacuation");
    let hearts_two_back = board(&[("(-4h)", "e3"), ("Kh", "o1")]);
    assert_eq!(after[4], hearts_two_back, "two plies back: Spades' answer");
    assert_eq!(after[5], "3");
}

#[test]
fn evacuation_is_the_king_seats_decision_then_the_besieging_seat_moves() {
    let mut g = siege_setup(&[("2h", "a1")]);
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    play(&mut g, "e3-f3");
    assert_eq!(at(&g, "f3").as_deref(), Some("Ks"));
    assert_eq!(
        at(&g, "e3").as_deref(),
        Some("5s"),
        "the winning card stays behind"
    );
    assert_eq!(g.siege(), None);
    assert_eq!(
        (g.phase(), g.to_act(), g.plies()),
        (Phase::Normal, Some(Seat(0)), 3)
    );
    assert!(is_legal(&g, "a1-b1"));
}

#[test]
fn nothing_else_moves_onto_the_siege_square_and_no_other_action_is_allowed() {
    let mut g = siege_setup(&[("Jh", "c1"), ("Qh", "g1"), ("3h", "f2")]);
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    // Hearts must answer: Jh (c1, archer leap) or Qh (g1); f2 is no soldier's reach of e3.
    assert_eq!(legal(&g), ["c1xe3", "g1xe3"]);
}

/// Clarifications: a King may answer a siege by its pattern, under King safety; on top of
/// the enemy King it cannot be answered (no enemy card attacks the square): checkmate.
#[test]
fn king_answers_a_siege() {
    let mut g = game(
        &[("4h", "e2"), ("Ks", "e3"), ("5s", "d3"), ("Kh", "f3")],
        "h",
    );
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    assert_eq!(legal(&g), ["f3xe3"]);
    play(&mut g, "f3xe3");
    assert!(g.position().contains("(KsKh)"), "{}", g.position());
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
}

/// Clarifications: a King answers only onto a square the other seat does not attack.
#[test]
fn king_may_not_answer_a_siege_onto_an_attacked_square() {
    // The Jack of Spades on c1 (an archer) attacks e3 two squares diagonally; the nine of
    // Hearts on c3 (a flanker) may answer instead.
    let mut g = game(
        &[
            ("4h", "e2"),
            ("Ks", "e3"),
            ("5s", "d3"),
            ("Kh", "f3"),
            ("9h", "c3"),
            ("Js", "c1"),
        ],
        "h",
    );
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    assert_eq!(g.phase(), Phase::Siege);
    assert_eq!(legal(&g), ["c3xe3"]);
}

// ---------------------------------------------------------------- the end

#[test]
fn seat_with_no_legal_action_loses() {
    // The Hearts King alone in the corner: b1 and a2 are attacked by 3s on b2.
    let g = game(&[("Kh", "a1"), ("3s", "b2"), ("Ks", "o3")], "h");
    assert!(legal(&g).is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(1))));
    assert_eq!(g.to_act(), None);
}

#[test]
fn ply_limit_ends_the_game_as_a_draw() {
    let mut rules = Rules::default();
    rules.set_ply_limit(Some(2));
    let mut g = CardSiege::new(&rules);
    play(&mut g, "a1-b1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "a3-b3");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn wrong_seat_and_illegal_actions_leave_the_state_unchanged() {
    let g = CardSiege::new(&Rules::default());
    let mut copy = g.clone();
    let a = copy.parse_action("a1-b1").expect("legal");
    assert!(matches!(
        copy.play_as(Seat(1), a),
        Err(PlayError::WrongSeat { .. })
    ));
    assert!(matches!(
        copy.parse_action("a3-b3"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(
        copy.parse_action("a1~b1"),
        Err(PlayError::Malformed(_))
    ));
    assert_eq!(copy, g);
}

// ------------------------------------------- the loop rule compares exact places

/// A position with the given cards, Hearts to act, and the history fields as given.
fn with_history(cards: &[(&str, &str)], prev1: &str, prev2: &str) -> CardSiege {
    let text = format!("{} h 0,0 {prev1} {prev2} 9", board(cards));
    CardSiege::from_position(&text, &Rules::default()).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// Clarifications: a King underneath a siege stack and the same King alone on that square
/// are different places, so stepping back onto the square where it stood underneath
/// does not repeat the layout of two plies back.
#[test]
fn loop_rule_king_underneath_a_stack_differs_from_the_king_alone() {
    let now = [("Kh", "j2"), ("Ks", "a3")];
    let prev1 = board(&[("Kh", "j2"), ("Ks", "b3")]);
    // Two plies back the King stood underneath a stack on i2 (its top card not being a
    // Hearts card, it is written `-` in this layout of Hearts' cards).
    let under = with_history(&now, &prev1, &board(&[("(Kh-)", "i2")]));
    assert!(is_legal(&under, "j2-i2"));
    // The same history with the King alone on i2: stepping back repeats it.
    let alone = with_history(&now, &prev1, &board(&[("Kh", "i2")]));
    assert!(!is_legal(&alone, "j2-i2"));
    // The history survives the position string and RON: copies decide the same way.
    for g in [&under, &alone] {
        let text = CardSiege::from_position(&g.position(), g.rules()).expect("reads back");
        let ron_copy: CardSiege =
            ron::from_str(&ron::to_string(g).expect("writes RON")).expect("reads RON");
        for copy in [text, ron_copy] {
            assert_eq!(&copy, g);
            assert_eq!(is_legal(&copy, "j2-i2"), is_legal(g, "j2-i2"));
        }
    }
}

/// Clarifications: a card on top of a siege stack and the same card alone on that square
/// are different places.
#[test]
fn loop_rule_card_on_top_of_a_stack_differs_from_the_card_alone() {
    let now = [("5h", "h2"), ("Kh", "a1"), ("Ks", "o3")];
    let prev1 = board(&[("5h", "h2"), ("Kh", "a1"), ("Ks", "n3")]);
    let on_top = with_history(&now, &prev1, &board(&[("(-5h)", "i2"), ("Kh", "a1")]));
    assert!(is_legal(&on_top, "h2-i2"));
    let alone = with_history(&now, &prev1, &board(&[("5h", "i2"), ("Kh", "a1")]));
    assert!(!is_legal(&alone, "h2-i2"));
}

/// The rulings' example: after a won siege the King evacuates from i2 to j2, the card left
/// on i2 is carried away by a belt, and on its next turn the King may step back to the
/// empty i2 (one and two plies before, it stood underneath the stack there, not alone).
#[test]
fn loop_rule_rulings_example_king_steps_back_onto_the_emptied_siege_square() {
    // Hearts has won the stack on i2 (its five on top of its King) and evacuates.
    let text = format!(
        "{} h! 0,0 - - 20",
        board(&[("(Kh5h)", "i2"), ("7s", "g1"), ("Ks", "a3")])
    );
    let mut g =
        CardSiege::from_position(&text, &Rules::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.phase(), Phase::Evacuate);
    play(&mut g, "i2-j2");
    // Spades slides in Hearts' home row: the belt carries the five from i2 to h2.
    play(&mut g, "g1-i1");
    assert_eq!(at(&g, "i2"), None);
    assert_eq!(at(&g, "h2").as_deref(), Some("5h"));
    assert!(
        g.position().contains("(Kh5h)"),
        "prev2 keeps the stack: {}",
        g.position()
    );
    assert!(is_legal(&g, "j2-i2"));
    // A copy made from the position string or RON decides the same way.
    let copy = CardSiege::from_position(&g.position(), g.rules()).expect("reads back");
    assert!(is_legal(&copy, "j2-i2"));
    let ron_copy: CardSiege =
        ron::from_str(&ron::to_string(&g).expect("writes RON")).expect("reads RON");
    assert_eq!(ron_copy, g);
    play(&mut g, "j2-i2");
    assert_eq!(at(&g, "i2").as_deref(), Some("Kh"));
}

// ------------------------------------------- the worked examples of crates/card-siege/docs/rules.md

/// crates/card-siege/docs/rules.md, "Worked example: a belt collision", position strings included.
#[test]
fn docs_worked_example_belt_collision() {
    let before = "..............Ks/...9s2h4h........./..5h...........Kh h 0,0 - - 20";
    let rules = Rules::default();
    let mut g = CardSiege::from_position(before, &rules).expect("valid");
    play(&mut g, "c1-f1");
    assert_eq!(
        g.position(),
        "..............Ks/...2h4h........../.....5h........Kh s 0,0 \
         ..............Ks/...9s2h4h........./..5h...........Kh - 21"
    );
    // Had 9s been the Spades King, it would have been besieged with 2h on top.
    let king = ".............../...Ks2h4h........./..5h...........Kh h 0,0 - - 20";
    let mut g = CardSiege::from_position(king, &rules).expect("valid");
    play(&mut g, "c1-f1");
    assert_eq!(g.siege().map(|s| s.to_string()).as_deref(), Some("d2"));
    assert_eq!(at(&g, "d2").as_deref(), Some("2h"));
    // A Hearts card on c2 does not matter here: nothing shifts onto c2, since the card
    // on d2 is Spades' and does not shift (the rulings: only the row suit's cards shift).
    let c2 = "..............Ks/..3h9s2h4h........./..5h...........Kh h 0,0 - - 20";
    let g = CardSiege::from_position(c2, &rules).expect("valid");
    assert!(is_legal(&g, "c1-f1"));
    // Had the card on d2 been Hearts' too, it would have shifted onto the Hearts card on
    // c2 (which, in the `from` file, does not shift): the slide would be illegal.
    let blocked = "..............Ks/..3h6h2h4h........./..5h...........Kh h 0,0 - - 20";
    let g = CardSiege::from_position(blocked, &rules).expect("valid");
    assert!(!is_legal(&g, "c1-f1"));
    assert_eq!(legal_from(&g, "c1"), ["c1-a1", "c1-b1"]);
}

/// crates/card-siege/docs/rules.md, "Worked example: a siege", position strings included.
#[test]
fn docs_worked_example_siege() {
    let rules = Rules::default();
    let start = "...5sKs........../....4h........../Ah.............Kh h 0,0 - - 30";
    let mut g = CardSiege::from_position(start, &rules).expect("valid");
    play(&mut g, "e2xe3");
    assert!(
        g.position()
            .starts_with("...5s(Ks4h)........../.............../Ah.............Kh s 0,0 "),
        "{}",
        g.position()
    );
    assert_eq!(legal(&g), ["d3xe3"]);
    play(&mut g, "d3xe3");
    let text = g.position();
    assert!(
        text.starts_with("....(Ks5s)........../.............../Ah.............Kh s! 0,0 ")
            && text.ends_with(" 32"),
        "{text}"
    );
    assert_eq!(legal(&g), ["e3-d3", "e3-f3"]);
    play(&mut g, "e3-f3");
    assert!(
        g.position().starts_with("....5sKs........./"),
        "{}",
        g.position()
    );
    assert_eq!(
        (g.phase(), g.to_act(), g.plies()),
        (Phase::Normal, Some(Seat(0)), 33)
    );
    // Had Spades had no card to answer with in step 1, Hearts would have won by checkmate.
    let alone = "....Ks........../....4h........../Ah.............Kh h 0,0 - - 30";
    let mut g = CardSiege::from_position(alone, &rules).expect("valid");
    play(&mut g, "e2xe3");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    // Had a Hearts card attacked both d3 and f3 in step 2 (flankers on b3 and h3), Hearts
    // would have won.
    let guarded = ".9h.5sKs..Th......./....4h........../Ah.............Kh h 0,0 - - 30";
    let mut g = CardSiege::from_position(guarded, &rules).expect("valid");
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    assert_eq!(g.phase(), Phase::Evacuate);
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat(0))));
    // If Hearts had an archer on c1 it would answer `c1xe3` and Spades would have to
    // answer again.
    let archer = "...5sKs........../....4h........../Ah.Jh...........Kh h 0,0 - - 30";
    let mut g = CardSiege::from_position(archer, &rules).expect("valid");
    play(&mut g, "e2xe3");
    play(&mut g, "d3xe3");
    assert_eq!(
        (g.phase(), legal(&g)),
        (Phase::Siege, vec!["c1xe3".to_owned()])
    );
    play(&mut g, "c1xe3");
    assert_eq!(g.phase(), Phase::Siege);
    assert_eq!(g.suit_to_move(), Suit::Spades);
}
