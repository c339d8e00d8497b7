//! What crosses between nodes when a game is forwarded: the commands, the subscription request, and the
//! typed answers. JSON over the cluster listener; [`GameError`] crosses as [`WireGameError`], a typed enum, so
//! the caller answers its client exactly as the owner would have, never by reading an error's text.

use kartka_engine::BySeat;
use kartka_protocol::{correspondence::ConditionalLine, DrawAction};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::games::{Action, AdminAction, GameError, Subscribed};
use crate::store::{AuditRow, ChatRow};

/// A command for the game's actor on the node that runs it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum RemoteCommand {
    /// A player's action ([`crate::games::Games::act`]).
    Act {
        /// The acting account.
        account: Uuid,
        /// What it does.
        action: WireAction,
    },
    /// An admin's action with its audit entry ([`crate::games::Games::admin`]).
    Admin {
        /// What is done.
        action: WireAdminAction,
        /// The audit entry committed with it.
        audit: WireAudit,
    },
    /// A chat message said in the game ([`crate::games::Games::chat`]).
    Chat {
        /// The message.
        message: WireChat,
    },
    /// A player mutes or unmutes the opponent ([`crate::games::Games::mute_opponent`]).
    MuteOpponent {
        /// The player.
        account: Uuid,
        /// Muted or not.
        muted: bool,
    },
    /// The whole state of the game ([`crate::games::Games::snapshot`]).
    Snapshot,
    /// A subscription relayed to this node ended: its client unsubscribed, subscribed anew or left. A client
    /// closed by its node for breaking the rules leaves the reason, which the game records as for a connection of
    /// its own.
    Unsubscribe {
        /// The subscription, as [`SubscribeReply::subscription`] named it.
        subscription: u64,
        /// Why the connection was closed, if its node closed it for breaking the rules.
        closed_because: Option<String>,
    },
    /// A relayed subscription's node lost cluster bus messages, which may have held frames for it: the game
    /// sends it again what its subscription brought besides events (the chat history, the spectator count, the
    /// rematch). Answered with nothing, whether or not the game's actor still runs.
    Refresh {
        /// The subscription, as [`SubscribeReply::subscription`] named it.
        subscription: u64,
    },
    /// The game's rematch started ([`crate::games::Games::announce_rematch`]); answered with nothing, whether
    /// or not the game's actor still runs.
    AnnounceRematch {
        /// The new game.
        rematch_id: Uuid,
    },
}

/// [`Action`] as sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum WireAction {
    /// [`Action::Move`].
    Move {
        /// The ply the client believes the game is at.
        ply: u32,
        /// The client's id for the move.
        client_move_id: String,
        /// The move in the game's notation.
        notation: String,
    },
    /// [`Action::Resign`].
    Resign,
    /// [`Action::Draw`].
    Draw {
        /// Offer, accept or decline.
        answer: DrawAction,
    },
    /// [`Action::AgreedEnd`].
    AgreedEnd {
        /// Offer, accept or decline.
        answer: DrawAction,
    },
    /// [`Action::Abort`].
    Abort,
    /// [`Action::ClaimVictory`].
    ClaimVictory,
    /// [`Action::SetConditionalMoves`].
    SetConditionalMoves {
        /// The lines.
        lines: Vec<ConditionalLine>,
    },
    /// [`Action::Vacation`].
    Vacation {
        /// Started (true) or ended.
        on: bool,
    },
}

impl From<Action> for WireAction {
    fn from(action: Action) -> WireAction {
        match action {
            Action::Move { ply, client_move_id, notation } => WireAction::Move { ply, client_move_id, notation },
            Action::Resign => WireAction::Resign,
            Action::Draw(answer) => WireAction::Draw { answer },
            Action::AgreedEnd(answer) => WireAction::AgreedEnd { answer },
            Action::Abort => WireAction::Abort,
            Action::ClaimVictory => WireAction::ClaimVictory,
            Action::SetConditionalMoves(lines) => WireAction::SetConditionalMoves { lines },
            Action::Vacation(on) => WireAction::Vacation { on },
        }
    }
}

impl From<WireAction> for Action {
    fn from(action: WireAction) -> Action {
        match action {
            WireAction::Move { ply, client_move_id, notation } => Action::Move { ply, client_move_id, notation },
            WireAction::Resign => Action::Resign,
            WireAction::Draw { answer } => Action::Draw(answer),
            WireAction::AgreedEnd { answer } => Action::AgreedEnd(answer),
            WireAction::Abort => Action::Abort,
            WireAction::ClaimVictory => Action::ClaimVictory,
            WireAction::SetConditionalMoves { lines } => Action::SetConditionalMoves(lines),
            WireAction::Vacation { on } => Action::Vacation(on),
        }
    }
}

/// [`AdminAction`] as sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum WireAdminAction {
    /// [`AdminAction::Abort`].
    Abort,
    /// [`AdminAction::Adjudicate`]: each seat's rank, first seat first.
    Adjudicate {
        /// The ranks.
        ranks: Vec<u8>,
    },
}

