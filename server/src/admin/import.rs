//! Importing record files into the archive, each read by its game kind's module.
//!
//! A historic game keeps its date, result and time control, and the seats that left while it played on (a
//! `seat_left` event at each one's ply, as the game's actor records them), and is marked imported; its players'
//! names become imported-player accounts, which cannot log in. Every game is replayed through the engine first: an
//! unreadable or illegal record, or one whose result the rules contradict, is refused and reported. Games are
//! stored in batches, each one transaction of a few multi-row statements, so a whole corpus takes seconds. The
//! file's name (or an upload's label) and each game's number in it are stored, so importing a file again adds
//! nothing.

use std::collections::BTreeSet;
use std::io::Read;

use flate2::read::MultiGzDecoder;
use kartka_engine::{AnyGame, SeatSet};
use kartka_protocol::admin::{AuditAction, ImportRejection, ImportReport, MAX_IMPORT_SOURCE_CHARS};
use kartka_protocol::{Clocks, GameEvent, PlayerInfo, TimeControl};
use serde_json::json;
use uuid::Uuid;

use super::audit::{self, Actor, Target};
use crate::explorer;
use crate::games::convert::{self, end_reason_name, end_reason_text, seat_name, seat_text, speed_text};
use crate::games::records::{ReadGame, ReadGames};
use crate::games::{event_kind, kinds};
use crate::ratings::speed::speed_class;
use crate::store::{
    EventRow, GameOrigin, GameRow, GameState, ImportSource, ImportedGame, Millis, MoveRow, Store, StoreError,
};
use crate::time::now_ms;

