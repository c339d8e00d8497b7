//! The quick pairing pools: who waits where, pairing waves, and measured waits. Pure state, owned by the lobby
//! task.

use std::collections::{HashMap, VecDeque};

use kartka_protocol::{PlayerInfo, PoolSpec, PoolStatus};
use uuid::Uuid;

use super::pairing::{gather, Candidate, Windows};
use super::LobbyError;
use crate::store::Millis;

/// Pools one player may wait in at once.
const POOLS_PER_PLAYER: usize = 8;
/// Pools with players at once: a bound on what clients can make the server keep.
const MAX_POOLS: usize = 1_000;
/// Recent waits the expected wait averages.
const MEASURED_WAITS: usize = 20;
/// An empty pool's measured waits are forgotten after this long unused.
const IDLE_POOL_MS: Millis = 3_600_000;

/// A player waiting in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiter {
    /// Who waits.
    pub player: PlayerInfo,
    /// Their rating for the pool's game kind and speed class, as of joining.
    pub rating: f64,
    /// How many more of their recent games they played first than second.
    pub colour_balance: i32,
    /// When they joined this pool.
    pub joined_at: Millis,
}

/// Players gathered in a pool for one game, in the order pairing chose them (not yet seated).
#[derive(Clone, Debug, PartialEq)]
pub struct PoolMatch {
    /// The pool.
    pub pool: PoolSpec,
    /// As many players as the pool's game seats.
    pub players: Vec<Waiter>,
}

#[derive(Debug, Default)]
struct Pool {
    /// How many players a game of this pool seats: a wave gathers that many.
    seats: usize,
    waiting: Vec<Waiter>,
    recent_waits: VecDeque<i64>,
    last_used: Millis,
    /// The status last pushed to players and lobby subscribers.
    reported: Option<PoolStatus>,
}

impl Pool {
    fn status(&self, spec: PoolSpec) -> PoolStatus {
        let expected_wait_ms = (!self.recent_waits.is_empty())
            .then(|| self.recent_waits.iter().sum::<i64>() / self.recent_waits.len() as i64)
            .map(|average| average.max(0) as u64);
        let measured_waits = self.recent_waits.len() as u32;
        PoolStatus { pool: spec, waiting: self.waiting.len() as u32, expected_wait_ms, measured_waits }
    }
}

/// Every pool. Pools appear when someone joins and are forgotten once empty and idle.
#[derive(Debug)]
pub struct Pools {
    pools: HashMap<PoolSpec, Pool>,
    windows: Windows,
}

impl Pools {
    /// No pools yet; pairing with `windows`.
    #[must_use]
    pub fn new(windows: Windows) -> Pools {
        Pools { pools: HashMap::new(), windows }
    }

    /// Adds a player to a pool whose games seat `seats`. Joining a pool one already waits in keeps the original
    /// place and wait.
    pub fn join(&mut self, spec: PoolSpec, seats: usize, waiter: Waiter) -> Result<(), LobbyError> {
        let account = waiter.player.account_id;
        if self.pools.get(&spec).is_some_and(|pool| pool.waiting.iter().any(|w| w.player.account_id == account)) {
            return Ok(());
        }
        if self.pools_of(account).len() >= POOLS_PER_PLAYER {
            return Err(LobbyError::NotAllowed("you are already waiting in as many pools as allowed"));
        }
        if !self.pools.contains_key(&spec) && self.pools.len() >= MAX_POOLS {
            return Err(LobbyError::NotAllowed("the server has too many pools open; join an existing one"));
        }
        let pool = self.pools.entry(spec).or_default();
        pool.seats = seats;
        pool.last_used = waiter.joined_at;
        pool.waiting.push(waiter);
        Ok(())
    }

    /// Removes a player from one pool; false when they were not in it.
    pub fn leave(&mut self, spec: &PoolSpec, account: Uuid) -> bool {
        let Some(pool) = self.pools.get_mut(spec) else { return false };
        let before = pool.waiting.len();
        pool.waiting.retain(|w| w.player.account_id != account);
        pool.waiting.len() != before
    }

    /// Removes a player from every pool.
    pub fn leave_all(&mut self, account: Uuid) {
        for pool in self.pools.values_mut() {
            pool.waiting.retain(|w| w.player.account_id != account);
        }
    }

