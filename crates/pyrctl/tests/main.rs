//! The integration tests of `pyrctl`, built as one test binary: each file of `tests/` is
//! a module of it, so the tests compile and link the crate's code once rather than once per
//! file (`cargo test -p pyrctl --test pyrctl_tests MODULE::` runs one file's tests).

mod common;

mod bot_strength;
mod bots_cli;
mod cli;
mod engines;
mod first_hour;
mod hardening;
#[cfg(feature = "learn")]
mod learn_files;
mod readme;
mod testing_toolkit;
