//! Games on the wire: rules, time controls, clocks, moves, events and snapshots.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::kinds::RulesetSpec;
use crate::seat::SeatName;

/// What a player does with an offer to end the game: a draw, or an agreed end scored by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DrawAction {
    /// Make the offer; it stands until the opponent answers or moves.
    Offer,
    /// Accept the opponent's standing offer.
    Accept,
    /// Decline the opponent's standing offer.
    Decline,
}

/// How fast a game is, from its time control: each speed class has its own ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SpeedClass {
    /// Under 3 minutes per player, estimated.
    Bullet,
    /// 3 to 8 minutes per player, estimated.
    Blitz,
    /// 8 to 25 minutes per player, estimated.
    Rapid,
    /// 25 minutes or more per player, estimated.
    Classical,
}

/// The shortest Fischer starting time, in seconds.
pub const MIN_INITIAL_SECONDS: u32 = 1;
/// The longest Fischer starting time, in seconds (24 hours).
pub const MAX_INITIAL_SECONDS: u32 = 86_400;
/// The largest Fischer increment, in seconds (10 minutes).
pub const MAX_INCREMENT_SECONDS: u32 = 600;
/// The shortest time for a move of a per-move clock, in seconds.
pub const MIN_MOVE_SECONDS: u32 = 1;
/// The longest time for a move of a per-move clock, in seconds (10 minutes).
pub const MAX_MOVE_SECONDS: u32 = 600;
/// The largest reserve of a per-move clock, in seconds (24 hours).
pub const MAX_RESERVE_SECONDS: u32 = 86_400;

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// Fischer: each player starts with `initial_seconds`; each completed turn adds `increment_seconds`.
    Fischer {
        /// Starting time per player, in seconds (1 to 24 h).
        #[schemars(range(min = MIN_INITIAL_SECONDS, max = MAX_INITIAL_SECONDS))]
        initial_seconds: u32,
        /// Time added to the mover's clock after each completed turn, in seconds (at most 10 min).
        #[schemars(range(max = MAX_INCREMENT_SECONDS))]
        increment_seconds: u32,
    },
    /// Correspondence: each player has `days_per_move` days for a turn; completing a turn refills the mover's
    /// clock to that. Allowed values: 1, 2, 3, 5, 7, 10 or 14.
    Correspondence {
        /// Days per turn.
        #[schemars(extend("enum" = TimeControl::CORRESPONDENCE_DAYS))]
        days_per_move: u32,
        /// Whether a player's vacation pauses their clock in this game (default true).
        #[serde(default = "vacation_allowed_by_default")]
        vacation_allowed: bool,
    },
    /// Per move with a reserve (the seed's clock): every move starts a fresh `move_seconds`; only time beyond
    /// it comes off the player's reserve of `reserve_seconds`, which never refills; the flag falls when a move
    /// has used its move time and the whole reserve. A move is each action that hands a seat a move: a whole
    /// turn where a turn is several steps, each point (an extra move too) in Dots.
    PerMove {
        /// Time for each move, in seconds (1 to 600).
        #[schemars(range(min = MIN_MOVE_SECONDS, max = MAX_MOVE_SECONDS))]
        move_seconds: u32,
        /// Each player's reserve, in seconds (0 to 24 h).
        #[schemars(range(max = MAX_RESERVE_SECONDS))]
        reserve_seconds: u32,
        /// What a fallen flag means (default `lose`).
        #[serde(default)]
        on_timeout: OnTimeout,
    },
}

/// What happens when a per-move clock runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OnTimeout {
    /// The player out of time loses.
    #[default]
    Lose,
    /// Blitz with a random move: the server plays a uniformly random legal move for the player (a whole turn
    /// where a turn is several steps), stored and pushed as an ordinary move, and play goes on.
    RandomMove,
}

fn vacation_allowed_by_default() -> bool {
    true
}

impl TimeControl {
    /// The days per move a correspondence game may have.
    pub const CORRESPONDENCE_DAYS: [u32; 7] = [1, 2, 3, 5, 7, 10, 14];

    /// Whether this is a correspondence time control.
    #[must_use]
    pub fn is_correspondence(&self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }
}

