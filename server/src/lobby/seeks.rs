//! The open seeks of the lobby. Pure state, owned by the lobby task.

use std::collections::HashMap;

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
    /// The seek as the lobby shows it.
    pub seek: Seek,
    /// The creator as a player.
    pub creator: PlayerInfo,
    /// How many more of the creator's recent games they played first than second.
    pub colour_balance: i32,
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
