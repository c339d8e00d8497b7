//! Abuse limits: login attempts per account (from one address, and from all together) and per client address,
//! new accounts (guests and registrations)
//! per address, chat messages, reports and webhook tests per account, the bot's suggestions on the analysis board per
//! account and per address (and one running at a time per account), and a bound on concurrent password hashing. Kept apart from the API (which turns a refusal
//! into its typed error) so that the server's state can hold them without depending on the API.
//!
//! The rate limits are keyed GCRA limiters (`governor`): each key gets a burst of its per-minute allowance,
//! then one attempt per 1/n minute, so a guesser is slowed to a trickle while a person who mistypes a few
//! times never notices. Argon2 takes about 19 MiB per check; without a bound, a login flood runs hundreds at
//! once on the blocking pool and memory grows with the flood. With the bound, a check waits briefly for a
//! permit and is otherwise refused, so memory stays at permits × 19 MiB.

use std::collections::HashSet;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::Semaphore;
use uuid::Uuid;

use crate::config::Limits;

/// Why a limit refused a request.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// The key (an account or an address) has used its allowance.
    #[error("{message}")]
    TooMany {
        /// What was refused, for the client.
        message: &'static str,
        /// When the allowance has room again.
        retry_after: Duration,
    },
    /// Every password check permit stayed taken for the whole wait.
    #[error("the server is busy checking passwords; retry shortly")]
    Busy,
    /// Every bot search permit stayed taken for the whole wait.
    #[error("the bot is busy with other positions; retry shortly")]
    BotBusy,
    /// The account's earlier bot search is still waiting or running: one at a time per account.
    #[error("the bot is still working on your previous position; wait for its answer")]
    SearchRunning,
    /// The hashing task or the bot's search failed.
    #[error("the server could not finish the work; nothing was changed")]
    Failed,
}

/// Keys a limiter holds before it forgets those back at a full allowance, so memory stays bounded.
const FORGET_ABOVE_KEYS: usize = 10_000;

/// Chat messages an account may send at once before the per-minute pace applies: a quick exchange of a few
/// lines is normal, a flood is not.
const CHAT_BURST: NonZeroU32 = NonZeroU32::new(5).expect("non-zero");

/// Test deliveries to its webhook an account may ask for per minute (`POST /api/me/notifications/test`): each
/// makes the server send a request to an address of the account's choosing.
const WEBHOOK_TESTS_PER_MINUTE: NonZeroU32 = NonZeroU32::new(3).expect("non-zero");

/// Bot suggestions (`POST /api/analysis/suggestion`) an account may ask for per minute: each runs a search of
/// a fixed node budget on a blocking thread, so a flood would take the CPU the games need.
const SUGGESTIONS_PER_ACCOUNT_PER_MINUTE: NonZeroU32 = NonZeroU32::new(20).expect("non-zero");

/// Bot suggestions one client address may ask for per minute, whatever the accounts (guests cost nothing).
const SUGGESTIONS_PER_ADDRESS_PER_MINUTE: NonZeroU32 = NonZeroU32::new(60).expect("non-zero");

/// The server's abuse limits, shared by every request through the server's state.
pub struct AbuseLimits {
    login_by_account_and_address: DefaultKeyedRateLimiter<(String, IpAddr)>,
    login_by_account: DefaultKeyedRateLimiter<String>,
    login_by_address: DefaultKeyedRateLimiter<IpAddr>,
    accounts_by_address: DefaultKeyedRateLimiter<IpAddr>,
    chat_by_account: DefaultKeyedRateLimiter<Uuid>,
    reports_by_account: DefaultKeyedRateLimiter<Uuid>,
    webhook_tests_by_account: DefaultKeyedRateLimiter<Uuid>,
    suggestions_by_account: DefaultKeyedRateLimiter<Uuid>,
    suggestions_by_address: DefaultKeyedRateLimiter<IpAddr>,
    explorer_by_address: DefaultKeyedRateLimiter<IpAddr>,
    password_checks: Arc<Semaphore>,
    password_wait: Duration,
    bot_searches: Arc<Semaphore>,
    /// The accounts with a bot search waiting for a permit or running, so that one account cannot take every
    /// permit while others wait.
    searching_accounts: Arc<Mutex<HashSet<Uuid>>>,
}

