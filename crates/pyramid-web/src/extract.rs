//! The request edges: [`Checked`], the one extractor every route reads its JSON body,
//! path and query through, refusing what it cannot read with the project's JSON error
//! ([`ApiError`], 400 naming the part and the problem).

use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::ApiError;

/// A request part read as `T`: `Checked<Json<T>>` for a JSON body, `Checked<Path<T>>`
/// and `Checked<Query<T>>` for the path and query. Its rejection is an [`ApiError`].
#[derive(Debug)]
pub struct Checked<E>(pub E);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Checked<Json<T>> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        Json::<T>::from_request(request, state)
            .await
            .map(Checked)
            .map_err(|e| {
                if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::too_large(format!("the body is too large: {}", e.body_text()))
                } else {
                    ApiError::bad_request(format!("malformed JSON body: {}", e.body_text()))
                }
            })
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Checked<Path<T>> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(Checked)
            .map_err(|e| ApiError::bad_request(format!("malformed path: {}", e.body_text())))
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Checked<Query<T>> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(Checked)
            .map_err(|e| ApiError::bad_request(format!("malformed query: {}", e.body_text())))
    }
}

/// The address of the client asking (its IP), as the server saw its connection; none
/// for a request handed to the router directly (tests through `oneshot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp(pub std::net::IpAddr);

/// The client of a request, if the server knows it ([`ClientIp`]).
#[derive(Clone, Copy, Debug)]
pub struct Client(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &S,
    ) -> Result<Self, std::convert::Infallible> {
        Ok(Client(parts.extensions.get::<ClientIp>().map(|c| c.0)))
    }
}
