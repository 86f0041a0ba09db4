//! Bot kinds that other crates add: a [`BotKind`] names a kind of bot, reads its
//! `key=value` options and builds its bot for a game type; a [`BotKinds`] holds the kinds
//! a tool knows, so that [`BotKinds::parse`] reads their specs along with this crate's
//! own bots. `pyramid-learn` adds `az` this way, and the runtime's list of kinds
//! (`pyramid_runtime::bot_kinds`) has it when learning is built in.
//!
//! ```
//! use std::fmt;
//! use pyramid_bots::{BotKind, BotKinds, BotSpec, SpecError};
//! use pyramid_core::nim::Nim;
//! use pyramid_core::{Bot, FullGame, RandomBot};
//!
//! /// `dice:seed=N`: a random bot with a seed of its own.
//! struct Dice;
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct DiceSpec(u64);
//!
//! impl fmt::Display for DiceSpec {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         write!(f, "dice:seed={}", self.0)
//!     }
//! }
//!
//! impl BotKind for Dice {
//!     type Spec = DiceSpec;
//!     const NAME: &'static str = "dice";
//!     const USAGE: &'static str = "dice:seed=N";
//!     fn parse(options: &[(&str, &str)]) -> Result<DiceSpec, SpecError> {
//!         let mut seen = Vec::new();
//!         let mut seed = 0;
//!         for &(key, value) in options {
//!             let key = pyramid_bots::kinds::known_option("dice", key, &["seed"], "seed", &mut seen)?;
//!             seed = pyramid_bots::kinds::number_in(key, value, 0, u64::MAX, "a whole number")?;
//!         }
//!         Ok(DiceSpec(seed))
//!     }
//!     fn is_timed(_: &DiceSpec) -> bool {
//!         false
//!     }
//!     fn build<G: FullGame>(spec: &DiceSpec, _seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
//!         Ok(Box::new(RandomBot::new(spec.0)))
//!     }
//! }
//!
//! let mut kinds = BotKinds::new();
//! kinds.add::<Dice, Nim>();
//! let spec = kinds.parse("dice:seed=7")?;
//! assert_eq!(spec.to_string(), "dice:seed=7");
//! assert!(spec.build::<Nim>(1).is_ok());
//! // Without the kind, its name is unknown; this crate's bots are always there.
//! assert!("dice:seed=7".parse::<BotSpec>().is_err());
//! assert_eq!(kinds.parse("greedy")?, BotSpec::Greedy);
//! assert_eq!(kinds.names(), ["random", "greedy", "mcts", "ismcts", "ab", "ext", "dice"]);
//! # Ok::<(), SpecError>(())
//! ```

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use pyramid_core::{Bot, FullGame};

use crate::spec_error::SpecError;

/// The names of this crate's own bots, always known and looked up before any added kind.
const BUILT_IN: [&str; 6] = ["random", "greedy", "mcts", "ismcts", "ab", "ext"];

/// This crate's own bots as the list of bots in errors writes them.
const BUILT_IN_USAGE: &str = "random, greedy, mcts, ismcts, ab, ext:COMMAND";

/// A kind of bot that another crate adds to a [`BotKinds`]: its name, its settings read
/// from the `key=value` options of its spec, and its bot for any game type.
pub trait BotKind: 'static {
    /// The settings a spec of this kind names. [`fmt::Display`] writes the whole spec in
    /// canonical form (`NAME:KEY=VALUE,...`), which [`BotKind::parse`] reads back to an
    /// equal value.
    type Spec: Clone + fmt::Debug + fmt::Display + PartialEq + Send + Sync + 'static;
    /// The name before the colon (`az`). One of this crate's own bots' names is looked up
    /// only for `ab` specs that name a `model` (`ab:model=FILE`, alpha-beta over a learned
    /// value); any other is never looked up.
    const NAME: &'static str;
    /// How the kind is written in the list of bots of an error (`az:model=FILE`).
    const USAGE: &'static str;
    /// Reads the options after the colon (none for the bare name).
    fn parse(options: &[(&str, &str)]) -> Result<Self::Spec, SpecError>;
    /// Whether the bot's choices depend on wall time ([`BotSpec::is_timed`](crate::BotSpec::is_timed)).
    fn is_timed(spec: &Self::Spec) -> bool;
    /// The bot for game `G`, its random choices following from `seed`; refused with a
    /// [`SpecError::Build`] when it cannot be built (a file it needs, another game's).
    fn build<G: FullGame>(spec: &Self::Spec, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError>;
    /// Checks, before any game, that the bot can play game `G` under `rules` (a learned
    /// file trained for other rules cannot), refused with a [`SpecError::Build`] saying
    /// why; what [`BotSpec::check_rules`](crate::BotSpec::check_rules) asks. The default:
    /// any bot that builds can play any rules of its game.
    fn check_rules<G: FullGame>(spec: &Self::Spec, rules: &G::Rules) -> Result<(), SpecError> {
        let _ = (spec, rules);
        Ok(())
    }
}

