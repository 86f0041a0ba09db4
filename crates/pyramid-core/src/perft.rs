//! Perft: counting the leaves of the game tree, the standard check of move generation.
//!
//! `perft(0) = 1`; `perft(d)` sums `perft(d - 1)` over the states after every legal
//! action. At depth 1 the count comes straight from [`Game::count_actions`] (bulk
//! counting), so games can make that path fast.

use crate::Game;

/// The number of action sequences of length `depth` from `state`.
///
/// ```
/// use pyramid_core::{Game, perft, nim::Nim};
/// let start = Nim::new(&Default::default());
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 1), 9);
/// ```
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => state.count_actions() as u64,
        _ => {
            let mut nodes = 0;
            state.for_each_action(|action| {
                let mut child = state.clone();
                child.play_unchecked(action);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
    }
}

/// Perft split by the first action: one `(action, perft(depth - 1))` pair per legal
/// action, in generation order. The counts add up to `perft(depth)`; `depth` 0 gives an
/// empty list.
pub fn divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Action, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    state
        .legal_actions()
        .into_iter()
        .map(|action| {
            let mut child = state.clone();
            child.play_unchecked(action);
            (action, perft(&child, depth - 1))
        })
        .collect()
}

/// [`divide`] computed on `threads` threads (the first actions are shared out); the
/// result is the same whatever the thread count.
pub fn divide_parallel<G: Game>(state: &G, depth: u32, threads: usize) -> Vec<(G::Action, u64)> {
    let actions = state.legal_actions();
    if depth <= 1 || threads <= 1 || actions.len() <= 1 {
        return divide(state, depth);
    }
    let mut counts = vec![0u64; actions.len()];
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(actions.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&action) = actions.get(i) else { break };
                        let mut child = state.clone();
                        child.play_unchecked(action);
                        done.push((i, perft(&child, depth - 1)));
                    }
                    done
                })
            })
            .collect();
        for worker in workers {
            // A worker only panics if the game's own code panicked; pass that on.
            let done = worker
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            for (i, n) in done {
                counts[i] = n;
            }
        }
    });
    actions.into_iter().zip(counts).collect()
}

/// [`perft`] on `threads` threads.
pub fn perft_parallel<G: Game>(state: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 {
        return perft(state, depth);
    }
    divide_parallel(state, depth, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;
    use crate::nim::{Nim, NimRules};

    #[test]
    fn perft_of_nim_matches_a_hand_count() {
        // Piles 1,2,3: 1 + 2 + 3 = 6 first moves (taking 1..=3 but not more than the pile).
        let rules = NimRules::default();
        let start = Nim::from_position("1,2,3 0 0", &rules).expect("valid position");
        assert_eq!(perft(&start, 1), 6);
        let div = divide(&start, 2);
        assert_eq!(div.len(), 6);
        assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), perft(&start, 2));
        assert_eq!(perft_parallel(&start, 4, 2), perft(&start, 4));
        assert_eq!(divide_parallel(&start, 3, 3), divide(&start, 3));
    }

    #[test]
    fn finished_games_contribute_nothing_above_depth_zero() {
        let rules = NimRules::default();
        let over = Nim::from_position("0,0,0 1 5", &rules).expect("valid position");
        assert_eq!(perft(&over, 0), 1);
        assert_eq!(perft(&over, 1), 0);
        assert_eq!(perft(&over, 3), 0);
    }
}