impl From<AdminAction> for WireAdminAction {
    fn from(action: AdminAction) -> WireAdminAction {
        match action {
            AdminAction::Abort => WireAdminAction::Abort,
            AdminAction::Adjudicate(ranks) => WireAdminAction::Adjudicate { ranks: ranks.as_slice().to_vec() },
        }
    }
}

impl TryFrom<WireAdminAction> for AdminAction {
    type Error = GameError;

    fn try_from(action: WireAdminAction) -> Result<AdminAction, GameError> {
        Ok(match action {
            WireAdminAction::Abort => AdminAction::Abort,
            WireAdminAction::Adjudicate { ranks } => AdminAction::Adjudicate(
                BySeat::from_slice(&ranks).ok_or_else(|| GameError::InvalidRequest("at most six seats".into()))?,
            ),
        })
    }
}

/// [`AuditRow`] as sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireAudit {
    /// The acting admin.
    pub admin_id: Option<Uuid>,
    /// The admin's name.
    pub actor_name: String,
    /// What was done.
    pub action: String,
    /// The game acted on.
    pub game_id: Option<Uuid>,
    /// The account acted on.
    pub account_id: Option<Uuid>,
    /// The specifics, as JSON.
    pub details: String,
    /// Why.
    pub reason: String,
}

impl From<AuditRow> for WireAudit {
    fn from(row: AuditRow) -> WireAudit {
        let AuditRow { admin_id, actor_name, action, game_id, account_id, details, reason, .. } = row;
        WireAudit { admin_id, actor_name, action, game_id, account_id, details, reason }
    }
}

impl From<WireAudit> for AuditRow {
    /// Its number and time are the owner's to set (the game sets the time when it commits).
    fn from(audit: WireAudit) -> AuditRow {
        let WireAudit { admin_id, actor_name, action, game_id, account_id, details, reason } = audit;
        AuditRow { id: 0, at: 0, admin_id, actor_name, action, game_id, account_id, details, reason }
    }
}

/// [`ChatRow`] as sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireChat {
    /// The channel's name.
    pub channel: String,
    /// The sender.
    pub account_id: Uuid,
    /// The sender's name.
    pub name: String,
    /// The text.
    pub body: String,
    /// When it was received, on the node the sender is connected to.
    pub at: i64,
}

impl WireChat {
    /// The message as `game_id` stores it.
    pub fn into_row(self, game_id: Uuid) -> ChatRow {
        let WireChat { channel, account_id, name, body, at } = self;
        ChatRow { id: 0, game_id: Some(game_id), channel, account_id, name, body, at }
    }
}

impl From<ChatRow> for WireChat {
    fn from(row: ChatRow) -> WireChat {
        let ChatRow { channel, account_id, name, body, at, .. } = row;
        WireChat { channel, account_id, name, body, at }
    }
}

/// A connection on another node subscribing to a game this node runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubscribeRequest {
    /// The node the connection is on, where the game's frames for it are addressed.
    pub node: Uuid,
    /// The connection's id on that node.
    pub connection: u64,
    /// The connection's account (the nil id for one that has not said hello).
    pub account: Uuid,
    /// Whether it reads the game's chat.
    pub chat: bool,
    /// Whether it hears the number of spectators.
    pub viewers: bool,
    /// Whether it hears of a rematch.
    pub rematch: bool,
    /// Resume after this event; none for a snapshot.
    pub after_seq: Option<u64>,
}

/// The answer to a [`SubscribeRequest`]: how the subscription went, and the frames the game pushed while
/// subscribing (the snapshot or the events after `after_seq`, the chat history, …), which go to the client before
/// its acknowledgement, as on the owner. Later stored events the subscriber's node reads from the store; the
/// game's other frames for the connection come as [`crate::cluster::bus::ClusterMessage::ConnectionFrame`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubscribeReply {
    /// The game's sequence numbers, or why it refused.
    pub result: Result<Subscribed, WireGameError>,
    /// The subscription's number on the owner, for [`RemoteCommand::Unsubscribe`].
    pub subscription: u64,
    /// The frames pushed while subscribing, in order.
    pub initial: Vec<String>,
}

/// [`GameError`] as sent. A store failure on the owner crosses as [`WireGameError::Unavailable`]: its details
/// stay in the owner's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum WireGameError {
    /// [`GameError::UnknownGame`].
    UnknownGame,
    /// [`GameError::NotAPlayer`].
    NotAPlayer,
    /// [`GameError::NotYourTurn`].
    NotYourTurn,
    /// [`GameError::StalePly`].
    StalePly {
        /// The game's ply.
        current: u32,
    },
    /// [`GameError::BadNotation`].
    BadNotation {
        /// Why.
        message: String,
    },
    /// [`GameError::IllegalMove`].
    IllegalMove {
        /// Why.
        message: String,
    },
    /// [`GameError::ForbiddenMove`].
    ForbiddenMove {
        /// Why.
        message: String,
    },
    /// [`GameError::GameOver`].
    GameOver,
    /// [`GameError::NotAllowed`].
    NotAllowed {
        /// Why.
        message: String,
    },
    /// [`GameError::UnsupportedByRules`].
    UnsupportedByRules {
        /// Why.
        message: String,
    },
    /// [`GameError::InvalidRequest`].
    InvalidRequest {
        /// Why.
        message: String,
    },
    /// [`GameError::TooManyWatched`].
    TooManyWatched,
    /// [`GameError::OwnedElsewhere`]: the lease moved on.
    OwnedElsewhere {
        /// Its holder now.
        node: Uuid,
    },
    /// The owner's store failed, or the owner could not answer ([`GameError::Store`],
    /// [`GameError::Unreachable`]): nothing changed.
    Unavailable,
}

