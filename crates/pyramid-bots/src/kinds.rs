//! Kinds of bot, each declared once: a [`BotKind`] names a kind of bot, describes itself,
//! reads its `key=value` options, prints them back, says whether its bot is timed, checks
//! a server's [`BotCaps`] and builds its bot for a game type. This crate's own bots are
//! kinds (`random`, `greedy`, `mcts`, `ismcts`, `ab`, `ext`: the `built_in` module), and
//! other crates add theirs to a [`BotKinds`], so that [`BotKinds::parse`] reads their
//! specs along with this crate's own. `pyramid-learn` adds `az` and `ab:model` this way,
//! and the runtime's list of kinds (`pyramid_runtime::bot_kinds`) has them when learning
//! is built in.
//!
//! ```
//! use std::fmt;
//! use pyramid_bots::{BotCaps, BotKind, BotKinds, BotSpec, CapError, SpecError};
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
//!     const ABOUT: &'static str = "a random legal action, from a seed of its own";
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
//!     fn within_caps(_: &mut DiceSpec, _: &BotCaps) -> Result<(), CapError> {
//!         Ok(())
//!     }
//! }
//!
//! let mut kinds = BotKinds::new();
//! kinds.add::<Dice, Nim>();
//! let spec = kinds.parse("dice:seed=7")?;
//! assert_eq!(spec.to_string(), "dice:seed=7");
//! assert!(spec.build::<Nim>(1).is_ok());
//! assert!(kinds.describe().iter().any(|k| k.name == "dice" && k.about.contains("seed")));
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

use crate::built_in::BUILT_IN;
use crate::caps::{BotCaps, CapError};
use crate::spec_error::SpecError;

/// A kind of bot, declared once: its name and what it is, its settings read from the
/// `key=value` options of its spec and printed back, whether it is timed, the server caps
/// it must keep, and its bot for any game type.
pub trait BotKind: 'static {
    /// The settings a spec of this kind names. [`BotKind::write_spec`] (by default its
    /// [`fmt::Display`]) writes the whole spec in canonical form (`NAME:KEY=VALUE,...`),
    /// which [`BotKind::parse`] reads back to an equal value.
    type Spec: Clone + fmt::Debug + fmt::Display + PartialEq + Send + Sync + 'static;
    /// The name before the colon (`az`). An added kind with the name of one of this
    /// crate's own bots is looked up only for `ab` specs that name a `model`
    /// (`ab:model=FILE`, alpha-beta over a learned value); any other is never looked up.
    const NAME: &'static str;
    /// How the kind is written in the list of bots of an error (`az:model=FILE`).
    const USAGE: &'static str;
    /// What the bot does, in one line for people (`--help`, a server's list of bots).
    const ABOUT: &'static str;
    /// Reads the options after the colon (none for the bare name).
    fn parse(options: &[(&str, &str)]) -> Result<Self::Spec, SpecError>;
    /// Reads the text after the colon (`None` for the bare name): by default split into
    /// `key=value` options for [`BotKind::parse`]; a kind with a syntax of its own
    /// (`ext:COMMAND ARGS;movetime=MS`) reads it here.
    fn parse_text(options: Option<&str>) -> Result<Self::Spec, SpecError> {
        Self::parse(&option_pairs(options)?)
    }
    /// Writes the whole spec in canonical form: by default the settings' `Display`.
    fn write_spec(spec: &Self::Spec, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(spec, f)
    }
    /// Whether the bot's choices depend on wall time ([`BotSpec::is_timed`](crate::BotSpec::is_timed)).
    fn is_timed(spec: &Self::Spec) -> bool;
    /// Keeps the settings within a server's caps: its memory (a table, a tree, threads)
    /// lowered to them, its time per move refused beyond them ([`CapError`]), and the
    /// files and engines it names only the operator's.
    fn within_caps(spec: &mut Self::Spec, caps: &BotCaps) -> Result<(), CapError>;
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