    /// The pools a player waits in.
    #[must_use]
    pub fn pools_of(&self, account: Uuid) -> Vec<PoolSpec> {
        self.pools
            .iter()
            .filter(|(_, pool)| pool.waiting.iter().any(|w| w.player.account_id == account))
            .map(|(spec, _)| *spec)
            .collect()
    }

    /// How many players wait in a pool.
    #[must_use]
    pub fn waiting_in(&self, spec: &PoolSpec) -> usize {
        self.pools.get(spec).map_or(0, |pool| pool.waiting.len())
    }

    /// A pool's status now.
    #[must_use]
    pub fn status(&self, spec: PoolSpec) -> PoolStatus {
        self.pools
            .get(&spec)
            .map_or(PoolStatus { pool: spec, waiting: 0, expected_wait_ms: None, measured_waits: 0 }, |pool| {
                pool.status(spec)
            })
    }

    /// Every pool's status, for a lobby snapshot.
    #[must_use]
    pub fn statuses(&self) -> Vec<PoolStatus> {
        self.pools.iter().map(|(spec, pool)| pool.status(*spec)).collect()
    }

    /// Statuses that changed since they were last taken from here, with the accounts waiting in each.
    pub fn take_changed(&mut self) -> Vec<(PoolStatus, Vec<Uuid>)> {
        let mut changed = Vec::new();
        for (spec, pool) in &mut self.pools {
            let status = pool.status(*spec);
            if pool.reported != Some(status) {
                pool.reported = Some(status);
                changed.push((status, pool.waiting.iter().map(|w| w.player.account_id).collect()));
            }
        }
        changed
    }

    /// A pairing wave over every pool (`only` one pool when given), gathering as many players as the pool's
    /// game seats. Gathered players leave every pool, so nobody is gathered twice; their waits are measured for
    /// the pool's expected wait.
    pub fn wave(&mut self, now: Millis, only: Option<PoolSpec>) -> Vec<PoolMatch> {
        let specs: Vec<PoolSpec> = match only {
            Some(spec) => vec![spec],
            None => self.pools.keys().copied().collect(),
        };
        let mut matches = Vec::new();
        for spec in specs {
            let Some(pool) = self.pools.get_mut(&spec) else { continue };
            let candidates: Vec<Candidate> =
                pool.waiting.iter().map(|w| Candidate { rating: w.rating, waited_ms: now - w.joined_at }).collect();
            let tables = gather(&candidates, &self.windows, pool.seats);
            if tables.is_empty() {
                continue;
            }
            pool.last_used = now;
            for table in &tables {
                for &seated in table {
                    if pool.recent_waits.len() == MEASURED_WAITS {
                        pool.recent_waits.pop_front();
                    }
                    pool.recent_waits.push_back(now - pool.waiting[seated].joined_at);
                }
                let players = table.iter().map(|&seated| pool.waiting[seated].clone()).collect();
                matches.push(PoolMatch { pool: spec, players });
            }
            for found in &matches[matches.len() - tables.len()..] {
                for player in &found.players {
                    self.leave_all(player.player.account_id);
                }
            }
        }
        matches
    }