/// Every clock at a moment: the time left per seat in milliseconds, and whose clock is running.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(from = "ClocksFields")]
pub struct Clocks {
    /// Time left per seat, first seat first, in milliseconds (protocol 2).
    pub ms: Vec<i64>,
    /// Alias of `ms[0]`, kept for protocol-1 clients: time left for the first seat, in milliseconds.
    pub first_ms: i64,
    /// Alias of `ms[1]`, kept for protocol-1 clients: time left for the second seat, in milliseconds.
    pub second_ms: i64,
    /// The seat whose clock is running, if any (none once the game is over): the first of `running_seats`,
    /// kept for clients that know one running clock only.
    pub running: Option<SeatName>,
    /// Every seat whose clock counts down, in seat order: several in a simultaneous phase (both fleets placed
    /// at once), each on its own clock. Absent when none runs; read from a frame stored before it as `running`
    /// alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub running_seats: Vec<SeatName>,
    /// Per-move clocks only: the move time left to the running seat, in milliseconds; `ms` (and its
    /// aliases) are then the reserves. Absent for other clocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_ms: Option<i64>,
    /// In a timed window only (Dots' STOP window): the time left in the window, in milliseconds. The main
    /// clocks stand still meanwhile (`running` is absent); when it runs out the server closes the window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_ms: Option<i64>,
    /// Live games only, before the running seat's first move: the time left for that first move, in
    /// milliseconds. The seat's main clock does not run meanwhile; when this runs out the game is aborted
    /// (`aborted` with `reason: no_first_move`). Absent once the seat has moved, and in correspondence games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move_ms: Option<i64>,
}

/// [`Clocks`] as read: a protocol-1 frame, or an event stored before protocol 2, has no `ms`, which is then
/// made from its two-seat aliases.
#[derive(Deserialize)]
struct ClocksFields {
    #[serde(default)]
    ms: Option<Vec<i64>>,
    first_ms: i64,
    second_ms: i64,
    running: Option<SeatName>,
    #[serde(default)]
    running_seats: Vec<SeatName>,
    #[serde(default)]
    move_ms: Option<i64>,
    #[serde(default)]
    window_ms: Option<i64>,
    #[serde(default)]
    first_move_ms: Option<i64>,
}

impl From<ClocksFields> for Clocks {
    fn from(fields: ClocksFields) -> Clocks {
        let ClocksFields { ms, first_ms, second_ms, running, running_seats, move_ms, window_ms, first_move_ms } =
            fields;
        Clocks {
            ms: ms.unwrap_or_else(|| vec![first_ms, second_ms]),
            first_ms,
            second_ms,
            running_seats: if running_seats.is_empty() { running.into_iter().collect() } else { running_seats },
            running,
            move_ms,
            window_ms,
            first_move_ms,
        }
    }
}

impl Clocks {
    /// Clocks of `ms` per seat (first seat first) with `running` running, their two-seat aliases filled in
    /// from the list, and no move, window or first-move time.
    #[must_use]
    pub fn new(ms: Vec<i64>, running: Option<SeatName>) -> Clocks {
        Clocks::running_at_once(ms, running.into_iter().collect())
    }

    /// Clocks of `ms` per seat (first seat first) with every seat of `running_seats` (in seat order) running,
    /// as [`Clocks::new`] otherwise: `running` is the first of them.
    #[must_use]
    pub fn running_at_once(ms: Vec<i64>, running_seats: Vec<SeatName>) -> Clocks {
        let alias = |index: usize| ms.get(index).copied().unwrap_or_default();
        Clocks {
            first_ms: alias(0),
            second_ms: alias(1),
            ms,
            running: running_seats.first().copied(),
            running_seats,
            move_ms: None,
            window_ms: None,
            first_move_ms: None,
        }
    }
}

/// A player of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlayerInfo {
    /// The player's account id.
    pub account_id: Uuid,
    /// The player's display name.
    pub name: String,
    /// Whether the account is a guest.
    pub guest: bool,
    /// Whether the account is a bot (a program, marked by an admin); absent in a request means not.
    #[serde(default)]
    pub bot: bool,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Being played.
    Active,
    /// Over, with a result.
    Finished,
    /// Called off before both players moved; no result.
    Aborted,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReasonName {
    /// The ball went into the goal the mover attacked.
    Goal,
    /// The mover put the ball into their own goal.
    OwnGoal,
    /// The player who had to move had no legal step.
    Stuck,
    /// A player resigned.
    Resignation,
    /// A clock ran out.
    Time,
    /// A player left and the opponent claimed the win.
    Abandonment,
    /// The players agreed to end the game: a draw, or (`agreed_end`) the end scored by the rules, with
    /// `scores`.
    Agreement,
    /// An admin decided.
    Adjudication,
    /// The game's scoring rule decided (a Paper Soccer match of points; a Dots game stored before Dots' own
    /// reasons below).
    Score,
    /// Dots: the player to move had no point left; the counts decided.
    BoardFull,
    /// Dots: a player pressed STOP (and the window, if any, closed); the counts decided.
    Stop,
    /// Dots: a player's count reached the instant-win number.
    InstantWin,
    /// Dots: the game ended itself (`auto_end`: a player sure to win by STOP, or every live dot grounded); the
    /// counts decided.
    AutoEnd,
    /// Five in a row: a player completed a winning row of their stones.
    Row,
    /// Sea Battle: the last ship of a fleet was sunk; its owner lost.
    FleetSunk,
    /// Bulls and Cows: a player's guess scored all bulls and won; a draw when both did in one round.
    CodeBroken,
    /// Bulls and Cows: the last round (`max_rounds`) passed without all bulls; a draw.
    RoundsOut,
    /// The record does not say: an imported game that stopped before the rules ended it (records do not
    /// tell time from resignation).
    Unknown,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(from = "GameResultFields")]
