//! The SQL text of every store operation, shared by both backends: both accept `$1`-style placeholders, and
//! every statement here means the same in PostgreSQL and SQLite.

// Column lists for SELECT and INSERT; rows are read back by column name.
macro_rules! account_columns {
    () => {
        "id, name, kind, imported, password_hash, is_admin, is_bot, chat_muted, banned, created_at, created_from"
    };
}

// An offer's columns in the order `bind_offer` binds them, then a challenge's own.
macro_rules! challenge_columns {
    () => {
        "id, challenger_id, ruleset, time_control, colour, status, game_id, created_at, expires_at, rated, revision, \
         rematch_of"
    };
}

// A challenge's columns read under the names `offer_from_row` reads for every kind of offer.
macro_rules! challenge_reads {
    () => {
        "id, challenger_id AS creator_id, ruleset, time_control, colour, status, game_id, created_at, expires_at, \
         rated, revision, rematch_of"
    };
}

macro_rules! game_columns {
    () => {
        "id, kind, ruleset, time_control, players, created_at, speed, rated, correspondence, \
         status, winner, end_reason, ply, seq, clocks_ms, clock_at, to_act, seats_to_act, deadline, finished_at, scores, ranks"
    };
}

pub(super) use game_columns;

// A game's row joined with its progress (migrations/*/0015_game_progress.sql): the two tables share no column
// name, so `game_columns!` and every filter read the same from the join as from one table.
macro_rules! games_with_progress {
    () => {
        "games JOIN game_progress ON game_progress.game_id = games.id"
    };
}

pub(super) use games_with_progress;

// The name (`first` … `sixth`) of the seat a `game_seats.seat` column numbers, as moves, `to_act` and `winner`
// name seats: `$seat` is the column, qualified as the query needs.
macro_rules! seat_name_of {
    ($seat:literal) => {
        concat!(
            "CASE ",
            $seat,
            " WHEN 0 THEN 'first' WHEN 1 THEN 'second' WHEN 2 THEN 'third' WHEN 3 THEN 'fourth' \
             WHEN 4 THEN 'fifth' ELSE 'sixth' END"
        )
    };
}

pub(super) use seat_name_of;

// The rating's game kind is read as `game_kind`: `kind` would clash with the account's kind in a join.
macro_rules! rating_columns {
    () => {
        "account_id, kind AS game_kind, speed, model, rating, deviation, volatility, games, updated_at"
    };
}

pub(super) const PING: &str = "SELECT 1";

pub(super) const INSERT_ACCOUNT: &str = "INSERT INTO accounts \
    (id, name, name_key, kind, imported, password_hash, is_admin, is_bot, banned, created_at, created_from) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";
pub(super) const SELECT_ACCOUNTS: &str = concat!("SELECT ", account_columns!(), " FROM accounts");
pub(super) const ACCOUNT_BY_ID: &str = concat!("SELECT ", account_columns!(), " FROM accounts WHERE id = $1");
pub(super) const ACCOUNT_BY_NAME_KEY: &str =
    concat!("SELECT ", account_columns!(), " FROM accounts WHERE name_key = $1");
// Reads the partial index of banned accounts (migrations/*/0019_guest_bans.sql).
pub(super) const GUEST_BANNED_FROM: &str =
    "SELECT 1 FROM accounts WHERE banned AND created_from = $1 AND banned_at >= $2 AND kind = 'guest' LIMIT 1";
pub(super) const SET_ADMIN: &str = "UPDATE accounts SET is_admin = $2 WHERE name_key = $1";

pub(super) const INSERT_SESSION: &str =
    "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)";
pub(super) const SESSION_ACCOUNT: &str = concat!(
    "SELECT ",
    account_columns!(),
    " FROM accounts WHERE id = (SELECT account_id FROM sessions WHERE token_hash = $1 AND expires_at > $2)"
);
pub(super) const DELETE_SESSION: &str = "DELETE FROM sessions WHERE token_hash = $1";

pub(super) const INSERT_CHALLENGE: &str = concat!(
    "INSERT INTO challenges (",
    challenge_columns!(),
    ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
);
pub(super) const CHALLENGE_BY_ID: &str = concat!("SELECT ", challenge_reads!(), " FROM challenges WHERE id = $1");
pub(super) const OPEN_CHALLENGES_OF: &str = concat!(
    "SELECT ",
    challenge_reads!(),
    " FROM challenges WHERE (challenger_id = $1 OR id IN (SELECT offer_id FROM offer_seats WHERE account_id = $1)) \
     AND status = 'open' AND expires_at > $2 ORDER BY created_at DESC, id DESC"
);
// An expired challenge that is still open may only be closed as `expired`.
pub(super) const CLOSE_CHALLENGE: &str = "UPDATE challenges SET status = $2 \
    WHERE id = $1 AND status = 'open' AND (expires_at > $3 OR $2 = 'expired')";
