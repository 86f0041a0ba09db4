//! The integration tests of `pyramid-games`, built as one test binary: each file of
//! `tests/` is a module of it, so the tests compile and link the games' code once rather
//! than once per file (`cargo test -p pyramid-games --test pyramid_games_tests MODULE::`
//! runs one file's tests).

mod perft_suites;
mod strategies;
mod zobrist;