impl AbuseLimits {
    /// Limits as the settings give them.
    #[must_use]
    pub fn new(limits: &Limits) -> AbuseLimits {
        let per_minute = |n: u32| Quota::per_minute(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN));
        AbuseLimits {
            login_by_account_and_address: RateLimiter::keyed(per_minute(limits.logins_per_account_per_minute)),
            login_by_account: RateLimiter::keyed(per_minute(limits.logins_per_account_total_per_minute)),
            login_by_address: RateLimiter::keyed(per_minute(limits.logins_per_address_per_minute)),
            accounts_by_address: RateLimiter::keyed(per_minute(limits.accounts_per_address_per_minute)),
            chat_by_account: RateLimiter::keyed(per_minute(limits.chat_messages_per_minute).allow_burst(CHAT_BURST)),
            reports_by_account: RateLimiter::keyed(Quota::per_hour(
                NonZeroU32::new(limits.reports_per_hour).unwrap_or(NonZeroU32::MIN),
            )),
            webhook_tests_by_account: RateLimiter::keyed(Quota::per_minute(WEBHOOK_TESTS_PER_MINUTE)),
            suggestions_by_account: RateLimiter::keyed(Quota::per_minute(SUGGESTIONS_PER_ACCOUNT_PER_MINUTE)),
            suggestions_by_address: RateLimiter::keyed(Quota::per_minute(SUGGESTIONS_PER_ADDRESS_PER_MINUTE)),
            explorer_by_address: RateLimiter::keyed(per_minute(limits.explorer_queries_per_minute)),
            password_checks: Arc::new(Semaphore::new(limits.password_checks.max(1))),
            password_wait: limits.password_check_wait,
            bot_searches: Arc::new(Semaphore::new(bot_searches())),
            searching_accounts: Arc::default(),
        }
    }

    /// Counts a login attempt for `username` from `address`; refused when the address, the account from that
    /// address, or the account from everywhere has used its allowance. The account counts by its name as the
    /// store matches it (case folded), so `ALICE` is no way around `alice`'s limit. Someone guessing from their
    /// own addresses slows the account only there: its owner signing in from elsewhere is refused only past the
    /// ceiling of all addresses together, which a few guessers cannot reach.
    pub fn login(&self, address: IpAddr, username: &str) -> Result<(), Refused> {
        let account = username.to_lowercase();
        check(&self.login_by_address, &address, "too many sign-in attempts from this address")?;
        check(
            &self.login_by_account_and_address,
            &(account.clone(), address),
            "too many sign-in attempts for this account",
        )?;
        check(&self.login_by_account, &account, "too many sign-in attempts for this account")
    }

    /// Counts a new account (guest or registered) from `address`.
    pub fn new_account(&self, address: IpAddr) -> Result<(), Refused> {
        check(&self.accounts_by_address, &address, "too many new accounts from this address")
    }

    /// Counts a chat message of `account`, whatever the channel and connection.
    pub fn chat(&self, account: Uuid) -> Result<(), Refused> {
        check(&self.chat_by_account, &account, "too many chat messages; wait a little")
    }

    /// Counts a report made by `account`.
    pub fn report(&self, account: Uuid) -> Result<(), Refused> {
        check(&self.reports_by_account, &account, "too many reports; wait an hour")
    }

    /// Counts a test delivery to the webhook of `account`.
    pub fn webhook_test(&self, account: Uuid) -> Result<(), Refused> {
        check(&self.webhook_tests_by_account, &account, "too many webhook tests; wait a minute")
    }

    /// Counts a bot suggestion asked by `account` from `address`; refused when either has used its allowance.
    pub fn suggestion(&self, address: IpAddr, account: Uuid) -> Result<(), Refused> {
        check(&self.suggestions_by_address, &address, "too many bot suggestions from this address; wait a little")?;
        check(&self.suggestions_by_account, &account, "too many bot suggestions; wait a little")
    }

    /// Counts an opening explorer query from `address`.
    pub fn explorer(&self, address: IpAddr) -> Result<(), Refused> {
        check(&self.explorer_by_address, &address, "too many explorer queries from this address; wait a little")
    }

    /// Runs password hashing work off the async runtime once a permit is free, refusing with `rate_limited`
    /// when none frees up within the configured wait. The permit lives as long as the work, even if the
    /// request is abandoned meanwhile.
    pub async fn hash<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, Refused> {
        bounded(&self.password_checks, self.password_wait, Refused::Busy, work).await
    }

    /// Runs a bot search (the analysis board's suggestion) for `account` on a blocking thread once one of a few
    /// permits is free, as [`AbuseLimits::hash`] does: many accounts at once may each be within their allowance,
    /// and the games must keep the CPU they need. An account whose earlier search still waits or runs is refused
    /// at once: the permits are shared by everyone, and one account's requests in parallel would take them all.
    /// The account's place is held as long as the work, even if the request is abandoned meanwhile.
    pub async fn search<T: Send + 'static>(
        &self,
        account: Uuid,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let place = SearchPlace::take(&self.searching_accounts, account).ok_or(Refused::SearchRunning)?;
        bounded(&self.bot_searches, self.password_wait, Refused::BotBusy, move || {
            let result = work();
            drop(place);
            result
        })
        .await
    }
}

