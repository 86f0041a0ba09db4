//! The board's picture says which squares each card attacks (`data-attacks`): the squares
//! of its rank's capture pattern from its square, whatever stands on them (its own cards,
//! empty squares), as the rulings give them; a King under a siege attacks none.

use card_siege::{CardSiege, Rules};
use pyramid_core::Svg;
use pyramid_core::prelude::*;

use crate::rules::board;

/// What the picture writes in `data-attacks` on each card drawn on `square`, in the
/// order drawn (`None`: no attribute), each list sorted.
fn attacks_on(svg: &str, square: &str) -> Vec<Option<Vec<String>>> {
    let opening = format!(r#"<rect class="card" data-square="{square}""#);
    svg.match_indices(&opening)
        .map(|(at, _)| {
            let tag = &svg[at..at + svg[at..].find("/>").expect("a closed tag")];
            tag.split_once(r#"data-attacks=""#).map(|(_, rest)| {
                let mut squares: Vec<String> = rest[..rest.find('"').expect("a closed value")]
                    .split(' ')
                    .map(str::to_owned)
                    .collect();
                squares.sort();
                squares
            })
        })
        .collect()
}

fn squares(names: &[&str]) -> Option<Vec<String>> {
    let mut v: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    Some(v)
}

#[test]
fn each_card_attacks_the_squares_of_its_ranks_pattern_from_its_square() {
    let cards = [
        // A Hearts pikeman: one rank up, one or two files sideways; d3 holds its own 2h.
        ("7h", "e2"),
        ("2h", "d3"),
        ("3s", "f3"),
        // A Spades pikeman: one rank down.
        ("8s", "j2"),
        // A flanker in a corner: only the squares on the board.
        ("9h", "a1"),
        // An archer: diagonally, one or two squares.
        ("Js", "l3"),
        // A soldier: one square orthogonally (e2 holds its own 7h).
        ("5h", "e1"),
        // The Kings: one square orthogonally.
        ("Kh", "o1"),
        ("Ks", "o3"),
    ];
    let text = format!("{} h 0,0 - - 0", board(&cards));
    let g = CardSiege::from_position(&text, &Rules::default()).expect("a valid position");
    let svg = g.svg(None);
    let expected: [(&str, &[&str]); 9] = [
        ("e2", &["c3", "d3", "f3", "g3"]),
        ("d3", &["c3", "e3", "d2"]),
        ("f3", &["e3", "g3", "f2"]),
        ("j2", &["h1", "i1", "k1", "l1"]),
        ("a1", &["b1", "c1"]),
        ("l3", &["k2", "m2", "j1", "n1"]),
        ("e1", &["d1", "f1", "e2"]),
        ("o1", &["n1", "o2"]),
        ("o3", &["n3", "o2"]),
    ];
    for (square, attacked) in expected {
        assert_eq!(
            attacks_on(&svg, square),
            [squares(attacked)],
            "the card on {square}"
        );
    }
}

#[test]
fn a_king_under_a_siege_attacks_nothing_and_the_card_on_top_its_pattern() {
    let text = format!(
        "{} s 0,0 - - 2",
        board(&[("(Ks4h)", "e3"), ("5s", "d3"), ("Kh", "o1")])
    );
    let g = CardSiege::from_position(&text, &Rules::default()).expect("a valid position");
    assert_eq!(
        attacks_on(&g.svg(None), "e3"),
        [None, squares(&["d3", "f3", "e2"])],
        "the King underneath, then the 4 of Hearts on top"
    );
}