pub struct GameResult {
    /// The rank of each seat, first seat first: 1 is best, and seats that tie share the better rank (scores
    /// 5, 5, 3 rank 1, 1, 3). A two-seat win is `[1, 2]`, a draw `[1, 1]` (protocol 2).
    pub ranks: Vec<u8>,
    /// The one seat ranked first, or `null` when several share first place (a draw of two). Kept for
    /// protocol-1 clients; `ranks` says the same and more.
    pub winner: Option<SeatName>,
    /// Why the game ended.
    pub reason: EndReasonName,
    /// Points per seat, first seat first, for games whose rules count them (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<u32>>,
    /// Whether `scores` count half points (5 is 2½); only when a score is not whole (Dots' agreed end in
    /// territory mode). Absent means whole points.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub half_points: bool,
}

/// [`GameResult`] as read: a protocol-1 frame, or an event stored before protocol 2, is of a two-seat game
/// and has no `ranks`, which are then made from its winner.
#[derive(Deserialize)]
struct GameResultFields {
    #[serde(default)]
    ranks: Option<Vec<u8>>,
    winner: Option<SeatName>,
    reason: EndReasonName,
    #[serde(default)]
    scores: Option<Vec<u32>>,
    #[serde(default)]
    half_points: bool,
}

impl From<GameResultFields> for GameResult {
    fn from(fields: GameResultFields) -> GameResult {
        let GameResultFields { ranks, winner, reason, scores, half_points } = fields;
        let two_seat_ranks = || match winner {
            None => vec![1, 1],
            Some(SeatName::First) => vec![1, 2],
            Some(_) => vec![2, 1],
        };
        GameResult { ranks: ranks.unwrap_or_else(two_seat_ranks), winner, reason, scores, half_points }
    }
}

/// One stored move: the actions one frame brought, a whole turn or part of one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MoveRecord {
    /// How many actions were played before this move (the `ply` the mover sent).
    pub ply: u32,
    /// Who moved.
    pub seat: SeatName,
    /// The actions in the game's notation.
    pub notation: String,
    /// Whether this move ended the mover's turn.
    pub turn_ended: bool,
    /// When the server received it, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// Both clocks right after the move.
    pub clocks: Clocks,
    /// Whether the server played this move for its player from one of their conditional lines (correspondence
    /// play), so that a client can show the match after a reload too.
    #[serde(default)]
    pub conditional: bool,
    /// In a game with secrets, the commitment to the secret this move fixed (a fleet, a secret number), published
    /// with the move: SHA-256 in lower-case hexadecimal, as docs/protocol.md ("Secrets and commitments") defines
    /// it. Absent for every other move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The secret this move fixed, in the kind's canonical text: only in the mover's own version of the move
    /// (and an admin's) until the game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// The commitment's nonce, 32 bytes in lower-case hexadecimal: only where `secret` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
}