// The changes of an open offer's seats, bound as offer id, the revision they were decided on, now (see
// `OfferStore`); an acceptance binds the game's id after them.
pub(super) const ADVANCE_CHALLENGE: &str = "UPDATE challenges SET revision = revision + 1 \
    WHERE id = $1 AND revision = $2 AND status = 'open' AND expires_at > $3";
pub(super) const ADVANCE_SEEK: &str = "UPDATE seeks SET revision = revision + 1 \
    WHERE id = $1 AND revision = $2 AND status = 'open' AND expires_at > $3";
pub(super) const ACCEPT_CHALLENGE: &str = "UPDATE challenges SET status = 'accepted', game_id = $4, \
    revision = revision + 1 WHERE id = $1 AND revision = $2 AND status = 'open' AND expires_at > $3";
pub(super) const ACCEPT_SEEK: &str = "UPDATE seeks SET status = 'accepted', game_id = $4, \
    revision = revision + 1 WHERE id = $1 AND revision = $2 AND status = 'open' AND expires_at > $3";
// Who is in an offer: the creator (join order 0), who joined in join order, who is invited and has not answered.
pub(super) const OFFER_SEATS: &str = "SELECT account_id, invited, seat, joined_at, join_order FROM offer_seats \
    WHERE offer_id = $1 ORDER BY join_order IS NULL, join_order, account_id";
/// The seats of several offers (`offer_id IN (…)` follows), each offer's in the order [`OFFER_SEATS`] reads.
pub(super) const SEATS_OF_OFFERS: &str = "SELECT offer_id, account_id, invited, seat, joined_at, join_order \
    FROM offer_seats WHERE offer_id IN ";
pub(super) const SEATS_OF_OFFERS_ORDER: &str = " ORDER BY offer_id, join_order IS NULL, join_order, account_id";
pub(super) const INSERT_OFFER_SEAT: &str = "INSERT INTO offer_seats \
    (offer_id, account_id, invited, seat, joined_at, join_order) VALUES ($1, $2, $3, $4, $5, $6)";
// A player takes a seat: an invited player's row is answered, anyone else's is new (not invited).
pub(super) const JOIN_OFFER_SEAT: &str = "INSERT INTO offer_seats \
    (offer_id, account_id, invited, seat, joined_at, join_order) VALUES ($1, $2, NULL, NULL, $3, $4) \
    ON CONFLICT (offer_id, account_id) DO UPDATE SET joined_at = excluded.joined_at, join_order = excluded.join_order";
// Only a seat taken by joining is left: never the creator's, nor an invitation (a decline closes the challenge).
pub(super) const LEAVE_OFFER_SEAT: &str = "DELETE FROM offer_seats \
    WHERE offer_id = $1 AND account_id = $2 AND join_order > 0 AND invited IS NULL";

// A game's columns in the order `bind_game` binds them; `length` is the state's ply.
/// A new game's lease, taken by the node that creates it in the game's own transaction.
pub(super) const INSERT_LEASE: &str = "INSERT INTO game_leases (game_id, node_id) VALUES ($1, $2)";
pub(super) const INSERT_GAME: &str = "INSERT INTO games (id, kind, ruleset, time_control, players, \
    created_at, speed, status, winner, end_reason, length, finished_at, scores, ranks, rated, correspondence) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";
// One seat of a new game, bound as game id, seat number, account, kind and creation time.
pub(super) const INSERT_SEAT: &str =
    "INSERT INTO game_seats (game_id, seat, account_id, kind, created_at) VALUES ($1, $2, $3, $4, $5)";
// The progress columns after the game's id, in the order `bind_progress` binds them.
pub(super) const INSERT_PROGRESS: &str = "INSERT INTO game_progress \
    (game_id, seq, ply, clocks_ms, clock_at, to_act, seats_to_act, deadline, swept, swept_deadline) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
pub(super) const GAME_BY_ID: &str =
    concat!("SELECT ", game_columns!(), " FROM ", games_with_progress!(), " WHERE id = $1");
pub(super) const GAMES_OF: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM ",
    games_with_progress!(),
    " WHERE id IN (SELECT game_id FROM game_seats WHERE account_id = $1 AND (created_at, game_id) < ($2, $3) \
     ORDER BY created_at DESC, game_id DESC LIMIT $4) ORDER BY created_at DESC, id DESC"
);
// Through the (status, correspondence, created_at, id) index: the active correspondence games are not read.
pub(super) const ACTIVE_LIVE_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM ",
    games_with_progress!(),
    " WHERE status = 'active' AND correspondence = FALSE ORDER BY created_at, id"
);

pub(super) const INSERT_MOVE: &str = "INSERT INTO moves \
    (game_id, ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
pub(super) const MOVES_OF: &str = "SELECT ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at \
    FROM moves WHERE game_id = $1 ORDER BY ply";

