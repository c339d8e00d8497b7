//! Lobby frames from a connection: validated, completed with what the store knows of the player, passed to
//! the lobby task, and answered.

use kartka_protocol::{ClientFrame, PoolSpec, RatingRange, RulesetSpec, ServerFrame, TimeControl};
use uuid::Uuid;

use super::{ChatReading, Entrant, LobbyError, SeekRequest};
use crate::chat;
use crate::games::convert;
use crate::games::seats::seat_count;
use crate::outbox::Outbox;
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow};

/// A client frame the lobby answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyRequest {
    /// `pool_join`.
    JoinPool(PoolSpec),
    /// `pool_leave`.
    LeavePools(Option<PoolSpec>),
    /// `seek_create`.
    CreateSeek(SeekRequest),
    /// `seek_cancel`.
    CancelSeek(Uuid),
    /// `seek_accept`.
    AcceptSeek(Uuid),
    /// `lobby_subscribe`, with the chat or without.
    Subscribe {
        /// Whether the connection receives the lobby's chat.
        chat: bool,
    },
    /// `lobby_unsubscribe`.
    Unsubscribe,
}

impl LobbyRequest {
    /// The lobby request a frame makes; any other frame is handed back.
    pub fn from_frame(frame: ClientFrame) -> Result<LobbyRequest, ClientFrame> {
        Ok(match frame {
            ClientFrame::PoolJoin { pool, .. } => LobbyRequest::JoinPool(pool),
            ClientFrame::PoolLeave { pool, .. } => LobbyRequest::LeavePools(pool),
            ClientFrame::SeekCreate { ruleset, time_control, rated, rating_range, colour, .. } => {
                LobbyRequest::CreateSeek(SeekRequest { ruleset, time_control, rated, rating_range, colour })
            }
            ClientFrame::SeekCancel { seek_id, .. } => LobbyRequest::CancelSeek(seek_id),
            ClientFrame::SeekAccept { seek_id, .. } => LobbyRequest::AcceptSeek(seek_id),
            ClientFrame::LobbySubscribe { chat, .. } => LobbyRequest::Subscribe { chat },
            ClientFrame::LobbyUnsubscribe { .. } => LobbyRequest::Unsubscribe,
            other => return Err(other),
        })
    }
}

/// Answers a lobby request of `account` on connection `connection`: an `ack` (naming the game for an accepted
/// seek) or `seek_created`.
pub async fn answer(
    state: &AppState,
    connection: u64,
    outbox: &Outbox,
    account: &AccountRow,
    request_id: Option<u64>,
    request: LobbyRequest,
) -> Result<ServerFrame, LobbyError> {
    let ack = |game_id| ServerFrame::Ack { id: request_id, game_id, seq: None };
    let lobby = &state.lobby;
    match request {
        LobbyRequest::JoinPool(pool) => {
            validate(&pool.ruleset, &pool.time_control)?;
            registered_for(account, pool.rated)?;
            lobby.join_pool(entrant(state, account).await?, pool).await?;
            Ok(ack(None))
        }
        LobbyRequest::LeavePools(pool) => {
            lobby.leave_pools(account.id, pool).await?;
            Ok(ack(None))
        }
        LobbyRequest::CreateSeek(request) => {
            validate(&request.ruleset, &request.time_control)?;
            registered_for(account, request.rated)?;
            if request.rating_range.is_some_and(|RatingRange { min, max }| min > max) {
                return Err(LobbyError::InvalidRequest("rating_range.min must not exceed rating_range.max".into()));
            }
            let seek = lobby.create_seek(entrant(state, account).await?, request).await?;
            Ok(ServerFrame::SeekCreated { id: request_id, seek })
        }
        LobbyRequest::CancelSeek(seek_id) => {
            lobby.cancel_seek(account.id, seek_id).await?;
            Ok(ack(None))
        }
        LobbyRequest::AcceptSeek(seek_id) => {
            let game_id = lobby.accept_seek(entrant(state, account).await?, seek_id).await?;
            Ok(ack(game_id))
        }
        LobbyRequest::Subscribe { chat } => {
            subscribe(state, connection, outbox, chat, Some(account.id)).await?;
            Ok(ack(None))
        }
        LobbyRequest::Unsubscribe => {
            lobby.unsubscribe(connection).await;
            Ok(ack(None))
        }
    }
}

/// Subscribes a connection, signed in (`account`) or not, to the lobby: the lobby is open to anyone to look at.
/// A signed-in reader of the chat is not delivered the messages of the accounts it muted there, loaded here so
/// that the lobby task never waits on the store.
pub async fn subscribe(
    state: &AppState,
    connection: u64,
    outbox: &Outbox,
    chat: bool,
    account: Option<Uuid>,
) -> Result<(), LobbyError> {
    let muted = match account.filter(|_| chat) {
        Some(account) => chat::lobby_mutes(state, account).await.map_err(LobbyError::Store)?,
        None => Vec::new(),
    };
    let reading = chat.then(|| ChatReading {
        account: account.unwrap_or_default(),
        muted: muted.iter().map(|muted| muted.account_id).collect(),
    });
    state.lobby.subscribe(connection, outbox.clone(), reading).await?;
    // After the subscription, so no message falls between the two; one said meanwhile comes twice, and its id
    // tells the client so.
    if chat {
        chat::lobby_history(state, outbox, muted).await.map_err(LobbyError::Store)?;
    }
    Ok(())
}

/// Refuses a guest who asks for a rated game: ratings are for registered players.
fn registered_for(account: &AccountRow, rated: bool) -> Result<(), LobbyError> {
    if rated && account.kind == AccountKind::Guest {
        return Err(LobbyError::RegistrationRequired);
    }
    Ok(())
}

async fn entrant(state: &AppState, account: &AccountRow) -> Result<Entrant, LobbyError> {
    Entrant::load(&*state.store, account).await.map_err(LobbyError::Store)
}

/// Checks the ruleset, the time control and the seats of a pool or seek. The lobby is for live games: a
/// correspondence game found here would start a clock of days for players who came to play now (correspondence
/// seeks are `/api/seeks`).
fn validate(ruleset: &RulesetSpec, time_control: &TimeControl) -> Result<(), LobbyError> {
    if matches!(time_control, TimeControl::Correspondence { .. }) {
        return Err(LobbyError::InvalidRequest(
            "the lobby pairs live games; offer correspondence games through /api/seeks".into(),
        ));
    }
    seat_count(ruleset)?;
    convert::validate_time_control(time_control).map_err(|e| LobbyError::InvalidRequest(e.to_string()))
}
