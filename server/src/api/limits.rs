//! Abuse limits on the account endpoints: login attempts per account and per client address, new accounts
//! (guests and registrations) per address, and a bound on concurrent password hashing.
//!
//! The rate limits are keyed GCRA limiters (`governor`): each key gets a burst of its per-minute allowance,
//! then one attempt per 1/n minute, so a guesser is slowed to a trickle while a person who mistypes a few
//! times never notices. Argon2 takes about 19 MiB per check; without a bound, a login flood runs hundreds at
//! once on the blocking pool and memory grows with the flood. With the bound, a check waits briefly for a
//! permit and is otherwise refused, so memory stays at permits × 19 MiB.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use kartka_protocol::ErrorCode;
use tokio::sync::Semaphore;

use super::ApiError;
use crate::config::Limits;
use crate::state::AppState;

/// Keys a limiter holds before it forgets those back at a full allowance, so memory stays bounded.
const FORGET_ABOVE_KEYS: usize = 10_000;

/// The server's abuse limits. Shared through [`AppState`].
pub struct AbuseLimits {
    login_by_account: DefaultKeyedRateLimiter<String>,
    login_by_address: DefaultKeyedRateLimiter<IpAddr>,
    accounts_by_address: DefaultKeyedRateLimiter<IpAddr>,
    password_checks: Arc<Semaphore>,
    password_wait: Duration,
}

impl AbuseLimits {
    /// Limits as the settings give them.
    #[must_use]
    pub fn new(limits: &Limits) -> AbuseLimits {
        let per_minute = |n: u32| Quota::per_minute(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN));
        AbuseLimits {
            login_by_account: RateLimiter::keyed(per_minute(limits.logins_per_account_per_minute)),
            login_by_address: RateLimiter::keyed(per_minute(limits.logins_per_address_per_minute)),
            accounts_by_address: RateLimiter::keyed(per_minute(limits.accounts_per_address_per_minute)),
            password_checks: Arc::new(Semaphore::new(limits.password_checks.max(1))),
            password_wait: limits.password_check_wait,
        }
    }

    /// Counts a login attempt for `username` from `address`; refused when either has used its allowance.
    pub fn login(&self, address: IpAddr, username: &str) -> Result<(), ApiError> {
        check(&self.login_by_address, &address, "too many sign-in attempts from this address")?;
        check(&self.login_by_account, &username.to_owned(), "too many sign-in attempts for this account")
    }

    /// Counts a new account (guest or registered) from `address`.
    pub fn new_account(&self, address: IpAddr) -> Result<(), ApiError> {
        check(&self.accounts_by_address, &address, "too many new accounts from this address")
    }

    /// Runs password hashing work off the async runtime once a permit is free, refusing with `rate_limited`
    /// when none frees up within the configured wait. The permit lives as long as the work, even if the
    /// request is abandoned meanwhile.
    pub async fn hash<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(self.password_wait, self.password_checks.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
            .ok_or_else(|| {
                ApiError::rate_limited("the server is busy checking passwords; retry shortly", Duration::from_secs(1))
            })?;
        tokio::task::spawn_blocking(move || {
            let result = work();
            drop(permit);
            result
        })
        .await
        .map_err(|_| ApiError::new(ErrorCode::Internal, "could not check the password"))
    }
}

fn check<K>(limiter: &DefaultKeyedRateLimiter<K>, key: &K, message: &str) -> Result<(), ApiError>
where
    K: Clone + Eq + std::hash::Hash,
{
    let verdict = limiter.check_key(key);
    if limiter.len() > FORGET_ABOVE_KEYS {
        limiter.retain_recent();
    }
    verdict.map_err(|not_until| {
        ApiError::rate_limited(message.to_owned(), not_until.wait_time_from(DefaultClock::default().now()))
    })
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
        let response = axum::response::IntoResponse::into_response(refused);
        assert_eq!(response.status(), axum::http::StatusCode::TOO_MANY_REQUESTS);
        let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=20).contains(&retry_after), "the next attempt is allowed within 20 s: {retry_after}");
        assert!(limits.login(address, "bob").is_ok(), "other accounts are not affected");
    }
}
