//! The integration tests of `pyramid-bots`, built as one test binary: each file of `tests/` is
//! a module of it, so the tests compile and link the crate's code once rather than once per
//! file (`cargo test -p pyramid-bots --test pyramid_bots_tests MODULE::` runs one file's tests).

mod check_bot;
mod engine_stop;
mod engines;
mod forfeit;
mod matches;
