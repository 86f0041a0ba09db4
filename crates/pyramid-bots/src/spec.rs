//! Bot specifications as text (`random`, `greedy`, `mcts:iters=2000`, `mcts:ms=50`) and
//! building a bot from one.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use pyramid_core::prelude::*;
use pyramid_core::{Bot, RandomBot};

use crate::alphabeta::{AbBudget, AlphaBetaBot, AlphaBetaConfig};
use crate::greedy::GreedyBot;
use crate::ismcts::{IsmctsBot, IsmctsConfig};
use crate::kinds::{AddedSpec, BotKinds, known_option, number_in};
use crate::mcts::{Budget, MctsBot, MctsConfig};
use crate::protocol::{ExternalBot, ExternalSpec};
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
    /// A uniformly random legal action ([`RandomBot`]).
    Random,
    /// The best action by the game's one-ply evaluation ([`GreedyBot`]).
    Greedy,
    /// Monte Carlo tree search ([`MctsBot`]).
    Mcts(MctsConfig),
    /// Information set MCTS ([`IsmctsBot`]): `ismcts:iters=N` or `ismcts:ms=N`.
    Ismcts(IsmctsConfig),
    /// Alpha-beta search ([`AlphaBetaBot`]): `ab:depth=N` or `ab:ms=N`.
    AlphaBeta(AlphaBetaConfig),
    /// An outside engine speaking the protocol ([`ExternalBot`]):
    /// `ext:COMMAND ARGS;movetime=MS`.
    External(ExternalSpec),
    /// A kind another crate added to the [`BotKinds`] that read the spec, such as
    /// `pyramid-learn`'s `az:model=FILE,iters=N`.
    Added(AddedSpec),
}

impl BotSpec {
    /// Builds the bot for game `G`; its random choices follow from `seed`. Only an added
    /// kind can fail ([`SpecError::Build`]): `az` reads its model file here, and refuses
    /// it if it cannot be read or is another game's.
    pub fn build<G: FullGame>(&self, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        Ok(match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::Mcts(config) => Box::new(MctsBot::<G>::new(config.clone(), seed)),
            BotSpec::AlphaBeta(config) => Box::new(AlphaBetaBot::<G>::new(config.clone(), seed)),
            BotSpec::Ismcts(config) => Box::new(IsmctsBot::new(config.clone(), seed)),
            BotSpec::External(spec) => Box::new(ExternalBot::<G>::new(spec.clone(), seed)),
            BotSpec::Added(spec) => return spec.build::<G>(seed),
        })
    }

    /// Checks, before any game, that the bot can play game `G` under `rules`: an added
    /// kind's check ([`BotKind::check_rules`](crate::BotKind::check_rules): a learned file
    /// of other rules is refused); this crate's own bots play any rules of their game.
    pub fn check_rules<G: FullGame>(&self, rules: &G::Rules) -> Result<(), SpecError> {
        match self {
            BotSpec::Added(spec) => spec.check_rules::<G>(rules),
            _ => Ok(()),
        }
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
        match self {
            BotSpec::Mcts(config) => matches!(config.budget, Budget::Time(_)),
            BotSpec::AlphaBeta(config) => matches!(config.budget, AbBudget::Time(_)),
            BotSpec::Ismcts(config) => matches!(config.budget, Budget::Time(_)),
            BotSpec::External(spec) => spec.movetime.is_some(),
            BotSpec::Added(spec) => spec.is_timed(),
            BotSpec::Random | BotSpec::Greedy => false,
        }
    }
}

/// A bot whose spec could not be built: it forfeits its first decision.
struct Unbuildable(Option<String>);

impl<G: FullGame> Bot<G> for Unbuildable {
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

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::External(spec) => write!(f, "ext:{spec}"),
            BotSpec::Added(spec) => write!(f, "{spec}"),
            BotSpec::Ismcts(c) => {
                match c.budget {
                    Budget::Iterations(n) => write!(f, "ismcts:iters={n}")?,
                    Budget::Time(d) => write!(f, "ismcts:ms={}", d.as_millis())?,
                }
                let default = IsmctsConfig::default();
                if c.exploration != default.exploration {
                    write!(f, ",c={}", c.exploration)?;
                }
                if c.playout_limit != default.playout_limit {
                    write!(f, ",playout={}", c.playout_limit)?;
                }
                Ok(())
            }
            BotSpec::AlphaBeta(c) => write!(f, "ab:{}", c.spec_options()),
            BotSpec::Mcts(c) => {
                match c.budget {
                    Budget::Iterations(n) => write!(f, "mcts:iters={n}")?,
                    Budget::Time(d) => write!(f, "mcts:ms={}", d.as_millis())?,
                }
                let default = MctsConfig::default();
                if c.exploration != default.exploration {
                    write!(f, ",c={}", c.exploration)?;
                }
                if c.playout_limit != default.playout_limit {
                    write!(f, ",playout={}", c.playout_limit)?;
                }
                if c.reuse_tree != default.reuse_tree {
                    write!(f, ",reuse={}", if c.reuse_tree { "on" } else { "off" })?;
                }
                if c.tactics != default.tactics {
                    write!(f, ",tactics={}", if c.tactics { "on" } else { "off" })?;
                }
                if c.max_nodes != default.max_nodes {
                    write!(f, ",nodes={}", c.max_nodes)?;
                }
                Ok(())
            }
        }
    }
}

