//! `RuleOptions`: one options type for text, JSON and Python values; seats settled once;
//! switches spelled the same everywhere.

use pyramid_runtime::{OptionValue, OptionsError, RuleOptions, registry};
use serde_json::json;

/// The rule options a state of `game` holds under `options`.
fn rules_of(game: &str, options: &RuleOptions) -> Vec<(&'static str, String)> {
    registry()
        .get(game)
        .and_then(|g| g.new_state(&options.pairs()))
        .map(|state| state.rule_options())
        .unwrap_or_else(|e| panic!("{game} {:?}: {e}", options.pairs()))
}

#[test]
fn switches_read_booleans_and_on_off_text_alike_in_every_game() {
    let mut switches = 0;
    for game in registry().games() {
        for option in game.rule_options() {
            if !matches!(option.default.as_str(), "on" | "off") || option.key == "ply_limit" {
                continue;
            }
            switches += 1;
            for (on, spellings) in [(true, ["on", "true"]), (false, ["off", "false"])] {
                let mut typed = RuleOptions::new();
                typed
                    .set(option.key, OptionValue::Bool(on))
                    .expect("a boolean");
                let mut from_json = RuleOptions::new();
                from_json
                    .set_json(option.key, &json!(on))
                    .expect("a JSON boolean");
                let expected = rules_of(game.name(), &typed);
                assert_eq!(rules_of(game.name(), &from_json), expected);
                for text in spellings {
                    let options =
                        RuleOptions::from_pairs([format!("{}={text}", option.key).as_str()])
                            .expect("key=value");
                    assert_eq!(rules_of(game.name(), &options), expected, "{text}");
                }
            }
        }
    }
    // clock (Martian Chess), opening (card-siege), variant1 and variant2 (Stacktrices).
    assert_eq!(switches, 4);
}

#[test]
fn players_and_seats_are_one_number_that_must_agree() {
    let mut options = RuleOptions::new().with_players(Some(3));
    options.set("players", "3".into()).expect("the same count");
    assert_eq!(
        options.set("seats", OptionValue::Text("4".into())),
        Err(OptionsError::SeatsDisagree {
            first: "players".into(),
            a: "3".into(),
            second: "rules.seats".into(),
            b: "4".into(),
        })
    );
    assert_eq!(options.get("seats"), Some("3"));
    let from_json = {
        let mut o = RuleOptions::new();
        o.set_json("players", &json!(3)).expect("a number");
        o
    };
    assert_eq!(from_json.pairs(), [("seats", "3")]);
}

#[test]
fn seats_come_first_so_options_that_depend_on_them_read_right() {
    // Martian Chess's `first` names a seat: with four seats, seat 3 may start.
    let mut options = RuleOptions::new();
    options.set("first", "3".into()).expect("an option");
    options.set("seats", "4".into()).expect("a seat count");
    assert_eq!(options.pairs(), [("seats", "4"), ("first", "3")]);
    let rules = rules_of("martian-chess", &options);
    assert!(rules.contains(&("first", "3".to_owned())), "{rules:?}");
}

#[test]
fn refused_option_text_and_values_are_typed_errors() {
    assert_eq!(
        RuleOptions::from_pairs(["size"]),
        Err(OptionsError::NotKeyValue("size".into()))
    );
    let mut options = RuleOptions::new();
    assert!(matches!(
        options.set_json("size", &json!([5])),
        Err(OptionsError::BadValue(_))
    ));
    assert_eq!(options, RuleOptions::new());
    let bad = RuleOptions::from_pairs(["colour=red"]).expect("key=value");
    assert!(bad.rules::<ataxx_ice::Rules>().is_err());
}