/// Something that happened to a game. Every event has a per-game sequence number (see [`EventEnvelope`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GameEvent {
    /// The game was created and the clocks were set. Always sequence number 1.
    Started {
        /// The players, first seat first: one per seat.
        players: Vec<PlayerInfo>,
        /// Game kind and options.
        ruleset: RulesetSpec,
        /// The time control.
        time_control: TimeControl,
        /// The clocks at the start.
        clocks: Clocks,
    },
    /// A move was committed.
    Moved {
        /// The move, as stored.
        #[serde(flatten)]
        record: MoveRecord,
        /// The client's id for the move, echoed so the mover can match it.
        client_move_id: String,
        /// Who must act next (`null` once the game is over): the first of `seats_to_act`, kept for clients
        /// that know one seat to act only.
        to_act: Option<SeatName>,
        /// Every seat that must act now, in seat order: several in a simultaneous phase. Absent when none
        /// (the game is over), and in events stored before it, where `to_act` alone says who acts.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seats_to_act: Vec<SeatName>,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// The seat that offered.
        seat: SeatName,
    },
    /// A seat left a game of more than two seats whose rules play on without it (it resigned, ran out of time
    /// or was claimed absent): it ranks below the seats still playing, and the turn passes it by from now on.
    /// In a game whose rules do not play on, a departure ends the game instead (`ended`).
    SeatLeft {
        /// The seat that left.
        seat: SeatName,
        /// Why: `resignation`, `time` or `abandonment`.
        reason: EndReasonName,
        /// The game's ply when it left: it left after the moves before this ply.
        ply: u32,
        /// Who must act next: the first of `seats_to_act`.
        to_act: Option<SeatName>,
        /// Every seat that must act now, in seat order (as in `moved`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seats_to_act: Vec<SeatName>,
        /// The clocks after the departure.
        clocks: Clocks,
    },
    /// A seat accepted the standing draw offer in a game of more than two seats, where other seats have yet to
    /// answer it; the offer passes (the game ends, `ended`) when every seat has accepted it. In a game of two the
    /// acceptance ends the game at once, so this event is never sent.
    DrawAccepted {
        /// The seat that accepted.
        seat: SeatName,
    },
    /// A seat declined the standing draw offer.
    DrawDeclined {
        /// The seat that declined.
        seat: SeatName,
    },
    /// A seat offered to end the game now, scored by the rules (`agreed_end`).
    AgreedEndOffered {
        /// The seat that offered.
        seat: SeatName,
    },
    /// A seat accepted the standing offer to end the game in a game of more than two seats, where other seats
    /// have yet to answer it (as [`GameEvent::DrawAccepted`]).
    AgreedEndAccepted {
        /// The seat that accepted.
        seat: SeatName,
    },
    /// A seat declined the standing offer to end the game.
    AgreedEndDeclined {
        /// The seat that declined.
        seat: SeatName,
    },
    /// A player's first connection to the game opened.
    PlayerConnected {
        /// The player's seat.
        seat: SeatName,
    },
    /// A player's last connection to the game closed; their clock keeps running.
    PlayerDisconnected {
        /// The player's seat.
        seat: SeatName,
        /// From this moment (ms since the Unix epoch) the opponent may claim the win, on this player's turn.
        claimable_at_ms: i64,
    },
    /// The game ended with a result.
    Ended {
        /// The result.
        result: GameResult,
        /// The clocks at the end.
        clocks: Clocks,
        /// How the result changed both players' ratings, first seat first; empty for a casual game and for one
        /// that ended before both players moved.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rating_changes: Vec<RatingChange>,
        /// In a game with secrets: every move that had a version for its mover alone, as the mover saw it (the
        /// fleets, the secret numbers with their nonces), now that nothing is secret. Absent otherwise.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        revealed: Vec<MoveRecord>,
    },
    /// The game was aborted before every seat moved: by a player, or by the server when a first-move time ran
    /// out (`reason`).
    Aborted {
        /// The seat that aborted; with a `reason`, the seat the reason names (the one that did not move).
        seat: SeatName,
        /// Why the server aborted the game; absent when a player did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<AbortReason>,
    },
    /// The server closed a player's connection for breaking its rules (flooding, not reading, a ban). Recorded
    /// for the games the connection watched, before the `player_disconnected` it may cause.
    ConnectionClosed {
        /// The player's seat.
        seat: SeatName,
        /// Why, as the close frame said (e.g. `rate limit exceeded`).
        reason: String,
    },
    /// An admin called the game off. It has no result; the admin's reason is in the audit log.
    AbortedByAdmin {},
    /// An admin decided the result: the game is over with it (a running game ends now; a finished game's
    /// result is replaced). Clients treat it like `ended`; the admin's reason is in the audit log.
    Adjudicated {
        /// The result; its reason is `adjudication`.
        result: GameResult,
        /// The clocks at that moment (stopped).
        clocks: Clocks,
        /// How the result changed both players' ratings, first seat first: only when a running rated game in
        /// which both players moved is decided (a finished game's replaced result changes no rating).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rating_changes: Vec<RatingChange>,
        /// As in `ended`, when this decision ends a running game with secrets.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        revealed: Vec<MoveRecord>,
    },
    /// The server was down while this seat's clock ran; that time was given back.
    ClockCredited {
        /// The seat whose clock was running.
        seat: SeatName,
        /// How much time was given back, in milliseconds.
        credited_ms: i64,
        /// The clocks after the credit.
        clocks: Clocks,
    },
    /// A player went on vacation: their clock in this game is paused (correspondence games that allow it).
    VacationStarted {
        /// The player's seat.
        seat: SeatName,
        /// The clocks from now on.
        clocks: Clocks,
    },
    /// A player's vacation ended: their clock runs again when it is their turn.
    VacationEnded {
        /// The player's seat.
        seat: SeatName,
        /// The clocks from now on.
        clocks: Clocks,
    },
}