/// An account's one place among the bot searches waiting or running, given back when dropped.
struct SearchPlace {
    accounts: Arc<Mutex<HashSet<Uuid>>>,
    account: Uuid,
}

impl SearchPlace {
    /// The place of `account`, unless it holds one already.
    fn take(accounts: &Arc<Mutex<HashSet<Uuid>>>, account: Uuid) -> Option<SearchPlace> {
        let taken = accounts.lock().unwrap_or_else(PoisonError::into_inner).insert(account);
        taken.then(|| SearchPlace { accounts: accounts.clone(), account })
    }
}

impl Drop for SearchPlace {
    fn drop(&mut self) {
        self.accounts.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.account);
    }
}

/// Bot searches at once: the CPU cores, so that searches alone can never take more than the machine has.
fn bot_searches() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// Runs `work` on a blocking thread once `permits` has one free, or refuses with `busy` after `wait`.
async fn bounded<T: Send + 'static>(
    permits: &Arc<Semaphore>,
    wait: Duration,
    busy: Refused,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Refused> {
    let permit =
        tokio::time::timeout(wait, permits.clone().acquire_owned()).await.ok().and_then(Result::ok).ok_or(busy)?;
    tokio::task::spawn_blocking(move || {
        let result = work();
        drop(permit);
        result
    })
    .await
    .map_err(|_| Refused::Failed)
}

