//! Outside engines' logs (their standard error): kept in a folder of the user's own, never
//! opened through a symbolic link, and capped in size.

use std::ffi::OsString;
use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use rustix::fs::OFlags;
use rustix::io::Errno;

/// The size at which an engine log stops growing: 1 MiB. What an engine writes beyond it
/// is read and dropped, after one last line saying so; the next engine started with a
/// full log moves it to `FILE.1` (replacing an older one) and starts a new `FILE`.
pub const MAX_ENGINE_LOG: u64 = 1 << 20;

/// The line that ends a log at its cap.
const CAPPED: &str =
    "[pyramid-games: this log reached its cap of 1 MiB; the engine's further output was dropped]\n";

/// How much of the engine's output is read at once.
const CHUNK: usize = 8 * 1024;

/// The folder the engine logs go to when a spec gives no `log=FILE`:
/// `$XDG_STATE_HOME/pyramid-games/engines`, else `$HOME/.local/state/pyramid-games/engines`,
/// else (no absolute `HOME`) `<temp dir>/pyramid-engines-<uid>`. It is created (mode 0700)
/// when an engine starts, and refused unless it is a real folder (not a symbolic link)
/// owned by the user, with no permissions for group or others.
///
/// ```
/// let dir = pyramid_bots::protocol::default_log_dir();
/// assert!(dir.ends_with("pyramid-games/engines") || dir.starts_with(std::env::temp_dir()));
/// ```
pub fn default_log_dir() -> PathBuf {
    log_dir_from(
        std::env::var_os("XDG_STATE_HOME"),
        std::env::var_os("HOME"),
        &std::env::temp_dir(),
        rustix::process::getuid().as_raw(),
    )
}

/// [`default_log_dir`] for these values of `XDG_STATE_HOME` and `HOME`, the temporary
/// folder and the user id (relative paths in the variables are ignored, as the XDG base
/// directory specification asks).
fn log_dir_from(xdg: Option<OsString>, home: Option<OsString>, temp: &Path, uid: u32) -> PathBuf {
    let absolute = |value: Option<OsString>| value.map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(state) = absolute(xdg) {
        state.join("pyramid-games").join("engines")
    } else if let Some(home) = absolute(home) {
        home.join(".local/state/pyramid-games/engines")
    } else {
        temp.join(format!("pyramid-engines-{uid}"))
    }
}

/// Creates `dir` (and its parents, mode 0700) if missing, and checks that it is a real
/// folder of the user's own that no one else may read, write or enter.
pub(super) fn private_dir(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| format!("cannot create the engine log folder {shown}: {e}"))?;
    let meta = fs::symlink_metadata(dir)
        .map_err(|e| format!("cannot use the engine log folder {shown}: {e}"))?;
    let refuse = |why: String| {
        Err(format!(
            "the engine log folder {shown} {why}; engine logs are kept only in a folder of \
             your own that others cannot use (or give the engine `log=FILE`)"
        ))
    };
    if meta.file_type().is_symlink() {
        return refuse("is a symbolic link".to_owned());
    }
    if !meta.is_dir() {
        return refuse("is not a folder".to_owned());
    }
    let uid = rustix::process::getuid().as_raw();
    if meta.uid() != uid {
        return refuse(format!(
            "belongs to user {}, not to you ({uid})",
            meta.uid()
        ));
    }
    if meta.mode() & 0o077 != 0 {
        return refuse(format!(
            "has mode {:o}, open to others (`chmod 700` it)",
            meta.mode() & 0o777
        ));
    }
    Ok(())
}

/// Opens the log `path` for appending (created with mode 0600), never through a symbolic
/// link; a log already at [`MAX_ENGINE_LOG`] is first moved to `path.1`.
pub(super) fn open_log(path: &Path) -> Result<File, String> {
    let mut file = open_no_follow(path)?;
    let len = file
        .metadata()
        .map_err(|e| format!("cannot use the engine log {}: {e}", path.display()))?
        .len();
    if len >= MAX_ENGINE_LOG {
        let mut old = path.as_os_str().to_owned();
        old.push(".1");
        fs::rename(path, &old)
            .map_err(|e| format!("cannot rotate the engine log {}: {e}", path.display()))?;
        file = open_no_follow(path)?;
    }
    Ok(file)
}

