//! The API's side of the abuse limits (`crate::abuse`): who a request comes from, and a refusal as the typed
//! `rate_limited` error with `Retry-After`.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use kartka_protocol::ErrorCode;

use super::ApiError;
use crate::abuse::Refused;
use crate::state::AppState;

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> ApiError {
        match refused {
            Refused::TooMany { message, retry_after } => ApiError::rate_limited(message, retry_after),
            Refused::Busy | Refused::BotBusy => ApiError::rate_limited(refused.to_string(), Duration::from_secs(1)),
            Refused::SearchRunning => ApiError::new(ErrorCode::AnalysisRunning, refused.to_string()),
            Refused::Failed => ApiError::new(ErrorCode::Internal, refused.to_string()),
        }
    }
}

/// The client's address for per-address limits: the socket's peer, or with `--trust-forwarded-for` the last
/// address in `X-Forwarded-For` (the one the trusted proxy added). IPv6 addresses count by their /64, the
/// block one client usually holds.
pub struct ClientAddress(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let forwarded = state
            .settings
            .limits
            .trust_forwarded_for
            .then(|| parts.headers.get_all("x-forwarded-for").iter().next_back())
            .flatten()
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.rsplit(',').next())
            .and_then(|last| last.trim().parse::<IpAddr>().ok());
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(peer)| peer.ip());
        // Without a socket address (a router driven without the server's accept loop) every request shares
        // one key: the limits still hold, only less finely.
        let address = forwarded.or(peer).unwrap_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED));
        Ok(ClientAddress(block(address)))
    }
}

/// The key an address counts under: IPv4 as it is, IPv6 by its /64.
fn block(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abuse::AbuseLimits;
    use crate::config::Limits;

    #[test]
    fn ipv6_counts_by_its_slash_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(block(a), block(b));
        assert_ne!(block(a), block(other));
        let v4: IpAddr = "192.0.2.7".parse().unwrap();
        assert_eq!(block(v4), v4);
        assert_eq!(block("::ffff:192.0.2.7".parse().unwrap()), v4);
    }

    #[test]
    fn an_account_gets_its_allowance_then_waits() {
        let limits = AbuseLimits::new(&Limits { logins_per_account_per_minute: 3, ..Limits::default() });
        let address: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..3 {
            assert!(limits.login(address, "alice").is_ok());
        }
        let refused = limits.login(address, "alice").expect_err("the fourth attempt in a minute is refused");
        let response = axum::response::IntoResponse::into_response(ApiError::from(refused));
        assert_eq!(response.status(), axum::http::StatusCode::TOO_MANY_REQUESTS);
        let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=20).contains(&retry_after), "the next attempt is allowed within 20 s: {retry_after}");
        assert!(limits.login(address, "bob").is_ok(), "other accounts are not affected");
        assert!(limits.login(address, "ALICE").is_err(), "a name counts as the store matches it, case folded");
    }

    #[test]
    fn guessing_from_other_addresses_does_not_lock_the_owner_out_below_the_ceiling() {
        let limits = AbuseLimits::new(&Limits {
            logins_per_account_per_minute: 3,
            logins_per_account_total_per_minute: 10,
            ..Limits::default()
        });
        let guessers: Vec<IpAddr> = (1..=3).map(|n| IpAddr::from([198, 51, 100, n])).collect();
        for guesser in &guessers {
            for _ in 0..3 {
                assert!(limits.login(*guesser, "alice").is_ok());
            }
            assert!(limits.login(*guesser, "alice").is_err(), "each guesser is slowed on the account");
        }
        let owner: IpAddr = "192.0.2.1".parse().unwrap();
        assert!(limits.login(owner, "alice").is_ok(), "nine guesses elsewhere leave the owner room");
        let more: IpAddr = "203.0.113.9".parse().unwrap();
        assert!(limits.login(more, "alice").is_err(), "the ceiling of all addresses together holds");
    }
}
