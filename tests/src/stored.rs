//! Accounts and games written straight into a store, for tests of the store itself and of what lists and counts
//! games (a player's history): many games of chosen kinds, clocks and results without playing each one.

use kartka_server::store::{AccountKind, AccountRow, EventRow, GameRow, GameState, Millis, Store};
use uuid::Uuid;

/// A game to store: its seats, kind, clock and end.
pub struct StoredGame {
    /// The first seat's account.
    pub first_id: Uuid,
    /// The second seat's account.
    pub second_id: Uuid,
    /// The protocol's ruleset as JSON, and the kind's name.
    pub ruleset: (&'static str, &'static str),
    /// The protocol's time control as JSON, and its speed class.
    pub time_control: (&'static str, &'static str),
    /// The winner's seat (`first` or `second`) once finished, `Some(None)` for a draw; `None` while being played.
    pub winner: Option<Option<&'static str>>,
    /// When it was created.
    pub created_at: Millis,
}

impl StoredGame {
    /// The game's row: a finished game ended by resignation (or a draw by agreement), four actions played.
    #[must_use]
    pub fn row(&self) -> GameRow {
        let finished = self.winner.is_some();
        GameRow {
            id: Uuid::new_v4(),
            kind: self.ruleset.1.to_owned(),
            ruleset: self.ruleset.0.to_owned(),
            time_control: self.time_control.0.to_owned(),
            speed: self.time_control.1.to_owned(),
            correspondence: self.time_control.0.contains(r#""type":"correspondence""#),
            rated: false,
            players: vec![self.first_id, self.second_id],
            created_at: self.created_at,
            state: GameState {
                status: if finished { "finished" } else { "active" }.to_owned(),
                winner: self.winner.flatten().map(str::to_owned),
                end_reason: self
                    .winner
                    .map(|winner| if winner.is_some() { "resignation" } else { "agreement" }.to_owned()),
                ply: 4,
                seq: 1,
                clocks_ms: vec![60_000, 60_000],
                clock_at: self.created_at,
                to_act: (!finished).then(|| "first".to_owned()),
                seats_to_act: (!finished).then(|| "first".to_owned()),
                deadline: None,
                finished_at: finished.then_some(self.created_at + 1_000),
                scores: None,
                ranks: None,
            },
        }
    }

    /// Stores the game with its first event; its id.
    ///
    /// # Panics
    /// When the store refuses it.
    pub async fn insert(&self, store: &dyn Store) -> Uuid {
        self.insert_run_by(store, None).await
    }

    /// Stores the game with its first event and, when `runner` names a node, that node's lease of it, as a node
    /// creating a game does; its id.
    ///
    /// # Panics
    /// When the store refuses it.
    pub async fn insert_run_by(&self, store: &dyn Store, runner: Option<Uuid>) -> Uuid {
        let game = self.row();
        let started = EventRow {
            seq: 1,
            kind: "started".to_owned(),
            payload: "{}".to_owned(),
            at: self.created_at,
            private: None,
        };
        store.insert_game(&game, &started, runner).await.expect("insert game");
        game.id
    }
}

/// The ruleset of every game these helpers store: Paper Soccer on the classic 8×10 pitch.
const PAPER_SOCCER: &str = r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#;

/// A guest account's row, named `name`, created at `created_at`.
#[must_use]
pub fn guest(name: &str, created_at: Millis) -> AccountRow {
    AccountRow {
        id: Uuid::new_v4(),
        name: name.to_owned(),
        kind: AccountKind::Guest,
        password_hash: None,
        is_admin: false,
        is_bot: false,
        chat_muted: false,
        banned: false,
        created_at,
        created_from: None,
    }
}

/// Stores a guest account named `name`, created at `created_at`; its row.
///
/// # Panics
/// When the store refuses it (the name is taken).
pub async fn insert_guest(store: &dyn Store, name: &str, created_at: Millis) -> AccountRow {
    let account = guest(name, created_at);
    store.insert_account(&account).await.expect("insert account");
    account
}

/// An active Paper Soccer game at its start: no move played, the first seat to act.
pub struct ActiveGame {
    /// The first seat's account.
    pub first_id: Uuid,
    /// The second seat's account.
    pub second_id: Uuid,
    /// The protocol's time control as JSON, and its speed class.
    pub time_control: (&'static str, &'static str),
    /// Each side's clock.
    pub clock_ms: Millis,
    /// When it was created (and its clock last set).
    pub created_at: Millis,
    /// When the first seat's time runs out, if it does.
    pub deadline: Option<Millis>,
}

impl ActiveGame {
    /// The game's row and its first event.
    #[must_use]
    pub fn rows(&self) -> (GameRow, EventRow) {
        let game = GameRow {
            id: Uuid::new_v4(),
            kind: "paper-soccer".to_owned(),
            ruleset: PAPER_SOCCER.to_owned(),
            time_control: self.time_control.0.to_owned(),
            speed: self.time_control.1.to_owned(),
            rated: false,
            correspondence: self.time_control.0.contains(r#""type":"correspondence""#),
            players: vec![self.first_id, self.second_id],
            created_at: self.created_at,
            state: GameState {
                status: "active".to_owned(),
                winner: None,
                end_reason: None,
                ply: 0,
                seq: 1,
                clocks_ms: vec![self.clock_ms, self.clock_ms],
                clock_at: self.created_at,
                to_act: Some("first".to_owned()),
                seats_to_act: Some("first".to_owned()),
                deadline: self.deadline,
                finished_at: None,
                scores: None,
                ranks: None,
            },
        };
        let started = EventRow {
            seq: 1,
            kind: "started".to_owned(),
            payload: r#"{"type":"started"}"#.to_owned(),
            at: self.created_at,
            private: None,
        };
        (game, started)
    }

    /// Stores the game with its first event; its row.
    ///
    /// # Panics
    /// When the store refuses it.
    pub async fn insert(&self, store: &dyn Store) -> GameRow {
        let (game, started) = self.rows();
        store.insert_game(&game, &started, None).await.expect("insert game");
        game
    }
}