/// The bot kinds a tool knows: this crate's own bots (`random`, `greedy`, `mcts`,
/// `ismcts`, `ab`, `ext:`) and the kinds added to it ([`BotKinds::add`]), each for the
/// game types it was added for. [`BotKinds::parse`] reads a spec of any of them; the
/// specs it reads build their bots without it ([`BotSpec::build`](crate::BotSpec::build)).
#[derive(Clone, Default)]
pub struct BotKinds {
    added: Vec<Arc<Entry>>,
}

impl BotKinds {
    /// This crate's own bots only (what [`BotSpec`](crate::BotSpec)'s `FromStr` reads).
    pub fn new() -> BotKinds {
        BotKinds::default()
    }

    /// Adds kind `K` for game type `G` (call it once per game type the kind is to play):
    /// its specs parse from now on, and build their bot for `G`. A kind added under the
    /// name of another kind added before replaces that kind.
    pub fn add<K: BotKind, G: FullGame>(&mut self) -> &mut BotKinds {
        let index = match self.added.iter().position(|e| e.name == K::NAME) {
            Some(i) if self.added[i].kind == TypeId::of::<K>() => i,
            Some(i) => {
                self.added[i] = Arc::new(Entry::of::<K>());
                i
            }
            None => {
                self.added.push(Arc::new(Entry::of::<K>()));
                self.added.len() - 1
            }
        };
        let for_game = ForGame::<G> {
            build: build_as::<K, G>,
            check: check_as::<K, G>,
        };
        Arc::make_mut(&mut self.added[index])
            .builders
            .insert(TypeId::of::<G>(), Arc::new(for_game));
        self
    }

    /// The names of every kind known, this crate's own bots first.
    pub fn names(&self) -> Vec<&'static str> {
        BUILT_IN
            .iter()
            .copied()
            .chain(
                self.added
                    .iter()
                    .map(|e| e.name)
                    .filter(|name| !BUILT_IN.contains(name)),
            )
            .collect()
    }

    /// The spec of the added kind called `name`, read from its options; `None` if no kind
    /// of that name was added.
    pub(crate) fn parse_added(
        &self,
        name: &str,
        options: &[(&str, &str)],
    ) -> Option<Result<AddedSpec, SpecError>> {
        let entry = self.added.iter().find(|e| e.name == name)?;
        Some((entry.parse)(options).map(|spec| AddedSpec {
            entry: entry.clone(),
            spec,
        }))
    }

    /// Every kind known, as the list of bots of an error writes them.
    pub(crate) fn usage(&self) -> String {
        let mut text = BUILT_IN_USAGE.to_owned();
        for entry in &self.added {
            text.push_str(", ");
            text.push_str(entry.usage);
        }
        text
    }
}

impl fmt::Debug for BotKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotKinds")
            .field("names", &self.names())
            .finish()
    }
}

/// The bot of an added kind for game `G`, from the kind's settings.
type Builder<G> = fn(&dyn Any, u64) -> Result<Box<dyn Bot<G>>, SpecError>;

/// An added kind's bot for game `G`, and its check of `G`'s rules, from the kind's
/// settings (their type erased).
struct ForGame<G: FullGame> {
    build: Builder<G>,
    check: fn(&dyn Any, &G::Rules) -> Result<(), SpecError>,
}

/// The settings of another kind than `K` (never met: an entry's specs are its kind's).
fn other_kind<K: BotKind>() -> SpecError {
    SpecError::Build {
        bot: K::NAME,
        reason: "the settings of another kind".to_owned(),
    }
}

/// [`BotKind::check_rules`] of kind `K` for game `G`, its settings type erased.
fn check_as<K: BotKind, G: FullGame>(spec: &dyn Any, rules: &G::Rules) -> Result<(), SpecError> {
    match spec.downcast_ref::<K::Spec>() {
        Some(spec) => K::check_rules::<G>(spec, rules),
        None => Err(other_kind::<K>()),
    }
}

