//! Webhooks: each published notification is POSTed as JSON to the account's webhook URL by a background task,
//! so a slow or failing receiver never delays play. Deliveries live in the store's outbox and survive
//! restarts; a failure is retried with exponential backoff (doubling from the first retry delay, capped) until
//! the attempts run out.
//!
//! Each body is signed with HMAC-SHA256, keyed with the account's webhook secret (its text as UTF-8 bytes):
//! `X-Kartka-Signature: sha256=<hex>`. `X-Kartka-Notification` carries the notification's id, for receivers
//! that want to drop a repeat after a lost answer.
//!
//! Only http and https URLs are accepted. Unless `webhook_allow_private` is set, a URL whose host is, or
//! resolves to, a loopback, private, link-local or otherwise non-public address is refused (when registered,
//! where any one non-public address of a name refuses it, and again at each delivery, through the client's
//! resolver, since a name's addresses can change), and redirects are not followed: a webhook must not let
//! anyone probe the server's own network. An IPv6 address that carries an IPv4 address (IPv4-mapped,
//! IPv4-compatible, NAT64, 6to4) is judged by that IPv4 address, since that is where it leads. A host name that
//! does not resolve is refused when registered whatever the setting: nothing could ever be delivered to it.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use hmac::{Hmac, Mac};
use kartka_protocol::correspondence::Notification;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::Url;
use sha2::Sha256;

use super::notify::view;
use crate::config::CorrespondenceSettings;
use crate::state::AppState;
use crate::store::{Millis, WebhookJob};
use crate::time::now_ms;

/// Deliveries attempted per round, concurrently.
const DELIVERY_BATCH: u32 = 16;

/// The header that carries the body's signature.
pub const SIGNATURE_HEADER: &str = "X-Kartka-Signature";
/// The header that carries the notification's id.
pub const NOTIFICATION_HEADER: &str = "X-Kartka-Notification";

/// Why a webhook URL is refused.
#[derive(Debug, thiserror::Error)]
pub enum WebhookUrlError {
    /// Not a URL.
    #[error("the webhook is not a valid URL")]
    Malformed,
    /// Not http or https.
    #[error("webhooks must be http or https URLs")]
    Scheme,
    /// The host is, or resolves to, a non-public address.
    #[error("webhooks may not go to loopback, private or link-local addresses")]
    PrivateAddress,
    /// The host name has no address.
    #[error("the webhook's host name does not resolve to any address")]
    Unresolvable,
}

/// Checks a webhook URL as [`check_url`] does and, for a host name, resolves it: a name without an address is
/// refused, and so (unless allowed) is a name with any non-public address.
pub async fn check_registered_url(text: &str, allow_private: bool) -> Result<Url, WebhookUrlError> {
    let url = check_url(text, allow_private)?;
    if let Some(name) = url.domain() {
        let port = url.port_or_known_default().unwrap_or(0);
        let addresses: Vec<SocketAddr> = match tokio::net::lookup_host((name, port)).await {
            Ok(found) => found.collect(),
            Err(_) => Vec::new(),
        };
        if addresses.is_empty() {
            return Err(WebhookUrlError::Unresolvable);
        }
        if !allow_private && addresses.iter().any(|address| !is_public(address.ip())) {
            return Err(WebhookUrlError::PrivateAddress);
        }
    }
    Ok(url)
}

/// Checks a webhook URL: http or https, with a host that is not a non-public address (unless allowed).
pub fn check_url(text: &str, allow_private: bool) -> Result<Url, WebhookUrlError> {
    let url = Url::parse(text).map_err(|_| WebhookUrlError::Malformed)?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(WebhookUrlError::Scheme);
    }
    let host = url.host_str().ok_or(WebhookUrlError::Malformed)?;
    let refused = match host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() {
        Ok(ip) => !is_public(ip),
        Err(_) => host.eq_ignore_ascii_case("localhost"),
    };
    if refused && !allow_private {
        return Err(WebhookUrlError::PrivateAddress);
    }
    Ok(url)
}

/// The `X-Kartka-Signature` value of a body: `sha256=` and the hex HMAC-SHA256 keyed with `secret`.
#[must_use]
pub fn signature(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(body);
    let digest = mac.finalize().into_bytes();
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("sha256={hex}")
}

/// Whether an address is a public unicast one.
#[must_use]
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => {
            let [first, second, ..] = ip.octets();
            let shared = first == 100 && (64..128).contains(&second);
            !(ip.is_loopback()
                || ip.is_private()
                || ip.is_link_local()
                || ip.is_unspecified()
                || ip.is_broadcast()
                || ip.is_documentation()
                || ip.is_multicast()
                || shared
                || first == 0)
        }
        IpAddr::V6(ip) => match embedded_ipv4(ip) {
            Some(embedded) => is_public(IpAddr::V4(embedded)),
            None => {
                let [first, second, ..] = ip.segments();
                // 64:ff9b:1::/48 is NAT64 for a network's own use (RFC 8215): its addresses lead wherever that
                // network's translator sends them.
                let local_nat64 = first == 0x64 && second == 0xff9b;
                !(ip.is_loopback()
                    || ip.is_unspecified()
                    || ip.is_unique_local()
                    || ip.is_unicast_link_local()
                    || ip.is_multicast()
                    || local_nat64)
            }
        },
    }
}

