//! MCTS with a real (small) budget beats the random bot in at least 90 of 100 games in
//! every two-seat game, seats rotated, reproducibly from the seed.
//!
//! The budgets are per game so each test stays within CI time on a 2-core machine
//! (optimised test profile); docs/bots.md has the measured strength of larger budgets.

use pyramid_bots::{BotSpec, MatchConfig, MatchReport, run_match};
use pyramid_core::prelude::*;

/// Plays 100 games of `mcts` against `random` (seats rotated, ply limit 1000, two
/// threads) and checks the MCTS bot wins at least 90.
fn mcts_beats_random<G: FullGame>(mcts: &str) -> MatchReport {
    let mut rules = G::Rules::default();
    rules.set_seats(2).expect("two seats");
    rules.set_ply_limit(Some(1000));
    let config = MatchConfig {
        rules,
        bots: vec![mcts.parse().expect("valid spec"), BotSpec::Random],
        games: 100,
        seed: 2024,
        swap_seats: true,
        jobs: 2,
    };
    let report = run_match::<G>(&config, |_| {}).expect("the match runs");
    let mcts_tally = report.tallies[0];
    assert_eq!(mcts_tally.games(), 100);
    assert!(
        mcts_tally.wins >= 90,
        "{}: {mcts} won only {} of 100 games against random ({} draws): {report:?}",
        G::NAME,
        mcts_tally.wins,
        mcts_tally.draws
    );
    report
}

#[test]
fn mcts_beats_random_at_martian_chess() {
    mcts_beats_random::<martian_chess::MartianChess>("mcts:iters=200");
}

#[test]
fn mcts_beats_random_at_ataxx_ice() {
    mcts_beats_random::<ataxx_ice::AtaxxIce>("mcts:iters=200");
}

#[test]
fn mcts_beats_random_at_card_siege() {
    mcts_beats_random::<card_siege::CardSiege>("mcts:iters=100");
}

#[test]
fn mcts_beats_random_at_stacktrices() {
    mcts_beats_random::<stacktrices::Stacktrices>("mcts:iters=30,playout=10");
}

#[test]
fn mcts_takes_more_than_its_share_with_three_seats() {
    // Per-seat rewards: with three seats a random bot wins about a third of the games.
    let mut rules = <ataxx_ice::AtaxxIce as Game>::Rules::default();
    rules.set_seats(3).expect("three seats");
    rules.set_ply_limit(Some(1000));
    let config = MatchConfig {
        rules,
        bots: vec![
            "mcts:iters=200".parse().expect("valid spec"),
            BotSpec::Random,
            BotSpec::Random,
        ],
        games: 30,
        seed: 7,
        swap_seats: true,
        jobs: 2,
    };
    let report = run_match::<ataxx_ice::AtaxxIce>(&config, |_| {}).expect("the match runs");
    assert!(report.tallies[0].wins >= 24, "{report:?}");
}

#[test]
fn stacktrices_bots_cannot_tell_where_the_other_side_hid_its_thief() {
    use pyramid_bots::action_visible_to;
    use pyramid_core::Seat;
    use stacktrices::Stacktrices;

    // White hides its vulnerability under a1 in one game and under c1 in the other.
    let start = Stacktrices::new(&Default::default());
    let hidden = |square: &str| {
        let mut game = start.clone();
        let action = game
            .parse_action(&format!("hide={square}"))
            .expect("legal hide");
        assert!(
            !action_visible_to(&start, action, Seat(1)),
            "a hide is secret"
        );
        assert!(
            action_visible_to(&start, action, Seat(0)),
            "but not to its author"
        );
        game.play(action).expect("legal hide");
        game
    };
    let (a, b) = (hidden("a1"), hidden("c1"));
    assert_ne!(a, b);
    let black = Seat(1);
    assert_eq!(a.to_act(), Some(black));
    // Black sees the same thing in both, so every bot, seeded alike, acts alike: none
    // reads the real state.
    for spec in ["random", "greedy", "mcts:iters=40"] {
        let spec: BotSpec = spec.parse().expect("valid spec");
        let mut first = spec.build::<Stacktrices>(11).expect("builds");
        let mut second = spec.build::<Stacktrices>(11).expect("builds");
        let mut white = pyramid_core::RandomBot::new(5);
        let mut x = a.clone();
        let mut y = b.clone();
        let mut black_decisions = 0;
        // The setup phase and the first turns; White's actions (chosen in the first game)
        // are played in both games, as long as the games look alike to Black.
        for _ in 0..40 {
            if format!("{:?}", x.view(black)) != format!("{:?}", y.view(black)) {
                break;
            }
            let Some(seat) = x.to_act() else { break };
            let action = if seat == black {
                let choice_x = first.choose(&x.view(seat), seat).expect("an action");
                let choice_y = second.choose(&y.view(seat), seat).expect("an action");
                assert_eq!(
                    choice_x, choice_y,
                    "{spec}: black's choice depends on a secret"
                );
                black_decisions += 1;
                choice_x
            } else {
                pyramid_core::Bot::<Stacktrices>::choose(&mut white, &x.view(seat), seat)
                    .expect("an action")
            };
            x.play(action).expect("legal");
            if y.play(action).is_err() {
                break;
            }
        }
        assert!(
            black_decisions >= 12,
            "{spec}: only {black_decisions} decisions compared"
        );
    }
}

/// Plays up to `plies` plies of MCTS (seat 0) against random and counts the MCTS
/// decisions that started from a reused tree.
fn reused_decisions<G: FullGame>(rules: &G::Rules, plies: usize) -> (usize, usize) {
    use pyramid_bots::{Budget, MctsBot, MctsConfig};
    use pyramid_core::{Bot, RandomBot, Seat};
    let config = MctsConfig {
        budget: Budget::Iterations(300),
        ..MctsConfig::default()
    };
    let mut mcts = MctsBot::<G>::new(config, 3);
    let mut random = RandomBot::new(4);
    let mut state = G::new(rules);
    let (mut decisions, mut reused) = (0, 0);
    for _ in 0..plies {
        let Some(seat) = state.to_act() else { break };
        let view = state.view(seat);
        let action = if seat == Seat(0) {
            let action = mcts.choose(&view, seat).expect("an action");
            if mcts.stats().iterations > 0 {
                decisions += 1;
                if mcts.stats().reused_visits > 0 {
                    reused += 1;
                }
            }
            action
        } else {
            Bot::<G>::choose(&mut random, &view, seat).expect("an action")
        };
        state.play(action).expect("bots play legal actions");
    }
    (decisions, reused)
}

#[test]
fn mcts_reuses_its_tree_between_decisions() {
    // Perfect information: after the opponent's reply the old tree holds the new state.
    let (decisions, reused) =
        reused_decisions::<martian_chess::MartianChess>(&Default::default(), 40);
    assert!(
        decisions >= 10 && reused * 2 >= decisions,
        "{reused} of {decisions}"
    );
    // Hidden information: at least the seat's own consecutive decisions (a move, then
    // its trade) continue the tree.
    let mut rules = stacktrices::Rules::default();
    rules
        .set_option("start", "standard")
        .expect("a Stacktrices option");
    let (decisions, reused) = reused_decisions::<stacktrices::Stacktrices>(&rules, 24);
    assert!(decisions >= 6 && reused >= 2, "{reused} of {decisions}");
}
