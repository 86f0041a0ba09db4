//! A game's own rule options, each declared once: [`RuleValue`] says how a kind of value
//! reads and writes, [`OptionSpec`] is one option's declaration (name, values, default,
//! one-line doc, values tests try), and [`rule_options!`](crate::rule_options) builds a
//! game's rules type from a list of declarations: the fields, `Default`, parsing,
//! printing, the serde (RON) form, [`RuleSet::OPTIONS`] and, through [`options_table`],
//! the options table of the game's rules page.

use crate::{RuleSet, RulesError};

/// A kind of rule-option value: how it reads from `key=value` text and writes back.
///
/// `bool` is the on/off switch; enums with named values come from
/// [`option_enum!`](crate::option_enum); games write their own for numbers with a range.
///
/// ```
/// use pyramid_core::RuleValue;
/// assert_eq!(bool::read("yes"), Some(true));
/// assert_eq!(true.write(), "on");
/// assert_eq!(bool::EXPECTED, "`on` or `off`");
/// ```
pub trait RuleValue: Sized + Clone {
    /// The values in words, for errors and the options table: "`on` or `off`".
    const EXPECTED: &'static str;
    /// Values generated tests and fuzzers try when a declaration names none.
    const TRIES: &'static [&'static str];
    /// Every value, where they are a short closed list (what a page offers as a
    /// drop-down or a switch), besides the seats where [`RuleValue::SEAT`]; empty where
    /// the values are open (numbers).
    const CHOICES: &'static [&'static str] = &[];
    /// Whether a seat is a value too, written as its number (below the seat count): a
    /// page offers [`RuleValue::CHOICES`], then each seat by its name for the chosen seat
    /// count (who moves first: `random` or a seat).
    const SEAT: bool = false;
    /// Each of [`RuleValue::CHOICES`] in players' words, in the same order (`Of Knights
    /// and Kings` for `ofkk`); empty: the values are their own words.
    const CHOICE_WORDS: &'static [&'static str] = &[];
    /// Reads a value; `None` when `text` is none of them.
    fn read(text: &str) -> Option<Self>;
    /// The value as [`RuleValue::read`] reads it back.
    fn write(&self) -> String;
}

/// The on/off switch: reads `on`/`off`, `true`/`false`, `yes`/`no`, `1`/`0`, and writes
/// `on` or `off`, the same in every game and tool.
impl RuleValue for bool {
    const EXPECTED: &'static str = "`on` or `off`";
    const TRIES: &'static [&'static str] = &["off", "on"];
    const CHOICES: &'static [&'static str] = &["off", "on"];

    fn read(text: &str) -> Option<Self> {
        match text {
            "on" | "true" | "yes" | "1" => Some(true),
            "off" | "false" | "no" | "0" => Some(false),
            _ => None,
        }
    }

    fn write(&self) -> String {
        if *self { "on" } else { "off" }.to_owned()
    }
}

/// One rule option as a game declares it (in [`rule_options!`](crate::rule_options)):
/// everything tools, tests and the docs say about it comes from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OptionSpec {
    /// The key, as `key=value` spells it (also the field of the rules' serde form).
    pub key: &'static str,
    /// The values it takes, in words (the value type's [`RuleValue::EXPECTED`]).
    pub values: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Its name for players, a few words (the key where the declaration gives none):
    /// what a page labels its control with.
    pub label: &'static str,
    /// Every value where they are a short closed list ([`RuleValue::CHOICES`]), else
    /// empty.
    pub choices: &'static [&'static str],
    /// Each of `choices` in players' words, in the same order
    /// ([`RuleValue::CHOICE_WORDS`]); empty: the values are their own words.
    pub choice_words: &'static [&'static str],
    /// Whether a seat's number is a value too, after `choices` ([`RuleValue::SEAT`]).
    pub seat: bool,
    /// Values generated tests and fuzzers try, the default first where the declaration
    /// orders them so (what shrinking leads back to).
    pub tries: &'static [&'static str],
}

