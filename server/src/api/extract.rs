//! The authenticated account of a REST request, from its `Authorization: Bearer` header.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use kartka_protocol::ErrorCode;

use super::ApiError;
use crate::accounts::authenticate;
use crate::auth::bearer_token;
use crate::state::AppState;
use crate::store::AccountRow;

/// The account behind the request's bearer token, and the token itself (for logout).
pub struct Authenticated {
    /// The account.
    pub account: AccountRow,
    /// The bearer token as presented.
    pub token: String,
}

impl FromRequestParts<AppState> for Authenticated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated, "send Authorization: Bearer <token>"))?;
        let token =
            header.to_str().ok().and_then(bearer_token).ok_or_else(|| {
                ApiError::new(ErrorCode::InvalidToken, "the Authorization header is not a bearer token")
            })?;
        let account = authenticate(&*state.store, token).await?;
        Ok(Authenticated { account, token: token.to_owned() })
    }
}
