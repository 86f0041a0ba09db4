//! End-to-end tests of the `pyrctl` binary: output formats and one-line errors.

use crate::common::{pyrctl, pyrctl_with_stdin, stdout};

use std::process::Output;

const START_2: &str = "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0";

/// Asserts a failed run with exactly one line on stderr that starts with `error:`,
/// contains `needle`, and shows no panic.
fn assert_one_line_error(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "expected failure, got success; stderr: {err}"
    );
    assert_eq!(err.lines().count(), 1, "stderr is not one line: {err}");
    assert!(err.starts_with("error: "), "stderr: {err}");
    assert!(err.contains(needle), "stderr `{err}` lacks `{needle}`");
    assert!(!err.contains("panicked"), "stderr: {err}");
}

#[test]
fn perft_last_line_is_exactly_the_total() {
    let out = pyrctl(&["perft", "martian-chess", "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("perft(3) = 1328"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nodes/s"));
}

#[test]
fn perft_divide_lists_every_first_action_then_the_total() {
    let out = pyrctl(&[
        "perft",
        "martian-chess",
        "--depth",
        "2",
        "--divide",
        "--threads",
        "1",
    ]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[10], "perft(2) = 104");
    let sum: u64 = lines[..10]
        .iter()
        .map(|l| {
            l.rsplit(' ')
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .expect("ACTION N")
        })
        .sum();
    assert_eq!(sum, 104);
}

#[test]
fn perft_after_moves_and_four_seats() {
    let out = pyrctl(&["perft", "martian-chess", "--depth", "1", "--players", "4"]);
    assert_eq!(stdout(&out).lines().last(), Some("perft(1) = 11"));
    let legal = stdout(&pyrctl(&["legal", "martian-chess"]));
    let first = legal.lines().next().expect("an action");
    let out = pyrctl(&["perft", "martian-chess", "--depth", "1", "--moves", first]);
    assert!(out.status.success());
    assert!(stdout(&out).starts_with("perft(1) = "));
}

#[test]
fn legal_prints_one_action_a_line() {
    let out = pyrctl(&["legal", "martian-chess"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().count(), 10);
}

#[test]
fn show_draws_the_board_and_the_position_string() {
    let out = pyrctl(&["show", "martian-chess", "--position", START_2]);
    assert!(out.status.success());
    assert!(stdout(&out).contains(START_2));
}

#[test]
fn show_svg_draws_every_square_with_its_name() {
    for (game, last) in [
        ("martian-chess", "d8"),
        ("ataxx-ice", "h8"),
        ("card-siege", "o3"),
        ("stacktrices", "g7"),
    ] {
        let out = pyrctl(&["show", game, "--format", "svg"]);
        assert!(out.status.success(), "{game}");
        let svg = stdout(&out);
        assert!(svg.trim_start().starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        for square in ["a1", last] {
            assert!(
                svg.contains(&format!(r#"data-square="{square}""#)),
                "{game} {square}"
            );
        }
    }
    // A seat's picture of a Stacktrices game shows its own thief only.
    let out = pyrctl(&[
        "show",
        "stacktrices",
        "--rule",
        "start=standard",
        "--format",
        "svg",
        "--seat",
        "5",
    ]);
    assert!(!out.status.success());
}

#[test]
fn validate_normalises_position_strings_ron_files_and_stdin() {
    let out = pyrctl(&["validate", "martian-chess", START_2]);
    assert_eq!(stdout(&out).trim(), START_2);

    let out = pyrctl_with_stdin(&["validate", "martian-chess", "-"], format!("{START_2}\n"));
    assert_eq!(stdout(&out).trim(), START_2);

    let state: martian_chess::MartianChess =
        pyramid_core::Notation::from_position(START_2, &Default::default())
            .expect("start is valid");
    let ron_text = ron::to_string(&state).expect("RON");
    let dir = std::env::temp_dir().join(format!("pyrctl-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("start.ron");
    std::fs::write(&file, &ron_text).expect("write RON");
    let out = pyrctl(&[
        "validate",
        "martian-chess",
        file.to_str().expect("utf-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out).trim(), START_2);

    let out = pyrctl_with_stdin(&["validate", "martian-chess", "-"], &ron_text);
    assert_eq!(stdout(&out).trim(), START_2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_one_line_error(
        &pyrctl(&["perft", "no-such-game", "--depth", "1"]),
        "unknown game",
    );
    assert_one_line_error(
        &pyrctl(&["legal", "martian-chess", "--moves", "a1-a2"]),
        "a1-a2",
    );
    assert_one_line_error(&pyrctl(&["legal", "martian-chess", "--moves", "zz"]), "zz");
    assert_one_line_error(&pyrctl(&["legal", "martian-chess", "--players", "3"]), "3");
    assert_one_line_error(
        &pyrctl(&["legal", "martian-chess", "--rule", "nonsense"]),
        "KEY=VALUE",
    );
    assert_one_line_error(
        &pyrctl(&["legal", "martian-chess", "--rule", "colour=red"]),
        "colour",
    );
    assert_one_line_error(
        &pyrctl(&["validate", "martian-chess", "1DQQ/1PDQ 0 0,0 - 0"]),
        "board",
    );
    assert_one_line_error(&pyrctl(&["validate", "martian-chess", ""]), "position");
    assert_one_line_error(
        &pyrctl_with_stdin(&["validate", "martian-chess", "-"], "(board: 7"),
        "RON",
    );
    assert_one_line_error(&pyrctl(&["show", "martian-chess", "--seat", "9"]), "seat");
}

/// Usage errors keep clap's whole message (the error, the usage line and the tip), with
/// exit status 2 and no backtrace.
#[test]
fn usage_errors_are_clap_messages_with_exit_status_2() {
    for (args, needle) in [
        (&["perft", "martian-chess", "--depth", "x"][..], "--depth"),
        (&["perft", "martian-chess", "--depth", "-1"][..], "-1"),
        (
            &["match", "martian-chess", "--games", "many"][..],
            "--games",
        ),
        (&["frobnicate"][..], "frobnicate"),
    ] {
        let out = pyrctl(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(err.contains("--help"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn matches_are_reproducible_from_the_seed() {
    let run = |seed: &str| {
        let out = pyrctl(&["match", "martian-chess", "--games", "40", "--seed", seed]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Everything but timing lines.
        stdout(&out)
            .lines()
            .filter(|l| !l.contains("per second") && !l.contains("/s"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let a = run("5");
    assert_eq!(a, run("5"));
    assert!(a.iter().any(|l| l.contains("draws")), "{a:?}");
}
