//! Zobrist keys of every game: the key carried along a random game by `key_after` equals
//! the key from scratch at every ply, and distinct states met have distinct keys.

use std::collections::HashMap;

use pyramid_games::ataxx_ice::AtaxxIce;
use pyramid_games::card_siege::CardSiege;
use pyramid_games::core::rand::SeedableRng;
use pyramid_games::core::{ChaCha8Rng, Game, RuleSet, Zobrist};
use pyramid_games::martian_chess::MartianChess;
use pyramid_games::stacktrices::Stacktrices;

fn check_keys<G: Game + Zobrist>(rules: &G::Rules, games: u64) {
    let mut seen: HashMap<u64, G> = HashMap::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = G::deal(rules, &mut rng);
        let mut key = state.key();
        while let Some(action) = state.random_action(&mut rng) {
            let mut next = state.clone();
            next.play_unchecked(action);
            key = state.key_after(key, &next);
            assert_eq!(
                key,
                next.key(),
                "{}: incremental key after `{action}`",
                G::NAME
            );
            if let Some(other) = seen.insert(key, next.clone()) {
                assert_eq!(other, next, "{}: two states share the key {key:x}", G::NAME);
            }
            state = next;
        }
    }
}

#[test]
fn martian_chess_keys_are_incremental_and_distinct() {
    check_keys::<MartianChess>(&Default::default(), 40);
    let four = <MartianChess as Game>::Rules::default()
        .with_seats(4)
        .expect("4 seats");
    check_keys::<MartianChess>(&four, 20);
}

#[test]
fn ataxx_ice_keys_are_incremental_and_distinct() {
    check_keys::<AtaxxIce>(&Default::default(), 40);
    let three = <AtaxxIce as Game>::Rules::default()
        .with_seats(3)
        .expect("3 seats");
    check_keys::<AtaxxIce>(&three, 20);
}

#[test]
fn card_siege_keys_are_incremental_and_distinct() {
    let capped = <CardSiege as Game>::Rules::default().with_ply_limit(Some(300));
    check_keys::<CardSiege>(&capped, 30);
}

#[test]
fn stacktrices_keys_are_incremental_and_distinct() {
    check_keys::<Stacktrices>(&Default::default(), 30);
}
