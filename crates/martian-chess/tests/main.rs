//! The integration tests of `martian-chess`, built as one test binary: each file of `tests/` is
//! a module of it, so the tests compile and link the crate's code once rather than once per
//! file (`cargo test -p martian-chess --test martian_chess_tests MODULE::` runs one file's tests).

mod abstractplay;
mod bots;
mod fuzz_corpus;
mod illegal_reasons;
mod information_sets;
mod options;
mod perft;
mod positions;
mod properties;
mod reference;
mod rules;