/// `open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0600)`: a
/// symbolic link at `path` is refused, and a FIFO without a reader does not block.
fn open_no_follow(path: &Path) -> Result<File, String> {
    let flags = OFlags::NOFOLLOW | OFlags::NONBLOCK;
    OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .custom_flags(flags.bits() as i32)
        .open(path)
        .map_err(|e| {
            if Errno::from_io_error(&e) == Some(Errno::LOOP) {
                format!(
                    "the engine log {} is a symbolic link, which is never followed",
                    path.display()
                )
            } else {
                format!("cannot open the engine log {}: {e}", path.display())
            }
        })
}

/// Copies the engine's standard error into `log` on a thread of its own until the engine
/// (and whatever holds its standard error) is gone, up to [`MAX_ENGINE_LOG`] bytes of log;
/// the thread's handle, to wait for the copy once the engine is stopped.
pub(super) fn copy_to_log<R: Read + Send + 'static>(
    source: R,
    log: File,
) -> io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("engine-log".to_owned())
        .spawn(move || copy_capped(source, log, MAX_ENGINE_LOG))
}

/// Appends what `source` gives to `log` while the log (as long as it is now, other
/// writers included) is under `cap` bytes; then one [`CAPPED`] line, and the rest is read
/// and dropped, so that the engine never blocks on its standard error.
fn copy_capped<R: Read>(mut source: R, mut log: File, cap: u64) {
    let mut buf = vec![0; CHUNK];
    let mut logging = true;
    loop {
        let n = match source.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        if !logging {
            continue;
        }
        let len = log.metadata().map_or(cap, |m| m.len());
        let room = usize::try_from(cap.saturating_sub(len)).unwrap_or(usize::MAX);
        let kept = n.min(room);
        if log.write_all(&buf[..kept]).is_err() {
            logging = false;
        } else if kept < n {
            let _ = log.write_all(CAPPED.as_bytes());
            logging = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("pyramid-log-test-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    #[test]
    fn the_default_log_folder_is_xdg_state_then_home_then_a_per_user_temp_folder() {
        let temp = Path::new("/tmp");
        let dir = log_dir_from(Some("/s".into()), Some("/h".into()), temp, 7);
        assert_eq!(dir, Path::new("/s/pyramid-games/engines"));
        let dir = log_dir_from(Some("relative".into()), Some("/h".into()), temp, 7);
        assert_eq!(dir, Path::new("/h/.local/state/pyramid-games/engines"));
        let dir = log_dir_from(None, Some("".into()), temp, 7);
        assert_eq!(dir, Path::new("/tmp/pyramid-engines-7"));
        let dir = log_dir_from(None, None, temp, 7);
        assert_eq!(dir, Path::new("/tmp/pyramid-engines-7"));
    }

    #[test]
    fn the_log_folder_is_created_0700_and_an_open_or_linked_one_is_refused() {
        let dir = scratch("private");
        let logs = dir.join("state/pyramid-games/engines");
        private_dir(&logs).expect("created");
        let mode = |p: &Path| fs::metadata(p).expect("exists").mode() & 0o777;
        assert_eq!(mode(&logs), 0o700);
        assert_eq!(mode(&dir.join("state")), 0o700);
        // Again: an existing private folder is fine.
        private_dir(&logs).expect("still private");

        let open = dir.join("open");
        fs::create_dir(&open).expect("created");
        fs::set_permissions(&open, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("chmod");
        let error = private_dir(&open).expect_err("open to others");
        assert!(error.contains("has mode 755"), "{error}");

        let link = dir.join("link");
        std::os::unix::fs::symlink(&logs, &link).expect("a symlink");
        let error = private_dir(&link).expect_err("a symbolic link");
        assert!(error.contains("is a symbolic link"), "{error}");
    }

    #[test]
    fn a_full_log_is_moved_to_dot_1_and_a_new_one_started() {
        let dir = scratch("rotate");
        let path = dir.join("engine.log");
        fs::write(&path, vec![b'x'; MAX_ENGINE_LOG as usize]).expect("written");
        let mut log = open_log(&path).expect("opened");
        log.write_all(b"fresh\n").expect("written");
        assert_eq!(fs::read(&path).expect("read"), b"fresh\n");
        let old = fs::metadata(dir.join("engine.log.1")).expect("rotated");
        assert_eq!(old.len(), MAX_ENGINE_LOG);
    }

    #[test]
    fn the_copy_stops_at_the_cap_with_one_line_and_drains_the_rest() {
        let dir = scratch("cap");
        let path = dir.join("engine.log");
        let log = open_log(&path).expect("opened");
        let source = io::repeat(b'e').take(100_000);
        copy_capped(source, log, 1000);
        let text = fs::read_to_string(&path).expect("read");
        assert_eq!(text.len(), 1000 + CAPPED.len());
        assert!(text.ends_with(CAPPED));
    }
}