/// The IPv4 address an IPv6 address leads to, where it carries one: IPv4-mapped (`::ffff:a.b.c.d`),
/// IPv4-compatible (`::a.b.c.d`, which also covers `::` and `::1`, both refused as `0.0.0.x`), NAT64's
/// well-known prefix (`64:ff9b::/96`, RFC 6052) and 6to4 (`2002:AABB:CCDD::/48`, RFC 3056).
fn embedded_ipv4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let segments = ip.segments();
    let octets = ip.octets();
    let last_four = Ipv4Addr::new(octets[12], octets[13], octets[14], octets[15]);
    match segments {
        [0, 0, 0, 0, 0, 0 | 0xffff, _, _] => Some(last_four),
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(last_four),
        [0x2002, ..] => Some(Ipv4Addr::new(octets[2], octets[3], octets[4], octets[5])),
        _ => None,
    }
}

/// Delivers due webhooks until shutdown: at once when woken, else every poll interval.
pub async fn deliver(state: AppState) {
    let settings = state.settings.correspondence.clone();
    let client = match client(&settings) {
        Ok(client) => client,
        Err(error) => {
            tracing::error!(%error, "could not build the webhook client; webhooks are not delivered");
            return;
        }
    };
    loop {
        deliver_due(&state, &client, &settings).await;
        tokio::select! {
            () = state.shutdown.cancelled() => break,
            () = state.wakers.webhooks.notified() => {}
            () = tokio::time::sleep(settings.notify_poll_interval) => {}
        }
    }
}

fn client(settings: &CorrespondenceSettings) -> reqwest::Result<reqwest::Client> {
    let builder =
        reqwest::Client::builder().timeout(settings.webhook_timeout).redirect(reqwest::redirect::Policy::none());
    let builder =
        if settings.webhook_allow_private { builder } else { builder.dns_resolver(Arc::new(PublicOnlyResolver)) };
    builder.build()
}

async fn deliver_due(state: &AppState, client: &reqwest::Client, settings: &CorrespondenceSettings) {
    let jobs = match state.store.due_webhooks(now_ms(), DELIVERY_BATCH).await {
        Ok(jobs) => jobs,
        Err(error) => {
            tracing::error!(%error, "could not read due webhooks");
            return;
        }
    };
    let attempts = jobs.into_iter().map(|job| async move {
        let delivered = attempt(client, &job, settings.webhook_allow_private).await;
        let attempts = job.attempts + 1;
        let next_at = match delivered {
            Ok(()) => None,
            Err(reason) if attempts >= i64::from(settings.webhook_max_attempts) => {
                tracing::warn!(notification = %job.notification.id, %reason, attempts, "giving up a webhook");
                None
            }
            Err(reason) => {
                tracing::info!(notification = %job.notification.id, %reason, attempts, "a webhook failed; retrying");
                Some(now_ms() + backoff(settings, attempts))
            }
        };
        if let Err(error) = state.store.webhook_attempted(job.notification.id, attempts, next_at, now_ms()).await {
            tracing::error!(notification = %job.notification.id, %error, "could not record a webhook attempt");
        }
    });
    futures_util::future::join_all(attempts).await;
}

/// One delivery attempt; the reason on failure, for logs.
async fn attempt(client: &reqwest::Client, job: &WebhookJob, allow_private: bool) -> Result<(), String> {
    let (Some(url), Some(secret)) = (&job.url, &job.secret) else {
        return Ok(()); // The webhook was removed: nothing to deliver any more.
    };
    let status = post(client, url, secret, &view(&job.notification), allow_private).await?;
    if status.is_success() {
        Ok(())
    } else {
        Err(format!("the receiver answered {status}"))
    }
}

/// POSTs a signed notification to `url`; the receiver's status, or why there was none, for logs.
async fn post(
    client: &reqwest::Client,
    url: &str,
    secret: &str,
    notification: &Notification,
    allow_private: bool,
) -> Result<reqwest::StatusCode, String> {
    let url = check_url(url, allow_private).map_err(|error| error.to_string())?;
    let body = serde_json::to_vec(notification).expect("notifications always serialise");
    let response = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(SIGNATURE_HEADER, signature(secret, &body))
        .header(NOTIFICATION_HEADER, notification.id.to_string())
        .body(body)
        .send()
        .await
        .map_err(|error| error.to_string())?;
    Ok(response.status())
}

