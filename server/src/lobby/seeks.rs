//! The open seeks of the lobby. Pure state, owned by the lobby task.

use std::collections::HashMap;

use kartka_protocol::rest::AccountInfo;
use kartka_protocol::{PlayerInfo, Seek};
use uuid::Uuid;

use super::LobbyError;

/// Seeks one player may have open at once.
const SEEKS_PER_PLAYER: usize = 3;
/// Seeks open at once: a bound on what clients can make the server keep and send.
const MAX_SEEKS: usize = 1_000;

/// An open seek with what starting its game needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenSeek {
    /// The seek as the lobby shows it (its `joined` lists the creator and [`OpenSeek::joined`]).
    pub seek: Seek,
    /// The creator as a player.
    pub creator: PlayerInfo,
    /// How many more of the creator's recent games they played first than second.
    pub colour_balance: i32,
    /// The players besides the creator who took a seat, in the order they did: a seek of more than two seats
    /// fills one seat at a time.
    pub joined: Vec<PlayerInfo>,
}

impl OpenSeek {
    /// Whether `account` holds a seat in the seek (the creator always does).
    #[must_use]
    pub fn seats(&self, account: Uuid) -> bool {
        self.creator.account_id == account || self.joined.iter().any(|player| player.account_id == account)
    }

    /// The seats still open.
    #[must_use]
    pub fn open_seats(&self) -> usize {
        usize::from(self.seek.seats).saturating_sub(1 + self.joined.len())
    }

    /// Takes a seat for `player` and shows it in the seek.
    fn take_seat(&mut self, player: PlayerInfo) {
        self.joined.push(player);
        self.show_joined();
    }

    /// Frees `account`'s seat; false when they held none (the creator's seat is freed by closing the seek).
    fn free_seat(&mut self, account: Uuid) -> bool {
        let before = self.joined.len();
        self.joined.retain(|player| player.account_id != account);
        self.show_joined();
        self.joined.len() != before
    }

    fn show_joined(&mut self) {
        let creator = self.seek.creator.clone();
        self.seek.joined = std::iter::once(creator).chain(self.joined.iter().map(account_info)).collect();
    }
}

/// A seated player as the lobby shows them.
fn account_info(player: &PlayerInfo) -> AccountInfo {
    AccountInfo { id: player.account_id, name: player.name.clone(), guest: player.guest, bot: player.bot }
}

/// Every open seek.
#[derive(Debug, Default)]
pub struct Seeks {
    by_id: HashMap<Uuid, OpenSeek>,
}

impl Seeks {
    /// Opens a seek.
    pub fn open(&mut self, seek: OpenSeek) -> Result<(), LobbyError> {
        let creator = seek.creator.account_id;
        if self.by_id.values().filter(|open| open.creator.account_id == creator).count() >= SEEKS_PER_PLAYER {
            return Err(LobbyError::NotAllowed("you already have as many open seeks as allowed"));
        }
        if self.by_id.len() >= MAX_SEEKS {
            return Err(LobbyError::NotAllowed("the lobby is full; accept a seek or join a pool"));
        }
        self.by_id.insert(seek.seek.id, seek);
        Ok(())
    }

    /// An open seek.
    #[must_use]
    pub fn get(&self, id: Uuid) -> Option<&OpenSeek> {
        self.by_id.get(&id)
    }

    /// Closes a seek.
    pub fn close(&mut self, id: Uuid) -> Option<OpenSeek> {
        self.by_id.remove(&id)
    }

    /// Takes a seat in an open seek for `player`; returns the seek as it now stands.
    pub fn take_seat(&mut self, id: Uuid, player: PlayerInfo) -> Option<&OpenSeek> {
        let open = self.by_id.get_mut(&id)?;
        open.take_seat(player);
        Some(open)
    }

    /// Frees `account`'s seat in a seek; returns the seek as it now stands, or `None` when they held no seat
    /// there besides the creator's.
    pub fn free_seat(&mut self, id: Uuid, account: Uuid) -> Option<&OpenSeek> {
        let open = self.by_id.get_mut(&id)?;
        open.free_seat(account).then_some(&*open)
    }

    /// Frees every seat `account` took in others' seeks; returns those seeks as they now stand.
    pub fn free_seats_of(&mut self, account: Uuid) -> Vec<Seek> {
        let mut freed = Vec::new();
        for open in self.by_id.values_mut() {
            if open.free_seat(account) {
                freed.push(open.seek.clone());
            }
        }
        freed
    }

    /// Closes every seek of a player; returns their ids.
    pub fn close_all_of(&mut self, account: Uuid) -> Vec<Uuid> {
        let ids: Vec<Uuid> =
            self.by_id.values().filter(|open| open.creator.account_id == account).map(|open| open.seek.id).collect();
        for id in &ids {
            self.by_id.remove(id);
        }
        ids
    }

    /// Every open seek, oldest first.
    #[must_use]
    pub fn list(&self) -> Vec<Seek> {
        let mut seeks: Vec<Seek> = self.by_id.values().map(|open| open.seek.clone()).collect();
        seeks.sort_by_key(|seek| (seek.created_at_ms, seek.id));
        seeks
    }
}
