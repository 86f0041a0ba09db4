//! Fuzz bodies shared by every game. The `fuzz/` targets call these, and each game's
//! tests run them over a small corpus, so the same code is exercised both ways.

use pyramid_core::ChaCha8Rng;
use pyramid_core::rand::{Rng, SeedableRng};

use pyramid_core::FullGame;

/// Reads arbitrary bytes as a position string; a position that reads must write back
/// to text that reads to an equal state. Never panics on any input.
pub fn parse_position<G: FullGame>(rules: &G::Rules, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(state) = G::from_position(text, rules) {
        let again = G::from_position(&state.position(), rules);
        assert!(
            again.ok().as_ref() == Some(&state),
            "`{text}` does not round-trip"
        );
        let _ = state.legal_actions();
    }
}

/// The most steps (bytes that pick an action, and `!` lines) [`play_bytes`] plays from
/// one input; the rest of a longer input is ignored. It bounds the work per input, so
/// that every play target runs at least a thousand inputs a second on one core; deep
/// positions are reached through the first line (a position string) instead.
pub const MAX_PLAY_STEPS: usize = 64;

/// Plays arbitrary bytes: the first line is a position (an empty or unreadable one
/// means the start position); each later byte picks a legal action by index
/// ([`Game::count_actions`](pyramid_core::Game::count_actions) and
/// [`Game::nth_action`](pyramid_core::Game::nth_action)), except that a byte `b'!'` makes the
/// following line be read as action text and played through the checked path; at most
/// [`MAX_PLAY_STEPS`] of them ([`play_steps`] with another bound). Checks that nothing
/// panics, that every index below the count names an action whose text reads back to
/// it, and that refused actions leave the state unchanged.
pub fn play_bytes<G: FullGame>(rules: &G::Rules, data: &[u8]) -> G {
    play_steps::<G>(rules, data, MAX_PLAY_STEPS)
}

/// [`play_bytes`] with at most `max_steps` steps: for a game whose steps cost more (a
/// Stacktrices trade decision counts and indexes thousands of trades). Returns the last
/// state.
pub fn play_steps<G: FullGame>(rules: &G::Rules, data: &[u8], max_steps: usize) -> G {
    let (head, mut rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&[][..], data),
    };
    let mut state = std::str::from_utf8(head)
        .ok()
        .and_then(|t| G::from_position(t, rules).ok())
        .unwrap_or_else(|| G::new(rules));
    for _ in 0..max_steps {
        let Some((&byte, tail)) = rest.split_first() else {
            break;
        };
        rest = tail;
        if byte == b'!' {
            let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let text = String::from_utf8_lossy(&rest[..end]).into_owned();
            rest = rest.get(end + 1..).unwrap_or(&[]);
            let before = state.clone();
            match state.parse_action(&text).and_then(|a| state.play(a)) {
                Ok(()) => {}
                Err(_) => assert!(state == before, "a refused action changed the state"),
            }
            continue;
        }
        // Action `byte % count`: `byte` itself when there are more actions than that,
        // found without counting them all (a Stacktrices trade decision can have
        // thousands).
        let action = match state.nth_action(usize::from(byte)) {
            Some(action) => action,
            None => {
                let count = state.count_actions();
                if count == 0 {
                    break;
                }
                let index = usize::from(byte) % count;
                let action = state.nth_action(index);
                assert!(action.is_some(), "action {index} of {count} is missing");
                let Some(action) = action else { break };
                action
            }
        };
        let text = action.to_string();
        assert_eq!(
            state.parse_action(&text).ok(),
            Some(action),
            "`{text}` does not read back"
        );
        state.play_unchecked(action);
    }
    let _ = G::from_position(&state.position(), rules);
    state
}

/// Seeded pseudo-random inputs for running the fuzz bodies in `cargo test`: `count`
/// byte strings of fewer than `max_len` bytes, the even-numbered ones raw bytes, the
/// odd-numbered ones drawn from `alphabet` (the characters of the game's notation, so
/// that some of them come close to real positions and actions).
///
/// ```
/// use pyramid_testkit::fuzzing::seeded_inputs;
/// let inputs = seeded_inputs(7, 10, 50, b"PDQ/1234 -");
/// assert_eq!(inputs.len(), 10);
/// assert_eq!(inputs, seeded_inputs(7, 10, 50, b"PDQ/1234 -"));
/// assert!(inputs[1].iter().all(|b| b"PDQ/1234 -".contains(b)));
/// ```
pub fn seeded_inputs(seed: u64, count: usize, max_len: usize, alphabet: &[u8]) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|i| {
            let len = rng.random_range(0..max_len.max(1));
            if i % 2 == 0 || alphabet.is_empty() {
                (0..len).map(|_| rng.random()).collect()
            } else {
                (0..len)
                    .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                    .collect()
            }
        })
        .collect()
}

/// The state reached from the deal of `rules` (seeded with `seed`) by at most `plies`
/// seeded random plies (fewer when the game ends first). The same arguments always give
/// the same state: the reachable states of the proptest strategies and of the
/// `arbitrary` impls are these.
pub fn reachable_state<G: pyramid_core::Game>(rules: &G::Rules, seed: u64, plies: u32) -> G {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = G::deal(rules, &mut rng);
    state.play_random(&mut rng, Some(plies));
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::Game;
    use pyramid_core::nim::Nim;

    #[test]
    fn nim_survives_the_fuzz_bodies() {
        let rules = Default::default();
        for data in [
            &b""[..],
            b"\x00\x01\x02",
            b"1,2,3 0 0\n\x05\x07",
            b"!a-1\n!zz\n\x09",
            b"\xff\xfe\n!",
        ] {
            parse_position::<Nim>(&rules, data);
            play_bytes::<Nim>(&rules, data);
        }
    }

    #[test]
    fn play_steps_plays_at_most_max_steps() {
        let rules = Default::default();
        let mut data = b"15,15,15,15 0 0\n".to_vec();
        data.extend([0u8; 40]);
        assert_eq!(play_steps::<Nim>(&rules, &data, 5).plies(), 5);
        assert_eq!(play_steps::<Nim>(&rules, &data, 30).plies(), 30);
        // `!` lines count as steps too.
        assert_eq!(
            play_steps::<Nim>(&rules, b"\n!a-1\n!zz\n\x00\x00", 2).plies(),
            1
        );
    }
}