impl From<GameError> for WireGameError {
    fn from(error: GameError) -> WireGameError {
        match error {
            GameError::UnknownGame => WireGameError::UnknownGame,
            GameError::NotAPlayer => WireGameError::NotAPlayer,
            GameError::NotYourTurn => WireGameError::NotYourTurn,
            GameError::StalePly { current } => WireGameError::StalePly { current },
            GameError::BadNotation(message) => WireGameError::BadNotation { message },
            GameError::IllegalMove(message) => WireGameError::IllegalMove { message },
            GameError::ForbiddenMove(message) => WireGameError::ForbiddenMove { message },
            GameError::GameOver => WireGameError::GameOver,
            GameError::NotAllowed(message) => WireGameError::NotAllowed { message: message.into_owned() },
            GameError::UnsupportedByRules(message) => {
                WireGameError::UnsupportedByRules { message: message.into_owned() }
            }
            GameError::InvalidRequest(message) => WireGameError::InvalidRequest { message: message.into_owned() },
            GameError::OwnedElsewhere { node } => WireGameError::OwnedElsewhere { node },
            GameError::TooManyWatched => WireGameError::TooManyWatched,
            GameError::Store(error) => {
                tracing::error!(%error, "store failure during a forwarded game request");
                WireGameError::Unavailable
            }
            GameError::Unreachable => WireGameError::Unavailable,
        }
    }
}

impl From<WireGameError> for GameError {
    fn from(error: WireGameError) -> GameError {
        match error {
            WireGameError::UnknownGame => GameError::UnknownGame,
            WireGameError::NotAPlayer => GameError::NotAPlayer,
            WireGameError::NotYourTurn => GameError::NotYourTurn,
            WireGameError::StalePly { current } => GameError::StalePly { current },
            WireGameError::BadNotation { message } => GameError::BadNotation(message),
            WireGameError::IllegalMove { message } => GameError::IllegalMove(message),
            WireGameError::ForbiddenMove { message } => GameError::ForbiddenMove(message),
            WireGameError::GameOver => GameError::GameOver,
            WireGameError::NotAllowed { message } => GameError::NotAllowed(message.into()),
            WireGameError::UnsupportedByRules { message } => GameError::UnsupportedByRules(message.into()),
            WireGameError::InvalidRequest { message } => GameError::InvalidRequest(message.into()),
            WireGameError::OwnedElsewhere { node } => GameError::OwnedElsewhere { node },
            WireGameError::TooManyWatched => GameError::TooManyWatched,
            WireGameError::Unavailable => GameError::Unreachable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_but_a_store_failure_reads_back_as_itself() {
        let node = Uuid::from_u128(7);
        let errors = [
            GameError::UnknownGame,
            GameError::NotAPlayer,
            GameError::NotYourTurn,
            GameError::StalePly { current: 4 },
            GameError::BadNotation("unreadable".into()),
            GameError::IllegalMove("no such move".into()),
            GameError::ForbiddenMove("a double three".into()),
            GameError::GameOver,
            GameError::NotAllowed("not now".into()),
            GameError::UnsupportedByRules("no draws".into()),
            GameError::InvalidRequest("bad field".into()),
            GameError::OwnedElsewhere { node },
            GameError::TooManyWatched,
            GameError::Unreachable,
        ];
        for error in errors {
            let (code, text) = (error.code(), error.to_string());
            let json = serde_json::to_string(&WireGameError::from(error)).expect("an error is JSON");
            let back = GameError::from(serde_json::from_str::<WireGameError>(&json).expect("it reads back"));
            assert_eq!((back.code(), back.to_string()), (code, text), "{json}");
        }
    }

    #[test]
    fn a_store_failure_crosses_without_its_details() {
        let wire = WireGameError::from(GameError::Store(crate::store::StoreError::Conflict));
        assert_eq!(serde_json::to_string(&wire).expect("JSON"), r#"{"error":"unavailable"}"#);
    }

    #[test]
    fn an_admins_adjudication_reads_back_and_a_bad_seat_is_refused() {
        for action in [
            AdminAction::Abort,
            AdminAction::Adjudicate(BySeat::from([1, 1])),
            AdminAction::Adjudicate(BySeat::from([3, 1, 2])),
        ] {
            assert_eq!(AdminAction::try_from(WireAdminAction::from(action)).expect("reads back"), action);
        }
        let refused = AdminAction::try_from(WireAdminAction::Adjudicate { ranks: vec![1; 7] });
        assert!(matches!(refused, Err(GameError::InvalidRequest(_))));
    }
}
