//! Bot specifications as text (`random`, `greedy`, `mcts:iters=2000`, `mcts:ms=50`) and
//! building a bot from one. What each kind does with its settings is declared once, in
//! its [`BotKind`] (`built_in`, or the crate that adds it); [`BotSpec`] holds the settings
//! of one kind and asks that kind.

use std::fmt;
use std::str::FromStr;

use pyramid_core::Bot;
use pyramid_core::prelude::*;

use crate::alphabeta::AlphaBetaConfig;
use crate::built_in::{
    AbKind, BUILT_IN, ExternalKind, GreedyKind, GreedySpec, IsmctsKind, MctsKind, RandomKind,
    RandomSpec,
};
use crate::caps::{BotCaps, CapError};
use crate::ismcts::IsmctsConfig;
use crate::kinds::{AddedSpec, BotKind, BotKinds, option_pairs};
use crate::mcts::MctsConfig;
use crate::protocol::ExternalSpec;
pub use crate::spec_error::SpecError;

/// What a bot specification names: the kind of bot and its settings.
///
/// The text form is `NAME` or `NAME:KEY=VALUE,KEY=VALUE`; [`fmt::Display`] writes the
/// canonical form, which parses back to an equal value. `FromStr` reads this crate's own
/// bots; [`BotKinds::parse`] also the kinds other crates add (`az`, from
/// `pyramid-learn`), as [`BotSpec::Added`].
///
/// ```
/// use pyramid_bots::{BotSpec, Budget};
/// let spec: BotSpec = "mcts:iters=2000".parse()?;
/// assert!(matches!(spec, BotSpec::Mcts(ref c) if c.budget == Budget::Iterations(2000)));
/// assert_eq!(spec.to_string(), "mcts:iters=2000");
/// assert!("mcts:iters=lots".parse::<BotSpec>().is_err());
/// # Ok::<(), pyramid_bots::SpecError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// A uniformly random legal action ([`RandomBot`](pyramid_core::RandomBot)).
    Random,
    /// The best action by the game's one-ply evaluation ([`GreedyBot`](crate::GreedyBot)).
    Greedy,
    /// Monte Carlo tree search ([`MctsBot`](crate::MctsBot)).
    Mcts(MctsConfig),
    /// Information set MCTS ([`IsmctsBot`](crate::IsmctsBot)): `ismcts:iters=N` or `ismcts:ms=N`.
    Ismcts(IsmctsConfig),
    /// Alpha-beta search ([`AlphaBetaBot`](crate::AlphaBetaBot)): `ab:depth=N` or `ab:ms=N`.
    AlphaBeta(AlphaBetaConfig),
    /// An outside engine speaking the protocol ([`ExternalBot`](crate::protocol::ExternalBot)):
    /// `ext:COMMAND ARGS;movetime=MS`.
    External(ExternalSpec),
    /// A kind another crate added to the [`BotKinds`] that read the spec, such as
    /// `pyramid-learn`'s `az:model=FILE,iters=N`.
    Added(AddedSpec),
}

/// Runs `$body` with `$kind` the [`BotKind`] of a built-in spec and `$settings` its
/// settings, or `$added` with the spec of an added kind: the one place that knows which
/// kind each variant of [`BotSpec`] is.
macro_rules! by_kind {
    ($spec:expr, $kind:ident, $settings:ident => $body:expr, $added:ident => $added_body:expr) => {
        match $spec {
            BotSpec::Random => {
                type $kind = RandomKind;
                let $settings = &mut RandomSpec;
                $body
            }
            BotSpec::Greedy => {
                type $kind = GreedyKind;
                let $settings = &mut GreedySpec;
                $body
            }
            BotSpec::Mcts($settings) => {
                type $kind = MctsKind;
                $body
            }
            BotSpec::Ismcts($settings) => {
                type $kind = IsmctsKind;
                $body
            }
            BotSpec::AlphaBeta($settings) => {
                type $kind = AbKind;
                $body
            }
            BotSpec::External($settings) => {
                type $kind = ExternalKind;
                $body
            }
            BotSpec::Added($added) => $added_body,
        }
    };
}

impl BotSpec {
    /// Builds the bot for game `G`; its random choices follow from `seed`. Only an added
    /// kind can fail ([`SpecError::Build`]): `az` reads its model file here, and refuses
    /// it if it cannot be read or is another game's.
    pub fn build<G: FullGame>(&self, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        by_kind!(self, K, settings => K::build::<G>(settings, seed), added => added.build::<G>(seed))
    }