const MCTS_OPTIONS: &str = "iters, ms, c, playout, reuse, tactics, nodes";

impl FromStr for BotSpec {
    type Err = SpecError;

    /// This crate's own bots ([`BotKinds::parse`] reads the added kinds too).
    fn from_str(text: &str) -> Result<Self, SpecError> {
        parse_spec(text, &BotKinds::new())
    }
}

/// Reading specs with the kinds added (here, beside the built-in bots' parsers, so that
/// `kinds.rs` needs nothing of this file).
impl BotKinds {
    /// Reads a bot spec (`NAME` or `NAME:KEY=VALUE,...`, `ext:COMMAND`) of any kind
    /// known.
    pub fn parse(&self, text: &str) -> Result<BotSpec, SpecError> {
        parse_spec(text, self)
    }
}

/// Reads `text` as a spec of one of `kinds`.
pub(crate) fn parse_spec(text: &str, kinds: &BotKinds) -> Result<BotSpec, SpecError> {
    let text = text.trim();
    if let Some(engine) = text.strip_prefix("ext:") {
        return engine
            .parse()
            .map(BotSpec::External)
            .map_err(SpecError::External);
    }
    let (name, options) = match text.split_once(':') {
        Some((name, options)) => (name.trim(), Some(options)),
        None => (text, None),
    };
    let pairs: Vec<(&str, &str)> = match options {
        None => Vec::new(),
        Some(options) => options
            .split(',')
            .map(|o| {
                o.split_once('=')
                    .map(|(k, v)| (k.trim(), v.trim()))
                    .ok_or_else(|| SpecError::NotKeyValue(pyramid_core::excerpt(o.trim())))
            })
            .collect::<Result<_, _>>()?,
    };
    match name {
        "" => Err(SpecError::Empty {
            known: kinds.usage(),
        }),
        "random" | "greedy" => {
            let bot = if name == "random" { "random" } else { "greedy" };
            if let Some((key, _)) = pairs.first() {
                return Err(SpecError::UnknownOption {
                    bot,
                    key: pyramid_core::excerpt(key),
                    known: "none",
                });
            }
            Ok(if bot == "random" {
                BotSpec::Random
            } else {
                BotSpec::Greedy
            })
        }
        "mcts" => parse_mcts(&pairs).map(BotSpec::Mcts),
        // `ab:model=FILE`: alpha-beta over a learned value, a kind the learning crate adds
        // under the name `ab` (without it, `model` is an option `ab` does not know).
        "ab" if pairs.iter().any(|(key, _)| *key == "model") => {
            match kinds.parse_added("ab", &pairs) {
                Some(added) => added.map(BotSpec::Added),
                None => parse_alpha_beta(&pairs).map(BotSpec::AlphaBeta),
            }
        }
        "ab" => parse_alpha_beta(&pairs).map(BotSpec::AlphaBeta),
        "ismcts" => parse_ismcts(&pairs).map(BotSpec::Ismcts),
        other => match kinds.parse_added(other, &pairs) {
            Some(added) => added.map(BotSpec::Added),
            None => Err(SpecError::UnknownBot {
                name: pyramid_core::excerpt(other),
                known: kinds.usage(),
            }),
        },
    }
}

/// `value` read as a switch (`on`/`off` and the other spellings
/// [`pyramid_core::parse_switch`] takes) for option `key`.
fn switch(key: &'static str, value: &str) -> Result<bool, SpecError> {
    pyramid_core::parse_switch(key, value).map_err(|_| SpecError::BadValue {
        key,
        value: pyramid_core::excerpt(value),
        expected: "on or off",
    })
}

const ISMCTS_OPTIONS: &str = "iters, ms, c, playout";

/// `ismcts` takes MCTS's budget, exploration and playout options (with its own
/// defaults).
fn parse_ismcts(pairs: &[(&str, &str)]) -> Result<IsmctsConfig, SpecError> {
    if let Some((key, _)) = pairs
        .iter()
        .find(|(k, _)| !matches!(*k, "iters" | "ms" | "c" | "playout"))
    {
        return Err(SpecError::UnknownOption {
            bot: "ismcts",
            key: pyramid_core::excerpt(key),
            known: ISMCTS_OPTIONS,
        });
    }
    let default = IsmctsConfig::default();
    let mut with_defaults: Vec<(&str, String)> = Vec::new();
    if !pairs.iter().any(|(k, _)| matches!(*k, "iters" | "ms")) {
        if let Budget::Iterations(n) = default.budget {
            with_defaults.push(("iters", n.to_string()));
        }
    }
    if !pairs.iter().any(|(k, _)| *k == "c") {
        with_defaults.push(("c", default.exploration.to_string()));
    }
    if !pairs.iter().any(|(k, _)| *k == "playout") {
        with_defaults.push(("playout", default.playout_limit.to_string()));
    }
    let mut all: Vec<(&str, &str)> = pairs.to_vec();
    all.extend(with_defaults.iter().map(|(k, v)| (*k, v.as_str())));
    let mcts = parse_mcts(&all).map_err(|e| match e {
        SpecError::UnknownOption { key, .. } => SpecError::UnknownOption {
            bot: "ismcts",
            key,
            known: ISMCTS_OPTIONS,
        },
        other => other,
    })?;
    Ok(IsmctsConfig {
        budget: mcts.budget,
        exploration: mcts.exploration,
        playout_limit: mcts.playout_limit,
    })
}