fn check<K>(limiter: &DefaultKeyedRateLimiter<K>, key: &K, message: &'static str) -> Result<(), Refused>
where
    K: Clone + Eq + std::hash::Hash,
{
    let verdict = limiter.check_key(key);
    if limiter.len() > FORGET_ABOVE_KEYS {
        limiter.retain_recent();
    }
    verdict.map_err(|not_until| Refused::TooMany {
        message,
        retry_after: not_until.wait_time_from(DefaultClock::default().now()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_search_waits_for_a_free_permit_and_is_refused_when_none_frees() {
        let limits = AbuseLimits::new(&Limits { password_check_wait: Duration::from_millis(20), ..Limits::default() });
        let all = u32::try_from(bot_searches()).expect("a few cores");
        let taken = limits.bot_searches.clone().acquire_many_owned(all).await.expect("the permits");
        assert!(matches!(limits.search(Uuid::new_v4(), || 7).await, Err(Refused::BotBusy)), "every permit is taken");
        assert!(limits.hash(|| 7).await.is_ok(), "password checks have permits of their own");
        drop(taken);
        assert_eq!(limits.search(Uuid::new_v4(), || 7).await.expect("a permit is free"), 7);
    }

    #[tokio::test]
    async fn an_account_runs_one_search_at_a_time() {
        let limits = Arc::new(AbuseLimits::new(&Limits::default()));
        let (alice, bob) = (Uuid::new_v4(), Uuid::new_v4());
        let (started, has_started) = std::sync::mpsc::channel();
        let (finish, may_finish) = std::sync::mpsc::channel::<()>();
        let running = tokio::spawn({
            let limits = limits.clone();
            async move {
                limits
                    .search(alice, move || {
                        started.send(()).expect("the test waits");
                        may_finish.recv().expect("the test says when");
                    })
                    .await
            }
        });
        tokio::task::spawn_blocking(move || has_started.recv()).await.expect("joined").expect("the search runs");
        assert!(matches!(limits.search(alice, || 7).await, Err(Refused::SearchRunning)), "alice's first still runs");
        if bot_searches() > 1 {
            assert_eq!(limits.search(bob, || 7).await.expect("another account searches"), 7);
        }
        finish.send(()).expect("the search waits");
        running.await.expect("joined").expect("the first search");
        assert_eq!(limits.search(alice, || 7).await.expect("alice's place is free again"), 7);

        let all = u32::try_from(bot_searches()).expect("a few cores");
        let taken = limits.bot_searches.clone().acquire_many_owned(all).await.expect("the permits");
        let waiting = tokio::spawn({
            let limits = limits.clone();
            async move { limits.search(alice, || 7).await }
        });
        while !limits.searching_accounts.lock().expect("not poisoned").contains(&alice) {
            tokio::task::yield_now().await;
        }
        waiting.abort();
        assert!(waiting.await.is_err(), "the waiting request is abandoned");
        drop(taken);
        assert_eq!(limits.search(alice, || 7).await.expect("an abandoned wait gives the place back"), 7);
    }

    #[test]
    fn suggestions_count_per_account_and_per_address() {
        let limits = AbuseLimits::new(&Limits::default());
        let home: IpAddr = "192.0.2.1".parse().unwrap();
        let away: IpAddr = "192.0.2.2".parse().unwrap();
        let accounts: Vec<Uuid> = (0..4).map(|_| Uuid::new_v4()).collect();
        for _ in 0..SUGGESTIONS_PER_ACCOUNT_PER_MINUTE.get() {
            assert!(limits.suggestion(home, accounts[0]).is_ok());
        }
        let refused = limits.suggestion(home, accounts[0]).expect_err("the account's allowance is used up");
        assert!(refused.to_string().contains("too many bot suggestions;"), "{refused}");
        assert!(limits.suggestion(away, accounts[0]).is_err(), "the account waits from any address");
        // Other accounts from the same address share its larger allowance (of which the account above used 21,
        // its refused request too), until it too is used up.
        let mut allowed = 0;
        let refused = accounts[1..]
            .iter()
            .cycle()
            .take(60)
            .find_map(|&account| {
                let verdict = limits.suggestion(home, account).err();
                allowed += u32::from(verdict.is_none());
                verdict
            })
            .expect("the address's allowance ends");
        assert!(refused.to_string().contains("from this address"), "{refused}");
        assert!(allowed >= SUGGESTIONS_PER_ADDRESS_PER_MINUTE.get() - 21, "the rest of the burst: {allowed}");
        assert!(limits.suggestion(away, accounts[3]).is_ok(), "other addresses are not affected");
    }
}