    /// Checks, before any game, that the bot can play game `G` under `rules` (the kind's
    /// [`BotKind::check_rules`]: a learned file of other rules is refused); this crate's
    /// own bots play any rules of their game.
    pub fn check_rules<G: FullGame>(&self, rules: &G::Rules) -> Result<(), SpecError> {
        by_kind!(self, K, settings => K::check_rules::<G>(settings, rules), added => added.check_rules::<G>(rules))
    }

    /// [`BotSpec::build`], or if that fails a bot that forfeits at once, saying why
    /// ([`Bot::failure`]): for games played after the specs were checked.
    pub fn build_or_forfeit<G: FullGame>(&self, seed: u64) -> Box<dyn Bot<G>> {
        self.build::<G>(seed)
            .unwrap_or_else(|error| Box::new(Unbuildable(Some(error.to_string()))))
    }

    /// Whether the bot's choices depend on wall time (a millisecond MCTS budget, an
    /// outside engine given a `movetime`), so that a match using it is not reproducible
    /// from its seed.
    pub fn is_timed(&self) -> bool {
        by_kind!(self, K, settings => K::is_timed(settings), added => added.is_timed())
    }

    /// Keeps the bot within a server's caps (the kind's [`BotKind::within_caps`]): its
    /// memory lowered to them, its time per move beyond them refused, the files and
    /// outside engines it names only the operator's.
    pub fn within_caps(&mut self, caps: &BotCaps) -> Result<(), CapError> {
        by_kind!(self, K, settings => K::within_caps(settings, caps), added => added.within_caps(caps))
    }
}

/// A bot whose spec could not be built: it forfeits its first decision.
struct Unbuildable(Option<String>);

impl<G: Information> Bot<G> for Unbuildable {
    fn name(&self) -> String {
        "unbuildable".to_owned()
    }

    fn choose(&mut self, _view: &G::View, _seat: pyramid_core::Seat) -> Option<G::Action> {
        None
    }

    fn failure(&mut self) -> Option<String> {
        self.0.take()
    }
}

/// Builds the bot `spec` names for game `G`, its choices following from `seed`: the bot
/// factory that `pyramid_core::dynamic::GameEntry` takes, so every bot of this crate is
/// available by spec through the runtime interface.
///
/// ```
/// use pyramid_core::dynamic::{GameEntry, Registry};
/// use pyramid_core::nim::Nim;
/// let mut registry = Registry::new();
/// registry.add(Box::new(GameEntry::<Nim>::new(pyramid_bots::bot_from_spec::<Nim>)));
/// let nim = registry.get("nim")?;
/// let mut bot = nim.bot("mcts:iters=100", 1)?;
/// let state = nim.new_state(&[])?;
/// let action = bot.pick(state.as_ref())?;
/// assert!(state.legal_actions().contains(&action));
/// assert!(nim.bot("mcts:iters=many", 1).is_err());
/// # Ok::<(), pyramid_core::dynamic::RuntimeError>(())
/// ```
pub fn bot_from_spec<G: FullGame>(spec: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String> {
    let spec: BotSpec = spec.parse().map_err(|e: SpecError| e.to_string())?;
    spec.build::<G>(seed).map_err(|e| e.to_string())
}

/// The canonical form, written by the spec's kind ([`BotKind::write_spec`]).
impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        by_kind!(self, K, settings => K::write_spec(settings, f), added => write!(f, "{added}"))
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    /// This crate's own bots ([`BotKinds::parse`] reads the added kinds too).
    fn from_str(text: &str) -> Result<Self, SpecError> {
        parse_spec(text, &BotKinds::new())
    }
}

/// Reading specs with the kinds added (here, beside [`BotSpec`], so that `kinds.rs`
/// needs nothing of this file).
impl BotKinds {
    /// Reads a bot spec (`NAME` or `NAME:KEY=VALUE,...`, `ext:COMMAND`) of any kind
    /// known.
    pub fn parse(&self, text: &str) -> Result<BotSpec, SpecError> {
        parse_spec(text, self)
    }
}

