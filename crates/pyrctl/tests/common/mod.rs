//! Running the `pyrctl` binary this build made, shared by the end-to-end test files.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `pyrctl ARGS` and waits for it.
pub fn pyrctl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pyrctl"))
        .args(args)
        .output()
        .expect("pyrctl runs")
}

/// Runs `pyrctl ARGS` with `input` on its standard input (written from another thread,
/// since the program may stop reading early).
pub fn pyrctl_with_stdin(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pyrctl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pyrctl starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let data = input.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("pyrctl runs");
    let _ = writer.join();
    out
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
