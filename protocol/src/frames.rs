//! WebSocket frames: one JSON object per text message, tagged by `type`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::chat::{ChatChannel, ChatMessage, MutedAccount, MAX_CHAT_CHARS};
use crate::correspondence::{Notification, Seek as CorrespondenceSeek, SeekStatus};
use crate::error::ErrorCode;
use crate::game::{DrawAction, EventEnvelope, GameSnapshot, MoveRecord, TimeControl};
use crate::kinds::RulesetSpec;
use crate::lobby::{PoolSpec, PoolStatus, RatingRange, Seek};
use crate::rest::{AccountInfo, Challenge, ColourChoice};

/// A frame from a client. Every frame may carry a numeric `id`, echoed in the `ack` or `error` it causes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientFrame {
    /// The first frame: authenticates the connection. Not needed when the upgrade request carried
    /// `Authorization: Bearer <token>`.
    Hello {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The protocol version the client speaks.
        protocol: u32,
        /// The bearer token from a guest, register or login request.
        token: String,
    },
    /// Receive every event of a game. With `after_seq`, first the events after that number (a resume);
    /// without it, first a full snapshot.
    Subscribe {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
        /// The last sequence number the client has.
        #[serde(default)]
        after_seq: Option<u64>,
        /// Also receive the game's chat: the channel's latest messages (`chat_history`, right after the snapshot
        /// or events), then each new message (`chat`).
        #[serde(default)]
        chat: bool,
        /// Also receive how many accounts watch the game (`viewers`), now and whenever it changes.
        #[serde(default)]
        viewers: bool,
        /// Also hear of a rematch of the game (`rematch`): when one starts, and on subscribing if one already
        /// started.
        #[serde(default)]
        rematch: bool,
    },
    /// Stop receiving a game's events.
    Unsubscribe {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
    },
    /// Play actions: a whole turn or a part of one. Resending the same `ply` and `client_move_id` returns the
    /// original result and applies nothing twice.
    Move {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
        /// The number of actions played so far, as the client believes.
        ply: u32,
        /// The client's own id for this move (1–64 characters), for safe retries.
        client_move_id: String,
        /// The actions in the game's notation: one action, or several of one turn written together.
        notation: String,
    },
    /// Resign the game.
    Resign {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
    },
    /// Offer, accept or decline a draw.
    Draw {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
        /// What to do.
        action: DrawAction,
    },
    /// Offer, accept or decline to end the game now, scored by its rules (Dots: counts and territory). Only
    /// for kinds whose rules score an agreed end (else `unsupported_by_rules`); an offer is made on one's own
    /// turn and stands until the opponent answers or moves.
    AgreedEnd {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
        /// What to do.
        action: DrawAction,
    },
    /// Abort the game; only before every seat has moved (a seat that left a game that plays on counts as moved).
    Abort {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
    },
    /// Claim the win because the opponent left: allowed on the opponent's turn once their grace period ran out.
    ClaimVictory {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        game_id: Uuid,
    },
    /// Wait in a quick pairing pool. A player may wait in several pools at once and leaves all of them when
    /// paired, when they leave, or when their last connection closes.
    PoolJoin {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The pool.
        pool: PoolSpec,
    },
    /// Stop waiting in a pool, or (no `pool`) in every pool.
    PoolLeave {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The pool to leave; every pool when absent.
        #[serde(default)]
        pool: Option<PoolSpec>,
    },
    /// Open a seek in the lobby; answered with `seek_created`. It lives until accepted, cancelled, or the
    /// creator's last connection closes.
    SeekCreate {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// Game kind and options.
        ruleset: RulesetSpec,
        /// The time control.
        time_control: TimeControl,
        /// Whether the game changes ratings.
        #[serde(default)]
        rated: bool,
        /// The ratings that may accept; anyone when absent.
        #[serde(default)]
        rating_range: Option<RatingRange>,
        /// The creator's seat (default: balanced by recent games).
        #[serde(default)]
        colour: ColourChoice,
    },
    /// Withdraw from a seek: its creator closes it; a player who took a seat in a seek of more than two seats
    /// leaves that seat, which is open again.
    SeekCancel {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The seek.
        seek_id: Uuid,
    },
    /// Accept someone's seek, taking a seat in it: the game starts once every seat is taken (at once for a game
    /// of two), and then the ack names it; an ack without a game means the seat is taken and the seek still open.
    SeekAccept {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The seek.
        seek_id: Uuid,
    },
    /// Receive the lobby: a `lobby` snapshot, then `seek_added`, `seek_removed` and `pool_status` as they
    /// happen.
    LobbySubscribe {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// Also receive the lobby's chat: its latest messages (`chat_history`, after the `lobby` snapshot), then
        /// each new message (`chat`).
        #[serde(default)]
        chat: bool,
    },
    /// Stop receiving the lobby.
    LobbyUnsubscribe {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
    },
    /// Say something in a chat channel (plain text, 1–`MAX_CHAT_CHARS` characters). Every reader of the channel,
    /// the sender's connections included, gets it as a `chat` frame.
    ChatSend {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// Where.
        channel: ChatChannel,
        /// What.
        #[schemars(length(min = 1, max = MAX_CHAT_CHARS))]
        text: String,
    },
    /// A player mutes (or unmutes) chat: with `game_id`, their opponent's in that game (kept with the game); with
    /// `account_id`, that account's in the lobby (kept with the player's account, up to a number of accounts the
    /// server sets, 100 by default). The muted messages no longer reach any of the player's connections. Exactly
    /// one of the two.
    ChatMute {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
        /// The game whose opponent is muted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game_id: Option<Uuid>,
        /// The account muted in the lobby chat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account_id: Option<Uuid>,
        /// Whether it is muted from now on.
        muted: bool,
    },
    /// Keep-alive; answered with `pong`.
    Ping {
        /// Request id, echoed.
        #[serde(default)]
        id: Option<u64>,
    },
}

