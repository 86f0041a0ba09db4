//! Reading an engine's output line by line with a deadline, on the caller's thread
//! (`poll`, no reader thread): the engine's output is read only while the tool waits for
//! an answer, so what an engine writes between turns stays in the pipe (the kernel's
//! buffer, 64 KiB on Linux) and an engine that goes on writing blocks until its next turn.

use std::io::{self, Read};
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};

/// The longest line an engine may write (64 KiB); a longer one ends the conversation.
pub const MAX_ENGINE_LINE: u64 = 64 * 1024;

/// How much is read from the pipe at once.
const CHUNK: usize = 16 * 1024;

/// What waiting for the next line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// A line, without its line end (`\n`, or `\r\n`).
    Text(String),
    /// A line longer than [`MAX_ENGINE_LINE`]; nothing more should be read.
    TooLong,
    /// The engine closed its output (it exited, or closed it itself).
    Closed,
    /// Nothing within the time given.
    Idle,
}

/// An engine's output, split into lines; holds at most one line of
/// [`MAX_ENGINE_LINE`] plus one read's worth of bytes.
pub(super) struct LineReader<R> {
    source: R,
    buf: Vec<u8>,
    /// Where the unread part of `buf` starts.
    start: usize,
    closed: bool,
}

impl<R: Read + AsFd> LineReader<R> {
    /// Reads lines from `source`, a pipe or other pollable file.
    pub(super) fn new(source: R) -> Self {
        LineReader {
            source,
            buf: Vec::new(),
            start: 0,
            closed: false,
        }
    }

    /// The next line, waiting at most `wait` for the engine to write it.
    pub(super) fn next(&mut self, wait: Duration) -> Next {
        let until = Instant::now() + wait;
        loop {
            let unread = &self.buf[self.start..];
            if let Some(end) = unread.iter().position(|&b| b == b'\n') {
                if end as u64 > MAX_ENGINE_LINE {
                    return Next::TooLong;
                }
                let line = String::from_utf8_lossy(&unread[..end])
                    .trim_end_matches('\r')
                    .to_owned();
                self.start += end + 1;
                return Next::Text(line);
            }
            if unread.len() as u64 > MAX_ENGINE_LINE {
                return Next::TooLong;
            }
            if self.closed {
                if unread.is_empty() {
                    return Next::Closed;
                }
                // A last line without its `\n`.
                let line = String::from_utf8_lossy(unread)
                    .trim_end_matches('\r')
                    .to_owned();
                self.start = self.buf.len();
                return Next::Text(line);
            }
            if self.start > 0 {
                self.buf.drain(..self.start);
                self.start = 0;
            }
            let left = until.saturating_duration_since(Instant::now());
            let timeout = Timespec::try_from(left).unwrap_or(Timespec {
                tv_sec: 0,
                tv_nsec: 0,
            });
            let mut fds = [PollFd::new(&self.source, PollFlags::IN)];
            match poll(&mut fds, Some(&timeout)) {
                Ok(0) => return Next::Idle,
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => continue,
                Err(_) => {
                    self.closed = true;
                    continue;
                }
            }
            let old = self.buf.len();
            self.buf.resize(old + CHUNK, 0);
            let got = self.source.read(&mut self.buf[old..]);
            self.buf.truncate(old + *got.as_ref().unwrap_or(&0));
            match got {
                Ok(0) => self.closed = true,
                Ok(_) => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                    ) => {}
                Err(_) => self.closed = true,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn lines_arrive_in_order_and_overlong_lines_stop_the_reader() {
        let (reader, mut writer) = io::pipe().expect("a pipe");
        writer
            .write_all(b"pgiok\r\nreadyok\nlast")
            .expect("written");
        drop(writer);
        let mut lines = LineReader::new(reader);
        let second = Duration::from_secs(1);
        assert_eq!(lines.next(second), Next::Text("pgiok".into()));
        assert_eq!(lines.next(second), Next::Text("readyok".into()));
        assert_eq!(lines.next(second), Next::Text("last".into()));
        assert_eq!(lines.next(second), Next::Closed);

        let (reader, mut writer) = io::pipe().expect("a pipe");
        let long = vec![b'x'; MAX_ENGINE_LINE as usize + 10];
        let writing = std::thread::spawn(move || {
            let _ = writer.write_all(&long);
        });
        let mut lines = LineReader::new(reader);
        assert_eq!(lines.next(Duration::from_secs(10)), Next::TooLong);
        drop(lines);
        writing
            .join()
            .expect("the writer ends once the reader is gone");
    }

    #[test]
    fn a_silent_engine_is_idle_after_the_wait_and_nothing_is_read_between_waits() {
        let (reader, mut writer) = io::pipe().expect("a pipe");
        let mut lines = LineReader::new(reader);
        assert_eq!(lines.next(Duration::from_millis(20)), Next::Idle);
        writer.write_all(b"info a\ninfo b\n").expect("written");
        assert_eq!(lines.next(Duration::ZERO), Next::Text("info a".into()));
        assert_eq!(lines.next(Duration::ZERO), Next::Text("info b".into()));
        assert_eq!(lines.next(Duration::ZERO), Next::Idle);
    }
}