const AB_OPTIONS: &str = "depth, ms, tt";

impl AlphaBetaConfig {
    /// Reads the options of an `ab:` spec (`depth=N` or `ms=N`, and `tt=BITS`), as a kind
    /// that adds options to `ab` reads the ones it shares (`ab:model=FILE,depth=3`).
    ///
    /// ```
    /// use pyramid_bots::{AbBudget, AlphaBetaConfig};
    /// let config = AlphaBetaConfig::from_spec_options(&[("depth", "4"), ("tt", "16")])?;
    /// assert_eq!((config.budget, config.table_bits), (AbBudget::Depth(4), 16));
    /// assert!(AlphaBetaConfig::from_spec_options(&[("depth", "2"), ("ms", "5")]).is_err());
    /// # Ok::<(), pyramid_bots::SpecError>(())
    /// ```
    pub fn from_spec_options(pairs: &[(&str, &str)]) -> Result<AlphaBetaConfig, SpecError> {
        parse_alpha_beta(pairs)
    }

    /// The options of its spec, after `ab:` (`depth=3`, `ms=100,tt=16`): what
    /// [`AlphaBetaConfig::from_spec_options`] reads back.
    pub fn spec_options(&self) -> String {
        let budget = match self.budget {
            AbBudget::Depth(depth) => format!("depth={depth}"),
            AbBudget::Time(time) => format!("ms={}", time.as_millis()),
        };
        if self.table_bits == AlphaBetaConfig::default().table_bits {
            budget
        } else {
            format!("{budget},tt={}", self.table_bits)
        }
    }
}

fn parse_alpha_beta(pairs: &[(&str, &str)]) -> Result<AlphaBetaConfig, SpecError> {
    let mut config = AlphaBetaConfig::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut seen_budget = false;
    for &(key, value) in pairs {
        let key = known_option("ab", key, &["depth", "ms", "tt"], AB_OPTIONS, &mut seen)?;
        let number = |low, high, expected| number_in(key, value, low, high, expected);
        match key {
            "depth" | "ms" => {
                if seen_budget {
                    return Err(SpecError::TwoBudgets);
                }
                seen_budget = true;
                config.budget = if key == "depth" {
                    AbBudget::Depth(number(1, 64, "a depth from 1 to 64")? as u32)
                } else {
                    AbBudget::Time(Duration::from_millis(number(
                        1,
                        u64::MAX,
                        "a whole number above 0",
                    )?))
                };
            }
            _ => config.table_bits = number(4, 28, "table bits from 4 to 28")? as u8,
        }
    }
    Ok(config)
}

fn parse_mcts(pairs: &[(&str, &str)]) -> Result<MctsConfig, SpecError> {
    let mut config = MctsConfig::default();
    let mut seen_budget = false;
    let mut seen: Vec<&str> = Vec::new();
    for &(key, value) in pairs {
        let key = known_option(
            "mcts",
            key,
            &["iters", "ms", "c", "playout", "reuse", "tactics", "nodes"],
            MCTS_OPTIONS,
            &mut seen,
        )?;
        match key {
            "iters" | "ms" => {
                if seen_budget {
                    return Err(SpecError::TwoBudgets);
                }
                seen_budget = true;
                let n = number_in(key, value, 1, u64::MAX, "a whole number above 0")?;
                config.budget = if key == "iters" {
                    Budget::Iterations(n)
                } else {
                    Budget::Time(Duration::from_millis(n))
                };
            }
            "c" => {
                config.exploration = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| SpecError::BadValue {
                        key: "c",
                        value: pyramid_core::excerpt(value),
                        expected: "a number of at least 0 (the UCT exploration constant)",
                    })?;
            }
            "playout" => {
                config.playout_limit = value.parse().map_err(|_| SpecError::BadValue {
                    key: "playout",
                    value: pyramid_core::excerpt(value),
                    expected: "a ply count (0: play out to the end)",
                })?;
            }
            "nodes" => {
                let most = usize::MAX as u64;
                let expected = "a whole number above 0 (the most nodes the tree may hold)";
                config.max_nodes = number_in("nodes", value, 1, most, expected)? as usize;
            }
            "reuse" => config.reuse_tree = switch("reuse", value)?,
            // "tactics", the last known key.
            _ => config.tactics = switch("tactics", value)?,
        }
    }
    Ok(config)
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
