//! [`DynGame`]: a game chosen at run time, and [`GameEntry`], the one generic
//! implementation every game gets.

use std::marker::PhantomData;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::{FullGame, Game, Information, Notation, RuleSet};

use super::bot::{BotBox, BotFactory, random_only};
use super::{DynBot, DynState, RuntimeError, StateBox};

/// One rule option of a game, for tools that offer options without knowing the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// The key `set_option` takes (`seats`, `ply_limit`, `opening`, ...).
    pub key: &'static str,
    /// The values it takes, in words.
    pub takes: String,
    /// Its value in the default rules.
    pub default: String,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Its name for players, a few words ([`OptionSpec::label`](crate::OptionSpec)).
    pub label: &'static str,
    /// Every value where they are a short closed list (a drop-down or a switch), else
    /// empty.
    pub choices: &'static [&'static str],
    /// Each of `choices` in players' words, in the same order
    /// ([`OptionSpec::choice_words`](crate::OptionSpec)); empty: the values are their
    /// own words.
    pub choice_words: &'static [&'static str],
    /// Whether a seat's number is a value too, after `choices`
    /// ([`OptionSpec::seat`](crate::OptionSpec)): a tool offers the seats by name.
    pub seat: bool,
}

/// A game chosen at run time: makes states (from the start, a position string or RON) and
/// bots, and describes the game's seats and rule options. Object-safe; a
/// [`Registry`](super::Registry) holds one per game. Rule options are `key=value` pairs as
/// [`RuleSet::set_option`] takes them (`seats`/`players`, `ply_limit`, the game's own).
pub trait DynGame: Send + Sync {
    /// The game's name, as tools spell it.
    fn name(&self) -> &'static str;
    /// The seat counts the game is played by.
    fn seat_counts(&self) -> &'static [usize];
    /// Every rule option: seats, ply limit, then the game's own.
    fn rule_options(&self) -> Vec<RuleOption>;
    /// Whether every seat sees the whole state (no hidden information).
    fn perfect_information(&self) -> bool;
    /// The game in one line ([`Describe::summary`](crate::Describe::summary)).
    fn summary(&self) -> &'static str;
    /// How to play, in a few sentences ([`Describe::how_to_play`](crate::Describe::how_to_play)).
    fn how_to_play(&self) -> &'static str;

    /// The game's rules page, Markdown ([`RuleSet::RULES_PAGE`]; empty when it has none).
    fn rules_page(&self) -> &'static str;
    /// The notations besides its own that [`DynState::play_in_notation`] reads
    /// ([`Describe::notations`](crate::Describe::notations)).
    fn notations(&self) -> &'static [&'static str];
    /// The rule options whose default leaves a draw to the tool running a match, each
    /// with the value a start without draws ([`DynGame::new_state`]) plays it as
    /// ([`Describe::drawn_options`](crate::Describe::drawn_options)): what a tool with no
    /// draw of its own (OpenSpiel) fixes.
    fn drawn_options(&self) -> &'static [(&'static str, &'static str)];
    /// The bound on action ids under the rules `options`.
    fn action_space(&self, options: &[(&str, &str)]) -> Result<u64, RuntimeError>;
    /// The size of the policy space ([`PolicySpace`](crate::PolicySpace)) under the rules
    /// `options`.
    fn policy_size(&self, options: &[(&str, &str)]) -> Result<u32, RuntimeError>;
    /// The start position under the rules `options`.
    fn new_state(&self, options: &[(&str, &str)]) -> Result<Box<dyn DynState>, RuntimeError>;
    /// The start of one game of a match, with the draws the rules leave to the tool running
    /// the match (Martian Chess: who starts) made from `seed`.
    fn deal(&self, options: &[(&str, &str)], seed: u64) -> Result<Box<dyn DynState>, RuntimeError>;
    /// Reads a position string; the rule options it does not hold come from `options`.
    fn parse_position(
        &self,
        text: &str,
        options: &[(&str, &str)],
    ) -> Result<Box<dyn DynState>, RuntimeError>;
    /// Reads a state's RON form (which holds its rules).
    fn parse_ron(&self, text: &str) -> Result<Box<dyn DynState>, RuntimeError>;
    /// A full state consistent with a seat's view string (the hidden part drawn from
    /// `seed`): what search over information sets plays on.
    fn sample_from_view(
        &self,
        view: &str,
        options: &[(&str, &str)],
        seed: u64,
    ) -> Result<Box<dyn DynState>, RuntimeError>;
    /// A bot from its spec (`random`, `greedy`, `mcts:iters=200`, ... as the registry's
    /// bot factory knows them), its choices following from `seed`.
    fn bot(&self, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, RuntimeError>;
}

/// The [`DynGame`] of game type `G`, with the bot factory it was given.
pub struct GameEntry<G: FullGame> {
    bots: BotFactory<G>,
    game: PhantomData<fn() -> G>,
}

