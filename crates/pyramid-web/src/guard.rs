//! What every request passes through: limits on its head, a deadline, the idle sweep,
//! and every refusal turned into a JSON error.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::{ApiError, App};

/// The longest path and query accepted, in bytes.
pub const MAX_URI: usize = 8 * 1024;
/// The most headers a request may have.
pub const MAX_HEADERS: usize = 100;
/// The most bytes a request's headers may hold (names and values).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// Refuses, as JSON, a request whose path and query or headers are beyond the limits.
pub async fn head_limits(request: Request, next: Next) -> Response {
    let uri = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if uri > MAX_URI {
        return ApiError::uri_too_long(format!(
            "the path and query hold {uri} bytes; at most {MAX_URI}"
        ))
        .into_response();
    }
    let headers = request.headers();
    let bytes: usize = headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if headers.len() > MAX_HEADERS || bytes > MAX_HEADER_BYTES {
        return ApiError::headers_too_large(format!(
            "{} headers of {bytes} bytes; at most {MAX_HEADERS} headers of {MAX_HEADER_BYTES} bytes",
            headers.len()
        ))
        .into_response();
    }
    next.run(request).await
}

/// Drops idle games when due, then answers within the request timeout (reading the
/// body included), or 408.
pub async fn deadline_and_sweep(
    State(app): State<Arc<App>>,
    request: Request,
    next: Next,
) -> Response {
    app.store.sweep_if_due(&app.config);
    let limit = app.config.request_timeout;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::timeout(format!(
            "the request took longer than {} ms (sending its body included)",
            limit.as_millis()
        ))
        .into_response(),
    }
}

/// The largest body of a refusal read back to quote it.
const QUOTED: usize = 4096;

/// Turns a refusal that is not JSON (axum's own: a body it could not read, a path that
/// is not UTF-8, ...) into `{"error": "..."}` with the same status and headers.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, QUOTED)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let message = if text.is_empty() {
        match status {
            StatusCode::METHOD_NOT_ALLOWED => {
                "this route does not take this method (see docs/web.md)".to_owned()
            }
            other => other.canonical_reason().unwrap_or("refused").to_lowercase(),
        }
    } else {
        text
    };
    let mut answer = (status, Json(json!({ "error": message }))).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            answer.headers_mut().append(name.clone(), value.clone());
        }
    }
    answer
}