/// Games stored per transaction: large enough that statements carry thousands of rows, small enough that a
/// transaction stays short.
const GAMES_PER_BATCH: usize = 2_000;
/// Refused games listed in a report (all are counted).
const LISTED_REJECTIONS: usize = 100;
/// The first two bytes of every gzip stream.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Why an import failed as a whole. Nothing was stored from the batch that failed; earlier batches stay (a
/// second run of the same file stores only what is missing).
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The source label is empty or too long.
    #[error("the source label must be 1 to 200 characters")]
    BadSource,
    /// The data is gzip but does not unpack.
    #[error("the file could not be unpacked: {0}")]
    Unreadable(#[from] std::io::Error),
    /// The data unpacks to more than the limit (`--import-unpacked-mb`).
    #[error("the file unpacks to more than {limit} bytes")]
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
    /// The file holds records of a kind with secrets (Sea Battle, Bulls and Cows), which are not imported: a
    /// stored game of such a kind keeps each move's private part as the live game drew it (its nonce among
    /// them), which a record cannot give back (docs/hidden-information.md, "Import").
    #[error("records of {kind} are not imported: the kind keeps secrets")]
    HiddenInformation {
        /// The kind's name.
        kind: &'static str,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The text of a record file: gunzipped when it starts with the gzip magic bytes, and refused once it unpacks to
/// more than `max_unpacked` bytes (it is never unpacked further). Bytes that are not UTF-8 (old player names in
/// a legacy code page) are replaced.
pub fn record_text(bytes: &[u8], max_unpacked: u64) -> Result<String, ImportError> {
    if bytes.starts_with(&GZIP_MAGIC) {
        let mut unpacked = Vec::new();
        MultiGzDecoder::new(bytes).take(max_unpacked.saturating_add(1)).read_to_end(&mut unpacked)?;
        if unpacked.len() as u64 > max_unpacked {
            return Err(ImportError::TooLarge { limit: max_unpacked });
        }
        Ok(String::from_utf8_lossy(&unpacked).into_owned())
    } else if bytes.len() as u64 > max_unpacked {
        Err(ImportError::TooLarge { limit: max_unpacked })
    } else {
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// Imports every game of a record file (plain or gzip, unpacking to at most `max_unpacked` bytes) under the
/// label `source`, and writes an audit entry.
pub async fn import_file(
    store: &dyn Store,
    source: &str,
    bytes: Vec<u8>,
    max_unpacked: u64,
    actor: Actor<'_>,
) -> Result<ImportReport, ImportError> {
    let source = source.trim();
    if source.is_empty() || source.chars().count() > MAX_IMPORT_SOURCE_CHARS {
        return Err(ImportError::BadSource);
    }
    // Unpacking and replaying thousands of games is CPU work: keep it off the async workers.
    let read =
        tokio::task::spawn_blocking(move || record_text(&bytes, max_unpacked).and_then(|text| read_games(&text)))
            .await
            .map_err(|_| std::io::Error::other("the import task failed"))??;
    let done = store.imported_indexes(source).await?;
    let fresh: Vec<&ReadGame> = read.games.iter().filter(|game| !done.contains(&(game.index as i64))).collect();
    let names: Vec<String> =
        fresh.iter().flat_map(|game| game.names.iter().cloned()).collect::<BTreeSet<_>>().into_iter().collect();
    let now = now_ms();
    let players = store.imported_players(&names, now).await?;
    for batch in fresh.chunks(GAMES_PER_BATCH) {
        let rows: Vec<ImportedGame> = batch
            .iter()
            .map(|game| {
                let ids = game.names.iter().map(|name| (players[name], name.clone())).collect();
                rows_of(game, ids, source, now)
            })
            .collect();
        store.insert_imported(&rows).await?;
        // The explorer is derived from the stored games: a failure is logged, and `kartka admin explorer
        // rebuild` writes them again.
        if let Err(error) = explorer::index::index_imported(store, &rows).await {
            tracing::error!(%error, source, "could not write imported games into the explorer");
        }
    }
    let report = ImportReport {
        source: source.to_owned(),
        read: read.count,
        imported: fresh.len() as u64,
        already_imported: (read.games.len() - fresh.len()) as u64,
        rejected: read.rejections.len() as u64,
        rejections: read
            .rejections
            .into_iter()
            .take(LISTED_REJECTIONS)
            .map(|(index, reason)| ImportRejection { index, reason })
            .collect(),
    };
    let details = json!({
        "source": report.source,
        "read": report.read,
        "imported": report.imported,
        "already_imported": report.already_imported,
        "rejected": report.rejected,
    });
    let reason = format!("imported {} game(s) from {source}", report.imported);
    store.insert_audit(&audit::entry(actor, AuditAction::Import, Target::default(), details, &reason)).await?;
    Ok(report)
}

/// Every game of a record file, read by the kind the file holds. A game whose player names hold a control
/// character is refused: no name shown on the site has one, and PostgreSQL cannot store a NUL at all. So is a
/// game that does not name one player a seat: it would be stored with seats nobody holds. A file of a kind with
/// secrets is refused whole ([`ImportError::HiddenInformation`]).
fn read_games(text: &str) -> Result<ReadGames, ImportError> {
    let Some(kind) = kinds::of_record_file(text) else {
        return Ok(ReadGames {
            count: 1,
            games: Vec::new(),
            rejections: vec![(1, "the file's Game tag names no game kind this server plays".to_owned())],
        });
    };
    if kind.kind().hidden_information() {
        return Err(ImportError::HiddenInformation { kind: kind.kind().name() });
    }
    let mut read = kind.read_records(text);
    let (games, unnamed): (Vec<ReadGame>, Vec<ReadGame>) =
        read.games.into_iter().partition(|game| game.names.iter().all(|name| !name.chars().any(char::is_control)));
    read.games = games;
    read.rejections
        .extend(unnamed.into_iter().map(|game| (game.index, "a player's name holds a control character".to_owned())));
    let seats = |game: &ReadGame| kinds::ruleset(&game.ruleset).map_or(0, |rules| rules.seat_count());
    let (games, unseated): (Vec<ReadGame>, Vec<ReadGame>) =
        read.games.into_iter().partition(|game| game.names.len() == seats(game));
    read.games = games;
    read.rejections.extend(unseated.into_iter().map(|game| {
        let reason = format!("the record names {} players for a game of {} seats", game.names.len(), seats(&game));
        (game.index, reason)
    }));
    read.rejections.sort_by_key(|(index, _)| *index);
    Ok(read)
}

/// The rows of a read game: never active, timed at its historic date, its clocks as the time control set
/// them (a record has no clock readings; the admin views leave them out for imported games).
fn rows_of(game: &ReadGame, players: Vec<(Uuid, String)>, source: &str, now: Millis) -> ImportedGame {
    // Time-ordered ids: the games and their moves go to the end of the primary-key indexes instead of
    // all over them, which keeps a large import's writes sequential.
    let id = Uuid::now_v7();
    let time_control = TimeControl::Fischer { initial_seconds: game.initial_seconds, increment_seconds: 0 };
    let initial_ms = i64::from(game.initial_seconds) * 1000;
    let clocks = Clocks::new(vec![initial_ms; players.len()], None);
    let infos: Vec<PlayerInfo> = players
        .into_iter()
        .map(|(account_id, name)| PlayerInfo { account_id, name, guest: false, bot: false })
        .collect();
    let at = game.created_at;
    let event = |seq: i64, event: &GameEvent| EventRow {
        seq,
        kind: event_kind(event).to_owned(),
        payload: serde_json::to_string(event).expect("game events always serialise"),
        at,
        private: None,
    };
    let started =
        GameEvent::Started { players: infos.clone(), ruleset: game.ruleset, time_control, clocks: clocks.clone() };
    let mut events = vec![event(1, &started)];
    for left in seat_left_events(game, &clocks) {
        events.push(event(events.len() as i64 + 1, &left));
    }
    if let Some(result) = game.result.clone() {
        let ended = GameEvent::Ended { result, clocks, rating_changes: Vec::new(), revealed: Vec::new() };
        events.push(event(events.len() as i64 + 1, &ended));
    }
    let mut ply = 0;
    let moves = game
        .moves
        .iter()
        .map(|read| {
            let row = MoveRow {
                ply,
                seat: seat_text(read.seat).to_owned(),
                notation: read.notation.clone(),
                turn_ended: read.turn_ended,
                client_move_id: String::new(),
                clocks_ms: vec![initial_ms; infos.len()],
                received_at: at,
            };
            ply += i64::from(read.actions);
            row
        })
        .collect();
    let state = GameState {
        status: if game.result.is_some() { "finished" } else { "aborted" }.to_owned(),
        winner: game
            .result
            .as_ref()
            .and_then(|result| result.winner)
            .map(|seat| seat_text(convert::seat(seat)).to_owned()),
        end_reason: game.result.as_ref().map(|result| end_reason_text(result.reason)),
        ply,
        seq: events.len() as i64,
        clocks_ms: vec![initial_ms; infos.len()],
        clock_at: at,
        to_act: None,
        seats_to_act: None,
        deadline: None,
        finished_at: Some(at),
        scores: game.result.as_ref().and_then(convert::scores_text),
        ranks: game.result.as_ref().map(convert::ranks_text),
    };
    ImportedGame {
        game: GameRow {
            id,
            kind: game.ruleset.kind().name().to_owned(),
            ruleset: serde_json::to_string(&game.ruleset).expect("rulesets always serialise"),
            time_control: serde_json::to_string(&time_control).expect("time controls always serialise"),
            speed: speed_text(speed_class(&game.ruleset, &time_control)).to_owned(),
            rated: game.rated,
            correspondence: time_control.is_correspondence(),
            players: infos.iter().map(|info| info.account_id).collect(),
            created_at: at,
            state,
        },
        origin: GameOrigin {
            import: Some(ImportSource { source: source.to_owned(), index: game.index as i64, imported_at: now }),
        },
        events,
        moves,
    }
}

/// The `seat_left` events of a read game's departures, in order, each at its ply with the seat to act after it,
/// as the game's actor would have recorded them: the moves are replayed action by action, each departure at its
/// ply, so that a departure in the middle of another seat's turn is where it happened.
fn seat_left_events(game: &ReadGame, clocks: &Clocks) -> Vec<GameEvent> {
    if game.departures.is_empty() {
        return Vec::new();
    }
    let mut replayed = kinds::ruleset(&game.ruleset).ok().map(|rules| AnyGame::new(&rules));
    let mut pending = game.departures.iter().peekable();
    let mut events = Vec::with_capacity(game.departures.len());
    let mut leave = |replayed: &mut Option<AnyGame>, ply: u32| {
        while let Some(left) = pending.next_if(|left| left.ply <= ply) {
            // The kind's reader replayed the game with these departures already; a replay that fails here
            // cannot happen, and would only leave who acts next unsaid.
            let to_act = replayed.as_mut().map_or(SeatSet::EMPTY, |position| {
                position.seat_left(left.seat, left.reason);
                position.seats_to_act()
            });
            events.push(GameEvent::SeatLeft {
                seat: seat_name(left.seat),
                reason: end_reason_name(left.reason),
                ply: left.ply,
                to_act: to_act.first().map(seat_name),
                seats_to_act: convert::seat_names(to_act),
                clocks: clocks.clone(),
            });
        }
    };
    let mut ply = 0;
    for read in &game.moves {
        let actions = replayed
            .as_ref()
            .and_then(|position| position.kind().split_actions(&read.notation).ok())
            .unwrap_or_default();
        for index in 0..read.actions as usize {
            leave(&mut replayed, ply);
            let played = actions
                .get(index)
                .is_some_and(|action| replayed.as_mut().is_some_and(|position| position.play(action).is_ok()));
            if !played {
                replayed = None;
            }
            ply += 1;
        }
    }
    // The departures after the last move, and any the moves did not reach.
    leave(&mut replayed, u32::MAX);
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_engine::GameKind;
    use kartka_protocol::{EndReasonName, SeatName};

    const GAME: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"2014.09.22\"]\n[Time \"01:02:03\"]\n\
        [Black \"Bob\"]\n[White \"Alice\"]\n[Result \"1-0\"]\n[TimeControl \"60\"]\n\n1. 0 3 2. 6 1-0\n";

    #[test]
    fn a_read_game_becomes_a_finished_game_with_its_moves() {
        let read = read_games(GAME).expect("a kind without secrets");
        let rows =
            rows_of(&read.games[0], vec![(Uuid::new_v4(), "Alice".into()), (Uuid::new_v4(), "Bob".into())], "test", 0);
        let plies: Vec<i64> = rows.moves.iter().map(|m| m.ply).collect();
        assert_eq!(plies, [0, 1, 2]);
        let seats: Vec<&str> = rows.moves.iter().map(|m| m.seat.as_str()).collect();
        assert_eq!(seats, ["first", "second", "first"]);
        assert_eq!(rows.moves.iter().map(|m| m.turn_ended).collect::<Vec<_>>(), [true, true, false]);
        assert_eq!((rows.game.state.seq, rows.game.state.ply), (2, 3));
        assert_eq!(rows.game.state.status, "finished");
    }

    /// A Dots and Boxes game of three names its third player in `Player3`, and is stored with three players
    /// and clocks; the same game without that tag names too few and is refused.
    #[test]
    fn a_game_of_three_seats_its_three_players_and_one_naming_two_is_refused() {
        let named = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"3\"]\n[White \"A\"]\n[Black \"B\"]\n\
            [Player3 \"C\"]\n\na1h\na2h\n";
        let read = read_games(named).expect("a kind without secrets");
        assert!(read.rejections.is_empty(), "{:?}", read.rejections);
        assert_eq!(read.games[0].names, ["A", "B", "C"]);
        let players = read.games[0].names.iter().map(|name| (Uuid::new_v4(), name.clone())).collect();
        let rows = rows_of(&read.games[0], players, "test", 0);
        assert_eq!((rows.game.players.len(), rows.game.state.clocks_ms.len()), (3, 3));

        let read = read_games(&named.replace("[Player3 \"C\"]\n", "")).expect("a kind without secrets");
        assert!(read.games.is_empty());
        assert_eq!(read.rejections, [(1, "the record names 2 players for a game of 3 seats".to_owned())]);
    }

    #[test]
    fn a_file_of_an_unknown_game_is_refused_as_a_whole() {
        let read = read_games("[Game \"chess\"]\n\n1. e4 *\n").expect("a kind without secrets");
        assert!(read.games.is_empty());
        assert_eq!(read.rejections.len(), 1);
    }

    #[test]
    fn a_file_of_every_kind_with_secrets_is_refused_as_a_whole() {
        let hidden = GameKind::ALL.iter().filter(|kind| kind.hidden_information());
        for kind in hidden {
            let text = format!("[Game \"{kind}\"]\n[GameId \"{}\"]\n\n", Uuid::nil());
            let refused = read_games(&text).map(|read| read.count);
            assert!(
                matches!(refused, Err(ImportError::HiddenInformation { kind: name }) if name == kind.name()),
                "{kind}"
            );
        }
    }

    /// A game of three in which the first seat left in the middle of its turn (after closing a box with its
    /// fourth edge) and the third after the fifth edge: each departure is a `seat_left` event at its ply, naming
    /// the seat that acted next, between the start and the end.
    #[test]
    fn departures_become_seat_left_events_at_their_plies() {
        let text = "[Game \"dots-and-boxes\"]\n[Boxes \"2x2\"]\n[Players \"3\"]\n\
            [Departures \"1@4 resignation, 3@5 time\"]\n[White \"A\"]\n[Black \"B\"]\n[Player3 \"C\"]\n\n\
            a1h\na2h\na1v\nb1v\nc1v\n";
        let read = read_games(text).expect("a kind without secrets");
        assert!(read.rejections.is_empty(), "{:?}", read.rejections);
        let players = read.games[0].names.iter().map(|name| (Uuid::new_v4(), name.clone())).collect();
        let rows = rows_of(&read.games[0], players, "test", 0);
        let events: Vec<GameEvent> =
            rows.events.iter().map(|row| serde_json::from_str(&row.payload).expect("an event")).collect();
        let kinds: Vec<&str> = rows.events.iter().map(|row| row.kind.as_str()).collect();
        assert_eq!(kinds, ["started", "seat_left", "ended"], "the second departure ended the game: it is the result");
        let GameEvent::SeatLeft { seat, reason, ply, to_act, .. } = &events[1] else { panic!("{:?}", events[1]) };
        assert_eq!(
            (*seat, *reason, *ply, *to_act),
            (SeatName::First, EndReasonName::Resignation, 4, Some(SeatName::Second))
        );
        assert_eq!(rows.events.iter().map(|row| row.seq).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(rows.game.state.seq, 3);
        let seats: Vec<&str> = rows.moves.iter().map(|m| m.seat.as_str()).collect();
        assert_eq!(seats, ["first", "second", "third", "first", "second"]);
    }
}
