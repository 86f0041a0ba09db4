//! Reading a record file line by line with a bound on a line's length, so a file without
//! line breaks (or `/dev/zero`) cannot grow memory without end.

use std::io::{BufRead, Read};

/// The longest record line read, in bytes (16 MiB): far above any real game's record
/// (a record of 100,000 plies is about 1 MiB).
pub const MAX_RECORD_LINE: usize = 16 << 20;

/// Why a line of a record file could not be read. Line numbers count from 1.
#[derive(Debug, thiserror::Error)]
pub enum RecordLineError {
    /// The line is longer than [`MAX_RECORD_LINE`].
    #[error(
        "line {line} is longer than {} bytes (16 MiB), the most a record line may hold",
        MAX_RECORD_LINE
    )]
    TooLong {
        /// The line number.
        line: usize,
    },
    /// The line is not UTF-8 text.
    #[error("line {line} is not UTF-8 text")]
    NotText {
        /// The line number.
        line: usize,
    },
    /// Reading failed.
    #[error("reading line {line}: {source}")]
    Io {
        /// The line number.
        line: usize,
        /// The reader's error.
        source: std::io::Error,
    },
}

/// The lines of a record file, each with its number (from 1), without the line break;
/// stops at the first line that cannot be read.
///
/// ```
/// use pyramid_bots::record_lines;
/// let lines: Vec<(usize, String)> =
///     record_lines(&b"one\ntwo\n"[..]).collect::<Result<_, _>>().expect("two lines");
/// assert_eq!(lines, [(1, "one".to_owned()), (2, "two".to_owned())]);
/// ```
pub fn record_lines<R: BufRead>(reader: R) -> RecordLines<R> {
    RecordLines {
        reader,
        line: 0,
        done: false,
    }
}

/// The iterator of [`record_lines`].
#[derive(Debug)]
pub struct RecordLines<R> {
    reader: R,
    line: usize,
    done: bool,
}

impl<R: BufRead> Iterator for RecordLines<R> {
    type Item = Result<(usize, String), RecordLineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.line += 1;
        let line = self.line;
        let mut bytes = Vec::new();
        let limit = MAX_RECORD_LINE as u64 + 2;
        let read = (&mut self.reader).take(limit).read_until(b'\n', &mut bytes);
        let result = match read {
            Err(source) => Err(RecordLineError::Io { line, source }),
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(_) => {
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                    if bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                }
                if bytes.len() > MAX_RECORD_LINE {
                    Err(RecordLineError::TooLong { line })
                } else {
                    String::from_utf8(bytes)
                        .map(|text| (line, text))
                        .map_err(|_| RecordLineError::NotText { line })
                }
            }
        };
        self.done = result.is_err();
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_beyond_the_cap_is_refused_with_its_number() {
        let mut data = b"{}\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', MAX_RECORD_LINE + 10));
        let mut lines = record_lines(&data[..]);
        assert_eq!(
            lines.next().map(|r| r.ok()),
            Some(Some((1, "{}".to_owned())))
        );
        assert!(matches!(
            lines.next(),
            Some(Err(RecordLineError::TooLong { line: 2 }))
        ));
        assert!(lines.next().is_none());
    }

    #[test]
    fn an_endless_input_stops_at_the_cap() {
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let mut lines = record_lines(zeros);
        assert!(matches!(
            lines.next(),
            Some(Err(RecordLineError::TooLong { line: 1 }))
        ));
    }

    #[test]
    fn a_line_of_exactly_the_cap_is_read() {
        let mut data = vec![b'y'; MAX_RECORD_LINE];
        data.push(b'\n');
        let lines: Vec<_> = record_lines(&data[..]).collect();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].is_ok());
    }
}
