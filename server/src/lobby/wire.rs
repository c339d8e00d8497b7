//! The lobby's messages between nodes, carried on the cluster bus as [`ClusterMessage::Lobby`]: requests for
//! the lobby node with their answers, a subscriber's snapshot, and news for every node's lobby subscribers.
//!
//! [`ClusterMessage::Lobby`]: crate::cluster::bus::ClusterMessage::Lobby

use kartka_protocol::{ErrorCode, PoolSpec, Seek};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Entrant, LobbyError, SeekRequest};

/// What one node tells another about the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyWire {
    /// A request for the lobby node from node `from`. Only the lobby node acts on it; one that asks for an
    /// answer gets a [`LobbyWire::Reply`] with the same `call`.
    Call {
        /// The asking node.
        from: Uuid,
        /// The asking node's number for the call.
        call: u64,
        /// What it asks.
        request: LobbyCall,
    },
    /// The lobby node's answer to a call of node `to`.
    Reply {
        /// The node that asked.
        to: Uuid,
        /// Its number for the call.
        call: u64,
        /// The answer.
        answer: LobbyAnswer,
    },
    /// A part of the lobby snapshot for connection `connection` of node `to`, after which that connection gets
    /// every [`LobbyWire::News`]: a `lobby` frame, then, when all seeks do not fit in one notification, a
    /// `seek_added` frame for each seek left out of it.
    Snapshot {
        /// The subscriber's node.
        to: Uuid,
        /// The subscriber's connection there.
        connection: u64,
        /// The frame's JSON.
        frame: String,
        /// Whether this is the snapshot's last part.
        last: bool,
    },
    /// A frame for every node's lobby subscribers; with `chat_author`, a message of the lobby's chat, only for
    /// those that read the chat and did not mute its author.
    News {
        /// The frame's JSON.
        frame: String,
        /// The sender, when it is a message of the lobby's chat.
        chat_author: Option<Uuid>,
    },
    /// Player `account` muted (or unmuted) `author` in the lobby's chat: every node's chat-reading connections of
    /// that player stop (or start again) getting `author`'s messages.
    Mute {
        /// The player who muted.
        account: Uuid,
        /// The muted author.
        author: Uuid,
        /// Whether the author is muted from now on.
        muted: bool,
    },
    /// The sending node leads the lobby from now on, and its pools and seeks are empty: whatever the previous
    /// lobby node held is gone, and every node tells the players who entered the lobby through it.
    Leading,
}

/// A request for the lobby node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyCall {
    /// `pool_join`; answered with [`LobbyAnswer::Done`].
    JoinPool {
        /// The player, as [`Entrant`] in JSON.
        entrant: serde_json::Value,
        /// The pool.
        pool: PoolSpec,
    },
    /// `pool_leave`; answered with [`LobbyAnswer::Done`].
    LeavePools {
        /// The player.
        account: Uuid,
        /// The pool, or every pool.
        pool: Option<PoolSpec>,
    },
    /// `seek_create`; answered with [`LobbyAnswer::SeekCreated`].
    CreateSeek {
        /// The player, as [`Entrant`] in JSON.
        entrant: serde_json::Value,
        /// The seek.
        request: SeekRequest,
    },
    /// `seek_cancel`; answered with [`LobbyAnswer::Done`].
    CancelSeek {
        /// The player.
        account: Uuid,
        /// Their seek.
        seek_id: Uuid,
    },
    /// `seek_accept`; answered with [`LobbyAnswer::GameStarted`].
    AcceptSeek {
        /// The player, as [`Entrant`] in JSON.
        entrant: serde_json::Value,
        /// The seek.
        seek_id: Uuid,
    },
    /// The snapshot for a new lobby subscriber of the asking node; answered with [`LobbyWire::Snapshot`].
    Snapshot {
        /// The subscriber's connection.
        connection: u64,
    },
    /// A live game started outside the lobby; not answered.
    StartedElsewhere {
        /// The game.
        game_id: Uuid,
        /// Its players.
        players: Vec<Uuid>,
    },
    /// The player's last connection on the asking node closed; not answered. The lobby node takes them out of
    /// its pools and closes their seeks unless they are connected to it or, by the presence table, to another
    /// node.
    Departed {
        /// The player.
        account: Uuid,
    },
}

