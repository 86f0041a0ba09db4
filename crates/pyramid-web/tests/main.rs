//! The integration tests of `pyramid-web`, built as one test binary: each file of `tests/` is
//! a module of it, so the tests compile and link the crate's code once rather than once per
//! file (`cargo test -p pyramid-web --test pyramid_web_tests MODULE::` runs one file's tests).

// The 80-line limit on functions is for the crates' code: tests keep long oracles and
// scenarios whole.
#![allow(clippy::too_many_lines)]

mod common;

mod api;
mod clocks;
mod crowd;
mod engines;
mod fair;
mod hostile;
mod hostile_load;
mod load;
mod lobby;
mod offers;
mod operate;
mod persist;
mod router;
