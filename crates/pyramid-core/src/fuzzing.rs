//! Fuzz bodies shared by every game. The `fuzz/` targets call these, and each game's
//! tests run them over a small corpus, so the same code is exercised both ways.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::FullGame;

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

/// Plays arbitrary bytes: the first line is a position (an empty or unreadable one
/// means the start position); each later byte picks a legal action by index, except
/// that a byte `b'!'` makes the following line be read as action text and played
/// through the checked path. Checks that nothing panics and that refused actions leave
/// the state unchanged.
pub fn play_bytes<G: FullGame>(rules: &G::Rules, data: &[u8]) {
    let (head, mut rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&[][..], data),
    };
    let mut state = std::str::from_utf8(head)
        .ok()
        .and_then(|t| G::from_position(t, rules).ok())
        .unwrap_or_else(|| G::new(rules));
    let mut buf = Vec::new();
    while let Some((&byte, tail)) = rest.split_first() {
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
        buf.clear();
        state.append_actions(&mut buf);
        if buf.is_empty() {
            break;
        }
        let action = buf[usize::from(byte) % buf.len()];
        let text = action.to_string();
        assert_eq!(
            state.parse_action(&text).ok(),
            Some(action),
            "`{text}` does not read back"
        );
        state.play_unchecked(action);
    }
    let _ = G::from_position(&state.position(), rules);
}

/// Seeded pseudo-random inputs for running the fuzz bodies in `cargo test`: `count`
/// byte strings of fewer than `max_len` bytes, the even-numbered ones raw bytes, the
/// odd-numbered ones drawn from `alphabet` (the characters of the game's notation, so
/// that some of them come close to real positions and actions).
///
/// ```
/// use pyramid_core::fuzzing::seeded_inputs;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::Nim;

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
}
