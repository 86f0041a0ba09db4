//! The rule options as declared: every declared default and tried value reads, the
//! default rules print the declared defaults, and the game's rules page holds the options
//! table built from the declarations, word for word.

use pyramid_core::{RuleSet, options_table};

/// The line a rules page puts before its options table.
pub const OPTIONS_TABLE_START: &str =
    "<!-- options table: written from the rule declarations (`rules.rs`); a test checks it -->";
/// The line a rules page puts after its options table.
pub const OPTIONS_TABLE_END: &str = "<!-- end of options table -->";

/// Checks the declarations of `R`'s rule options ([`RuleSet::OPTIONS`]): each default is
/// the value the default rules print, each value tests try is accepted by `key=value`,
/// and a non-empty rules page ([`RuleSet::RULES_PAGE`]) holds [`options_table`] between
/// [`OPTIONS_TABLE_START`] and [`OPTIONS_TABLE_END`]. Panics naming what differs (with
/// the table to paste when the page is out of date).
pub fn check_rule_options<R: RuleSet>() {
    let game = R::GAME;
    let printed = R::default().options();
    let declared: Vec<(&str, String)> = R::OPTIONS
        .iter()
        .map(|spec| (spec.key, spec.default.to_owned()))
        .collect();
    assert_eq!(
        printed, declared,
        "{game}: the default rules print other values than the declared defaults"
    );
    for spec in R::OPTIONS {
        // A page offers the closed values as a drop-down: each must be accepted.
        for value in spec.choices {
            if let Err(error) = R::default().with_option(spec.key, value) {
                panic!(
                    "{game}: option `{}` refuses `{value}`, one of its choices: {error}",
                    spec.key
                );
            }
        }
        assert!(
            !spec.label.is_empty(),
            "{game}: option `{}` has no name for players",
            spec.key
        );
        for value in spec.tries {
            if let Err(error) = R::default().with_option(spec.key, value) {
                panic!(
                    "{game}: option `{}` refuses `{value}`, a value tests try: {error}",
                    spec.key
                );
            }
        }
    }
    if R::RULES_PAGE.is_empty() {
        return;
    }
    let table = options_table::<R>();
    let on_page = R::RULES_PAGE
        .split_once(OPTIONS_TABLE_START)
        .and_then(|(_, rest)| rest.split_once(OPTIONS_TABLE_END))
        .map(|(between, _)| between.trim());
    assert_eq!(
        on_page,
        Some(table.trim()),
        "{game}: the rules page's options table differs from the declarations; between \
         `{OPTIONS_TABLE_START}` and `{OPTIONS_TABLE_END}` it should read:\n\n{table}"
    );
}
