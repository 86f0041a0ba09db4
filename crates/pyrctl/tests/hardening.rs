//! The rough edges a new user met (issue "pyrctl and records, tried as a new user
//! would"), one test each, named after the edge.

use crate::common::{pyrctl, pyrctl_with_stdin, stderr, stdout};

use std::path::PathBuf;
use std::process::Output;

/// A fresh scratch file path (removed if it exists).
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("pyrctl-hardening-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn failed_with(out: &Output, code: i32, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert!(err.contains(needle), "stderr `{err}` lacks `{needle}`");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
}

// ---- Getting started --------------------------------------------------------------

#[test]
fn completions_and_man_page_are_written() {
    for shell in ["bash", "zsh", "fish"] {
        let out = pyrctl(&["completions", shell]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("pyrctl"), "{shell}");
    }
    let man = pyrctl(&["man"]);
    assert!(man.status.success());
    let page = stdout(&man);
    assert!(page.contains(".TH") && page.contains("perft"), "{page}");
}

#[test]
fn show_writes_ron_that_validate_reads_back() {
    let file = scratch("state.ron");
    let out = pyrctl(&["show", "card-siege", "--moves", "c1-e1", "--format", "ron"]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&file, &out.stdout).expect("write the RON");
    let position = pyrctl(&[
        "show",
        "card-siege",
        "--moves",
        "c1-e1",
        "--format",
        "position",
    ]);
    let validated = pyrctl(&["validate", "card-siege", file.to_str().expect("utf-8 path")]);
    assert!(validated.status.success(), "{}", stderr(&validated));
    assert_eq!(stdout(&validated), stdout(&position));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn show_writes_a_seats_view_string() {
    let out = pyrctl(&[
        "show",
        "stacktrices",
        "--rule",
        "start=standard",
        "--seat",
        "0",
        "--format",
        "view",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(" a1,? "), "{}", stdout(&out));
    let no_seat = pyrctl(&["show", "stacktrices", "--format", "view"]);
    failed_with(&no_seat, 2, "--seat");
}

// ---- Errors ---------------------------------------------------------------------------

#[test]
fn usage_error_keeps_clap_message_naming_the_missing_depth() {
    let out = pyrctl(&["perft", "martian-chess"]);
    failed_with(&out, 2, "--depth");
    assert!(stderr(&out).contains("Usage:"), "{}", stderr(&out));
}

#[test]
fn usage_error_keeps_clap_did_you_mean_for_a_typo() {
    let out = pyrctl(&["perfft", "martian-chess"]);
    failed_with(&out, 2, "perft");
    let game = pyrctl(&["perft", "martian-chesss", "--depth", "1"]);
    failed_with(&game, 2, "did you mean `martian-chess`");
}

#[test]
fn validate_of_a_missing_file_or_a_directory_says_so() {
    let out = pyrctl(&["validate", "ataxx-ice", "no-such-state.ron"]);
    failed_with(&out, 1, "no such file `no-such-state.ron`");
    let dir = std::env::temp_dir();
    let out = pyrctl(&["validate", "ataxx-ice", dir.to_str().expect("utf-8 path")]);
    failed_with(&out, 1, "is a directory");
}

#[test]
fn rule_first_is_honoured_by_match_and_in_its_records() {
    let file = scratch("first.jsonl");
    let out = pyrctl(&[
        "match",
        "martian-chess",
        "--rule",
        "first=1",
        "--games",
        "3",
        "--record",
        file.to_str().expect("utf-8 path"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let records = std::fs::read_to_string(&file).expect("records");
    for line in records.lines() {
        assert!(line.contains("\"first=1\""), "{line}");
        // The start position has seat 1 to move.
        assert!(line.contains("QQD1 1 0,0 - 0"), "{line}");
    }
    let _ = std::fs::remove_file(&file);
}

#[test]
fn rule_first_is_honoured_by_play() {
    let out = pyrctl_with_stdin(
        &[
            "play",
            "martian-chess",
            "--rule",
            "first=1",
            "--bot",
            "random",
        ],
        b"quit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("seat 1 (random) plays"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn rule_contradicting_the_position_is_an_error_naming_both() {
    let small = stdout(&pyrctl(&[
        "show",
        "ataxx-ice",
        "--rule",
        "size=5",
        "--format",
        "position",
    ]));
    let out = pyrctl(&[
        "show",
        "ataxx-ice",
        "--rule",
        "size=7",
        "--position",
        small.trim(),
    ]);
    failed_with(
        &out,
        1,
        "--rule size=7 contradicts the position, which has size=5",
    );
}

#[test]
fn rule_contradicting_a_ron_file_is_an_error_naming_both() {
    let file = scratch("opening.ron");
    let ron = pyrctl(&["show", "card-siege", "--format", "ron"]);
    std::fs::write(&file, &ron.stdout).expect("write the RON");
    let path = file.to_str().expect("utf-8 path");
    let out = pyrctl(&["validate", "card-siege", "--no-opening", path]);
    failed_with(
        &out,
        1,
        "--no-opening (opening=off) contradicts the RON file, which has opening=on",
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn replay_refuses_a_record_whose_rules_contradict_its_start() {
    let line = r#"{"game":"martian-chess","rules":{"seats":4,"ply_limit":8,"options":["first=random"]},"start":"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0","bots":["random","random","random","random"],"match_seed":0,"index":0,"seed":0,"actions":[],"result":{"kind":"unfinished"},"plies":0}"#;
    let out = pyrctl_with_stdin(&["replay", "-"], format!("{line}\n").as_bytes());
    failed_with(&out, 1, "contradict its start position");
}

#[test]
fn an_error_is_printed_once() {
    let out = pyrctl(&["match", "ataxx-ice", "--rule", "first=1", "--games", "1"]);
    failed_with(&out, 2, "ataxx-ice has no rule option `first`");
    assert_eq!(
        stderr(&out).matches("has no rule option").count(),
        1,
        "{}",
        stderr(&out)
    );
    let line = r#"{"game":"ataxx-ice","rules":{"seats":2,"ply_limit":8,"options":["first=0"]},"start":"x","bots":[],"match_seed":0,"index":0,"seed":0,"actions":[],"result":{"kind":"draw"},"plies":0}"#;
    let out = pyrctl_with_stdin(&["replay", "-"], format!("{line}\n").as_bytes());
    failed_with(&out, 1, "no rule option `first`");
    assert_eq!(
        stderr(&out).matches("has no rule option").count(),
        1,
        "{}",
        stderr(&out)
    );
}

#[test]
fn mcts_with_both_budgets_says_so() {
    let out = pyrctl(&["match", "martian-chess", "--bot", "mcts:iters=10,ms=5"]);
    failed_with(&out, 2, "either `iters` or `ms`, not both");
    assert!(!stderr(&out).contains("given twice"), "{}", stderr(&out));
}

#[test]
fn ataxx_ron_with_an_unnamable_file_says_where_the_piece_is() {
    let ron = stdout(&pyrctl(&["show", "ataxx-ice", "--format", "ron"]));
    let bad = ron.replacen("file: 0,", "file: 70,", 1);
    let out = pyrctl_with_stdin(&["validate", "ataxx-ice", "-"], bad.as_bytes());
    failed_with(&out, 1, "(file 70, rank 0) is off the 8x8 board");
    assert!(!stderr(&out).contains('§'), "{}", stderr(&out));
}

#[test]
fn errors_echo_at_most_about_80_characters_of_the_input() {
    let huge = format!("{}-b2", "a".repeat(100_000));
    let out = pyrctl(&["legal", "martian-chess", "--moves", &huge]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).len() < 600,
        "stderr is {} bytes",
        stderr(&out).len()
    );
    let out = pyrctl(&["perft", &huge, "--depth", "1"]);
    assert!(
        stderr(&out).len() < 600,
        "stderr is {} bytes",
        stderr(&out).len()
    );
}

#[test]
fn match_counts_of_zero_are_usage_errors() {
    for args in [
        ["--games", "0"],
        ["--jobs", "0"],
        ["--jobs", "100000"],
        ["--max-plies", "0"],
    ] {
        let mut all = vec!["match", "martian-chess"];
        all.extend(args);
        let out = pyrctl(&all);
        failed_with(&out, 2, args[0]);
    }
    let out = pyrctl(&["perft", "martian-chess", "--depth", "1", "--threads", "0"]);
    failed_with(&out, 2, "--threads");
}

#[test]
fn replay_of_empty_input_fails_with_no_records() {
    let out = pyrctl_with_stdin(&["replay", "-"], b"");
    failed_with(&out, 1, "no records");
    let file = scratch("empty.jsonl");
    std::fs::write(&file, "").expect("an empty file");
    let out = pyrctl(&["replay", file.to_str().expect("utf-8 path")]);
    failed_with(&out, 1, "no records");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn play_treats_a_non_utf8_line_as_a_bad_line_and_goes_on() {
    let out = pyrctl_with_stdin(
        &[
            "play",
            "martian-chess",
            "--bot",
            "random",
            "--rule",
            "first=0",
        ],
        b"\xff\xfe\nhelp\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("not UTF-8 text"), "{text}");
    assert!(text.contains("legal actions"), "{text}");
    assert!(text.contains("you left the game"), "{text}");
}

// ---- Resources ------------------------------------------------------------------------

#[test]
fn replay_line_longer_than_16_mib_fails_with_its_line_number() {
    let mut input = b"\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', (16 << 20) + 100));
    let out = pyrctl_with_stdin(&["replay", "-"], &input);
    failed_with(&out, 1, "line 2 is longer than");
}

#[test]
fn record_onto_an_existing_file_is_refused_unless_force_or_append() {
    let file = scratch("existing.jsonl");
    std::fs::write(&file, "earlier results\n").expect("an existing file");
    let path = file.to_str().expect("utf-8 path");
    let base = ["match", "ataxx-ice", "--games", "2", "--record", path];
    let out = pyrctl(&base);
    failed_with(&out, 1, "--append");
    assert_eq!(
        std::fs::read_to_string(&file).expect("still there"),
        "earlier results\n"
    );
    let mut append = base.to_vec();
    append.push("--append");
    assert!(pyrctl(&append).status.success());
    let text = std::fs::read_to_string(&file).expect("appended");
    assert!(
        text.starts_with("earlier results\n") && text.lines().count() == 3,
        "{text}"
    );
    let mut force = base.to_vec();
    force.push("--force");
    assert!(pyrctl(&force).status.success());
    let text = std::fs::read_to_string(&file).expect("overwritten");
    assert_eq!(text.lines().count(), 2, "{text}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn mcts_node_cap_is_a_bot_option() {
    let out = pyrctl(&[
        "match",
        "martian-chess",
        "--bot",
        "mcts:ms=50,nodes=500",
        "--games",
        "1",
        "--max-plies",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("mcts:ms=50,nodes=500"),
        "{}",
        stdout(&out)
    );
    let out = pyrctl(&["match", "martian-chess", "--bot", "mcts:nodes=0"]);
    failed_with(&out, 2, "nodes");
}

// ---- Playing in the terminal ------------------------------------------------------------

#[test]
fn play_prompts_use_words_a_player_knows_and_show_the_hands_in_setup() {
    let out = pyrctl_with_stdin(&["play", "stacktrices", "--bot", "random"], b"quit\n");
    let text = stdout(&out);
    assert!(
        !text.contains("SetupHide") && !text.contains("VictimHide"),
        "{text}"
    );
    assert!(text.contains("hide your thief"), "{text}");
    assert!(text.contains("White still to place: PPDDQppddq"), "{text}");
}

#[test]
fn play_help_groups_many_actions_and_filters_by_prefix() {
    // A Stacktrices trade with many legal actions.
    let out = pyrctl_with_stdin(
        &[
            "play",
            "stacktrices",
            "--rule",
            "start=standard",
            "--bot",
            "random",
            "--moves",
            "a1-b2",
        ],
        b"help\nhelp b1\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("by the square they start from"), "{text}");
    let filtered = text
        .lines()
        .find(|l| l.contains("help b1"))
        .and_then(|_| text.split("help b1").nth(1))
        .unwrap_or_default();
    assert!(filtered.contains("b1"), "{text}");
}

#[test]
fn long_stacks_keep_their_columns_aligned() {
    let out = pyrctl(&[
        "show",
        "stacktrices",
        "--rule",
        "start=standard",
        "--rule",
        "variant2=on",
        "--position",
        "bd,6/7/7/7/7/7/wqPDdp,wdPp,5 PPDDDQQQppdddqqq b1,a7 -,- main 0 0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rank1 = text.lines().find(|l| l.starts_with("1 ")).expect("rank 1");
    let files = text
        .lines()
        .find(|l| l.trim_start().starts_with("a "))
        .expect("files");
    // The b-file stack starts in the column of its file letter.
    let b_stack = rank1.find("WdPp").expect("b1's stack");
    assert_eq!(files.find('b'), Some(b_stack), "{text}");
}

#[test]
fn an_illegal_move_says_why() {
    let out = pyrctl_with_stdin(&["play", "ataxx-ice", "--bot", "random"], b"h8-g7\nquit\n");
    assert!(stdout(&out).contains("is seat 1's"), "{}", stdout(&out));
    let out = pyrctl_with_stdin(&["play", "card-siege", "--bot", "random"], b"h1-h2\nquit\n");
    assert!(stdout(&out).contains("opening"), "{}", stdout(&out));
    let out = pyrctl_with_stdin(
        &[
            "play",
            "stacktrices",
            "--rule",
            "start=standard",
            "--bot",
            "random",
        ],
        b"trade=none\nquit\n",
    );
    assert!(
        stdout(&out).contains("the decision now is: move or warp"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn every_diagram_has_a_legend_of_its_letters() {
    for game in ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"] {
        let out = pyrctl(&["show", game]);
        assert!(stdout(&out).contains("legend:"), "{game}: {}", stdout(&out));
    }
}

#[test]
fn rule_switches_read_true_and_false_as_on_and_off() {
    let with = |value: &str| {
        let rule = format!("clock={value}");
        pyrctl(&["show", "martian-chess", "--rule", &rule, "--format", "ron"])
    };
    for (text, switch) in [("true", "on"), ("false", "off")] {
        let (out, expected) = (with(text), with(switch));
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&expected));
    }
    assert_ne!(stdout(&with("true")), stdout(&with("false")));
}

#[test]
fn no_opening_is_an_alias_of_rule_opening_off() {
    let alias = pyrctl(&["show", "card-siege", "--no-opening", "--format", "ron"]);
    let rule = pyrctl(&[
        "show",
        "card-siege",
        "--rule",
        "opening=off",
        "--format",
        "ron",
    ]);
    let default = pyrctl(&["show", "card-siege", "--format", "ron"]);
    assert!(alias.status.success(), "{}", stderr(&alias));
    assert_eq!(stdout(&alias), stdout(&rule));
    assert_ne!(stdout(&alias), stdout(&default));
}

#[test]
fn players_and_a_seats_rule_that_disagree_are_a_usage_error() {
    let out = pyrctl(&["legal", "ataxx-ice", "--players", "3", "--rule", "seats=4"]);
    failed_with(
        &out,
        2,
        "`players` (3) and `rules.seats` (4) disagree on the number of seats",
    );
    let agree = pyrctl(&["legal", "ataxx-ice", "--players", "3", "--rule", "seats=3"]);
    assert!(agree.status.success(), "{}", stderr(&agree));
}

#[test]
fn show_refuses_a_seat_the_game_lacks_in_every_format() {
    for format in ["diagram", "position", "svg"] {
        let out = pyrctl(&["show", "ataxx-ice", "--seat", "2", "--format", format]);
        failed_with(&out, 2, "--seat 2: the game has seats 0 to 1");
    }
}
