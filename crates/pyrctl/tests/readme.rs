//! Every `pyrctl` command of README.md runs as written, in a fresh directory, with the
//! binary this build made standing in for an installed `pyrctl`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The README's `pyrctl` commands: its indented code lines that start with `pyrctl` or
/// pipe into it, `\` continuations joined, comments after `#` dropped.
fn readme_commands() -> Vec<String> {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let text = std::fs::read_to_string(&readme).expect("README.md is readable");
    let mut commands = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let Some(code) = line.strip_prefix("    ") else {
            continue;
        };
        let code = code.split(" # ").next().unwrap_or(code).trim();
        if pending.is_empty() && !code.starts_with("pyrctl ") && !code.contains("| pyrctl ") {
            continue;
        }
        if let Some(head) = code.strip_suffix('\\') {
            pending.push_str(head);
            continue;
        }
        pending.push_str(code);
        commands.push(std::mem::take(&mut pending));
    }
    commands
}

/// A fresh directory for the commands' files.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pyrctl-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn every_readme_command_runs_as_written() {
    let commands = readme_commands();
    assert!(
        commands.len() >= 10,
        "found only {} pyrctl commands in README.md: {commands:?}",
        commands.len()
    );
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_pyrctl"));
    let bin_dir = bin.parent().expect("the binary's directory");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = scratch();
    for command in &commands {
        let out = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        assert!(
            out.status.success(),
            "README command `{command}` failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
