//! Property tests over seeded random playouts: the conformance harness of pyramid-core
//! on every state, plus card-siege's own invariants.

use card_siege::{Card, CardSiege, GRID, Phase, Rank, Rules, Suit};
use proptest::prelude::*;
use pyramid_core::prelude::*;
use pyramid_core::{Game, RandomBot, Square};
use pyramid_testkit::conformance::{check_uniform_random_play, random_playout};

/// Every card the board shows, with its square.
fn shown(state: &CardSiege) -> Vec<(Card, Square)> {
    GRID.squares()
        .filter_map(|sq| state.card_at(sq).map(|c| (c, sq)))
        .collect()
}

/// No card is on two squares; the board and each card's square agree; a King underneath
/// a siege is the only card the board does not show; both Kings are always in the game.
fn cards_never_duplicated(state: &CardSiege) {
    let pos = state.position();
    let on_board = shown(state);
    for (i, (card, sq)) in on_board.iter().enumerate() {
        assert!(
            on_board[i + 1..].iter().all(|(c, _)| c != card),
            "{card} twice at `{pos}`"
        );
        assert_eq!(
            state.square_of(*card),
            Some(*sq),
            "{card} misplaced at `{pos}`"
        );
    }
    let listed: usize = Suit::ALL.iter().map(|&s| state.cards(s).len()).sum();
    let hidden = usize::from(state.siege().is_some());
    assert_eq!(
        listed,
        on_board.len() + hidden,
        "card lists disagree with the board at `{pos}`"
    );
    for suit in Suit::ALL {
        let king = state.square_of(Card::new(suit, Rank::KING));
        assert!(
            king.is_some(),
            "the King of {suit} left the game at `{pos}`"
        );
    }
    assert_eq!(
        state.siege().is_some(),
        state.phase() != Phase::Normal,
        "siege and phase disagree at `{pos}`"
    );
}

/// Plays a random game, checking after every action that a card that left the game
/// stood where a card of the other suit now stands (it was captured, by pattern or by a
/// belt collision), and that cards never come back.
fn cards_leave_only_by_capture(start: CardSiege, seed: u64, plies: u32) {
    use pyramid_core::rand::SeedableRng;
    let mut rng = pyramid_core::ChaCha8Rng::seed_from_u64(seed);
    let mut state = start;
    for _ in 0..plies {
        let Some(action) = RandomBot::pick(&state, &mut rng) else {
            break;
        };
        let before = state.clone();
        state.play_unchecked(action);
        for suit in Suit::ALL {
            let now = state.cards(suit);
            for (card, sq) in before.cards(suit) {
                if now.iter().any(|(c, _)| *c == card) {
                    continue;
                }
                let taker = state.card_at(sq);
                assert!(
                    taker.is_some_and(|t| t.suit != suit),
                    "{card} left {sq} without capture by `{action}` at `{}`",
                    before.position()
                );
            }
            assert!(
                now.len() <= before.cards(suit).len(),
                "a card came back after `{action}`"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_pass_the_harness(seed in any::<u64>(), opening in any::<bool>()) {
        let rules = if opening { Rules::default() } else { Rules::default().with_opening(false) };
        random_playout(CardSiege::new(&rules), seed, 160, cards_never_duplicated);
    }

    #[test]
    fn a_suits_cards_only_leave_the_game_by_capture(seed in any::<u64>(), opening in any::<bool>()) {
        let rules = if opening { Rules::default() } else { Rules::default().with_opening(false) };
        cards_leave_only_by_capture(CardSiege::new(&rules), seed, 600);
    }
}

/// Random choices are uniform over the legal actions, by the harness's one check
/// (chi-square, fixed seeds), on states of random games with few and with many actions,
/// with and without the opening.
#[test]
fn random_choices_are_uniform_over_the_legal_actions() {
    for opening in [true, false] {
        let rules = Rules::default().with_opening(opening);
        check_uniform_random_play::<CardSiege>(&rules, 0..2, 160);
    }
}
