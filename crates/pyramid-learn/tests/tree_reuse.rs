//! The search tree is kept between moves where nothing is hidden: the subtree below the
//! action played, and below the opponents' replies, becomes the next decision's tree.

use martian_chess::{MartianChess, Rules};
use pyramid_core::Seat;
use pyramid_core::prelude::*;
use pyramid_learn::{Evaluator, Leaf, Search, SearchConfig, UniformEvaluator};
use stacktrices::Stacktrices;

/// Runs `search` until it has made `iterations` descents, evaluating with `evaluator`.
fn run<G: FullGame>(search: &mut Search<G>, evaluator: &dyn Evaluator, iterations: u64) {
    let len = evaluator.shape().observation_len();
    let mut leaves: Vec<Leaf<G>> = Vec::new();
    while search.iterations() < iterations {
        search.gather(search.batch(), &mut leaves);
        let mut observations = vec![0.0; leaves.len() * len];
        for (leaf, out) in leaves.iter().zip(observations.chunks_mut(len)) {
            leaf.write_observation(out);
        }
        let evaluations = evaluator.evaluate_batch(&observations).expect("evaluated");
        for (leaf, evaluation) in leaves.drain(..).zip(&evaluations) {
            search.expand(leaf, evaluation);
        }
    }
}

/// The visits the root gave the step `step`.
fn visits_of(search: &Search<MartianChess>, step: u32) -> u32 {
    search
        .root_visits()
        .into_iter()
        .find(|(s, _)| *s == step)
        .map_or(0, |(_, v)| v)
}

#[test]
fn the_tree_below_the_action_played_and_the_reply_is_kept() {
    let rules = Rules::default();
    let evaluator = UniformEvaluator::new::<MartianChess>(&rules);
    let state = MartianChess::new(&rules);
    let mut search = Search::<MartianChess>::new(&state.view(Seat(0)), SearchConfig::default(), 3);
    run(&mut search, &evaluator, 400);
    let nodes_before = search.nodes();
    let (action, _) = search.choose(0.0).expect("an action");
    // Martian Chess actions are one step: the step's visits become the new root's.
    let step = state.steps(action)[0];
    let below = visits_of(&search, step);
    assert!(below > 0);
    assert!(search.advance(action), "the chosen action was searched");
    assert_eq!(search.iterations(), u64::from(below));
    assert!(search.nodes() < nodes_before);

    // The opponent's most searched reply: the tree re-roots at the position it reaches.
    let mut after = state.clone();
    after.play(action).expect("legal");
    let (reply, _) = search.choose(0.0).expect("a reply");
    let reply_visits = visits_of(&search, after.steps(reply)[0]);
    after.play(reply).expect("legal");
    assert!(search.reroot_at(&after, 4));
    assert_eq!(search.iterations(), u64::from(reply_visits));
    // The kept tree searches on from there and recommends legal actions.
    run(&mut search, &evaluator, 200);
    let (next, _) = search.choose(0.0).expect("an action");
    assert!(after.is_legal(next));

    // A position the tree never reached is refused and the tree left as it was.
    let nodes = search.nodes();
    assert!(!search.reroot_at(&state, 4), "an earlier position");
    let mut elsewhere = after.clone();
    let first = elsewhere.nth_action(0).expect("an action");
    elsewhere.play(first).expect("legal");
    let second = elsewhere.nth_action(0).expect("an action");
    elsewhere.play(second).expect("legal");
    let third = elsewhere.nth_action(0).expect("an action");
    elsewhere.play(third).expect("legal");
    let reached = search.reroot_at(&elsewhere, 2);
    assert!(!reached, "three plies away, beyond the two allowed");
    assert_eq!(search.nodes(), nodes);
}

#[test]
fn a_hidden_game_starts_each_decision_afresh() {
    let rules = Default::default();
    let evaluator = UniformEvaluator::new::<Stacktrices>(&rules);
    let state = Stacktrices::new(&rules);
    let seat = state.to_act().expect("a seat to act");
    let mut search = Search::<Stacktrices>::new(&state.view(seat), SearchConfig::default(), 1);
    run(&mut search, &evaluator, 100);
    let (action, _) = search.choose(0.0).expect("an action");
    let nodes = search.nodes();
    assert!(
        !search.advance(action),
        "the next view is not the searched state"
    );
    assert_eq!(search.nodes(), nodes);
}
