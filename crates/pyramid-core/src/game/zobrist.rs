//! [`Zobrist`]: a 64-bit key per position, for transposition tables and repetition
//! checks, with the random tables it is built from ([`zobrist_table`]).

use crate::Game;

/// A Zobrist key for every position: the XOR of one fixed random number per feature of
/// the state (a piece of a kind on a square, the seat to act, the scores, ...). Equal
/// states have equal keys; different states collide with chance about 2^-64 per pair.
///
/// [`Zobrist::key_after`] gives the key of the state after one action from the key
/// before, updating only what changed where that pays (the bitboard games XOR in the
/// squares whose bits differ); the conformance harness checks it against
/// [`Zobrist::key`] over random games.
///
/// ```
/// use pyramid_core::{Game, Zobrist, nim::Nim};
/// let start = Nim::new(&Default::default());
/// let mut next = start.clone();
/// next.play(next.legal_actions()[0])?;
/// assert_ne!(start.key(), next.key());
/// assert_eq!(start.key_after(start.key(), &next), next.key());
/// assert_eq!(start.key(), start.clone().key());
/// # Ok::<(), pyramid_core::PlayError>(())
/// ```
pub trait Zobrist: Game {
    /// The key, computed from scratch.
    fn key(&self) -> u64;

    /// The key of `after`, a state one action after `self` whose key is `key`. By
    /// default computed from scratch; games override it with an incremental update.
    fn key_after(&self, key: u64, after: &Self) -> u64 {
        let _ = key;
        after.key()
    }
}

/// One step of SplitMix64: the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` random 64-bit numbers, fixed by `seed` (SplitMix64), made at compile time: a
/// game's Zobrist table, `const TABLE: [u64; N] = zobrist_table(SEED);`. Give each table
/// of a game its own seed.
///
/// ```
/// use pyramid_core::zobrist_table;
/// const TABLE: [u64; 4] = zobrist_table(7);
/// assert_eq!(TABLE, zobrist_table::<4>(7));
/// assert_ne!(TABLE[0], TABLE[1]);
/// ```
pub const fn zobrist_table<const N: usize>(seed: u64) -> [u64; N] {
    let mut table = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix64(state);
        state = next;
        table[i] = value;
        i += 1;
    }
    table
}

/// A key for a small value (a score, a counter, a phase): SplitMix64 of `value` mixed
/// with `salt`, so different fields give unrelated keys.
pub const fn zobrist_mix(salt: u64, value: u64) -> u64 {
    splitmix64(salt ^ value.wrapping_mul(0xD6E8_FEB8_6659_FD93)).1
}

/// The XOR of `table[offset + square]` over the squares set in `bits`: the key of one
/// bitboard of pieces.
pub fn zobrist_bits(table: &[u64], offset: usize, mut bits: u64) -> u64 {
    let mut key = 0;
    while bits != 0 {
        let square = bits.trailing_zeros() as usize;
        key ^= table.get(offset + square).copied().unwrap_or(0);
        bits &= bits - 1;
    }
    key
}

/// A key for any hashable value (a small struct of counters, a decision with its data):
/// the std hasher (SipHash with fixed keys) over `salt` and `value`. Deterministic within
/// one build, which is all a transposition table needs; use it for the parts of a state
/// that are not pieces on squares.
pub fn zobrist_of<T: std::hash::Hash + ?Sized>(salt: u64, value: &T) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    salt.hash(&mut hasher);
    value.hash(&mut hasher);
    hasher.finish()
}
