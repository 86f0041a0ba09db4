//! The integration tests of `pyramid-runtime`, built as one test binary: each file of
//! `tests/` is a module of it.

mod matches;
mod options;
mod person;
mod registry;
mod vector;