/// Delivers one test notification to `url` now, signed like any other, once and without retries: the
/// receiver's HTTP status, or `None` when it could not be reached or its address is refused.
pub async fn deliver_test(
    settings: &CorrespondenceSettings,
    url: &str,
    secret: &str,
    notification: &Notification,
) -> Option<u16> {
    let client = match client(settings) {
        Ok(client) => client,
        Err(error) => {
            tracing::error!(%error, "could not build the webhook client");
            return None;
        }
    };
    match post(&client, url, secret, notification, settings.webhook_allow_private).await {
        Ok(status) => Some(status.as_u16()),
        Err(reason) => {
            tracing::info!(notification = %notification.id, %reason, "a test webhook was not delivered");
            None
        }
    }
}

/// The wait after the `attempts`-th failure.
fn backoff(settings: &CorrespondenceSettings, attempts: i64) -> Millis {
    let first = settings.webhook_first_retry.as_millis() as i64;
    let cap = settings.webhook_retry_cap.as_millis() as i64;
    let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(u32::MAX).min(30);
    first.saturating_mul(1 << doublings).min(cap)
}

/// Resolves names like the system does, but only to public addresses.
struct PublicOnlyResolver;

impl Resolve for PublicOnlyResolver {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await?;
            let public: Vec<SocketAddr> = found.filter(|address| is_public(address.ip())).collect();
            if public.is_empty() {
                return Err(WebhookUrlError::PrivateAddress.into());
            }
            let addresses: Addrs = Box::new(public.into_iter());
            Ok(addresses)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn signs_with_hmac_sha256() {
        // RFC 4231 test case 2.
        let signed = signature("Jefe", b"what do ya want for nothing?");
        assert_eq!(signed, "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    #[test]
    fn refuses_other_schemes_and_private_hosts_unless_allowed() {
        assert!(check_url("https://hooks.example.com/kartka", false).is_ok());
        assert!(matches!(check_url("ftp://hooks.example.com/", false), Err(WebhookUrlError::Scheme)));
        assert!(matches!(check_url("http://127.0.0.1:9/", false), Err(WebhookUrlError::PrivateAddress)));
        assert!(matches!(check_url("http://10.1.2.3/", false), Err(WebhookUrlError::PrivateAddress)));
        assert!(matches!(check_url("http://[::1]/", false), Err(WebhookUrlError::PrivateAddress)));
        assert!(matches!(check_url("http://localhost/", false), Err(WebhookUrlError::PrivateAddress)));
        assert!(check_url("http://127.0.0.1:9/", true).is_ok());
        assert!(matches!(check_url("not a url", true), Err(WebhookUrlError::Malformed)));
    }

    #[test]
    fn ipv6_forms_that_carry_an_ipv4_address_are_judged_by_it() {
        for refused in [
            "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:10.0.0.1]/",
            "http://[::127.0.0.1]/",
            "http://[::192.168.1.1]/",
            "http://[64:ff9b::127.0.0.1]/",
            "http://[64:ff9b::a9fe:a9fe]/",
            "http://[64:ff9b:1::8.8.8.8]/",
            "http://[2002:7f00:1::]/",
            "http://[2002:a00:1::1]/",
        ] {
            assert!(matches!(check_url(refused, false), Err(WebhookUrlError::PrivateAddress)), "{refused}");
            assert!(check_url(refused, true).is_ok(), "{refused} is allowed when private addresses are");
        }
        for public in ["http://[::ffff:8.8.8.8]/", "http://[64:ff9b::8.8.8.8]/", "http://[2002:808:808::1]/"] {
            assert!(check_url(public, false).is_ok(), "{public}");
        }
    }

    #[tokio::test]
    async fn a_registered_host_name_is_resolved_and_judged_by_its_addresses() {
        let loopback = check_registered_url("http://localhost:9/hook", false).await;
        assert!(matches!(loopback, Err(WebhookUrlError::PrivateAddress)), "{loopback:?}");
        assert!(check_registered_url("http://localhost:9/hook", true).await.is_ok());
        // `.invalid` never resolves (RFC 6761).
        for allow_private in [false, true] {
            let nowhere = check_registered_url("https://hooks.invalid/kartka", allow_private).await;
            assert!(matches!(nowhere, Err(WebhookUrlError::Unresolvable)), "{nowhere:?}");
        }
        let literal = check_registered_url("http://[::ffff:127.0.0.1]:9/", false).await;
        assert!(matches!(literal, Err(WebhookUrlError::PrivateAddress)), "{literal:?}");
    }

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let settings = CorrespondenceSettings {
            webhook_first_retry: Duration::from_secs(1),
            webhook_retry_cap: Duration::from_secs(5),
            ..CorrespondenceSettings::default()
        };
        let waits: Vec<Millis> = (1..=5).map(|attempts| backoff(&settings, attempts)).collect();
        assert_eq!(waits, [1_000, 2_000, 4_000, 5_000, 5_000]);
    }
}
