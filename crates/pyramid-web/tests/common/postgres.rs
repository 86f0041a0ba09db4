//! A throwaway Postgres cluster for a test: `initdb` and `pg_ctl` (Debian's `postgresql`
//! package, `scripts/install-postgres.sh`) in a temporary folder, on a free loopback port,
//! run as `nobody` when the test runs as root; stopped and removed when dropped.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A running cluster.
pub struct Postgres {
    /// The URL of its `postgres` database.
    pub url: String,
    dir: PathBuf,
    bin: PathBuf,
    as_nobody: bool,
}

/// The folder holding `initdb` and `pg_ctl`: on the `PATH`, else Debian's
/// `/usr/lib/postgresql/<version>/bin` (the newest).
fn binaries() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file());
    on_path.or_else(|| {
        let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|bin| bin.join("initdb").is_file())
            .collect();
        versions.sort();
        versions.pop()
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

impl Postgres {
    /// Starts a cluster; `None` (after saying so) when Postgres is not installed, unless
    /// `PYRAMID_REQUIRE_POSTGRES=1`, which makes that a failure.
    pub fn start(test: &str) -> Option<Postgres> {
        let Some(bin) = binaries() else {
            assert!(
                std::env::var("PYRAMID_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                "PYRAMID_REQUIRE_POSTGRES=1 but no initdb/pg_ctl (scripts/install-postgres.sh installs them)"
            );
            eprintln!("{test}: skipped, Postgres is not installed (scripts/install-postgres.sh)");
            return None;
        };
        let dir = super::temp_dir("pg");
        // `nobody` creates the cluster inside.
        let _ = Command::new("chmod").arg("777").arg(&dir).status();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let pg = Postgres {
            url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
            dir,
            bin,
            as_nobody: is_root(),
        };
        let data = pg.dir.join("data");
        pg.run(
            "initdb",
            &[
                "-D",
                &text(&data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "--no-sync",
            ],
        );
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            pg.dir.display()
        );
        let log = pg.dir.join("log");
        pg.run(
            "pg_ctl",
            &[
                "-D",
                &text(&data),
                "-l",
                &text(&log),
                "-o",
                &options,
                "-w",
                "-t",
                "30",
                "start",
            ],
        );
        Some(pg)
    }

    /// Stops the cluster at once (its server's connections drop; the folder stays until
    /// the end of the test).
    pub fn stop(&self) {
        let data = text(&self.dir.join("data"));
        self.run("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
    }

    /// Runs one of the binaries (as `nobody` when root), failing the test if it fails.
    fn run(&self, name: &str, args: &[&str]) {
        let program = self.bin.join(name);
        let mut command = if self.as_nobody {
            let mut c = Command::new("runuser");
            c.args(["-u", "nobody", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        let output = command
            .args(args)
            .current_dir(&self.dir)
            .output()
            .unwrap_or_else(|e| panic!("running {name}: {e}"));
        assert!(
            output.status.success(),
            "{name} failed: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

fn text(path: &Path) -> String {
    path.display().to_string()
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = text(&self.dir.join("data"));
        let program = self.bin.join("pg_ctl");
        let args = ["-D", data.as_str(), "-m", "immediate", "-w", "stop"];
        let _ = if self.as_nobody {
            Command::new("runuser")
                .args(["-u", "nobody", "--"])
                .arg(&program)
                .args(args)
                .output()
        } else {
            Command::new(&program).args(args).output()
        };
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
