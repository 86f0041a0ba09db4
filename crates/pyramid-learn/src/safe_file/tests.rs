use std::os::unix::fs::symlink;
use std::process::Command;

use super::*;

/// A fresh folder of this test's own, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "pyramid-learn-safe-file-{}-{test}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names in the folder, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("readable")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Makes a FIFO at `path` with `mkfifo`.
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

#[test]
fn a_file_is_written_whole_over_a_regular_file_and_no_temporary_is_left() {
    let dir = Scratch::new("whole");
    let path = dir.join("model.safetensors");
    write_file(&path, b"first").expect("written");
    write_file(&path, b"second").expect("rewritten");
    assert_eq!(std::fs::read(&path).expect("readable"), b"second");
    assert_eq!(dir.names(), ["model.safetensors"]);
}

#[test]
fn a_symlink_planted_at_a_temporary_name_is_never_followed() {
    let dir = Scratch::new("planted");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").expect("the victim");
    // The name the temporary once had (`FILE.partial`), and a temporary name as this
    // module makes them: the exclusive creation refuses the link instead of following it.
    let path = dir.join("net.safetensors");
    symlink(&victim, path.with_extension("partial")).expect("a planted link");
    let planted = dir.join(".net.safetensors.0000000000000001.partial");
    symlink(&victim, &planted).expect("a planted link");
    let error = create_exclusive(&planted).expect_err("a link is there");
    assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
    write_file(&path, b"net").expect("written beside the links");
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
    assert_eq!(std::fs::read(&path).expect("readable"), b"net");
    assert!(
        std::fs::symlink_metadata(&planted)
            .expect("still there")
            .file_type()
            .is_symlink()
    );
}

#[test]
fn temporary_names_are_random() {
    let dir = Scratch::new("random");
    let (first, _) = create_temporary(&dir.0, "a").expect("a temporary");
    let (second, _) = create_temporary(&dir.0, "a").expect("a temporary");
    assert_ne!(first, second);
    assert!(
        first
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with(".a."))
    );
}

#[test]
fn a_symlink_target_is_refused_and_left_as_it_is() {
    let dir = Scratch::new("symlink");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").expect("the victim");
    let path = dir.join("out.safetensors");
    symlink(&victim, &path).expect("a link");
    let error = write_file(&path, b"net").expect_err("refused");
    assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
    assert!(error.to_string().contains("a symbolic link"), "{error}");
    assert!(
        std::fs::symlink_metadata(&path)
            .expect("there")
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
    assert_eq!(
        dir.names(),
        ["out.safetensors", "victim"],
        "no temporary left"
    );
}

#[test]
fn a_directory_target_is_refused_and_left_as_it_is() {
    let dir = Scratch::new("directory");
    let path = dir.join("out");
    std::fs::create_dir(&path).expect("a directory");
    std::fs::write(path.join("inside"), b"kept").expect("a file inside");
    let error = write_file(&path, b"net").expect_err("refused");
    assert!(error.to_string().contains("a directory"), "{error}");
    assert_eq!(std::fs::read(path.join("inside")).expect("kept"), b"kept");
    assert_eq!(dir.names(), ["out"]);
}

#[test]
fn a_fifo_or_device_target_is_refused_and_left_as_it_is() {
    let dir = Scratch::new("fifo");
    let path = dir.join("out.fifo");
    mkfifo(&path);
    let error = write_file(&path, b"net").expect_err("refused");
    assert!(error.to_string().contains("a FIFO"), "{error}");
    assert!(
        std::fs::symlink_metadata(&path)
            .expect("there")
            .file_type()
            .is_fifo()
    );
    assert_eq!(dir.names(), ["out.fifo"]);
    // A device node (only checked: the check is what refuses it before anything is made).
    let error = check_target(Path::new("/dev/null")).expect_err("a device");
    assert!(error.to_string().contains("a device"), "{error}");
}

#[test]
fn the_temporary_is_removed_when_writing_fails() {
    let dir = Scratch::new("failure");
    let path = dir.join("buffer.safetensors");
    std::fs::write(&path, b"good").expect("a good file");
    let error = write_file_with(&path, |_| Err(io::Error::other("disk full")))
        .expect_err("the write failed");
    assert_eq!(error.to_string(), "disk full");
    assert_eq!(std::fs::read(&path).expect("kept"), b"good");
    assert_eq!(dir.names(), ["buffer.safetensors"]);
}

#[test]
fn a_symlink_put_at_the_target_while_writing_is_refused_at_the_rename() {
    let dir = Scratch::new("race");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").expect("the victim");
    let path = dir.join("out");
    let error = write_file_with(&path, |file| {
        symlink(&victim, &path)?;
        file.write_all(b"net")
    })
    .expect_err("refused");
    assert!(error.to_string().contains("a symbolic link"), "{error}");
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
    assert_eq!(dir.names(), ["out", "victim"]);
}

#[test]
fn a_path_naming_no_file_is_refused() {
    let error = write_file(Path::new("/"), b"x").expect_err("no file name");
    assert!(
        error.to_string().contains("a directory") || error.to_string().contains("names no file"),
        "{error}"
    );
}

#[test]
fn appending_adds_to_a_regular_log_and_creates_a_missing_one() {
    let dir = Scratch::new("append");
    let path = dir.join("log.jsonl");
    writeln!(append_file(&path).expect("created"), "one").expect("written");
    writeln!(append_file(&path).expect("opened"), "two").expect("written");
    assert_eq!(
        std::fs::read_to_string(&path).expect("readable"),
        "one\ntwo\n"
    );
}

#[test]
fn appending_refuses_a_symlink_a_fifo_or_a_directory_log() {
    let dir = Scratch::new("append-refused");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").expect("the victim");
    let link = dir.join("link.jsonl");
    symlink(&victim, &link).expect("a link");
    let error = append_file(&link).expect_err("a link");
    assert!(error.to_string().contains("a symbolic link"), "{error}");
    assert_eq!(std::fs::read(&victim).expect("readable"), b"precious");
    let fifo = dir.join("fifo.jsonl");
    mkfifo(&fifo);
    let error = append_file(&fifo).expect_err("a FIFO");
    assert!(error.to_string().contains("a FIFO"), "{error}");
    let error = append_file(&dir.0).expect_err("a directory");
    assert!(error.to_string().contains("a directory"), "{error}");
}
