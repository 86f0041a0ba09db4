#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

#[cfg(feature = "arbitrary")]
pub mod arbitrary_support;
#[cfg(feature = "criterion")]
pub mod benchmarks;
pub mod conformance;
pub mod fuzzing;
pub mod perft_suite;
#[cfg(feature = "proptest")]
pub mod strategy;

/// The kernel crate the tools are written over, re-exported so the macros
/// (`game_strategies!`, `impl_arbitrary!`) and users name the same version.
pub use pyramid_core;