/// Why the server aborted a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AbortReason {
    /// The seat did not make its first move within the first-move time.
    NoFirstMove,
}

/// How a rated result changed one player's rating (Glicko-2, rounded to whole points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RatingChange {
    /// The player's seat.
    pub seat: SeatName,
    /// The rating before the game.
    pub rating_before: i32,
    /// The rating after the game.
    pub rating_after: i32,
    /// The rating deviation after the game.
    pub deviation: i32,
    /// Whether the rating is still provisional (its deviation is high).
    pub provisional: bool,
}

/// A seat that left a game that plays on without it, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Departure {
    /// The seat that left.
    pub seat: SeatName,
    /// The game's ply when it left: it left after the moves before this ply.
    pub ply: u32,
    /// Why: `resignation`, `time` or `abandonment`.
    pub reason: EndReasonName,
}

/// A game event with its game, sequence number and time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EventEnvelope {
    /// The game.
    pub game_id: Uuid,
    /// The event's number within the game: 1, 2, 3, … without gaps.
    pub seq: u64,
    /// When the server recorded it, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// What happened.
    pub event: GameEvent,
}

/// The whole state of a game at one sequence number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameSnapshot {
    /// The game's id.
    pub id: Uuid,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The speed class of the time control.
    pub speed: SpeedClass,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// The players, first seat first: one per seat.
    pub players: Vec<PlayerInfo>,
    /// Where the game stands.
    pub status: GameStatus,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// Every move so far, in order; over WebSocket, those after the `earlier_moves` sent ahead of the snapshot.
    pub moves: Vec<MoveRecord>,
    /// How many moves came ahead of this snapshot, in `snapshot_moves` frames, because they did not fit in one
    /// frame: the game's moves are those followed by `moves`. Absent (0) when `moves` holds every move.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub earlier_moves: u32,
    /// Actions played so far: the `ply` the next move must carry.
    pub ply: u32,
    /// Who must act next, while the game is active: the first of `seats_to_act`, kept for clients that know
    /// one seat to act only.
    pub to_act: Option<SeatName>,
    /// Every seat that must act now, in seat order, while the game is active: several in a simultaneous phase
    /// (both fleets placed at once), each submitting once; absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats_to_act: Vec<SeatName>,
    /// Whether the seat to act is in the middle of a turn it began (after a bounce, say).
    pub mid_turn: bool,
    /// The clocks as of `clocks_at_ms`.
    pub clocks: Clocks,
    /// When `clocks` was read, in milliseconds since the Unix epoch.
    pub clocks_at_ms: i64,
    /// The seat with a standing draw offer.
    pub draw_offer: Option<SeatName>,
    /// The seats that accepted the standing draw offer besides the one that made it, in seat order (games of
    /// more than two seats); absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw_accepted_by: Vec<SeatName>,
    /// The seat with a standing offer to end the game scored by the rules (`agreed_end`); absent when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreed_end_offer: Option<SeatName>,
    /// The seats that accepted the standing offer to end the game besides the one that made it (as
    /// `draw_accepted_by`); absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreed_end_accepted_by: Vec<SeatName>,
    /// The seats whose players are on vacation, their clocks paused (correspondence games).
    #[serde(default)]
    pub on_vacation: Vec<SeatName>,
    /// The seats that left a game that plays on without them, in the order they left, each with the ply it left
    /// at (`seat_left`); absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub departed: Vec<Departure>,
    /// The sequence number of the last event included.
    pub seq: u64,
    /// When the game was created, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
}

/// Whether a count is zero (a field left out of the JSON when it is).
fn is_zero(count: &u32) -> bool {
    *count == 0
}
