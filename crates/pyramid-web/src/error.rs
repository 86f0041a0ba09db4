//! Refusals as JSON: [`ApiError`], a 4xx status (5xx for a failure of the server's
//! own) with `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refused request: its status and a message naming the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status (4xx; 500 or 503 for a failure of the server's own).
    pub status: StatusCode,
    /// What was wrong, in words.
    pub message: String,
}

impl ApiError {
    /// 400: the request cannot be read or names something that does not exist.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: the token does not allow it.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such game.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: not now (game over, another seat to act).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 422: an action the rules refuse.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 405: the route does not take this method.
    pub fn method_not_allowed(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::METHOD_NOT_ALLOWED, message)
    }

    /// 408: the request (its body, or the work it asks for) took too long.
    pub fn timeout(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::REQUEST_TIMEOUT, message)
    }

    /// 414: the path and query are too long.
    pub fn uri_too_long(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::URI_TOO_LONG, message)
    }

    /// 431: too many or too large headers.
    pub fn headers_too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, message)
    }

    /// 413: the body is larger than the server reads.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 429: this client asked for too much (games, streams, bot games) for now.
    pub fn too_many(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
    }

    /// 500: the server failed (a bug).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// 503: the server cannot do it now.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// Any status with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<pyramid_core::dynamic::RuntimeError> for ApiError {
    /// 409 for an action out of turn or after the end, 422 for one the rules refuse, 400
    /// for anything else a request named wrong (a game, an option, a position).
    fn from(e: pyramid_core::dynamic::RuntimeError) -> ApiError {
        use pyramid_core::PlayError;
        use pyramid_core::dynamic::RuntimeError;
        match e {
            RuntimeError::Play(PlayError::GameOver) => ApiError::conflict("the game is over"),
            RuntimeError::Play(PlayError::WrongSeat { expected, got }) => {
                ApiError::conflict(format!("seat {got} is not to act: seat {expected} is"))
            }
            RuntimeError::Play(e) => ApiError::unprocessable(e.to_string()),
            other => ApiError::bad_request(other.to_string()),
        }
    }
}
