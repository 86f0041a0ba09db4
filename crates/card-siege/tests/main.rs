//! The integration tests of `card-siege`, built as one test binary: each file of `tests/` is
//! a module of it, so the tests compile and link the crate's code once rather than once per
//! file (`cargo test -p card-siege --test card_siege_tests MODULE::` runs one file's tests).

// The 80-line limit on functions is for the crates' code: tests keep long oracles and
// scenarios whole.
#![allow(clippy::too_many_lines)]

mod fuzz_corpus;
mod illegal_reasons;
mod information_sets;
mod perft;
mod picture;
mod positions;
mod properties;
mod reference;
mod rules;
