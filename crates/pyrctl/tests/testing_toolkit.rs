//! The tools for people who test and benchmark their own code: `pyrctl perft --suite` and
//! `pyrctl bench --json`.

use crate::common::{pyrctl, stderr, stdout};

use std::path::{Path, PathBuf};

fn suite(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/perft")
        .join(format!("{game}.txt"))
}

#[test]
fn perft_suite_passes_prints_each_count_and_a_summary() {
    let file = suite("martian-chess");
    let out = pyrctl(&[
        "perft",
        "martian-chess",
        "--suite",
        file.to_str().expect("utf-8 path"),
        "--max-nodes",
        "100000",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("line 5 D1 10 ok"), "{text}");
    assert!(text.contains("D6 4194975 skipped"), "{text}");
    let summary = text.lines().last().expect("a summary");
    assert!(
        summary.contains("passed, 0 failed,") && summary.contains("skipped"),
        "{summary}"
    );
}

#[test]
fn perft_suite_with_a_wrong_count_fails_naming_the_line() {
    let text = std::fs::read_to_string(suite("ataxx-ice")).expect("the suite");
    let wrong = text.replacen(";D2 90 ", ";D2 91 ", 1);
    assert_ne!(wrong, text, "the start line holds D2 90");
    let path = std::env::temp_dir().join(format!("pyrctl-suite-{}.txt", std::process::id()));
    std::fs::write(&path, wrong).expect("write");
    let out = pyrctl(&[
        "perft",
        "ataxx-ice",
        "--suite",
        path.to_str().expect("utf-8"),
    ]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("D2 91 FAILED (found 90)"),
        "{}",
        stdout(&out)
    );
    assert!(
        stderr(&out).contains("1 perft count(s)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn perft_suite_with_a_bad_line_names_the_line_and_field() {
    let path = std::env::temp_dir().join(format!("pyrctl-badsuite-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "# header\n1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0 ;D1 ten\n",
    )
    .expect("write");
    let out = pyrctl(&[
        "perft",
        "martian-chess",
        "--suite",
        path.to_str().expect("utf-8"),
    ]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("line 2, D1"), "{}", stderr(&out));
}

#[test]
fn bench_json_is_one_document_with_a_row_per_game() {
    let out = pyrctl(&["bench", "card-siege", "--seconds", "0.3", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let document: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(document["threads"], 1);
    let rows = document["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["game"], "card-siege");
    for field in [
        "perft_nodes_per_second",
        "playouts_per_second",
        "plies_per_second",
        "mcts_iterations_per_second",
    ] {
        assert!(
            rows[0][field].as_f64().is_some_and(|v| v > 0.0),
            "{field}: {document}"
        );
    }
}

/// A shipped model file.
fn shipped_model(game: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../models")
        .join(format!("{game}.safetensors"))
        .to_str()
        .expect("utf-8 path")
        .to_owned()
}

/// The JSON objects of `pyrctl bench --model`'s lines, each checked for the contract's
/// keys (positive numbers).
fn network_objects(text: &str) -> Vec<serde_json::Value> {
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    for object in &objects {
        for key in [
            "evals_per_s_batch1",
            "evals_per_s_batch64",
            "flops_per_eval",
            "peak_gflops",
        ] {
            let value = object.get(key).and_then(serde_json::Value::as_f64);
            assert!(value.is_some_and(|v| v > 0.0), "{key} in {object}");
        }
    }
    objects
}

#[test]
fn bench_model_json_writes_one_object_per_network_with_the_contract_keys() {
    let model = shipped_model("martian-chess");
    let args = ["bench", "martian-chess", "--model", &model, "--json"];
    let out = pyrctl(&[&args[..], &["--seconds", "0.2"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let objects = network_objects(&stdout(&out));
    assert_eq!(objects.len(), 1);
    assert_eq!(objects[0]["game"], "martian-chess");

    let out = pyrctl(&[
        "bench",
        "card-siege",
        "--new-network",
        "--json",
        "--seconds",
        "0.2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let objects = network_objects(&stdout(&out));
    assert_eq!(
        (
            objects[0]["channels"].as_u64(),
            objects[0]["blocks"].as_u64()
        ),
        (Some(32), Some(2))
    );

    // The table: a header and a line.
    let out = pyrctl(&["bench", "--model", &model, "--seconds", "0.2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 2, "{}", stdout(&out));

    // Another game's model is refused.
    let out = pyrctl(&["bench", "ataxx-ice", "--model", &model, "--seconds", "0.2"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("not of ataxx-ice"),
        "{}",
        stderr(&out)
    );
}
