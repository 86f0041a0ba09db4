//! What every request passes through ([`around`]), outermost first: every refusal
//! turned into a JSON error ([`json_errors`]), a panic answered as a 500 (tower-http's
//! `CatchPanicLayer`, [`panic_answer`]), limits on its head ([`head_limits`]: tower-http
//! has no layer for these), the idle sweep ([`sweep`]) and the request timeout
//! (tower-http's `TimeoutLayer`, 408). Bodies are limited route by route in
//! [`crate::router`] (tower-http's `RequestBodyLimitLayer`, 413).

use std::any::Any;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use serde_json::json;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::timeout::TimeoutLayer;

use crate::{ApiError, App};

/// The longest path and query accepted, in bytes.
pub const MAX_URI: usize = 8 * 1024;
/// The most headers a request may have.
pub const MAX_HEADERS: usize = 100;
/// The most bytes a request's headers may hold (names and values).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// `routes` behind the guards every request passes (the module's list). Their bodies
/// are limited by tower-http's `RequestBodyLimitLayer` on the routes, so axum's own
/// default limit is off.
pub fn around(routes: Router<Arc<App>>, app: &Arc<App>) -> Router<Arc<App>> {
    routes
        .layer(DefaultBodyLimit::disable())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            app.config.request_timeout,
        ))
        .layer(axum::middleware::from_fn_with_state(Arc::clone(app), sweep))
        .layer(axum::middleware::from_fn(head_limits))
        .layer(CatchPanicLayer::custom(panic_answer))
        .layer(axum::middleware::map_response_with_state(
            Arc::clone(app),
            json_errors,
        ))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(app),
            crate::metrics::count_requests,
        ))
}

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

/// Drops idle games when due, before the request goes on.
pub async fn sweep(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    app.store.sweep_if_due(&app.config);
    next.run(request).await
}

/// The answer to a request whose handling panicked (a bug): 500, naming nothing of it.
pub fn panic_answer(_panic: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::internal("the server failed on this request").into_response()
}

/// The largest body of a refusal read back to quote it.
const QUOTED: usize = 4096;

/// Turns a refusal that is not JSON (axum's own: a body it could not read, a path that
/// is not UTF-8, ...; tower-http's: a body over its limit, a request past its time) into
/// `{"error": "..."}` with the same status and headers.
pub async fn json_errors(State(app): State<Arc<App>>, response: Response) -> Response {
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
    let message = match status {
        StatusCode::REQUEST_TIMEOUT => format!(
            "the request took longer than {} ms (sending its body included)",
            app.config.request_timeout.as_millis()
        ),
        StatusCode::PAYLOAD_TOO_LARGE => format!("the body is too large: {text}"),
        _ if !text.is_empty() => text,
        StatusCode::METHOD_NOT_ALLOWED => {
            "this route does not take this method (see docs/web.md)".to_owned()
        }
        other => other.canonical_reason().unwrap_or("refused").to_lowercase(),
    };
    let mut answer = (status, Json(json!({ "error": message }))).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            answer.headers_mut().append(name.clone(), value.clone());
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use axum::Router;
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use axum::routing::get;
    use tower::ServiceExt;

    use crate::{App, ServerConfig};

    /// The answer to `GET path` from routes behind the guards: its status and its
    /// `error`.
    async fn answer(routes: Router<Arc<App>>, path: &str) -> (StatusCode, String) {
        let app = Arc::new(App::new(ServerConfig {
            request_timeout: Duration::from_millis(50),
            ..ServerConfig::default()
        }));
        let request = Request::get(path).body(Body::empty()).expect("a request");
        let response = super::around(routes, &app)
            .with_state(app)
            .oneshot(request)
            .await
            .expect("an answer");
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .expect("a body");
        let json: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
        (
            status,
            json["error"].as_str().unwrap_or_default().to_owned(),
        )
    }

    /// A handler with a bug.
    async fn panics() -> &'static str {
        panic!("a bug")
    }

    #[tokio::test]
    async fn a_panic_is_a_json_500_and_a_slow_answer_a_json_408() {
        let routes = Router::new().route("/panic", get(panics)).route(
            "/slow",
            get(|| async { tokio::time::sleep(Duration::from_secs(5)).await }),
        );
        let (status, error) = answer(routes.clone(), "/panic").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!error.contains("a bug"), "{error}");
        let (status, error) = answer(routes, "/slow").await;
        assert_eq!(status, StatusCode::REQUEST_TIMEOUT);
        assert!(error.contains("50 ms"), "{error}");
    }
}