/// The lobby node's answer to a [`LobbyCall`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyAnswer {
    /// Done, or refused.
    Done(Result<(), RemoteRefusal>),
    /// The seek opened, or a refusal.
    SeekCreated(Result<Seek, RemoteRefusal>),
    /// The started game's id (`None`: a seat taken in a seek still open), or a refusal.
    GameStarted(Result<Option<Uuid>, RemoteRefusal>),
}

/// A refusal of the lobby node, as the asking node passes it on to its client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemoteRefusal {
    /// The stable protocol code.
    pub code: ErrorCode,
    /// The text for the client (never an internal error's).
    pub message: String,
}

impl From<LobbyError> for RemoteRefusal {
    fn from(error: LobbyError) -> RemoteRefusal {
        if let LobbyError::Store(_) | LobbyError::Game(_) = &error {
            tracing::error!(error = ?error, "failure during a lobby request of another node");
        }
        RemoteRefusal { code: error.code(), message: error.to_string() }
    }
}

impl From<RemoteRefusal> for LobbyError {
    fn from(refusal: RemoteRefusal) -> LobbyError {
        LobbyError::Remote { code: refusal.code, message: refusal.message }
    }
}

/// An entrant as a call carries it.
pub(super) fn entrant_to_wire(entrant: &Entrant) -> serde_json::Value {
    serde_json::to_value(entrant).expect("an entrant is plain data, always JSON")
}

/// An entrant a call carries; `None` (logged) when a node of another version sent something else.
pub(super) fn entrant_from_wire(value: serde_json::Value) -> Option<Entrant> {
    serde_json::from_value(value)
        .inspect_err(|error| tracing::warn!(%error, "dropped a lobby call with a malformed entrant"))
        .ok()
}

#[cfg(test)]
mod tests {
    use kartka_protocol::{PlayerInfo, TimeControl};

    use super::*;
    use crate::cluster::bus::{decode, encode, ClusterMessage, Envelope};
    use crate::store::{RatingRow, StoreError};

    fn entrant() -> Entrant {
        let account = Uuid::from_u128(7);
        Entrant {
            player: PlayerInfo { account_id: account, name: "ala".into(), guest: true, bot: false },
            ratings: vec![RatingRow {
                account_id: account,
                kind: kartka_engine::GameKind::default().name().into(),
                speed: "blitz".into(),
                model: "glicko2".into(),
                rating: 1623.25,
                deviation: 71.5,
                volatility: Some(0.06),
                games: 12,
                updated_at: 1_790_000_000_000,
            }],
            colour_balance: -2,
        }
    }

    #[test]
    fn a_call_with_its_entrant_crosses_the_bus_unchanged() {
        let pool = PoolSpec {
            ruleset: crate::games::kinds::default_spec(kartka_engine::GameKind::default()),
            time_control: TimeControl::Fischer { initial_seconds: 300, increment_seconds: 0 },
            rated: false,
        };
        let call = LobbyWire::Call {
            from: Uuid::from_u128(1),
            call: 42,
            request: LobbyCall::JoinPool { entrant: entrant_to_wire(&entrant()), pool },
        };
        let origin = Uuid::from_u128(1);

        let payloads = encode(origin, &ClusterMessage::Lobby(call.clone()));

        assert_eq!(payloads.len(), 1);
        let Envelope { message: ClusterMessage::Lobby(LobbyWire::Call { request, .. }), .. } =
            decode(&payloads[0]).expect("decodes")
        else {
            panic!("a lobby call comes back")
        };
        let LobbyCall::JoinPool { entrant: sent, pool: got } = request else { panic!("a pool join comes back") };
        assert_eq!(got, pool);
        assert_eq!(entrant_from_wire(sent), Some(entrant()), "ratings and seats arrive exactly");
    }

    #[test]
    fn a_malformed_entrant_is_dropped() {
        assert_eq!(entrant_from_wire(serde_json::json!({ "player": "nobody" })), None);
    }

    #[test]
    fn a_refusal_keeps_its_code_and_never_carries_internal_text() {
        let refused = RemoteRefusal::from(LobbyError::Store(StoreError::Conflict));
        assert_eq!(refused.code, ErrorCode::Internal);
        assert_eq!(refused.message, "the server could not complete the request; retrying is safe");

        let passed_on = LobbyError::from(RemoteRefusal::from(LobbyError::NotAllowed("not waiting in that pool")));
        assert_eq!(passed_on.code(), ErrorCode::NotAllowed);
        assert_eq!(passed_on.to_string(), "not waiting in that pool");
    }
}