/// A kind of bot as people read about it: its name, how its spec is written, what it
/// does ([`BotKinds::describe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// The name before the colon.
    pub name: &'static str,
    /// How its spec is written (`mcts:iters=N|ms=T`).
    pub usage: &'static str,
    /// What it does, in one line.
    pub about: &'static str,
}

impl KindInfo {
    /// The description of kind `K`.
    pub const fn of<K: BotKind>() -> KindInfo {
        KindInfo {
            name: K::NAME,
            usage: K::USAGE,
            about: K::ABOUT,
        }
    }
}

/// The `key=value` options of a spec's text after the colon (none for `None`).
pub fn option_pairs(options: Option<&str>) -> Result<Vec<(&str, &str)>, SpecError> {
    match options {
        None => Ok(Vec::new()),
        Some(options) => options
            .split(',')
            .map(|o| {
                o.split_once('=')
                    .map(|(k, v)| (k.trim(), v.trim()))
                    .ok_or_else(|| SpecError::NotKeyValue(pyramid_core::excerpt(o.trim())))
            })
            .collect(),
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
        let index = match self.added.iter().position(|e| e.info.name == K::NAME) {
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

    /// Every kind known, this crate's own bots first, as people read about them (an
    /// added kind that extends one of them, `ab:model`, after them).
    pub fn describe(&self) -> Vec<KindInfo> {
        BUILT_IN
            .iter()
            .map(|b| b.info)
            .chain(self.added.iter().map(|e| e.info))
            .collect()
    }

    /// The names of every kind known, this crate's own bots first.
    pub fn names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Vec::new();
        for info in self.describe() {
            if !names.contains(&info.name) {
                names.push(info.name);
            }
        }
        names
    }

    /// The spec of the added kind called `name`, read from its options; `None` if no kind
    /// of that name was added.
    pub(crate) fn parse_added(
        &self,
        name: &str,
        options: Option<&str>,
    ) -> Option<Result<AddedSpec, SpecError>> {
        let entry = self.added.iter().find(|e| e.info.name == name)?;
        Some((entry.parse)(options).map(|spec| AddedSpec {
            entry: entry.clone(),
            spec,
        }))
    }

    /// Every kind known, as the list of bots of an error writes them.
    pub(crate) fn usage(&self) -> String {
        let mut text: Vec<&str> = BUILT_IN.iter().map(|b| b.list_usage).collect();
        text.extend(self.added.iter().map(|e| e.info.usage));
        text.join(", ")
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

/// [`BotKind::parse_text`] of an added kind, its settings type erased.
type Parser = fn(Option<&str>) -> Result<Box<dyn AnySpec>, SpecError>;

/// An added kind: what it is, how it reads its options, its bot per game type.
#[derive(Clone)]
struct Entry {
    info: KindInfo,
    /// The kind's type, to tell two kinds of one name apart.
    kind: TypeId,
    parse: Parser,
    /// A [`ForGame<G>`] per game type `G`.
    builders: HashMap<TypeId, Arc<dyn Any + Send + Sync>>,
}

impl Entry {
    fn of<K: BotKind>() -> Entry {
        Entry {
            info: KindInfo::of::<K>(),
            kind: TypeId::of::<K>(),
            parse: |options| {
                K::parse_text(options).map(|spec| Box::new(Typed::<K>(spec, PhantomData)) as _)
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
        self.entry.info.name
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

    /// Keeps the settings within a server's caps ([`BotKind::within_caps`]).
    pub fn within_caps(&mut self, caps: &BotCaps) -> Result<(), CapError> {
        self.spec.within_caps(caps)
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
                bot: self.entry.info.name,
                reason: format!(
                    "this build has no `{}` bot for {}",
                    self.entry.info.name,
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
    fn within_caps(&mut self, caps: &BotCaps) -> Result<(), CapError>;
    /// The whole spec (or the settings' `Debug` if `debug`).
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

    fn within_caps(&mut self, caps: &BotCaps) -> Result<(), CapError> {
        K::within_caps(&mut self.0, caps)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, debug: bool) -> fmt::Result {
        if debug {
            fmt::Debug::fmt(&self.0, f)
        } else {
            K::write_spec(&self.0, f)
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