pub(super) const INSERT_EVENT: &str = "INSERT INTO game_events \
    (game_id, seq, kind, payload, at, private_seat, private_payload) VALUES ($1, $2, $3, $4, $5, $6, $7)";
pub(super) const EVENTS_AFTER: &str =
    "SELECT seq, kind, payload, at, private_seat, private_payload FROM game_events WHERE game_id = $1 AND seq > $2 \
    ORDER BY seq";
/// Followed by `(game_id = $n AND seq > $m)` for each game, joined by `OR`, and [`EVENTS_AFTER_EACH_ORDER`].
pub(super) const EVENTS_AFTER_EACH: &str =
    "SELECT game_id, seq, kind, payload, at, private_seat, private_payload FROM game_events WHERE ";
pub(super) const EVENTS_AFTER_EACH_ORDER: &str = " ORDER BY game_id, seq";

pub(super) const ACTIVE_GAMES_OF: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM ",
    games_with_progress!(),
    " WHERE id IN (SELECT game_id FROM game_seats WHERE account_id = $1) AND status = 'active' \
     ORDER BY created_at, id"
);

pub(super) const OPEN_REMATCHES: &str = concat!(
    "SELECT ",
    challenge_reads!(),
    " FROM challenges WHERE rematch_of = $1 AND status = 'open' AND expires_at > $2 ORDER BY created_at, id"
);

pub(super) const ACCEPTED_REMATCH: &str =
    "SELECT game_id FROM challenges WHERE rematch_of = $1 AND status = 'accepted' ORDER BY created_at, id LIMIT 1";

// An account's results, counted from its side: `games` joined with the account's seat `me`. A win is the game's
// winner being its seat, a loss another seat's win, a draw a finished game without a winner (for more than two
// seats: a first place shared).
macro_rules! result_count_columns {
    () => {
        concat!(
            "COALESCE(SUM(CASE WHEN status = 'finished' THEN 1 ELSE 0 END), 0) AS finished, \
             COALESCE(SUM(CASE WHEN status = 'finished' AND winner = ",
            seat_name_of!("me.seat"),
            " THEN 1 ELSE 0 END), 0) AS wins, \
             COALESCE(SUM(CASE WHEN status = 'finished' AND winner <> ",
            seat_name_of!("me.seat"),
            " THEN 1 ELSE 0 END), 0) AS losses, \
             COALESCE(SUM(CASE WHEN status = 'finished' AND winner IS NULL THEN 1 ELSE 0 END), 0) AS draws, \
             COALESCE(SUM(CASE WHEN status = 'aborted' THEN 1 ELSE 0 END), 0) AS aborted, \
             COALESCE(SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END), 0) AS active "
        )
    };
}
pub(crate) use result_count_columns;

pub(super) const RESULT_COUNTS: &str = concat!(
    "SELECT ",
    result_count_columns!(),
    "FROM game_seats me JOIN games ON games.id = me.game_id WHERE me.account_id = $1"
);

pub(super) const RATING: &str = concat!(
    "SELECT ",
    rating_columns!(),
    " FROM ratings WHERE account_id = $1 AND kind = $2 AND speed = $3 AND model = $4"
);
pub(super) const RATINGS_OF: &str =
    concat!("SELECT ", rating_columns!(), " FROM ratings WHERE account_id = $1 ORDER BY kind, speed, model");
// Qualified columns: both tables have a `kind`. Rows are read by the same names as the single-table selects.
// Bots are kept off: the leaderboard ranks people.
pub(super) const LEADERBOARD: &str = "SELECT \
    accounts.id, accounts.name, accounts.kind, accounts.imported, accounts.password_hash, accounts.is_admin, \
    accounts.is_bot, accounts.chat_muted, accounts.banned, accounts.created_at, accounts.created_from, ratings.account_id, ratings.kind AS game_kind, ratings.speed, ratings.model, ratings.rating, \
    ratings.deviation, ratings.volatility, ratings.games, ratings.updated_at \
    FROM ratings JOIN accounts ON accounts.id = ratings.account_id \
    WHERE ratings.kind = $1 AND ratings.speed = $2 AND ratings.model = $6 AND ratings.deviation <= $3 \
    AND NOT accounts.banned AND NOT accounts.is_bot \
    ORDER BY ratings.rating DESC, ratings.account_id LIMIT $5 OFFSET $4";
// The rating columns in the order `bind_rating` binds them.
pub(super) const INSERT_RATING: &str = "INSERT INTO ratings \
    (account_id, kind, speed, model, rating, deviation, volatility, games, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
pub(super) const UPDATE_RATING: &str = "UPDATE ratings \
    SET rating = $5, deviation = $6, volatility = $7, games = $8, updated_at = $9 \
    WHERE account_id = $1 AND kind = $2 AND speed = $3 AND model = $4 AND games = $10";