impl OptionSpec {
    /// The option in one line, for tools that list options: values, default, what it does.
    ///
    /// ```
    /// use pyramid_core::{RuleSet, nim::NimRules};
    /// let piles = &NimRules::OPTIONS[0];
    /// assert!(piles.describe().starts_with("1 to 4 comma-separated pile sizes"));
    /// assert!(piles.describe().contains("(default `3,4,5`)"));
    /// ```
    pub fn describe(&self) -> String {
        format!("{} (default `{}`): {}", self.values, self.default, self.doc)
    }
}

/// Reads the declared default of option `key`: a declaration whose default its own
/// value type does not read is a mistake in the game crate, found by its first test.
#[doc(hidden)]
pub fn declared_default<T: RuleValue>(key: &str, text: &str) -> T {
    match T::read(text) {
        Some(value) => value,
        None => panic!("the declared default `{text}` of rule option `{key}` does not read"),
    }
}

/// Reads the value of option `key` for a setter or a serde form, or says what it takes.
#[doc(hidden)]
pub fn read_option<T: RuleValue>(key: &str, text: &str) -> Result<T, RulesError> {
    T::read(text).ok_or_else(|| RulesError::BadValue {
        key: key.to_owned(),
        value: crate::excerpt(text),
        expected: T::EXPECTED,
    })
}

/// The options table of a game's rules page, in Markdown: seats, ply limit, then every
/// option of [`RuleSet::OPTIONS`] with its values, default and what it does. Each game's
/// tests check that its page holds it word for word.
///
/// ```
/// use pyramid_core::{nim::NimRules, options_table};
/// let table = options_table::<NimRules>();
/// assert!(table.starts_with("| option | values | default | what it does |"));
/// assert!(table.contains("| `piles` |"));
/// ```
pub fn options_table<R: RuleSet>() -> String {
    let defaults = R::default();
    let mut table =
        String::from("| option | values | default | what it does |\n|---|---|---|---|\n");
    table.push_str(&format!(
        "| `seats` | {} | `{}` | the number of seats (also `players`) |\n",
        crate::game::rules::seat_counts_in_words(R::SEAT_COUNTS),
        defaults.seats(),
    ));
    table.push_str(
        "| `ply_limit` | a number of plies, 1 or more, or `none` (also `off`) | `none` | \
         the game ends once that many plies are played |\n",
    );
    for spec in R::OPTIONS {
        table.push_str(&format!(
            "| `{}` | {} | `{}` | {} |\n",
            spec.key, spec.values, spec.default, spec.doc
        ));
    }
    table
}

/// Declares an enum of named option values and its [`RuleValue`] impl: each variant
/// with the text that names it and, optionally, its words for players (`as "..."`,
/// [`RuleValue::CHOICE_WORDS`]; else the text); the first is listed first in
/// [`RuleValue::TRIES`].
///
/// ```
/// pyramid_core::option_enum! {
///     /// How a game starts.
///     #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
///     pub enum Start {
///         /// The setup phase.
///         #[default]
///         Setup = "setup" as "place your pieces first",
///         /// The standard arrangement.
///         Standard = "standard",
///     }
/// }
/// use pyramid_core::RuleValue;
/// assert_eq!(Start::read("standard"), Some(Start::Standard));
/// assert_eq!(Start::Setup.write(), "setup");
/// assert_eq!(Start::EXPECTED, "`setup` or `standard`");
/// assert_eq!(Start::CHOICE_WORDS, ["place your pieces first", "standard"]);
/// ```
#[macro_export]
macro_rules! option_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident = $text:literal $(as $words:literal)?
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $(
                $(#[$variant_meta])*
                $variant,
            )+
        }

        impl $crate::RuleValue for $name {
            const EXPECTED: &'static str = $crate::__values_in_words!($($text),+);
            const TRIES: &'static [&'static str] = &[$($text),+];
            const CHOICES: &'static [&'static str] = &[$($text),+];
            const CHOICE_WORDS: &'static [&'static str] =
                &[$($crate::__choice_words!($text; $($words)?)),+];

            fn read(text: &str) -> ::core::option::Option<Self> {
                match text {
                    $($text => ::core::option::Option::Some($name::$variant),)+
                    _ => ::core::option::Option::None,
                }
            }

            fn write(&self) -> ::std::string::String {
                match self {
                    $($name::$variant => $text,)+
                }
                .to_owned()
            }
        }
    };
}

