//! The connection under hyper: [`JsonRefusals`] turns the one kind of answer hyper writes
//! by itself, an empty 4xx for a request head it cannot parse at all (a path over
//! 64 KiB: 414; a head over its buffer or with too many headers: 431; not HTTP: 400),
//! into a JSON error like every other refusal.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A connection whose bare 4xx answers (a whole head with `content-length: 0`, written
/// alone) are rewritten as `{"error": "..."}`; everything else passes through unchanged.
/// Every answer of the routes to a 4xx has a JSON body (the `json_errors` layer), so only
/// hyper's own ones are rewritten.
pub struct JsonRefusals<T> {
    inner: T,
    /// A rewritten answer still to be written, and how much of it is.
    pending: Vec<u8>,
    written: usize,
}

impl<T> JsonRefusals<T> {
    /// Wraps a connection.
    pub fn new(inner: T) -> Self {
        JsonRefusals {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

impl<T: AsyncWrite + Unpin> JsonRefusals<T> {
    /// Writes what is left of a rewritten answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }

    /// Takes `buf` as written when it is a bare refusal: its JSON form is written instead.
    fn rewrite(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Option<io::Result<usize>> {
        let answer = json_refusal(buf)?;
        self.pending = answer;
        self.written = 0;
        // What is not written now is written on the flush that follows.
        match self.poll_pending(cx) {
            Poll::Ready(Err(e)) => Some(Err(e)),
            _ => Some(Ok(buf.len())),
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonRefusals<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonRefusals<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(done) = this.rewrite(cx, buf) {
            return Poll::Ready(done);
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (filled.next(), filled.next())
            && let Some(done) = this.rewrite(cx, only)
        {
            return Poll::Ready(done);
        }
        Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// The JSON form of `bytes` when they are a bare 4xx answer: exactly one head, status
/// 4xx, `content-length: 0`.
fn json_refusal(bytes: &[u8]) -> Option<Vec<u8>> {
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
    if end + 4 != bytes.len() {
        return None;
    }
    let head = &bytes[..end];
    if !(head.starts_with(b"HTTP/1.1 4") || head.starts_with(b"HTTP/1.0 4")) {
        return None;
    }
    let mut lines = head.to_ascii_lowercase();
    lines.extend_from_slice(b"\r\n");
    if !lines.windows(21).any(|w| w == b"\r\ncontent-length: 0\r\n") {
        return None;
    }
    let status_line = head.split(|&b| b == b'\r').next()?;
    let message = match head.get(9..12)? {
        b"414" => "the path and query are longer than the server reads at all (64 KiB)",
        b"431" => {
            "the request head is larger than the server reads at all (about 400 KiB, or more than 512 headers)"
        }
        _ => "the request could not be read as HTTP/1.1",
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let mut answer = status_line.to_vec();
    answer.extend_from_slice(
        format!(
            "\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    Some(answer)
}

#[cfg(test)]
mod tests {
    use super::json_refusal;

    #[test]
    fn only_bare_refusals_are_rewritten() {
        let bare =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let answer = String::from_utf8(json_refusal(bare).expect("rewritten")).expect("text");
        assert!(answer.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
        let body = answer.split("\r\n\r\n").nth(1).expect("a body");
        let json: serde_json::Value = serde_json::from_str(body).expect("JSON");
        assert!(json["error"].as_str().is_some_and(|e| e.contains("head")));
        for kept in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n{}",
            b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 01\r\n\r\n",
            b"partial",
        ] {
            assert_eq!(json_refusal(kept), None);
        }
    }
}
