//! Writing the files the tools make (models, value nets, replay buffers, the training
//! log and the learning curve) so that neither a crash nor a file planted by someone else
//! turns a write into damage: [`write_file`] writes a new temporary beside the target,
//! created exclusively under a random name (a symbolic link planted there is never
//! followed), syncs it and renames it over the target only where the target is absent or
//! a regular file; [`append_file`] opens a log for appending, never through a symbolic
//! link and never anything but a regular file. [`check_target`] is the check both make,
//! for a tool to refuse an output path before any work.

use std::fs::{File, FileType, OpenOptions};
use std::hash::{BuildHasher, RandomState};
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rustix::fs::OFlags;
use rustix::io::Errno;

/// How many random temporary names are tried before giving up (each taken one is a file
/// someone else made: a clash of 64 random bits, or names planted on purpose).
const TEMPORARY_TRIES: usize = 16;

/// The longest part of the target's name kept in a temporary's name (the rest of the
/// name, with the random part, stays well under the 255 bytes a name may have).
const NAME_PART: usize = 100;

/// Checks that a file may be written at `path` by [`write_file`] or appended to by
/// [`append_file`]: nothing is there, or a regular file. A symbolic link (whatever it
/// points to), a directory, a device, a FIFO or a socket is refused with an
/// [`io::ErrorKind::InvalidInput`] error naming what is there, and is left as it is.
///
/// ```
/// let dir = std::env::temp_dir();
/// let error = pyramid_learn::check_target(&dir).expect_err("a directory");
/// assert!(error.to_string().contains("is a directory"), "{error}");
/// assert!(pyramid_learn::check_target(&dir.join("no-such-file-here.safetensors")).is_ok());
/// ```
pub fn check_target(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(meta) if meta.file_type().is_file() => Ok(()),
        Ok(meta) => Err(refused(meta.file_type())),
    }
}

/// Checks that `path` may be a folder the tools write into (a training run's): nothing
/// is there, or a directory that is not a symbolic link. Anything else is refused with an
/// [`io::ErrorKind::InvalidInput`] error naming what is there.
pub(crate) fn check_folder(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(meta) if meta.file_type().is_dir() => Ok(()),
        Ok(meta) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "is {}, not a directory: refused and left as it is (a run is written only \
                 into a directory, or where nothing is)",
                kind_name(meta.file_type())
            ),
        )),
    }
}

/// The error for a target that is not a regular file.
fn refused(kind: FileType) -> io::Error {
    refused_as(kind_name(kind))
}

/// The error for a target that is `what` (`a symbolic link`).
fn refused_as(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "is {what}, not a regular file: refused and left as it is (a file is written \
             only where none is, or over a regular file)"
        ),
    )
}

/// What a file of type `kind` is, in words.
fn kind_name(kind: FileType) -> &'static str {
    if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_file() {
        "a regular file"
    } else {
        "something other than a file"
    }
}

/// Writes `bytes` to `path`: into a new temporary in `path`'s folder (created exclusively
/// under a random name, so nothing planted at that name is followed or overwritten),
/// synced to disk, then renamed over `path`, so a crash never leaves half a file under
/// that name. `path` must be absent or a regular file ([`check_target`], checked before
/// the temporary is made and again just before the rename); anything else is refused and
/// left as it is. The temporary is removed on any failure.
///
/// ```
/// let path = std::env::temp_dir().join(format!("pyramid-learn-doc-{}.txt", std::process::id()));
/// pyramid_learn::write_file(&path, b"first")?;
/// pyramid_learn::write_file(&path, b"second")?;
/// assert_eq!(std::fs::read(&path)?, b"second");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_file_with(path, |file| file.write_all(bytes))
}

/// [`write_file`] with the temporary's contents written by `write`.
fn write_file_with(path: &Path, write: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    check_target(path)?;
    let (dir, name) = folder_and_name(path)?;
    let (temporary, mut file) = create_temporary(&dir, &name)?;
    let written = write(&mut file).and_then(|()| file.sync_all());
    drop(file);
    let result = written.and_then(|()| {
        // Again: something may have been put there while the file was written.
        check_target(path)?;
        std::fs::rename(&temporary, path)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    } else if let Ok(folder) = File::open(&dir) {
        // The rename itself reaches the disk (best effort: some systems refuse it).
        let _ = folder.sync_all();
    }
    result
}

/// The folder `path` is in (`.` for a bare name) and its file name.
fn folder_and_name(path: &Path) -> io::Result<(PathBuf, String)> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "names no file (it ends in `..` or is a root)",
        )
    })?;
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name: String = name.to_string_lossy().chars().take(NAME_PART).collect();
    Ok((dir, name))
}

/// A new temporary file in `dir` for a target called `name`: `.NAME.RANDOM.partial`,
/// created exclusively (`O_CREAT | O_EXCL`: a symbolic link or anything else at that
/// name makes the attempt fail rather than be followed), another random name tried when
/// one is taken.
fn create_temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let mut last = None;
    for _ in 0..TEMPORARY_TRIES {
        let temporary = dir.join(format!(".{name}.{:016x}.partial", random_word()));
        match create_exclusive(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary name was free")))
}

/// Creates `path` for writing, failing if anything (a symbolic link included) is there.
fn create_exclusive(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

/// 64 bits no one can guess: the standard library's per-process random hash keys (drawn
/// from the operating system), over the process, the time and a counter.
fn random_word() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    RandomState::new().hash_one((
        std::process::id(),
        nanos,
        COUNTER.fetch_add(1, Ordering::Relaxed),
    ))
}

/// Opens the log `path` for appending, creating it if absent: never through a symbolic
/// link (`O_NOFOLLOW`), never blocking on a FIFO (`O_NONBLOCK`), and refused unless what
/// was opened is a regular file ([`check_target`]'s errors).
///
/// ```
/// use std::io::Write;
/// let path = std::env::temp_dir().join(format!("pyramid-learn-doc-{}.jsonl", std::process::id()));
/// writeln!(pyramid_learn::append_file(&path)?, "one")?;
/// writeln!(pyramid_learn::append_file(&path)?, "two")?;
/// assert_eq!(std::fs::read_to_string(&path)?, "one\ntwo\n");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn append_file(path: &Path) -> io::Result<File> {
    check_target(path)?;
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32)
        .open(path)
        .map_err(|e| match Errno::from_io_error(&e) {
            Some(Errno::LOOP) => refused_as("a symbolic link"),
            _ => e,
        })?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(refused(kind));
    }
    Ok(file)
}

#[cfg(test)]
mod tests;