/// A value's words for players: the declared words (`as "..."`), else the value itself.
#[doc(hidden)]
#[macro_export]
macro_rules! __choice_words {
    ($text:literal;) => {
        $text
    };
    ($text:literal; $words:literal) => {
        $words
    };
}

/// Names of values in words, at compile time: `` `a` ``, `` `a` or `b` ``,
/// `` `a`, `b` or `c` ``.
#[doc(hidden)]
#[macro_export]
macro_rules! __values_in_words {
    ($only:literal) => {
        concat!("`", $only, "`")
    };
    ($first:literal, $last:literal) => {
        concat!("`", $first, "` or `", $last, "`")
    };
    ($first:literal, $($rest:literal),+) => {
        concat!("`", $first, "`, ", $crate::__values_in_words!($($rest),+))
    };
}

/// The values tests try: those the declaration names, else the value type's.
#[doc(hidden)]
#[macro_export]
macro_rules! __option_tries {
    ($ty:ty;) => {
        <$ty as $crate::RuleValue>::TRIES
    };
    ($ty:ty; $($try:literal),+) => {
        &[$($try),+]
    };
}

/// An option's name for players: the declared label, else its key.
#[doc(hidden)]
#[macro_export]
macro_rules! __option_label {
    ($key:expr;) => {
        $key
    };
    ($key:expr; $label:literal) => {
        $label
    };
}