    /// Forgets empty pools unused for an hour (their measured waits with them).
    pub fn sweep(&mut self, now: Millis) {
        self.pools.retain(|_, pool| !pool.waiting.is_empty() || now - pool.last_used < IDLE_POOL_MS);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use kartka_protocol::TimeControl;

    use super::*;

    const WINDOWS: Windows = Windows { base: 100.0, growth_per_second: 0.0, widening_limit: Duration::from_secs(60) };

    fn spec(initial_seconds: u32, rated: bool) -> PoolSpec {
        PoolSpec {
            ruleset: crate::games::kinds::default_spec(kartka_engine::GameKind::default()),
            time_control: TimeControl::Fischer { initial_seconds, increment_seconds: 0 },
            rated,
        }
    }

    fn waiter(name: &str, rating: f64, joined_at: Millis) -> Waiter {
        Waiter {
            player: PlayerInfo { account_id: Uuid::new_v4(), name: name.into(), guest: true, bot: false },
            rating,
            colour_balance: 0,
            joined_at,
        }
    }

    #[test]
    fn a_player_paired_in_one_pool_leaves_every_pool() {
        let mut pools = Pools::new(WINDOWS);
        let (blitz, bullet) = (spec(300, true), spec(60, true));
        let ala = waiter("ala", 1500.0, 0);
        let ola = waiter("ola", 1550.0, 0);
        let ela = waiter("ela", 1520.0, 0);
        pools.join(blitz, 2, ala.clone()).unwrap();
        pools.join(bullet, 2, ala.clone()).unwrap();
        pools.join(blitz, 2, ola.clone()).unwrap();
        pools.join(bullet, 2, ela.clone()).unwrap();
        let matches = pools.wave(1_000, Some(blitz));
        assert_eq!(matches.len(), 1);
        assert!(pools.pools_of(ala.player.account_id).is_empty(), "ala left the bullet pool too");
        assert_eq!(pools.waiting_in(&bullet), 1);
        assert!(pools.wave(2_000, None).is_empty(), "ela has nobody left to play");
        assert_eq!(pools.status(blitz).expected_wait_ms, Some(1_000), "both waited one second");
        assert_eq!(pools.status(blitz).measured_waits, 2, "the estimate says how many waits it is of");
        assert_eq!(pools.status(bullet).measured_waits, 0, "nobody was paired in bullet");
    }

    #[test]
    fn a_pool_of_three_seats_waits_for_three_and_gathers_them() {
        let mut pools = Pools::new(WINDOWS);
        let three = PoolSpec {
            ruleset: kartka_protocol::RulesetSpec::DotsAndBoxes(
                kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions { rows: 3, cols: 3, players: 3 },
            ),
            ..spec(300, false)
        };
        let (ala, ola, ela) = (waiter("ala", 1500.0, 0), waiter("ola", 1510.0, 0), waiter("ela", 1490.0, 0));
        pools.join(three, 3, ala.clone()).unwrap();
        pools.join(three, 3, ola.clone()).unwrap();
        assert!(pools.wave(1_000, Some(three)).is_empty(), "two of three do not fill a table");
        pools.join(three, 3, ela.clone()).unwrap();
        let matches = pools.wave(2_000, Some(three));
        assert_eq!(matches.len(), 1);
        let mut gathered: Vec<Uuid> = matches[0].players.iter().map(|w| w.player.account_id).collect();
        let mut expected = vec![ala.player.account_id, ola.player.account_id, ela.player.account_id];
        gathered.sort_unstable();
        expected.sort_unstable();
        assert_eq!(gathered, expected);
        assert_eq!(pools.waiting_in(&three), 0);
        assert_eq!(pools.status(three).measured_waits, 3, "each of the three waits is measured");
    }

    #[test]
    fn joining_twice_keeps_the_place_and_leaving_works_per_pool() {
        let mut pools = Pools::new(WINDOWS);
        let blitz = spec(300, false);
        let ala = waiter("ala", 1500.0, 0);
        pools.join(blitz, 2, ala.clone()).unwrap();
        pools.join(blitz, 2, Waiter { joined_at: 5_000, ..ala.clone() }).unwrap();
        assert_eq!(pools.waiting_in(&blitz), 1);
        assert!(pools.leave(&blitz, ala.player.account_id));
        assert!(!pools.leave(&blitz, ala.player.account_id));
    }

    #[test]
    fn a_player_may_wait_in_a_bounded_number_of_pools() {
        let mut pools = Pools::new(WINDOWS);
        let ala = waiter("ala", 1500.0, 0);
        for minutes in 1..=POOLS_PER_PLAYER as u32 {
            pools.join(spec(minutes * 60, true), 2, ala.clone()).unwrap();
        }
        assert!(matches!(pools.join(spec(3600, true), 2, ala.clone()), Err(LobbyError::NotAllowed(_))));
    }

    #[test]
    fn statuses_are_reported_once_per_change_and_idle_pools_are_forgotten() {
        let mut pools = Pools::new(WINDOWS);
        let blitz = spec(300, true);
        let ala = waiter("ala", 1500.0, 0);
        pools.join(blitz, 2, ala.clone()).unwrap();
        let changed = pools.take_changed();
        assert_eq!(changed.len(), 1);
        assert_eq!(changed[0].0.waiting, 1);
        assert_eq!(changed[0].1, [ala.player.account_id]);
        assert!(pools.take_changed().is_empty());
        pools.leave_all(ala.player.account_id);
        assert_eq!(pools.take_changed()[0].0.waiting, 0);
        pools.sweep(IDLE_POOL_MS - 1);
        assert_eq!(pools.statuses().len(), 1);
        pools.sweep(IDLE_POOL_MS);
        assert!(pools.statuses().is_empty());
    }
}