impl ClientFrame {
    /// The frame's request id.
    #[must_use]
    pub fn request_id(&self) -> Option<u64> {
        match self {
            ClientFrame::Hello { id, .. }
            | ClientFrame::Subscribe { id, .. }
            | ClientFrame::Unsubscribe { id, .. }
            | ClientFrame::Move { id, .. }
            | ClientFrame::Resign { id, .. }
            | ClientFrame::Draw { id, .. }
            | ClientFrame::AgreedEnd { id, .. }
            | ClientFrame::Abort { id, .. }
            | ClientFrame::ClaimVictory { id, .. }
            | ClientFrame::PoolJoin { id, .. }
            | ClientFrame::PoolLeave { id, .. }
            | ClientFrame::SeekCreate { id, .. }
            | ClientFrame::SeekCancel { id, .. }
            | ClientFrame::SeekAccept { id, .. }
            | ClientFrame::LobbySubscribe { id, .. }
            | ClientFrame::ChatSend { id, .. }
            | ClientFrame::ChatMute { id, .. }
            | ClientFrame::LobbyUnsubscribe { id }
            | ClientFrame::Ping { id } => *id,
        }
    }
}

/// A frame from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// The connection is authenticated.
    Welcome {
        /// Request id of the `hello`, if any.
        id: Option<u64>,
        /// The protocol version the server speaks.
        protocol: u32,
        /// Who the connection belongs to.
        account: AccountInfo,
        /// The server's clock, in milliseconds since the Unix epoch, to correct local clocks.
        server_time_ms: i64,
    },
    /// A request succeeded. For a move, `seq` is the sequence number of its event (the event itself reaches
    /// every subscriber, and reaches the mover before this acknowledgement).
    Ack {
        /// The request id.
        id: Option<u64>,
        /// The game concerned, if any.
        game_id: Option<Uuid>,
        /// The sequence number of the resulting event, or the game's current one.
        seq: Option<u64>,
    },
    /// A request failed; nothing changed.
    Error {
        /// The request id, if the frame could be read far enough to find it.
        id: Option<u64>,
        /// The stable code.
        code: ErrorCode,
        /// A human-readable explanation. Never internal details.
        message: String,
        /// The game concerned, if any.
        game_id: Option<Uuid>,
    },
    /// One new event of a subscribed game.
    Event(EventEnvelope),
    /// Events a client missed, in order (the answer to `subscribe` with `after_seq`). Too many for one frame,
    /// they come in several `events` frames, one after the other.
    Events {
        /// The game.
        game_id: Uuid,
        /// The events after the client's `after_seq`, in order; maybe none.
        events: Vec<EventEnvelope>,
    },
    /// The whole state of a game (the answer to `subscribe` without `after_seq`).
    Snapshot {
        /// The game.
        game: GameSnapshot,
    },
    /// The first moves of a game whose `snapshot` follows, when its moves do not fit in one frame: one or more of
    /// these come first, in order, then the `snapshot` with the remaining moves; its `earlier_moves` counts the
    /// moves sent ahead, which go before its own `moves`.
    SnapshotMoves {
        /// The game.
        game_id: Uuid,
        /// The next moves, in order.
        moves: Vec<MoveRecord>,
    },
    /// A challenge to or from this account was created or changed.
    ChallengeUpdated {
        /// The challenge as it is now.
        challenge: Challenge,
    },
    /// A game with this account as a player started (for example, a challenge was accepted).
    GameStarted {
        /// The new game.
        game_id: Uuid,
    },
    /// Something this account should know about (it is their turn, their time is running out). The same
    /// notifications reach the account's NDJSON stream and its webhook.
    Notification {
        /// The notification.
        notification: Notification,
    },
    /// How busy a pool is: sent to the players waiting in it (on joining, and after each pairing wave) and to
    /// lobby subscribers.
    PoolStatus(PoolStatus),
    /// The answer to `seek_create`: the new seek.
    SeekCreated {
        /// Request id of the `seek_create`.
        id: Option<u64>,
        /// The seek.
        seek: Seek,
    },
    /// The lobby as it is now (the answer to `lobby_subscribe`, before its ack).
    Lobby {
        /// Every open seek, oldest first.
        seeks: Vec<Seek>,
        /// Every pool with players waiting or a measured wait.
        pools: Vec<PoolStatus>,
    },
    /// A seek was opened, or a seat in it was taken or left (to lobby subscribers): it replaces the seek of the
    /// same id.
    SeekAdded {
        /// The seek.
        seek: Seek,
    },
    /// A seek was accepted, cancelled, or died with its creator's last connection (to lobby subscribers and the
    /// creator).
    SeekRemoved {
        /// The seek.
        seek_id: Uuid,
    },
    /// A correspondence seek was opened (to lobby subscribers). The open ones are `GET /api/seeks`.
    CorrespondenceSeekAdded {
        /// The seek.
        seek: CorrespondenceSeek,
    },
    /// A correspondence seek stopped being open: accepted, cancelled or expired (to lobby subscribers).
    CorrespondenceSeekRemoved {
        /// The seek.
        seek_id: Uuid,
        /// Why: `accepted`, `cancelled` or `expired`.
        status: SeekStatus,
    },
    /// A chat message in a channel this connection reads.
    Chat {
        /// The message.
        message: ChatMessage,
    },
    /// A channel's latest messages, oldest first: sent after a game's `snapshot` or `events` (the channel the
    /// subscriber reads) and after the `lobby` snapshot.
    ChatHistory {
        /// The channel.
        channel: ChatChannel,
        /// Its latest messages, oldest first.
        messages: Vec<ChatMessage>,
        /// In a game's players' channel sent to a player: whether that player has muted the opponent there
        /// (`chat_mute`), so that a client shows the mute as the server keeps it. Absent (false) otherwise.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        opponent_muted: bool,
        /// In the lobby's channel sent to a signed-in player: the accounts that player muted there (`chat_mute`
        /// with `account_id`), whose messages the history leaves out. Absent (empty) otherwise.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        muted_accounts: Vec<MutedAccount>,
    },
    /// How many accounts other than the players watch a game: sent to subscribers that asked for it (`viewers`
    /// in `subscribe`) when they subscribe and whenever the number changes.
    Viewers {
        /// The game.
        game_id: Uuid,
        /// Accounts subscribed to the game that do not play in it.
        spectators: u32,
    },
    /// A rematch of a game started: sent to its subscribers that asked for it (`rematch` in `subscribe`), so
    /// that players and spectators can follow to the new game.
    Rematch {
        /// The game that was played.
        game_id: Uuid,
        /// The new game, its rematch.
        rematch_id: Uuid,
    },
    /// The answer to `ping`.
    Pong {
        /// Request id of the `ping`.
        id: Option<u64>,
        /// The server's clock, in milliseconds since the Unix epoch.
        server_time_ms: i64,
    },
}