/// Builds a game's rules type from one declaration per option: the struct (the seats
/// and ply limit every game has, plus one private field per option), `Default` (each
/// option's declared default), the [`RuleSet`] impl (name, rules page, seat counts,
/// [`RuleSet::OPTIONS`], reading and writing options by key), and the serde form: a
/// public setup struct with `seats`, `ply_limit` and each option as text, read back
/// through the same checks as `key=value` (so RON cannot build rules the setters refuse).
///
/// Each option is a one-line doc comment (what it does), its key (also the field's
/// name), its value type (an [`RuleValue`]), its default as text and, optionally,
/// the values tests try, and optionally a `label`: its name for players where the key
/// would mislead (Martian Chess's `clock` is not a time control). `check` names a function run after every change (options that
/// depend on each other or on the seat count); `seats_changed` one run when the seat
/// count changes (see [`RuleSet::seats_changed`]). The game writes its typed getters and
/// builders by hand: they are its API.
///
/// ```
/// pyramid_core::rule_options! {
///     /// Rules of a small game.
///     #[derive(Clone, Debug, PartialEq, Eq, Hash)]
///     pub struct Rules {
///         game: "small",
///         seats: [2, 3],
///         page: "# Small\n",
///         setup: RulesSetup,
///     }
///     options {
///         /// the first seat passes once
///         pass: bool = "off";
///     }
/// }
/// use pyramid_core::{RuleSet, options_table};
/// let rules = Rules::default().with_option("pass", "yes")?;
/// assert_eq!(rules.options(), [("pass", "on".to_owned())]);
/// assert_eq!(Rules::OPTIONS[0].describe(), "`on` or `off` (default `off`): the first seat passes once");
/// assert!(options_table::<Rules>().contains("| `pass` | `on` or `off` | `off` |"));
/// assert!(rules.with_option("pass", "maybe").is_err());
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[macro_export]
macro_rules! rule_options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            game: $game:literal,
            seats: [$first_seats:literal $(, $more_seats:literal)* $(,)?],
            page: $page:expr,
            setup: $setup:ident,
            $(check: $check:path,)?
            $(seats_changed: $seats_changed:path,)?
        }
        options {
            $(
                #[doc = $doc:literal]
                $field:ident: $ty:ty = $default:literal
                    $(, tries [$($try:literal),+ $(,)?])? $(, label $label:literal)?;
            )*
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            common: $crate::CommonRules,
            $(
                #[doc = $doc]
                $field: $ty,
            )*
        }

        impl ::core::default::Default for $name {
            fn default() -> Self {
                $name {
                    common: $crate::CommonRules::new($first_seats),
                    $($field: $crate::declared_default::<$ty>(stringify!($field), $default),)*
                }
            }
        }

        impl $name {
            /// Runs the declared cross-option check.
            #[allow(unused_variables)]
            fn check_declared(&self) -> ::core::result::Result<(), $crate::RulesError> {
                $( $check(self)?; )?
                ::core::result::Result::Ok(())
            }
        }

        impl $crate::RuleSet for $name {
            const GAME: &'static str = $game;
            const RULES_PAGE: &'static str = $page;
            const SEAT_COUNTS: &'static [usize] = &[$first_seats $(, $more_seats)*];
            const OPTIONS: &'static [$crate::OptionSpec] = &[
                $(
                    $crate::OptionSpec {
                        key: stringify!($field),
                        values: <$ty as $crate::RuleValue>::EXPECTED,
                        default: $default,
                        doc: $doc.trim_ascii(),
                        label: $crate::__option_label!(stringify!($field); $($label)?),
                        choices: <$ty as $crate::RuleValue>::CHOICES,
                        choice_words: <$ty as $crate::RuleValue>::CHOICE_WORDS,
                        seat: <$ty as $crate::RuleValue>::SEAT,
                        tries: $crate::__option_tries!($ty; $($($try),+)?),
                    },
                )*
            ];

            fn common(&self) -> &$crate::CommonRules {
                &self.common
            }

            fn common_mut(&mut self) -> &mut $crate::CommonRules {
                &mut self.common
            }

            fn seats_changed(&mut self) {
                $( $seats_changed(self); )?
            }

            fn set_own_option(
                &mut self,
                key: &str,
                value: &str,
            ) -> ::core::result::Result<(), $crate::RulesError> {
                let mut changed = self.clone();
                match key {
                    $(
                        stringify!($field) => {
                            changed.$field = $crate::read_option::<$ty>(key, value)?;
                        }
                    )*
                    _ => {}
                }
                changed.check_declared()?;
                *self = changed;
                ::core::result::Result::Ok(())
            }

            fn options(&self) -> ::std::vec::Vec<(&'static str, ::std::string::String)> {
                ::std::vec![
                    $((stringify!($field), $crate::RuleValue::write(&self.$field)),)*
                ]
            }
        }

        #[doc = concat!("The unchecked serde (RON) form of [`", stringify!($name), "`]: seats, ply limit ")]
        #[doc = "and each option as the text `key=value` takes; missing fields take their defaults."]
        #[derive(Clone, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(default)]
        $vis struct $setup {
            /// The number of seats.
            pub seats: u8,
            /// The ply limit, if any.
            pub ply_limit: ::core::option::Option<u32>,
            $(
                #[doc = $doc]
                pub $field: ::std::string::String,
            )*
        }

        impl ::core::default::Default for $setup {
            fn default() -> Self {
                $setup::from(&<$name as ::core::default::Default>::default())
            }
        }

        impl ::core::convert::From<&$name> for $setup {
            fn from(rules: &$name) -> Self {
                $setup {
                    seats: rules.common.seats() as u8,
                    ply_limit: rules.common.ply_limit(),
                    $($field: $crate::RuleValue::write(&rules.$field),)*
                }
            }
        }

        impl ::core::convert::TryFrom<$setup> for $name {
            type Error = $crate::RulesError;

            fn try_from(setup: $setup) -> ::core::result::Result<Self, $crate::RulesError> {
                let mut rules = <$name as ::core::default::Default>::default();
                $crate::RuleSet::set_seats(&mut rules, usize::from(setup.seats))?;
                $crate::RuleSet::set_ply_limit(&mut rules, setup.ply_limit);
                $( rules.$field = $crate::read_option::<$ty>(stringify!($field), &setup.$field)?; )*
                rules.check_declared()?;
                ::core::result::Result::Ok(rules)
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                ::serde::Serialize::serialize(&$setup::from(self), serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let setup = <$setup as ::serde::Deserialize<'de>>::deserialize(deserializer)?;
                <$name as ::core::convert::TryFrom<$setup>>::try_from(setup)
                    .map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::{RuleSet, RuleValue, RulesError};

    crate::option_enum! {
        /// A test option with three values.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        enum Speed {
            /// Slow.
            Slow = "slow",
            /// Medium.
            Medium = "medium",
            /// Fast.
            Fast = "fast",
        }
    }

    crate::rule_options! {
        /// Test rules: `lead` must be below the seat count.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        struct TestRules {
            game: "test",
            seats: [2, 3],
            page: "",
            setup: TestRulesSetup,
            check: lead_exists,
            seats_changed: lead_back_to_zero,
        }
        options {
            /// how fast pieces move
            speed: Speed = "medium";
            /// the seat that leads
            lead: u8 = "0", tries ["0", "2"];
            /// whether passing is allowed
            pass: bool = "on";
        }
    }

    impl RuleValue for u8 {
        const EXPECTED: &'static str = "a small number";
        const TRIES: &'static [&'static str] = &["0"];
        fn read(text: &str) -> Option<Self> {
            text.parse().ok()
        }
        fn write(&self) -> String {
            self.to_string()
        }
    }

    fn lead_exists(rules: &TestRules) -> Result<(), RulesError> {
        if usize::from(rules.lead) < rules.seats() {
            Ok(())
        } else {
            Err(RulesError::BadValue {
                key: "lead".into(),
                value: rules.lead.to_string(),
                expected: "a seat",
            })
        }
    }

    fn lead_back_to_zero(rules: &mut TestRules) {
        if lead_exists(rules).is_err() {
            rules.lead = 0;
        }
    }

    #[test]
    fn the_values_in_words_join_with_commas_and_or() {
        assert_eq!(Speed::EXPECTED, "`slow`, `medium` or `fast`");
        assert_eq!(Speed::TRIES, ["slow", "medium", "fast"]);
    }

    #[test]
    fn the_declared_defaults_make_the_default_rules() {
        let rules = TestRules::default();
        assert_eq!(
            (rules.speed, rules.lead, rules.pass),
            (Speed::Medium, 0, true)
        );
        let specs: Vec<(&str, &str)> = TestRules::OPTIONS
            .iter()
            .map(|s| (s.key, s.default))
            .collect();
        assert_eq!(specs, [("speed", "medium"), ("lead", "0"), ("pass", "on")]);
        assert_eq!(TestRules::OPTIONS[1].tries, ["0", "2"]);
        assert_eq!(TestRules::OPTIONS[0].doc, "how fast pieces move");
    }

    #[test]
    fn a_refused_value_leaves_the_rules_unchanged() {
        let mut rules = TestRules::default()
            .with_option("speed", "fast")
            .unwrap_or_default();
        let before = rules.clone();
        assert!(matches!(
            rules.set_option("speed", "warp"),
            Err(RulesError::BadValue {
                expected: "`slow`, `medium` or `fast`",
                ..
            })
        ));
        assert!(
            rules.set_option("lead", "2").is_err(),
            "seat 2 of 2 is refused by the check"
        );
        assert_eq!(rules, before);
        let three = rules.with_seats(3).and_then(|r| r.with_option("lead", "2"));
        assert_eq!(three.map(|r| r.lead), Ok(2));
    }

    #[test]
    fn a_seat_count_change_runs_the_declared_hook() {
        let rules = TestRules::default()
            .with_seats(3)
            .and_then(|r| r.with_option("lead", "2"))
            .and_then(|r| r.with_seats(2));
        assert_eq!(rules.map(|r| r.lead), Ok(0));
    }

    #[test]
    fn the_serde_form_is_checked_and_fills_in_defaults() {
        let rules = TestRules::default()
            .with_option("pass", "off")
            .unwrap_or_default();
        let text = ron::to_string(&rules).unwrap_or_default();
        assert_eq!(
            text,
            r#"(seats:2,ply_limit:None,speed:"medium",lead:"0",pass:"off")"#
        );
        assert_eq!(ron::from_str::<TestRules>(&text).ok(), Some(rules));
        assert_eq!(
            ron::from_str::<TestRules>("(seats: 2)").ok(),
            Some(TestRules::default())
        );
        assert!(ron::from_str::<TestRules>(r#"(seats: 2, lead: "5")"#).is_err());
        assert!(ron::from_str::<TestRules>(r#"(seats: 2, speed: "warp")"#).is_err());
        assert!(ron::from_str::<TestRules>("(seats: 7)").is_err());
    }
}