/// [`BotKind::build`] of kind `K` for game `G`, its settings type erased.
fn build_as<K: BotKind, G: FullGame>(
    spec: &dyn Any,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, SpecError> {
    match spec.downcast_ref::<K::Spec>() {
        Some(spec) => K::build::<G>(spec, seed),
        None => Err(other_kind::<K>()),
    }
}

/// [`BotKind::parse`] of an added kind, its settings type erased.
type Parser = fn(&[(&str, &str)]) -> Result<Box<dyn AnySpec>, SpecError>;

/// An added kind: its name, how it reads its options, its bot per game type.
#[derive(Clone)]
struct Entry {
    name: &'static str,
    usage: &'static str,
    /// The kind's type, to tell two kinds of one name apart.
    kind: TypeId,
    parse: Parser,
    /// A [`ForGame<G>`] per game type `G`.
    builders: HashMap<TypeId, Arc<dyn Any + Send + Sync>>,
}

impl Entry {
    fn of<K: BotKind>() -> Entry {
        Entry {
            name: K::NAME,
            usage: K::USAGE,
            kind: TypeId::of::<K>(),
            parse: |options| {
                K::parse(options).map(|spec| Box::new(Typed::<K>(spec, PhantomData)) as _)
            },
            builders: HashMap::new(),
        }
    }
}

/// A spec of a kind added to a [`BotKinds`] ([`BotSpec::Added`](crate::BotSpec::Added)): the kind's settings,
/// with the kind's bots for the game types it was added for.
pub struct AddedSpec {
    entry: Arc<Entry>,
    spec: Box<dyn AnySpec>,
}

impl AddedSpec {
    /// The kind's name (`az`).
    pub fn name(&self) -> &'static str {
        self.entry.name
    }

    /// The settings, if the spec is of kind `K`.
    pub fn get<K: BotKind>(&self) -> Option<&K::Spec> {
        if self.entry.kind != TypeId::of::<K>() {
            return None;
        }
        self.spec.as_any().downcast_ref()
    }

    /// The settings to change, if the spec is of kind `K` (a server lowering a budget).
    pub fn get_mut<K: BotKind>(&mut self) -> Option<&mut K::Spec> {
        if self.entry.kind != TypeId::of::<K>() {
            return None;
        }
        self.spec.as_any_mut().downcast_mut()
    }

    /// Whether the bot's choices depend on wall time.
    pub fn is_timed(&self) -> bool {
        self.spec.is_timed()
    }

    /// The bot for game `G`, its choices following from `seed`; refused if the kind was
    /// not added for `G` or cannot build its bot.
    pub fn build<G: FullGame>(&self, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        (self.for_game::<G>()?.build)(self.spec.as_any(), seed)
    }

    /// Checks that the bot can play game `G` under `rules` ([`BotKind::check_rules`]);
    /// refused if the kind was not added for `G` or cannot play these rules.
    pub fn check_rules<G: FullGame>(&self, rules: &G::Rules) -> Result<(), SpecError> {
        (self.for_game::<G>()?.check)(self.spec.as_any(), rules)
    }

    /// The kind's bot and check for game `G`, or why there are none.
    fn for_game<G: FullGame>(&self) -> Result<&ForGame<G>, SpecError> {
        self.entry
            .builders
            .get(&TypeId::of::<G>())
            .and_then(|b| b.downcast_ref::<ForGame<G>>())
            .ok_or_else(|| SpecError::Build {
                bot: self.entry.name,
                reason: format!(
                    "this build has no `{}` bot for {}",
                    self.entry.name,
                    G::NAME
                ),
            })
    }
}

impl Clone for AddedSpec {
    fn clone(&self) -> Self {
        AddedSpec {
            entry: self.entry.clone(),
            spec: self.spec.clone_box(),
        }
    }
}

impl PartialEq for AddedSpec {
    fn eq(&self, other: &AddedSpec) -> bool {
        self.entry.kind == other.entry.kind && self.spec.same(other.spec.as_ref())
    }
}

impl fmt::Display for AddedSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spec.write(f, false)
    }
}

impl fmt::Debug for AddedSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spec.write(f, true)
    }
}

/// The settings of some added kind, their type erased.
trait AnySpec: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_box(&self) -> Box<dyn AnySpec>;
    fn is_timed(&self) -> bool;
    /// `Display` (or `Debug` if `debug`).
    fn write(&self, f: &mut fmt::Formatter<'_>, debug: bool) -> fmt::Result;
    fn same(&self, other: &dyn AnySpec) -> bool;
}

/// The settings of kind `K`.
struct Typed<K: BotKind>(K::Spec, PhantomData<fn() -> K>);

impl<K: BotKind> AnySpec for Typed<K> {
    fn as_any(&self) -> &dyn Any {
        &self.0
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        &mut self.0
    }

    fn clone_box(&self) -> Box<dyn AnySpec> {
        Box::new(Typed::<K>(self.0.clone(), PhantomData))
    }

    fn is_timed(&self) -> bool {
        K::is_timed(&self.0)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, debug: bool) -> fmt::Result {
        if debug {
            fmt::Debug::fmt(&self.0, f)
        } else {
            fmt::Display::fmt(&self.0, f)
        }
    }

    fn same(&self, other: &dyn AnySpec) -> bool {
        other.as_any().downcast_ref::<K::Spec>() == Some(&self.0)
    }
}

/// The option `key` of `bot` as its static name (one of `options`, listed for people in
/// `known`), refused if the bot has no such option or it was given before (`seen`): for
/// a [`BotKind::parse`].
pub fn known_option(
    bot: &'static str,
    key: &str,
    options: &[&'static str],
    known: &'static str,
    seen: &mut Vec<&'static str>,
) -> Result<&'static str, SpecError> {
    let Some(&name) = options.iter().find(|o| **o == key) else {
        return Err(SpecError::UnknownOption {
            bot,
            key: pyramid_core::excerpt(key),
            known,
        });
    };
    if seen.contains(&name) {
        return Err(SpecError::Repeated(name));
    }
    seen.push(name);
    Ok(name)
}

/// The whole number `value` of option `key`, within `low..=high` (`expected` says so):
/// for a [`BotKind::parse`].
pub fn number_in(
    key: &'static str,
    value: &str,
    low: u64,
    high: u64,
    expected: &'static str,
) -> Result<u64, SpecError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| SpecError::BadValue {
            key,
            value: pyramid_core::excerpt(value),
            expected,
        })
}