impl<G: FullGame> GameEntry<G> {
    /// The entry of `G` with bots made by `bots` (see [`BotFactory`]).
    pub fn new(bots: BotFactory<G>) -> GameEntry<G> {
        GameEntry {
            bots,
            game: PhantomData,
        }
    }

    /// The entry of `G` with only the `random` bot, boxed for [`Registry::add`](super::Registry::add).
    pub fn boxed() -> Box<dyn DynGame> {
        Box::new(GameEntry::<G>::new(random_only::<G>))
    }

    fn rules(options: &[(&str, &str)]) -> Result<G::Rules, RuntimeError> {
        Ok(G::Rules::from_options(options.iter().copied())?)
    }
}

impl<G: FullGame> DynGame for GameEntry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seat_counts(&self) -> &'static [usize] {
        <G::Rules as RuleSet>::SEAT_COUNTS
    }

    fn rule_options(&self) -> Vec<RuleOption> {
        let defaults = G::Rules::default().all_options();
        let option = |key: &'static str, default: String| -> RuleOption {
            match key {
                "seats" => {
                    let counts: Vec<String> =
                        self.seat_counts().iter().map(usize::to_string).collect();
                    RuleOption {
                        key,
                        takes: format!("one of {}", counts.join(", ")),
                        default,
                        doc: "the number of players",
                        label: "players",
                        choices: &[],
                        choice_words: &[],
                        seat: false,
                    }
                }
                "ply_limit" => RuleOption {
                    key,
                    takes: "a number of plies, or `none`".to_owned(),
                    default,
                    doc: "the game ends once that many plies are played",
                    label: "ply limit",
                    choices: &[],
                    choice_words: &[],
                    seat: false,
                },
                own => match <G::Rules as RuleSet>::OPTIONS.iter().find(|s| s.key == own) {
                    Some(spec) => RuleOption {
                        key,
                        takes: format!("{}: {}", spec.values, spec.doc),
                        default,
                        doc: spec.doc,
                        label: spec.label,
                        choices: spec.choices,
                        choice_words: spec.choice_words,
                        seat: spec.seat,
                    },
                    None => RuleOption {
                        key,
                        takes: String::new(),
                        default,
                        doc: "",
                        label: key,
                        choices: &[],
                        choice_words: &[],
                        seat: false,
                    },
                },
            }
        };
        defaults
            .into_iter()
            .map(|(key, default)| option(key, default))
            .collect()
    }

    fn rules_page(&self) -> &'static str {
        <G::Rules as RuleSet>::RULES_PAGE
    }

    fn perfect_information(&self) -> bool {
        crate::perfect_information::<G>()
    }

    fn summary(&self) -> &'static str {
        <G as crate::Describe>::summary()
    }

    fn how_to_play(&self) -> &'static str {
        <G as crate::Describe>::how_to_play()
    }

    fn notations(&self) -> &'static [&'static str] {
        <G as crate::Describe>::notations()
    }

    fn drawn_options(&self) -> &'static [(&'static str, &'static str)] {
        <G as crate::Describe>::drawn_options()
    }

    fn action_space(&self, options: &[(&str, &str)]) -> Result<u64, RuntimeError> {
        Ok(G::action_space(&Self::rules(options)?))
    }

    fn policy_size(&self, options: &[(&str, &str)]) -> Result<u32, RuntimeError> {
        Ok(G::policy_size(&Self::rules(options)?))
    }

    fn new_state(&self, options: &[(&str, &str)]) -> Result<Box<dyn DynState>, RuntimeError> {
        Ok(StateBox::boxed(G::new(&Self::rules(options)?)))
    }

    fn deal(&self, options: &[(&str, &str)], seed: u64) -> Result<Box<dyn DynState>, RuntimeError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(StateBox::boxed(<G as Game>::deal(
            &Self::rules(options)?,
            &mut rng,
        )))
    }

    fn parse_position(
        &self,
        text: &str,
        options: &[(&str, &str)],
    ) -> Result<Box<dyn DynState>, RuntimeError> {
        let state = <G as Notation>::from_position(text, &Self::rules(options)?)
            .map_err(|e| RuntimeError::Position(e.to_string()))?;
        Ok(StateBox::boxed(state))
    }

    fn parse_ron(&self, text: &str) -> Result<Box<dyn DynState>, RuntimeError> {
        let state: G = ron::from_str(text).map_err(|e| RuntimeError::Position(e.to_string()))?;
        Ok(StateBox::boxed(state))
    }

    fn sample_from_view(
        &self,
        view: &str,
        options: &[(&str, &str)],
        seed: u64,
    ) -> Result<Box<dyn DynState>, RuntimeError> {
        let view = <G as Information>::read_view(view, &Self::rules(options)?)
            .map_err(|e| RuntimeError::Position(e.to_string()))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(StateBox::boxed(G::sample_from_view(&view, &mut rng)))
    }

    fn bot(&self, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, RuntimeError> {
        let bot = (self.bots)(spec, seed).map_err(|reason| RuntimeError::Bot {
            spec: crate::excerpt(spec),
            reason,
        })?;
        Ok(Box::new(BotBox { bot }))
    }
}