/// Reads `text` as a spec of one of `kinds`: a built-in kind by its name, else an added
/// one. `ab:model=FILE` is alpha-beta over a learned value, a kind the learning crate
/// adds under the name `ab` (without it, `model` is an option `ab` does not know).
pub(crate) fn parse_spec(text: &str, kinds: &BotKinds) -> Result<BotSpec, SpecError> {
    let text = text.trim();
    let (name, options) = match text.split_once(':') {
        Some((name, options)) => (name.trim(), Some(options)),
        None => (text, None),
    };
    if name.is_empty() {
        return Err(SpecError::Empty {
            known: kinds.usage(),
        });
    }
    if name == AbKind::NAME
        && option_pairs(options).is_ok_and(|pairs| pairs.iter().any(|(key, _)| *key == "model"))
        && let Some(added) = kinds.parse_added(name, options)
    {
        return added.map(BotSpec::Added);
    }
    if let Some(built_in) = BUILT_IN.iter().find(|b| b.info.name == name) {
        return (built_in.parse)(options);
    }
    match kinds.parse_added(name, options) {
        Some(added) => added.map(BotSpec::Added),
        None => Err(SpecError::UnknownBot {
            name: pyramid_core::excerpt(name),
            known: kinds.usage(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<BotSpec, SpecError> {
        text.parse()
    }

    #[test]
    fn simple_names_parse() {
        assert_eq!(parse("random"), Ok(BotSpec::Random));
        assert_eq!(parse(" greedy "), Ok(BotSpec::Greedy));
        assert_eq!(parse("mcts"), Ok(BotSpec::Mcts(MctsConfig::default())));
    }

    #[test]
    fn budgets_parse_and_print_back() {
        for text in [
            "mcts:iters=2000",
            "mcts:ms=50",
            "mcts:iters=10,c=0.7,playout=30,reuse=off,tactics=off",
            "ab:depth=3",
            "ab:ms=50,tt=20",
            "ismcts:iters=500",
            "ismcts:ms=20,c=1.2,playout=0",
        ] {
            let spec = parse(text).expect("valid spec");
            assert_eq!(spec.to_string(), text);
            assert_eq!(parse(&spec.to_string()), Ok(spec));
        }
        assert!(parse("mcts:ms=50").expect("valid").is_timed());
        assert!(!parse("mcts:iters=50").expect("valid").is_timed());
    }

    #[test]
    fn bad_specs_give_typed_errors() {
        let known = "random, greedy, mcts, ismcts, ab, ext:COMMAND".to_owned();
        assert_eq!(
            parse(""),
            Err(SpecError::Empty {
                known: known.clone()
            })
        );
        assert_eq!(
            parse("alphazero"),
            Err(SpecError::UnknownBot {
                name: "alphazero".into(),
                known
            })
        );
        assert_eq!(
            parse("az:model=m.safetensors").map_err(|e| e.to_string()),
            Err(
                "unknown bot `az` (bots: random, greedy, mcts, ismcts, ab, ext:COMMAND)".to_owned()
            )
        );
        assert!(matches!(
            parse("random:iters=3"),
            Err(SpecError::UnknownOption { bot: "random", .. })
        ));
        assert!(matches!(
            parse("mcts:depth=3"),
            Err(SpecError::UnknownOption { bot: "mcts", .. })
        ));
        assert_eq!(
            parse("mcts:iters"),
            Err(SpecError::NotKeyValue("iters".into()))
        );
        assert!(matches!(
            parse("mcts:iters=0"),
            Err(SpecError::BadValue { key: "iters", .. })
        ));
        assert!(matches!(
            parse("mcts:ms=-5"),
            Err(SpecError::BadValue { key: "ms", .. })
        ));
        assert_eq!(parse("mcts:iters=5,ms=5"), Err(SpecError::TwoBudgets));
        assert_eq!(
            SpecError::TwoBudgets.to_string(),
            "a budget is either `iters` or `ms`, not both (`ab`: `depth` or `ms`)"
        );
        assert_eq!(parse("mcts:c=1,c=2"), Err(SpecError::Repeated("c")));
        assert!(matches!(parse("ext:"), Err(SpecError::External(_))));
        assert!(matches!(
            parse("ext:engine;depth=3"),
            Err(SpecError::External(_))
        ));
    }

    #[test]
    fn outside_engines_parse_and_print_back() {
        let spec =
            parse("ext:pyrctl engine ataxx-ice --bot mcts:iters=50;movetime=100;log=/tmp/e.log")
                .expect("valid spec");
        let BotSpec::External(ref engine) = spec else {
            panic!("not an outside engine: {spec:?}");
        };
        assert_eq!(engine.command, "pyrctl");
        assert_eq!(
            engine.args,
            ["engine", "ataxx-ice", "--bot", "mcts:iters=50"]
        );
        assert_eq!(engine.movetime, Some(100));
        assert!(spec.is_timed());
        assert_eq!(parse(&spec.to_string()), Ok(spec));
    }
}
