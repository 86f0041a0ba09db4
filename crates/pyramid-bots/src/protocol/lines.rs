//! Reading an engine's output line by line on a thread of its own, so that the tool can
//! wait for an answer with a deadline.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{self, Receiver};

/// The longest line an engine may write (64 KiB); a longer one ends the conversation.
pub const MAX_ENGINE_LINE: u64 = 64 * 1024;

/// One thing read from an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum EngineLine {
    /// A line, without its line end.
    Text(String),
    /// A line longer than [`MAX_ENGINE_LINE`]; nothing more is read.
    TooLong,
}

/// Starts a thread that reads `output` and sends each line; the channel closes when the
/// engine closes its output (or exits), or after an overlong line.
pub(super) fn spawn_line_reader<R: Read + Send + 'static>(output: R) -> Receiver<EngineLine> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(output);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match (&mut reader)
                .take(MAX_ENGINE_LINE)
                .read_until(b'\n', &mut buf)
            {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let complete = buf.last() == Some(&b'\n');
                    if !complete && n as u64 >= MAX_ENGINE_LINE {
                        let _ = sender.send(EngineLine::TooLong);
                        break;
                    }
                    let text = String::from_utf8_lossy(&buf);
                    let line = text.trim_end_matches(['\n', '\r']).to_owned();
                    if sender.send(EngineLine::Text(line)).is_err() {
                        break;
                    }
                }
            }
        }
    });
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_arrive_in_order_and_overlong_lines_stop_the_reader() {
        let lines = spawn_line_reader(&b"pgiok\r\nreadyok\nlast"[..]);
        let got: Vec<EngineLine> = lines.iter().collect();
        assert_eq!(
            got,
            [
                EngineLine::Text("pgiok".into()),
                EngineLine::Text("readyok".into()),
                EngineLine::Text("last".into())
            ]
        );
        let long = vec![b'x'; MAX_ENGINE_LINE as usize + 10];
        let lines = spawn_line_reader(std::io::Cursor::new(long));
        assert_eq!(lines.iter().collect::<Vec<_>>(), [EngineLine::TooLong]);
    }
}
