//! `ext:COMMAND ARGS;movetime=MS`: an outside engine speaking the engine protocol
//! ([`ExternalBot`]).

use pyramid_core::Bot;
use pyramid_core::prelude::*;
use std::fmt;

use crate::caps::{BotCaps, CapError};
use crate::kinds::BotKind;
use crate::protocol::{ExternalBot, ExternalSpec};
use crate::spec_error::SpecError;

/// `ext`: an outside engine in any language, run as a child process.
#[derive(Clone, Copy, Debug)]
pub struct ExternalKind;

impl BotKind for ExternalKind {
    type Spec = ExternalSpec;
    const NAME: &'static str = "ext";
    const USAGE: &'static str = "ext:COMMAND";
    const ABOUT: &'static str =
        "an outside engine speaking the engine protocol (docs/protocol.md), run as a child process";

    /// An engine's spec is not `key=value` options: [`BotKind::parse_text`] reads it.
    fn parse(options: &[(&str, &str)]) -> Result<ExternalSpec, SpecError> {
        let text: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        Self::parse_text(Some(&text.join(",")))
    }

    fn parse_text(options: Option<&str>) -> Result<ExternalSpec, SpecError> {
        options.unwrap_or("").parse().map_err(SpecError::External)
    }

    fn write_spec(spec: &ExternalSpec, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{spec}", Self::NAME)
    }

    fn is_timed(spec: &ExternalSpec) -> bool {
        spec.movetime.is_some()
    }

    /// Only the engines the operator offers, written as it wrote them.
    fn within_caps(spec: &mut ExternalSpec, caps: &BotCaps) -> Result<(), CapError> {
        caps.engine_offered(&format!("{}:{spec}", Self::NAME))
    }

    fn build<G: FullGame>(spec: &ExternalSpec, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        Ok(Box::new(ExternalBot::<G>::new(spec.clone(), seed)))
    }
}
