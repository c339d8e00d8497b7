//! The store suite: every scenario is written once and runs against both backends, each on a fresh database
//! (`postgres::…` and `sqlite::…` tests).

use std::num::NonZeroUsize;
use std::pin::Pin;
use std::sync::Arc;

use futures_util::future::{join_all, maybe_done};
use kartka_server::store::{
    self, AccountKind, AccountRow, AuditRow, ChallengeRow, EventRow, ExplorerQuery, ExplorerRow, GameChange,
    GameCursor, GameRow, GameState, Millis, MoveRow, OfferKind, OfferRow, OfferSeat, PrivatePart, RatingRow,
    RatingUpdate, ResultCounts, SeatChange, SessionRow, Store, StoreError, TurnCount,
};
use kartka_tests::db::TestDb;
use kartka_tests::stored::ActiveGame;
use tokio::sync::Barrier;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    database:
    accounts_are_found_by_id_and_by_name_in_any_case,
    a_banned_guest_is_found_by_its_address_until_the_cool_down_or_an_unban,
    a_name_taken_in_another_letter_case_conflicts,
    set_admin_grants_and_revokes_the_role,
    sessions_authenticate_until_they_expire_or_are_deleted,
    open_challenges_are_listed_for_both_sides,
    only_open_unexpired_challenges_close,
    accepting_a_challenge_creates_its_game_once,
    a_new_game_of_every_kind_reads_back_as_the_rows_it_was_stored_with,
    concurrent_accepts_let_exactly_one_win,
    a_seat_change_decided_on_a_stale_revision_writes_nothing,
    games_of_pages_newest_first,
    record_appends_events_and_moves_in_order,
    a_stale_expected_seq_conflicts_and_writes_nothing,
    a_repeated_ply_conflicts_and_writes_nothing,
    a_finished_game_leaves_the_active_live_games,
    events_after_returns_only_later_events,
    an_events_private_part_is_stored_beside_its_public_one,
    events_after_each_reads_every_game_after_its_own_number,
    concurrent_records_let_exactly_one_win,
    concurrent_changes_of_many_games_are_all_committed,
    a_games_queued_changes_commit_in_order,
    rivals_in_many_games_at_once_let_exactly_one_win_each,
    a_stale_change_in_a_group_fails_alone,
    a_repeated_ply_in_a_group_fails_alone,
    two_changes_of_one_game_in_one_group_apply_in_order,
    a_group_with_a_rated_result_commits_it_with_its_ratings,
    an_end_writes_its_explorer_rows_with_it_in_a_group_alone_and_adjudicated,
    leases_given_back_beside_changes_all_commit_and_go_only_from_their_holder,
    reopening_the_database_keeps_everything,
    a_rated_result_commits_with_both_ratings,
    a_ranking_of_three_is_rated_by_weng_lin_on_its_own_leaderboard,
    a_rating_computed_from_a_stale_rating_conflicts_and_writes_nothing,
    a_failing_rating_write_rolls_back_the_result,
    the_leaderboard_ranks_established_ratings_of_players_in_good_standing,
    results_are_counted_per_player,
    rematch_offers_are_found_by_their_game,
    the_archive_length_moves_only_when_a_games_status_changes,
);

/// An arbitrary moment all scenarios count from.
const T0: Millis = 1_750_000_000_000;
const MINUTE: Millis = 60_000;
const RULESET: &str = r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#;
const TIME_CONTROL: &str = r#"{"type":"fischer","initial_seconds":60,"increment_seconds":2}"#;

fn account(name: &str) -> AccountRow {
    AccountRow {
        id: Uuid::new_v4(),
        name: name.to_owned(),
        kind: AccountKind::Registered,
        password_hash: Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".to_owned()),
        is_admin: false,
        is_bot: false,
        chat_muted: false,
        banned: false,
        created_at: T0,
        created_from: None,
    }
}

async fn inserted_account(store: &dyn Store, name: &str) -> AccountRow {
    let account = account(name);
    store.insert_account(&account).await.expect("insert account");
    account
}

/// A new active game between two accounts, and its first event.
fn new_game(first: &AccountRow, second: &AccountRow, created_at: Millis) -> (GameRow, EventRow) {
    let clock = (TIME_CONTROL, "bullet");
    let deadline = Some(created_at + MINUTE);
    ActiveGame { first_id: first.id, second_id: second.id, time_control: clock, clock_ms: MINUTE, created_at, deadline }
        .rows()
}

async fn inserted_game(store: &dyn Store, first: &AccountRow, second: &AccountRow, created_at: Millis) -> GameRow {
    let (game, started) = new_game(first, second, created_at);
    store.insert_game(&game, &started, None).await.expect("insert game");
    game
}

/// A move one second after `state`, by the seat whose turn the ply's parity says it is.
fn move_change(state: &GameState, client_move_id: &str) -> GameChange {
    let at = state.clock_at + 1_000;
    let seat = if state.ply % 2 == 0 { "first" } else { "second" };
    let mut clocks_ms = state.clocks_ms.clone();
    clocks_ms[usize::from(seat == "second")] -= 1_000;
    let seq = state.seq + 1;
    GameChange {
        expected_seq: state.seq,
        event: EventRow {
            seq,
            kind: "moved".to_owned(),
            payload: format!(r#"{{"type":"moved","ply":{}}}"#, state.ply),
            at,
            private: None,
        },
        new_move: Some(MoveRow {
            ply: state.ply,
            seat: seat.to_owned(),
            notation: (state.ply % 8).to_string(),
            turn_ended: true,
            client_move_id: client_move_id.to_owned(),
            clocks_ms: clocks_ms.clone(),
            received_at: at,
        }),
        state: GameState {
            ply: state.ply + 1,
            seq,
            clocks_ms,
            clock_at: at,
            to_act: Some(if state.ply % 2 == 0 { "second" } else { "first" }.to_owned()),
            seats_to_act: Some(if state.ply % 2 == 0 { "second" } else { "first" }.to_owned()),
            deadline: Some(at + MINUTE),
            ..state.clone()
        },
        ratings: Vec::new(),
        explorer: Vec::new(),
    }
}

/// An event that is not a move (a connect, an offer), one second after `state`.
fn event_change(state: &GameState, kind: &str) -> GameChange {
    let at = state.clock_at + 1_000;
    let seq = state.seq + 1;
    GameChange {
        expected_seq: state.seq,
        event: EventRow { seq, kind: kind.to_owned(), payload: format!(r#"{{"type":"{kind}"}}"#), at, private: None },
        new_move: None,
        state: GameState { seq, ..state.clone() },
        ratings: Vec::new(),
        explorer: Vec::new(),
    }
}

/// The first seat scores, one second after `state`.
fn end_change(state: &GameState) -> GameChange {
    let at = state.clock_at + 1_000;
    let seq = state.seq + 1;
    GameChange {
        expected_seq: state.seq,
        event: EventRow { seq, kind: "ended".to_owned(), payload: r#"{"type":"ended"}"#.to_owned(), at, private: None },
        new_move: None,
        state: GameState {
            status: "finished".to_owned(),
            winner: Some("first".to_owned()),
            end_reason: Some("goal".to_owned()),
            seq,
            clock_at: at,
            to_act: None,
            seats_to_act: None,
            deadline: None,
            finished_at: Some(at),
            // Stored as given, whatever game counts them: the store keeps a result's points.
            scores: Some("1:0".to_owned()),
            ..state.clone()
        },
        ratings: Vec::new(),
        explorer: Vec::new(),
    }
}

/// Records `change` and returns the state it leads to.
async fn recorded(store: &dyn Store, game_id: Uuid, change: GameChange) -> GameState {
    store.record(game_id, &change).await.expect("record change");
    change.state
}

/// The seat of an offer's creator, who joined when they made it.
fn creator_seat(creator: Uuid, at: Millis) -> OfferSeat {
    OfferSeat { account_id: creator, invited: None, seat: None, joined_at: Some(at), join_order: Some(0) }
}

/// `acceptor` taking the last seat of `offer` of `kind` at `at`, decided on its first revision.
fn taking(kind: OfferKind, offer: Uuid, acceptor: Uuid, at: Millis) -> SeatChange {
    SeatChange { kind, offer_id: offer, revision: 0, account_id: acceptor, at }
}

fn challenge(challenger: &AccountRow, opponent: Option<&AccountRow>, created_at: Millis) -> ChallengeRow {
    let offer = OfferRow {
        id: Uuid::new_v4(),
        creator_id: challenger.id,
        ruleset: RULESET.to_owned(),
        time_control: TIME_CONTROL.to_owned(),
        colour: "random".to_owned(),
        rated: false,
        status: "open".to_owned(),
        game_id: None,
        created_at,
        expires_at: created_at + 10 * MINUTE,
        revision: 0,
        seats: std::iter::once(creator_seat(challenger.id, created_at))
            .chain(opponent.map(|opponent| OfferSeat {
                account_id: opponent.id,
                invited: Some(0),
                seat: None,
                joined_at: None,
                join_order: None,
            }))
            .collect(),
    };
    ChallengeRow { offer, rematch_of: None }
}

async fn inserted_challenge(
    store: &dyn Store,
    challenger: &AccountRow,
    opponent: Option<&AccountRow>,
    created_at: Millis,
) -> ChallengeRow {
    let challenge = challenge(challenger, opponent, created_at);
    store.insert_challenge(&challenge).await.expect("insert challenge");
    challenge
}

fn assert_conflict<T: std::fmt::Debug>(result: Result<T, StoreError>) {
    assert!(matches!(result, Err(StoreError::Conflict)), "expected a conflict, got {result:?}");
}

async fn accounts_are_found_by_id_and_by_name_in_any_case(db: &TestDb) {
    let store = db.store();
    let guest = AccountRow {
        kind: AccountKind::Guest,
        password_hash: None,
        created_from: Some("2001:db8:1:2::".to_owned()),
        ..account("Guest-Żaba")
    };
    store.insert_account(&guest).await.unwrap();
    let registered = inserted_account(&*store, "Kasia").await;

    assert_eq!(store.account_by_id(guest.id).await.unwrap(), Some(guest.clone()));
    assert_eq!(store.account_by_id(registered.id).await.unwrap(), Some(registered.clone()));
    assert_eq!(store.account_by_name("kASIA").await.unwrap(), Some(registered));
    // Case folding goes beyond ASCII.
    assert_eq!(store.account_by_name("guest-żABA").await.unwrap(), Some(guest));
    assert_eq!(store.account_by_id(Uuid::new_v4()).await.unwrap(), None);
    assert_eq!(store.account_by_name("nobody").await.unwrap(), None);
}

/// An admin's ban or unban of `account` at `at`, as the audit log keeps it.
fn ban_entry(account: &AccountRow, action: &str, at: Millis) -> AuditRow {
    AuditRow {
        id: 0,
        at,
        admin_id: None,
        actor_name: "command line".to_owned(),
        action: action.to_owned(),
        game_id: None,
        account_id: Some(account.id),
        details: "{}".to_owned(),
        reason: "test".to_owned(),
    }
}

async fn a_banned_guest_is_found_by_its_address_until_the_cool_down_or_an_unban(db: &TestDb) {
    let store = db.store();
    let from = |name: &str, kind: AccountKind, address: &str| AccountRow {
        kind,
        password_hash: None,
        created_from: Some(address.to_owned()),
        ..account(name)
    };
    let guest = from("guest-1", AccountKind::Guest, "192.0.2.7");
    let neighbour = from("guest-2", AccountKind::Guest, "192.0.2.8");
    let registered = from("Kasia", AccountKind::Registered, "198.51.100.1");
    for account in [&guest, &neighbour, &registered] {
        store.insert_account(account).await.unwrap();
    }
    assert!(!store.guest_banned_from("192.0.2.7", T0).await.unwrap(), "nobody is banned yet");

    let banned_at = T0 + MINUTE;
    assert!(store.set_banned(guest.id, true, &ban_entry(&guest, "ban", banned_at)).await.unwrap());
    assert!(store.set_banned(registered.id, true, &ban_entry(&registered, "ban", banned_at)).await.unwrap());
    assert!(store.guest_banned_from("192.0.2.7", T0).await.unwrap(), "a ban within the cool-down counts");
    assert!(store.guest_banned_from("192.0.2.7", banned_at).await.unwrap(), "from its very moment");
    assert!(!store.guest_banned_from("192.0.2.7", banned_at + 1).await.unwrap(), "an older ban does not");
    assert!(!store.guest_banned_from("192.0.2.8", T0).await.unwrap(), "another address is not affected");
    assert!(!store.guest_banned_from("198.51.100.1", T0).await.unwrap(), "a banned registered account is no guest");

    let unbanned_at = banned_at + MINUTE;
    assert!(store.set_banned(guest.id, false, &ban_entry(&guest, "unban", unbanned_at)).await.unwrap());
    assert!(!store.guest_banned_from("192.0.2.7", T0).await.unwrap(), "an unban ends the cool-down");
    let again = banned_at + 2 * MINUTE;
    assert!(store.set_banned(guest.id, true, &ban_entry(&guest, "ban", again)).await.unwrap());
    assert!(store.guest_banned_from("192.0.2.7", again).await.unwrap(), "a new ban counts from its own moment");
}

async fn a_name_taken_in_another_letter_case_conflicts(db: &TestDb) {
    let store = db.store();
    let original = inserted_account(&*store, "Kasia").await;

    assert_conflict(store.insert_account(&account("KASIA")).await);
    assert_conflict(store.insert_account(&AccountRow { name: "Basia".to_owned(), ..original.clone() }).await);
    assert_eq!(store.account_by_name("kasia").await.unwrap(), Some(original));
    assert_eq!(store.account_by_name("basia").await.unwrap(), None);
}

async fn set_admin_grants_and_revokes_the_role(db: &TestDb) {
    let store = db.store();
    let account = inserted_account(&*store, "Kasia").await;

    assert!(store.set_admin("KASIA", true).await.unwrap());
    assert!(store.account_by_id(account.id).await.unwrap().unwrap().is_admin);
    assert!(store.set_admin("kasia", false).await.unwrap());
    assert!(!store.account_by_id(account.id).await.unwrap().unwrap().is_admin);
    assert!(!store.set_admin("nobody", true).await.unwrap());
}

async fn sessions_authenticate_until_they_expire_or_are_deleted(db: &TestDb) {
    let store = db.store();
    let account = inserted_account(&*store, "Kasia").await;
    let session =
        SessionRow { token_hash: "ab".repeat(32), account_id: account.id, created_at: T0, expires_at: T0 + MINUTE };
    store.insert_session(&session).await.unwrap();

    assert_eq!(store.session_account(&session.token_hash, T0).await.unwrap(), Some(account.clone()));
    assert_eq!(store.session_account(&session.token_hash, T0 + MINUTE - 1).await.unwrap(), Some(account));
    assert_eq!(store.session_account(&session.token_hash, T0 + MINUTE).await.unwrap(), None, "expired");
    assert_eq!(store.session_account(&"cd".repeat(32), T0).await.unwrap(), None, "unknown token");
    assert_conflict(store.insert_session(&session).await);

    assert!(store.delete_session(&session.token_hash).await.unwrap());
    assert_eq!(store.session_account(&session.token_hash, T0).await.unwrap(), None);
    assert!(!store.delete_session(&session.token_hash).await.unwrap());
}

async fn open_challenges_are_listed_for_both_sides(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let olek = inserted_account(&*store, "Olek").await;
    let to_basia = inserted_challenge(&*store, &kasia, Some(&basia), T0).await;
    let open_to_anyone = inserted_challenge(&*store, &kasia, None, T0 + 1).await;
    let from_basia = inserted_challenge(&*store, &basia, Some(&kasia), T0 + 2).await;
    let declined = inserted_challenge(&*store, &kasia, Some(&basia), T0 + 3).await;
    assert!(store.close_challenge(declined.offer.id, "declined", T0 + 4).await.unwrap());
    let now = T0 + 5;

    assert_eq!(store.challenge(to_basia.offer.id).await.unwrap(), Some(to_basia.clone()));
    let ids =
        |challenges: Vec<ChallengeRow>| challenges.into_iter().map(|challenge| challenge.offer.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.open_challenges_of(kasia.id, now).await.unwrap()),
        [from_basia.offer.id, open_to_anyone.offer.id, to_basia.offer.id],
        "newest first, made and received"
    );
    assert_eq!(ids(store.open_challenges_of(basia.id, now).await.unwrap()), [from_basia.offer.id, to_basia.offer.id]);
    assert!(store.open_challenges_of(olek.id, now).await.unwrap().is_empty());
    assert!(
        store.open_challenges_of(kasia.id, to_basia.offer.expires_at + 10).await.unwrap().is_empty(),
        "all expired"
    );
}

async fn only_open_unexpired_challenges_close(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let challenge = inserted_challenge(&*store, &kasia, Some(&basia), T0).await;

    assert!(store.close_challenge(challenge.offer.id, "cancelled", T0 + 1).await.unwrap());
    assert!(!store.close_challenge(challenge.offer.id, "declined", T0 + 2).await.unwrap(), "already closed");
    assert_eq!(store.challenge(challenge.offer.id).await.unwrap().unwrap().offer.status, "cancelled");
    assert!(!store.close_challenge(Uuid::new_v4(), "cancelled", T0).await.unwrap(), "no such challenge");

    let stale = inserted_challenge(&*store, &kasia, Some(&basia), T0).await;
    let after_expiry = stale.offer.expires_at;
    assert!(!store.close_challenge(stale.offer.id, "declined", after_expiry).await.unwrap(), "too late to decline");
    assert!(store.close_challenge(stale.offer.id, "expired", after_expiry).await.unwrap(), "the sweeper expires it");
    assert_eq!(store.challenge(stale.offer.id).await.unwrap().unwrap().offer.status, "expired");
}

async fn accepting_a_challenge_creates_its_game_once(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let challenge = inserted_challenge(&*store, &kasia, None, T0).await;
    let now = T0 + 1;
    let (game, started) = new_game(&kasia, &basia, now);

    assert!(store
        .accept_offer(&taking(OfferKind::Challenge, challenge.offer.id, basia.id, now), &game, &started, None)
        .await
        .unwrap());
    let accepted = store.challenge(challenge.offer.id).await.unwrap().unwrap();
    assert_eq!(accepted.offer.status, "accepted");
    assert_eq!(accepted.offer.game_id, Some(game.id));
    assert!(accepted.offer.has_joined(basia.id), "an open challenge records who accepted it");
    assert_eq!(accepted.offer.joined().map(|seat| seat.join_order).collect::<Vec<_>>(), [Some(0), Some(1)]);
    assert_eq!(store.game(game.id).await.unwrap(), Some(game.clone()));
    assert_eq!(store.events_after(game.id, 0).await.unwrap(), [started]);

    let (second_game, second_started) = new_game(&kasia, &basia, now);
    assert!(!store
        .accept_offer(
            &taking(OfferKind::Challenge, challenge.offer.id, basia.id, now),
            &second_game,
            &second_started,
            None
        )
        .await
        .unwrap());
    assert_eq!(store.game(second_game.id).await.unwrap(), None, "no second game");
    assert_eq!(store.challenge(challenge.offer.id).await.unwrap(), Some(accepted));

    let expired = inserted_challenge(&*store, &kasia, Some(&basia), T0).await;
    let (late_game, late_started) = new_game(&kasia, &basia, expired.offer.expires_at);
    assert!(!store
        .accept_offer(
            &taking(OfferKind::Challenge, expired.offer.id, basia.id, expired.offer.expires_at),
            &late_game,
            &late_started,
            None
        )
        .await
        .unwrap());
    assert_eq!(store.game(late_game.id).await.unwrap(), None);
    assert_eq!(store.challenge(expired.offer.id).await.unwrap().unwrap().offer.status, "open");
}

async fn concurrent_accepts_let_exactly_one_win(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let acceptors = [inserted_account(&*store, "Basia").await, inserted_account(&*store, "Olek").await];
    let challenge = inserted_challenge(&*store, &kasia, None, T0).await;
    let barrier = Arc::new(Barrier::new(acceptors.len()));

    let attempts = acceptors.map(|acceptor| {
        let (store, barrier) = (Arc::clone(&store), Arc::clone(&barrier));
        let (game, started) = new_game(&kasia, &acceptor, T0 + 1);
        tokio::spawn(async move {
            barrier.wait().await;
            let accepted = store
                .accept_offer(
                    &taking(OfferKind::Challenge, challenge.offer.id, acceptor.id, T0 + 1),
                    &game,
                    &started,
                    None,
                )
                .await;
            (game.id, accepted.expect("accept"))
        })
    });
    let mut winners = Vec::new();
    for attempt in attempts {
        let (game_id, accepted) = attempt.await.unwrap();
        let stored = store.game(game_id).await.unwrap();
        assert_eq!(stored.is_some(), accepted, "a game exists exactly when its accept won");
        if accepted {
            winners.push(game_id);
        }
    }
    assert_eq!(winners.len(), 1, "exactly one accept wins");
    assert_eq!(store.challenge(challenge.offer.id).await.unwrap().unwrap().offer.game_id, Some(winners[0]));
}

async fn a_seat_change_decided_on_a_stale_revision_writes_nothing(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let olek = inserted_account(&*store, "Olek").await;
    let challenge = inserted_challenge(&*store, &kasia, None, T0).await;
    let id = challenge.offer.id;
    let change = |account: &AccountRow, revision: i64, at: Millis| SeatChange {
        kind: OfferKind::Challenge,
        offer_id: id,
        revision,
        account_id: account.id,
        at,
    };

    assert!(store.join_offer(&change(&basia, 0, T0 + 1)).await.unwrap(), "basia joins at revision 0");
    let joined = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(joined.offer.revision, 1);
    assert!(!store.join_offer(&change(&olek, 0, T0 + 2)).await.unwrap(), "olek decided on revision 0: too late");
    assert!(!store.leave_offer(&change(&basia, 0, T0 + 2)).await.unwrap(), "so is a leave decided on it");
    assert!(!store.leave_offer(&change(&kasia, 1, T0 + 2)).await.unwrap(), "the creator's seat is never left");
    assert!(!store.leave_offer(&change(&olek, 1, T0 + 2)).await.unwrap(), "olek has no seat to leave");
    assert_eq!(store.challenge(id).await.unwrap().unwrap(), joined, "none of them changed anything");

    assert!(store.leave_offer(&change(&basia, 1, T0 + 3)).await.unwrap());
    assert!(store.join_offer(&change(&olek, 2, T0 + 4)).await.unwrap());
    let seats = store.challenge(id).await.unwrap().unwrap().offer.seats;
    let joined: Vec<(Uuid, Option<i64>)> = seats.iter().map(|seat| (seat.account_id, seat.join_order)).collect();
    assert_eq!(joined, [(kasia.id, Some(0)), (olek.id, Some(3))], "basia's seat is free; olek joined third");
    let late = change(&basia, 3, challenge.offer.expires_at);
    assert!(!store.join_offer(&late).await.unwrap(), "an expired offer takes nobody");
}

async fn games_of_pages_newest_first(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let olek = inserted_account(&*store, "Olek").await;
    let mut kasias_games = Vec::new();
    for minute in 0..5 {
        let (first, second) = if minute % 2 == 0 { (&kasia, &basia) } else { (&olek, &kasia) };
        kasias_games.push(inserted_game(&*store, first, second, T0 + minute * MINUTE).await);
    }
    // Two games created in the same millisecond: the id orders them.
    kasias_games.push(inserted_game(&*store, &kasia, &olek, T0 + 2 * MINUTE).await);
    let not_kasias = inserted_game(&*store, &basia, &olek, T0 + 3 * MINUTE).await;
    kasias_games.sort_by_key(|game| std::cmp::Reverse((game.created_at, game.id)));

    let mut paged = Vec::new();
    let mut cursor = None;
    loop {
        let page = store.games_of(kasia.id, cursor, 2).await.unwrap();
        assert!(page.len() <= 2);
        let Some(last) = page.last() else { break };
        cursor = Some(GameCursor { created_at: last.created_at, id: last.id });
        paged.extend(page);
    }
    assert_eq!(paged, kasias_games);

    assert_eq!(store.games_of(olek.id, None, 100).await.unwrap().len(), 4);
    let basias_games = store.games_of(basia.id, None, 100).await.unwrap();
    assert_eq!(basias_games.len(), 4);
    assert!(basias_games.contains(&not_kasias));
    assert!(store.games_of(Uuid::new_v4(), None, 10).await.unwrap().is_empty());
}

async fn record_appends_events_and_moves_in_order(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let (game, started) = new_game(&kasia, &basia, T0);
    store.insert_game(&game, &started, None).await.unwrap();

    // Moves with an event that is not a move between them.
    let mut state = game.state.clone();
    let mut changes = Vec::new();
    for step in 0..4 {
        let change =
            if step == 1 { event_change(&state, "draw_offered") } else { move_change(&state, &format!("m{step}")) };
        state = change.state.clone();
        changes.push(change);
    }
    for change in &changes {
        store.record(game.id, change).await.expect("record change");
    }

    let expected_events: Vec<EventRow> =
        std::iter::once(started).chain(changes.iter().map(|change| change.event.clone())).collect();
    assert_eq!(store.events_after(game.id, 0).await.unwrap(), expected_events);
    let expected_moves: Vec<MoveRow> = changes.iter().filter_map(|change| change.new_move.clone()).collect();
    assert_eq!(expected_moves.iter().map(|recorded| recorded.ply).collect::<Vec<_>>(), [0, 1, 2]);
    assert_eq!(store.moves(game.id).await.unwrap(), expected_moves);
    assert_eq!(store.game(game.id).await.unwrap().unwrap().state, state);
}

async fn a_stale_expected_seq_conflicts_and_writes_nothing(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let game = inserted_game(&*store, &kasia, &basia, T0).await;
    let stale = move_change(&game.state, "late");
    let state = recorded(&*store, game.id, move_change(&game.state, "first")).await;
    let events = store.events_after(game.id, 0).await.unwrap();
    let moves = store.moves(game.id).await.unwrap();

    assert_conflict(store.record(game.id, &stale).await);
    assert_conflict(
        store.record(game.id, &move_change(&GameState { seq: state.seq + 1, ..state.clone() }, "ahead")).await,
    );
    assert_conflict(store.record(Uuid::new_v4(), &move_change(&state, "no such game")).await);

    assert_eq!(store.game(game.id).await.unwrap().unwrap().state, state);
    assert_eq!(store.events_after(game.id, 0).await.unwrap(), events);
    assert_eq!(store.moves(game.id).await.unwrap(), moves);
}

async fn a_repeated_ply_conflicts_and_writes_nothing(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let game = inserted_game(&*store, &kasia, &basia, T0).await;
    let state = recorded(&*store, game.id, move_change(&game.state, "m0")).await;
    let state = recorded(&*store, game.id, event_change(&state, "player_connected")).await;
    let events = store.events_after(game.id, 0).await.unwrap();
    let moves = store.moves(game.id).await.unwrap();

    // The seq is current, but the move repeats ply 0: the game row and the event must not be written either.
    let repeat = move_change(&GameState { ply: 0, ..state.clone() }, "m0 again");
    assert_eq!(repeat.expected_seq, state.seq);
    assert_conflict(store.record(game.id, &repeat).await);

    assert_eq!(store.game(game.id).await.unwrap().unwrap().state, state);
    assert_eq!(store.events_after(game.id, 0).await.unwrap(), events);
    assert_eq!(store.moves(game.id).await.unwrap(), moves);
    recorded(&*store, game.id, move_change(&state, "m1")).await;
}

async fn a_finished_game_leaves_the_active_live_games(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let older = inserted_game(&*store, &kasia, &basia, T0).await;
    let newer = inserted_game(&*store, &basia, &kasia, T0 + MINUTE).await;
    let (mut by_post, started) = new_game(&kasia, &basia, T0 + 2 * MINUTE);
    by_post.time_control = r#"{"type":"correspondence","days_per_move":3,"vacation_allowed":true}"#.to_owned();
    by_post.correspondence = true;
    store.insert_game(&by_post, &started, None).await.expect("insert game");
    assert_eq!(store.game(by_post.id).await.unwrap(), Some(by_post), "the correspondence flag is kept");
    assert_eq!(store.active_live_games().await.unwrap(), [older.clone(), newer.clone()], "live games only");

    let state = recorded(&*store, older.id, move_change(&older.state, "m0")).await;
    let finished = recorded(&*store, older.id, end_change(&state)).await;

    assert_eq!(store.active_live_games().await.unwrap(), [newer]);
    let stored = store.game(older.id).await.unwrap().unwrap();
    assert_eq!(stored.state, finished);
    assert_eq!(stored.state.winner.as_deref(), Some("first"));
    assert_eq!(stored.state.scores.as_deref(), Some("1:0"), "a result's points are kept");
    assert_eq!(stored.state.deadline, None);
}

/// A node starts a new game's actor from the rows it stored (`StoredGame::new`), not from the store: that is
/// the same actor only if the store gives back exactly those rows, nothing more, for every kind and seat count.
async fn a_new_game_of_every_kind_reads_back_as_the_rows_it_was_stored_with(db: &TestDb) {
    use kartka_server::games::{kinds, new_game, ClockRules};
    let store = db.store();
    let mut players = Vec::new();
    let specs = kartka_engine::GameKind::ALL.iter().map(|&kind| kinds::default_spec(kind));
    for spec in specs.chain(kinds::rulesets_of_more_than_two_seats()) {
        let seats = kinds::ruleset(&spec).expect("a registry's ruleset").seat_count();
        while players.len() < seats {
            let account = inserted_account(&*store, &format!("player{}", players.len())).await;
            players.push(kartka_protocol::PlayerInfo {
                account_id: account.id,
                name: account.name,
                guest: false,
                bot: false,
            });
        }
        let time_control = kartka_protocol::TimeControl::Fischer { initial_seconds: 60, increment_seconds: 2 };
        let seated = players[..seats].to_vec();
        let clocks = ClockRules { day: std::time::Duration::from_secs(86_400), first_move: std::time::Duration::ZERO };
        let (game, started) =
            new_game(Uuid::new_v4(), seated, spec, time_control, true, clocks, T0).expect("a new game");
        store.insert_game(&game, &started, None).await.expect("insert the game");
        assert_eq!(store.game(game.id).await.unwrap().as_ref(), Some(&game), "{}", game.kind);
        assert_eq!(store.events_after(game.id, 0).await.unwrap(), [started], "{}", game.kind);
        assert!(store.moves(game.id).await.unwrap().is_empty(), "{}", game.kind);
        assert!(store.opponent_mutes(game.id).await.unwrap().is_empty(), "{}", game.kind);
    }
}

async fn events_after_returns_only_later_events(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let game = inserted_game(&*store, &kasia, &basia, T0).await;
    let mut state = game.state.clone();
    for kind in ["player_connected", "player_disconnected", "player_connected", "draw_offered"] {
        state = recorded(&*store, game.id, event_change(&state, kind)).await;
    }
    let other = inserted_game(&*store, &kasia, &basia, T0).await;
    recorded(&*store, other.id, event_change(&other.state, "player_connected")).await;

    let seqs = |events: Vec<EventRow>| events.into_iter().map(|event| event.seq).collect::<Vec<_>>();
    assert_eq!(seqs(store.events_after(game.id, 0).await.unwrap()), [1, 2, 3, 4, 5]);
    assert_eq!(seqs(store.events_after(game.id, 2).await.unwrap()), [3, 4, 5]);
    assert_eq!(store.events_after(game.id, 4).await.unwrap()[0].kind, "draw_offered");
    assert!(store.events_after(game.id, 5).await.unwrap().is_empty());
    assert!(store.events_after(Uuid::new_v4(), 0).await.unwrap().is_empty());
}

/// A game with secrets stores each event's part for one seat beside its public part (issue #35): alone and in a
/// group commit (PostgreSQL's one-statement group), read back by both event reads, and an event without one
/// reads back without one.
async fn an_events_private_part_is_stored_beside_its_public_one(db: &TestDb) {
    let store = db.store();
    let games = games_with_a_move(&*store, 2).await;
    let private = |seat: &str, text: &str| {
        Some(PrivatePart { seat: seat.to_owned(), payload: format!(r#"{{"type":"moved","notation":"{text}"}}"#) })
    };
    let (first, first_state) = &games[0];
    let mut alone = move_change(first_state, "alone");
    alone.event.private = private("second", "F:A1-A4");
    let state = recorded(&*store, first.id, alone.clone()).await;
    let mut grouped = move_change(&state, "grouped");
    grouped.event.private = private("first", "S:0123");
    let (second, second_state) = &games[1];
    let public_only = move_change(second_state, "public");
    let results = store.record_many(&[(first.id, grouped.clone()), (second.id, public_only.clone())]).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");

    let read = store.events_after(first.id, state.seq - 1).await.unwrap();
    assert_eq!(read, [alone.event.clone(), grouped.event.clone()]);
    let each = store.events_after_each(&[(first.id, state.seq - 1), (second.id, second_state.seq)]).await.unwrap();
    assert_eq!(each[&first.id], [alone.event, grouped.event]);
    assert_eq!(each[&second.id], [public_only.event]);
    assert_eq!(each[&second.id][0].private, None);
}

/// One read for many games (a relaying node's, for a notification): each game's events after its own number, none
/// of a game not asked for, and games beyond one statement's share read by the next statement.
async fn events_after_each_reads_every_game_after_its_own_number(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let mut games = Vec::new();
    for _ in 0..store::EVENT_READ_GAMES + 2 {
        games.push(inserted_game(&*store, &kasia, &basia, T0).await);
    }
    let (busy, quiet, unasked) = (&games[0], &games[1], &games[2]);
    let mut state = busy.state.clone();
    for kind in ["player_connected", "draw_offered", "player_disconnected"] {
        state = recorded(&*store, busy.id, event_change(&state, kind)).await;
    }
    recorded(&*store, unasked.id, event_change(&unasked.state, "player_connected")).await;
    let last = games.last().expect("games");
    recorded(&*store, last.id, event_change(&last.state, "draw_offered")).await;

    let mut after: Vec<(Uuid, i64)> = vec![(busy.id, 2), (quiet.id, 1), (Uuid::new_v4(), 0)];
    after.extend(games[3..].iter().map(|game| (game.id, 0)));
    let events = store.events_after_each(&after).await.unwrap();

    let seqs = |game: Uuid| events.get(&game).map(|rows| rows.iter().map(|row| row.seq).collect::<Vec<_>>());
    assert_eq!(seqs(busy.id), Some(vec![3, 4]), "the busy game's events after 2, in order");
    assert_eq!(events[&busy.id][0].kind, "draw_offered");
    assert_eq!(seqs(quiet.id), None, "nothing after the quiet game's only event");
    assert_eq!(seqs(unasked.id), None, "a game not asked for is not read");
    assert_eq!(seqs(last.id), Some(vec![1, 2]), "the last game, past the first statement's share, is read");
    assert_eq!(events.len(), store::EVENT_READ_GAMES, "every asked game with events, and no other");
    assert!(store.events_after_each(&[]).await.unwrap().is_empty());
}

async fn concurrent_records_let_exactly_one_win(db: &TestDb) {
    const ROUNDS: usize = 20;
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let game = inserted_game(&*store, &kasia, &basia, T0).await;
    let mut state = game.state.clone();

    for round in 0..ROUNDS {
        // Two writers computed their change from the same state: only one may land.
        let barrier = Arc::new(Barrier::new(2));
        let writers = ["a", "b"].map(|writer| {
            let change = move_change(&state, &format!("{writer}{round}"));
            let (store, barrier) = (Arc::clone(&store), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                let result = store.record(game.id, &change).await;
                (change, result)
            })
        });
        let mut winners = Vec::new();
        for writer in writers {
            match writer.await.unwrap() {
                (change, Ok(())) => winners.push(change),
                (_, Err(StoreError::Conflict)) => {}
                (_, Err(error)) => panic!("round {round}: a writer failed: {error}"),
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: exactly one writer wins");
        let winner = winners.pop().unwrap();
        assert_eq!(store.moves(game.id).await.unwrap().last(), winner.new_move.as_ref());
        state = winner.state;
    }

    assert_eq!(store.game(game.id).await.unwrap().unwrap().state, state);
    assert_eq!(store.events_after(game.id, 0).await.unwrap().len(), 1 + ROUNDS);
    assert_eq!(store.moves(game.id).await.unwrap().len(), ROUNDS);
}

async fn concurrent_changes_of_many_games_are_all_committed(db: &TestDb) {
    const GAMES: usize = 40;
    const MOVES: usize = 6;
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let mut games = Vec::new();
    for _ in 0..GAMES {
        games.push(inserted_game(&*store, &kasia, &basia, T0).await);
    }

    // Every game's player waits for each answer before the next move, as an actor does; the games play at
    // once, so the committer gathers changes of many games into each transaction.
    let barrier = Arc::new(Barrier::new(GAMES));
    let players = games.iter().map(|game| {
        let (store, barrier, mut state, id) = (Arc::clone(&store), Arc::clone(&barrier), game.state.clone(), game.id);
        tokio::spawn(async move {
            barrier.wait().await;
            let mut answers = 0;
            for ply in 0..MOVES {
                let change = move_change(&state, &format!("m{ply}"));
                store.record(id, &change).await.unwrap_or_else(|error| panic!("move {ply} of {id}: {error}"));
                answers += 1;
                state = change.state;
            }
            (answers, state)
        })
    });
    let finals = join_all(players).await;

    for (game, outcome) in games.iter().zip(finals) {
        let (answers, state) = outcome.unwrap();
        assert_eq!(answers, MOVES, "each change is answered once");
        assert_eq!(store.game(game.id).await.unwrap().unwrap().state, state);
        assert_eq!(store.moves(game.id).await.unwrap().len(), MOVES);
        assert_eq!(store.events_after(game.id, 0).await.unwrap().len(), 1 + MOVES);
    }
}

async fn a_games_queued_changes_commit_in_order(db: &TestDb) {
    const GAMES: usize = 8;
    const CHAIN: usize = 5;
    let store = db.store();
    let games = games_with_a_move(&*store, GAMES).await;
    // Each game's next changes, each computed from the one before, as an actor that did not wait would send them.
    let chains: Vec<Vec<GameChange>> = games
        .iter()
        .map(|(_, state)| {
            let mut state = state.clone();
            (1..=CHAIN)
                .map(|ply| {
                    let change = move_change(&state, &format!("m{ply}"));
                    state = change.state.clone();
                    change
                })
                .collect()
        })
        .collect();

    // All handed over at once, the games interleaved: with several committers, a change that started before
    // the one it follows had committed would fail its sequence check.
    let mut recording: Vec<_> = (0..CHAIN)
        .flat_map(|link| games.iter().zip(&chains).map(move |((game, _), chain)| (game.id, &chain[link])))
        .map(|(game_id, change)| maybe_done(store.record(game_id, change)))
        .collect();
    // Polled once each, in order, so that the changes reach the committer in this order.
    for recorded in &mut recording {
        let _ = futures_util::poll!(Pin::new(recorded));
    }
    join_all(recording.iter_mut()).await;

    for recorded in &mut recording {
        let result = Pin::new(recorded).take_output().expect("every change is answered");
        assert!(result.is_ok(), "{result:?}");
    }
    for ((game, _), chain) in games.iter().zip(&chains) {
        assert_stored(&*store, game.id, &chain[CHAIN - 1].state, 1 + CHAIN).await;
        let ids: Vec<String> = store.moves(game.id).await.unwrap().into_iter().map(|m| m.client_move_id).collect();
        assert_eq!(ids, (0..=CHAIN).map(|ply| format!("m{ply}")).collect::<Vec<_>>());
    }
}

async fn rivals_in_many_games_at_once_let_exactly_one_win_each(db: &TestDb) {
    const GAMES: usize = 16;
    let store = db.store();
    let games = games_with_a_move(&*store, GAMES).await;

    // Two writers per game computed their change from the same state, all of them at once, so that the rivals
    // of many games are spread over the committers: in each game exactly one may land.
    let barrier = Arc::new(Barrier::new(2 * GAMES));
    let writers: Vec<_> = games
        .iter()
        .flat_map(|(game, state)| {
            ["a", "b"].map(|writer| {
                let change = move_change(state, writer);
                let (store, barrier, game_id) = (Arc::clone(&store), Arc::clone(&barrier), game.id);
                tokio::spawn(async move {
                    barrier.wait().await;
                    let result = store.record(game_id, &change).await;
                    (change, result)
                })
            })
        })
        .collect();
    let outcomes: Vec<_> = join_all(writers).await.into_iter().map(Result::unwrap).collect();

    for ((game, _), rivals) in games.iter().zip(outcomes.chunks(2)) {
        let winners: Vec<&GameChange> = rivals
            .iter()
            .filter_map(|(change, result)| match result {
                Ok(()) => Some(change),
                Err(StoreError::Conflict) => None,
                Err(error) => panic!("a writer of {} failed: {error}", game.id),
            })
            .collect();
        assert_eq!(winners.len(), 1, "exactly one writer of {} wins", game.id);
        assert_stored(&*store, game.id, &winners[0].state, 2).await;
        assert_eq!(store.moves(game.id).await.unwrap().last(), winners[0].new_move.as_ref());
    }
}

/// Games with one move each, and their states.
async fn games_with_a_move(store: &dyn Store, count: usize) -> Vec<(GameRow, GameState)> {
    let kasia = inserted_account(store, "Kasia").await;
    let basia = inserted_account(store, "Basia").await;
    let mut games = Vec::new();
    for _ in 0..count {
        let game = inserted_game(store, &kasia, &basia, T0).await;
        let state = recorded(store, game.id, move_change(&game.state, "m0")).await;
        games.push((game, state));
    }
    games
}

/// Asserts that a game is stored as `state` with `plies` moves and every event up to the state's.
async fn assert_stored(store: &dyn Store, game_id: Uuid, state: &GameState, plies: usize) {
    assert_eq!(&store.game(game_id).await.unwrap().unwrap().state, state);
    assert_eq!(store.moves(game_id).await.unwrap().len(), plies);
    assert_eq!(store.events_after(game_id, 0).await.unwrap().len() as i64, state.seq);
}

/// The archive's length key of a game.
async fn archived_length(store: &dyn Store, game_id: Uuid) -> i64 {
    store.archived_game(game_id).await.unwrap().expect("the archive has the game").length
}

/// Moves leave the wide `games` row alone: its `length` (the archive's length order) follows the ply only when
/// a change alters the status or result, alone or in a group commit; the game's own ply always moves.
async fn the_archive_length_moves_only_when_a_games_status_changes(db: &TestDb) {
    let store = db.store();
    let games = games_with_a_move(&*store, 3).await;
    let moved: Vec<(Uuid, GameChange)> =
        games.iter().map(|(game, state)| (game.id, move_change(state, "m1"))).collect();
    assert!(store.record_many(&moved).await.iter().all(Result::is_ok));
    for (game_id, change) in &moved {
        assert_eq!(store.game(*game_id).await.unwrap().unwrap().state.ply, 2);
        assert_eq!(archived_length(&*store, *game_id).await, 0, "moves do not write the length");
        assert_eq!(store.archived_game(*game_id).await.unwrap().unwrap().game.state, change.state);
    }

    let ending: Vec<(Uuid, GameChange)> = moved
        .iter()
        .enumerate()
        .map(|(index, (game_id, change))| {
            let next = if index < 2 { end_change(&change.state) } else { event_change(&change.state, "offered") };
            (*game_id, next)
        })
        .collect();
    assert!(store.record_many(&ending).await.iter().all(Result::is_ok));
    for (index, (game_id, change)) in ending.iter().enumerate() {
        assert_eq!(store.game(*game_id).await.unwrap().unwrap().state, change.state);
        let expected = if index < 2 { 2 } else { 0 };
        assert_eq!(archived_length(&*store, *game_id).await, expected, "game {index}");
    }

    let (last_id, last) = &ending[2];
    recorded(&*store, *last_id, end_change(&last.state)).await;
    assert_eq!(archived_length(&*store, *last_id).await, 2, "a change alone writes the length when the game ends");
}

async fn a_stale_change_in_a_group_fails_alone(db: &TestDb) {
    let store = db.store();
    let games = games_with_a_move(&*store, 8).await;
    const STALE: usize = 3;
    let changes: Vec<(Uuid, GameChange)> = games
        .iter()
        .enumerate()
        .map(|(index, (game, state))| {
            // The stale change was computed before the game's first move.
            let from = if index == STALE { &game.state } else { state };
            (game.id, move_change(from, "m1"))
        })
        .collect();

    let results = store.record_many(&changes).await;

    for (index, ((game, state), result)) in games.iter().zip(&results).enumerate() {
        if index == STALE {
            assert!(matches!(result, Err(StoreError::Conflict)), "the stale change conflicts: {result:?}");
            assert_stored(&*store, game.id, state, 1).await;
        } else {
            assert!(result.is_ok(), "change {index}: {result:?}");
            assert_stored(&*store, game.id, &changes[index].1.state, 2).await;
        }
    }
}

/// Explorer rows of `game` for the turns `turns` from positions `p0`, `p1`, …, the game ended with `result`.
fn explorer_rows(game: Uuid, turns: &[&str], result: &str) -> Vec<ExplorerRow> {
    let row = |(index, turn): (usize, &&str)| ExplorerRow {
        game_id: game,
        turn_index: index as i64,
        ruleset: RULESET.to_owned(),
        position: format!("p{index}"),
        turn: (*turn).to_owned(),
        result: result.to_owned(),
        band: 0,
        speed: "bullet".to_owned(),
    };
    turns.iter().enumerate().map(row).collect()
}

/// The turns played from position `position` of [`explorer_rows`].
async fn turns_from(store: &dyn Store, position: &str) -> Vec<TurnCount> {
    let query = ExplorerQuery { ruleset: RULESET.to_owned(), position: position.to_owned(), band: None, speed: None };
    store.explorer_turns(&query).await.unwrap()
}

fn turn_count(turn: &str, first_wins: i64, second_wins: i64) -> TurnCount {
    TurnCount { turn: turn.to_owned(), games: first_wins + second_wins, first_wins, draws: 0, second_wins }
}

async fn an_end_writes_its_explorer_rows_with_it_in_a_group_alone_and_adjudicated(db: &TestDb) {
    let store = db.store();
    let games = games_with_a_move(&*store, 4).await;
    const STALE: usize = 1;
    let ending = |index: usize, (game, state): &(GameRow, GameState)| {
        // The stale end was computed before the game's first move: neither it nor its rows are written.
        let from = if index == STALE { &game.state } else { state };
        GameChange { explorer: explorer_rows(game.id, &["a", "b"], "first"), ..end_change(from) }
    };
    let changes: Vec<(Uuid, GameChange)> =
        games.iter().enumerate().map(|(index, game)| (game.0.id, ending(index, game))).collect();

    // Through the group commit.
    let results = store.record_many(&changes).await;
    assert!(matches!(results[STALE], Err(StoreError::Conflict)), "{:?}", results[STALE]);
    assert!(results.iter().enumerate().all(|(index, result)| index == STALE || result.is_ok()), "{results:?}");
    assert_eq!(turns_from(&*store, "p0").await, [turn_count("a", 3, 0)]);
    assert_eq!(turns_from(&*store, "p1").await, [turn_count("b", 3, 0)]);

    // Alone.
    let (stale_game, stale_state) = &games[STALE];
    let state = recorded(&*store, stale_game.id, ending(0, &(stale_game.clone(), stale_state.clone()))).await;
    assert_eq!(state.status, "finished");
    assert_eq!(turns_from(&*store, "p0").await, [turn_count("a", 4, 0)]);

    // An adjudication of a finished game replaces its rows: one turn now, the second seat's win.
    let (game, _) = &games[0];
    let ended = &changes[0].1.state;
    let mut adjudicated = end_change(ended);
    adjudicated.state.winner = Some("second".to_owned());
    adjudicated.explorer = explorer_rows(game.id, &["a"], "second");
    let audit = AuditRow {
        id: 0,
        at: adjudicated.event.at,
        admin_id: None,
        actor_name: "command line".to_owned(),
        action: "adjudicate".to_owned(),
        game_id: Some(game.id),
        account_id: None,
        details: "{}".to_owned(),
        reason: "a test".to_owned(),
    };
    store.record_admin_action(game.id, &adjudicated, &audit).await.unwrap();
    assert_eq!(turns_from(&*store, "p0").await, [turn_count("a", 3, 1)]);
    assert_eq!(turns_from(&*store, "p1").await, [turn_count("b", 3, 0)]);
}

async fn leases_given_back_beside_changes_all_commit_and_go_only_from_their_holder(db: &TestDb) {
    let store = db.store();
    let games = games_with_a_move(&*store, 12).await;
    let (node, other) = (Uuid::new_v4(), Uuid::new_v4());
    for id in [node, other] {
        assert!(store.register_node(id, None).await.unwrap());
    }
    for (index, (game, _)) in games.iter().enumerate() {
        let holder = if index == 0 { other } else { node };
        assert_eq!(store.take_lease(game.id, holder, 600_000).await.unwrap(), store::LeaseTake::Taken);
    }
    // Every other game moves while the rest give their leases back, all at once: on SQLite the releases wait
    // in the committer beside the moves and go in their transactions. Game 0's lease is another node's.
    let (moving, releasing): (Vec<_>, Vec<_>) = games.iter().enumerate().partition(|(index, _)| index % 2 == 1);
    let changes: Vec<(Uuid, GameChange)> =
        moving.iter().map(|(_, (game, state))| (game.id, move_change(state, "m1"))).collect();
    let moves = changes.iter().map(|(game_id, change)| store.record(*game_id, change));
    let releases = releasing.iter().map(|(_, (game, _))| store.release_lease(game.id, node));
    let (moved, released) = futures_util::future::join(join_all(moves), join_all(releases)).await;

    assert!(moved.iter().chain(&released).all(Result::is_ok), "{moved:?} {released:?}");
    for (index, (game, _)) in &moving {
        assert_eq!(store.moves(game.id).await.unwrap().len(), 2, "game {index} moved");
        assert_eq!(store.lease_holder(game.id).await.unwrap(), Some(node), "game {index} keeps its lease");
    }
    for (index, (game, _)) in &releasing {
        let holder = store.lease_holder(game.id).await.unwrap();
        assert_eq!(holder, (*index == 0).then_some(other), "game {index}: only the holder gives a lease back");
    }
}

async fn a_repeated_ply_in_a_group_fails_alone(db: &TestDb) {
    let store = db.store();
    let games = games_with_a_move(&*store, 6).await;
    const REPEAT: usize = 2;
    let changes: Vec<(Uuid, GameChange)> = games
        .iter()
        .enumerate()
        .map(|(index, (game, state))| {
            // The seq is current, but the move repeats ply 0.
            let from = if index == REPEAT { GameState { ply: 0, ..state.clone() } } else { state.clone() };
            (game.id, move_change(&from, "m1"))
        })
        .collect();

    let results = store.record_many(&changes).await;

    for (index, ((game, state), result)) in games.iter().zip(&results).enumerate() {
        if index == REPEAT {
            assert!(matches!(result, Err(StoreError::Conflict)), "the repeated ply conflicts: {result:?}");
            assert_stored(&*store, game.id, state, 1).await;
        } else {
            assert!(result.is_ok(), "change {index}: {result:?}");
            assert_stored(&*store, game.id, &changes[index].1.state, 2).await;
        }
    }
}

async fn two_changes_of_one_game_in_one_group_apply_in_order(db: &TestDb) {
    let store = db.store();
    let games = games_with_a_move(&*store, 2).await;
    let [(first, first_state), (second, second_state)] = [games[0].clone(), games[1].clone()];
    // Two changes of the first game computed from the same state, and a change of the second game followed
    // by its successor.
    let winner = move_change(&first_state, "x");
    let loser = move_change(&first_state, "y");
    let next = move_change(&second_state, "m1");
    let after_next = move_change(&next.state, "m2");
    let changes =
        vec![(first.id, winner.clone()), (second.id, next), (first.id, loser), (second.id, after_next.clone())];

    let results = store.record_many(&changes).await;

    assert!(results[0].is_ok() && results[1].is_ok() && results[3].is_ok(), "{results:?}");
    assert!(matches!(results[2], Err(StoreError::Conflict)), "exactly one of two rivals lands: {results:?}");
    assert_stored(&*store, first.id, &winner.state, 2).await;
    assert_eq!(store.moves(first.id).await.unwrap().last(), winner.new_move.as_ref());
    assert_stored(&*store, second.id, &after_next.state, 3).await;
}

async fn a_group_with_a_rated_result_commits_it_with_its_ratings(db: &TestDb) {
    let store = db.store();
    let ola = inserted_account(&*store, "Ola").await;
    let ela = inserted_account(&*store, "Ela").await;
    let (rated, end) = rated_end(&*store, &ola, &ela, [0, 0]).await;
    let games = games_with_a_move(&*store, 3).await;
    let mut changes: Vec<(Uuid, GameChange)> =
        games.iter().map(|(game, state)| (game.id, move_change(state, "m1"))).collect();
    changes.insert(1, (rated, end.clone()));

    let results = store.record_many(&changes).await;

    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(store.game(rated).await.unwrap().unwrap().state, end.state);
    for update in &end.ratings {
        let stored = store.rating(update.rating.account_id, "paper-soccer", "bullet", "glicko2").await.unwrap();
        assert_eq!(stored.as_ref(), Some(&update.rating));
    }
    for (game, change) in games.iter().map(|(game, _)| game).zip(changes.iter().filter(|(id, _)| *id != rated)) {
        assert_stored(&*store, game.id, &change.1.state, 2).await;
    }
}

async fn reopening_the_database_keeps_everything(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let game = inserted_game(&*store, &kasia, &basia, T0).await;
    let state = recorded(&*store, game.id, move_change(&game.state, "m0")).await;

    // As a restarted server does: open the same URL again, which runs the (already applied) migrations.
    let reopened = store::open(db.url(), Uuid::new_v4()).await.expect("reopen the store");
    assert_eq!(reopened.account_by_name("kasia").await.unwrap(), Some(kasia));
    assert_eq!(reopened.game(game.id).await.unwrap().unwrap().state, state);
    assert_eq!(reopened.moves(game.id).await.unwrap(), store.moves(game.id).await.unwrap());
    reopened.ping().await.unwrap();
}

#[tokio::test]
async fn an_in_memory_sqlite_store_works() {
    let store = store::open("sqlite::memory:", Uuid::new_v4()).await.expect("open an in-memory store");
    store.ping().await.unwrap();
    let kasia = inserted_account(&*store, "Kasia").await;
    assert_eq!(store.account_by_name("KASIA").await.unwrap(), Some(kasia));
}

#[tokio::test]
async fn unknown_database_urls_are_refused() {
    for url in ["mysql://localhost/kartka", "kartka.db", ""] {
        assert!(matches!(store::open(url, Uuid::new_v4()).await, Err(StoreError::UnsupportedUrl)), "{url}");
    }
}

#[tokio::test]
async fn sqlite_takes_one_committer_and_refuses_more() {
    let store =
        store::open_with("sqlite::memory:", Uuid::new_v4(), Some(NonZeroUsize::MIN)).await.expect("one committer");
    store.ping().await.unwrap();
    let two = NonZeroUsize::new(2).unwrap();
    assert!(matches!(
        store::open_with("sqlite::memory:", Uuid::new_v4(), Some(two)).await,
        Err(StoreError::SingleWriter)
    ));
}

fn rating_update(account: &AccountRow, expected_games: i64, rating: f64, at: Millis) -> RatingUpdate {
    RatingUpdate {
        expected_games,
        rating: RatingRow {
            account_id: account.id,
            kind: "paper-soccer".to_owned(),
            speed: "bullet".to_owned(),
            model: "glicko2".into(),
            rating,
            deviation: 290.0,
            volatility: Some(0.06),
            games: expected_games + 1,
            updated_at: at,
        },
    }
}

/// A game with one move each, and the change that ends it with the first seat's win and these ratings.
async fn rated_end(
    store: &dyn Store,
    first: &AccountRow,
    second: &AccountRow,
    games_before: [i64; 2],
) -> (Uuid, GameChange) {
    let game = inserted_game(store, first, second, T0).await;
    let state = recorded(store, game.id, move_change(&game.state, "m0")).await;
    let state = recorded(store, game.id, move_change(&state, "m1")).await;
    let mut end = end_change(&state);
    end.ratings = vec![
        rating_update(first, games_before[0], 1662.0, end.event.at),
        rating_update(second, games_before[1], 1338.0, end.event.at),
    ];
    (game.id, end)
}

async fn a_rated_result_commits_with_both_ratings(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let (game_id, end) = rated_end(&*store, &kasia, &basia, [0, 0]).await;
    store.record(game_id, &end).await.expect("record the rated end");

    assert_eq!(store.game(game_id).await.unwrap().unwrap().state, end.state);
    assert_eq!(
        store.rating(kasia.id, "paper-soccer", "bullet", "glicko2").await.unwrap(),
        Some(end.ratings[0].rating.clone())
    );
    assert_eq!(store.ratings_of(basia.id).await.unwrap(), [end.ratings[1].rating.clone()]);
    assert_eq!(store.rating(kasia.id, "paper-soccer", "blitz", "glicko2").await.unwrap(), None, "per speed class");

    // The next rated game updates the rows its ratings were computed from.
    let (second_game, second_end) = rated_end(&*store, &basia, &kasia, [1, 1]).await;
    store.record(second_game, &second_end).await.expect("record the second rated end");
    let kasias = store.rating(kasia.id, "paper-soccer", "bullet", "glicko2").await.unwrap().unwrap();
    assert_eq!((kasias.games, kasias.rating), (2, 1338.0));
}

async fn a_rating_computed_from_a_stale_rating_conflicts_and_writes_nothing(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let olek = inserted_account(&*store, "Olek").await;
    // Two games of Kasia end at once, both computed from her having no rating yet; the first lands.
    let (first_game, first_end) = rated_end(&*store, &kasia, &basia, [0, 0]).await;
    let (second_game, second_end) = rated_end(&*store, &kasia, &olek, [0, 0]).await;
    store.record(first_game, &first_end).await.unwrap();
    let before = store.game(second_game).await.unwrap().unwrap();
    let events = store.events_after(second_game, 0).await.unwrap();

    assert_conflict(store.record(second_game, &second_end).await);
    assert_eq!(store.game(second_game).await.unwrap().unwrap(), before, "the result was not written");
    assert_eq!(store.events_after(second_game, 0).await.unwrap(), events);
    assert_eq!(store.rating(olek.id, "paper-soccer", "bullet", "glicko2").await.unwrap(), None, "nor Olek's rating");
    assert_eq!(store.rating(kasia.id, "paper-soccer", "bullet", "glicko2").await.unwrap().unwrap().games, 1);

    // Computed again from the current ratings, it lands.
    let mut again = second_end.clone();
    again.ratings[0] = rating_update(&kasia, 1, 1700.0, again.event.at);
    store.record(second_game, &again).await.unwrap();
    assert_eq!(store.rating(kasia.id, "paper-soccer", "bullet", "glicko2").await.unwrap().unwrap().games, 2);
}

async fn a_failing_rating_write_rolls_back_the_result(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let (game_id, end) = rated_end(&*store, &kasia, &basia, [0, 0]).await;
    let before = store.game(game_id).await.unwrap().unwrap();
    let events = store.events_after(game_id, 0).await.unwrap();

    db.fail_rating_writes().await;
    let failed = store.record(game_id, &end).await;
    assert!(matches!(failed, Err(StoreError::Database(_))), "{failed:?}");
    assert_eq!(store.game(game_id).await.unwrap().unwrap(), before, "the game's end rolled back");
    assert_eq!(store.events_after(game_id, 0).await.unwrap(), events, "no `ended` event");
    assert!(store.ratings_of(kasia.id).await.unwrap().is_empty());
    assert!(store.ratings_of(basia.id).await.unwrap().is_empty());

    db.allow_rating_writes().await;
    store.record(game_id, &end).await.expect("the same change commits once the fault is gone");
    assert_eq!(store.game(game_id).await.unwrap().unwrap().state.status, "finished");
    assert_eq!(store.ratings_of(kasia.id).await.unwrap().len(), 1);
}

async fn the_leaderboard_ranks_established_ratings_of_players_in_good_standing(db: &TestDb) {
    let store = db.store();
    let mut accounts = Vec::new();
    for (name, rating, deviation) in
        [("Kasia", 1800.0, 60.0), ("Basia", 2000.0, 80.0), ("Olek", 2100.0, 200.0), ("Zenek", 1500.0, 50.0)]
    {
        let account = inserted_account(&*store, name).await;
        db.set_rating(&RatingRow {
            account_id: account.id,
            kind: "paper-soccer".to_owned(),
            speed: "blitz".to_owned(),
            model: "glicko2".into(),
            rating,
            deviation,
            volatility: Some(0.06),
            games: 30,
            updated_at: T0,
        })
        .await;
        accounts.push(account);
    }
    store.insert_account(&AccountRow { banned: true, ..account("Bad") }).await.unwrap();
    let bad = store.account_by_name("bad").await.unwrap().unwrap();
    db.set_rating(&RatingRow {
        account_id: bad.id,
        kind: "paper-soccer".to_owned(),
        speed: "blitz".to_owned(),
        model: "glicko2".into(),
        rating: 3000.0,
        deviation: 40.0,
        volatility: Some(0.06),
        games: 99,
        updated_at: T0,
    })
    .await;

    let names = |rows: Vec<(AccountRow, RatingRow)>| rows.into_iter().map(|(a, _)| a.name).collect::<Vec<_>>();
    let board = store.leaderboard("paper-soccer", "blitz", "glicko2", 110.0, 0, 10).await.unwrap();
    assert_eq!(names(board), ["Basia", "Kasia", "Zenek"], "best first; provisional and banned left out");
    assert_eq!(names(store.leaderboard("paper-soccer", "blitz", "glicko2", 110.0, 1, 1).await.unwrap()), ["Kasia"]);
    assert!(store.leaderboard("paper-soccer", "bullet", "glicko2", 110.0, 0, 10).await.unwrap().is_empty());
}

async fn results_are_counted_per_player(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    // Kasia wins as first, loses as second (the first seat wins both), draws one, aborts one, plays one.
    for (first, second) in [(&kasia, &basia), (&basia, &kasia)] {
        let game = inserted_game(&*store, first, second, T0).await;
        recorded(&*store, game.id, end_change(&game.state)).await;
    }
    let drawn = inserted_game(&*store, &kasia, &basia, T0).await;
    let mut draw = end_change(&drawn.state);
    draw.state.winner = None;
    draw.state.end_reason = Some("agreement".to_owned());
    recorded(&*store, drawn.id, draw).await;
    let aborted = inserted_game(&*store, &basia, &kasia, T0).await;
    let mut abort = end_change(&aborted.state);
    abort.state.status = "aborted".to_owned();
    abort.state.winner = None;
    abort.state.end_reason = None;
    recorded(&*store, aborted.id, abort).await;
    inserted_game(&*store, &kasia, &basia, T0).await;

    let expected = ResultCounts { finished: 3, wins: 1, losses: 1, draws: 1, aborted: 1, active: 1 };
    assert_eq!(store.result_counts(kasia.id).await.unwrap(), expected);
    assert_eq!(store.result_counts(Uuid::new_v4()).await.unwrap(), ResultCounts::default());
}

async fn rematch_offers_are_found_by_their_game(db: &TestDb) {
    let store = db.store();
    let kasia = inserted_account(&*store, "Kasia").await;
    let basia = inserted_account(&*store, "Basia").await;
    let game = inserted_game(&*store, &kasia, &basia, T0).await;
    let other = inserted_game(&*store, &kasia, &basia, T0).await;
    let made = challenge(&basia, Some(&kasia), T0);
    let rematch = ChallengeRow { offer: OfferRow { rated: true, ..made.offer }, rematch_of: Some(game.id) };
    store.insert_challenge(&rematch).await.unwrap();
    inserted_challenge(&*store, &kasia, Some(&basia), T0).await;

    assert_eq!(store.open_rematches(game.id, T0 + 1).await.unwrap(), std::slice::from_ref(&rematch));
    assert!(store.open_rematches(other.id, T0 + 1).await.unwrap().is_empty());
    assert!(store.open_rematches(game.id, rematch.offer.expires_at).await.unwrap().is_empty(), "expired");
    assert!(store.close_challenge(rematch.offer.id, "declined", T0 + 2).await.unwrap());
    assert!(store.open_rematches(game.id, T0 + 3).await.unwrap().is_empty(), "declined");
}

/// A game of three seats ranked 1, 3, 2 (the first seat ahead, the third between): Weng-Lin rates it from the
/// ranks, writes one rating per seat under its own model and leaves the Glicko-2 ratings alone.
async fn a_ranking_of_three_is_rated_by_weng_lin_on_its_own_leaderboard(db: &TestDb) {
    use kartka_engine::{BySeat, EndReason, Outcome};
    use kartka_server::ratings::rated_result;

    let store = db.store();
    let players = [
        inserted_account(&*store, "Ala").await,
        inserted_account(&*store, "Ola").await,
        inserted_account(&*store, "Ula").await,
    ];
    let ids: Vec<Uuid> = players.iter().map(|player| player.id).collect();
    let (two, started) = new_game(&players[0], &players[1], T0);
    let game = GameRow {
        kind: "dots-and-boxes".to_owned(),
        ruleset: r#"{"kind":"dots-and-boxes","rows":2,"cols":2,"players":3}"#.to_owned(),
        players: ids.clone(),
        state: GameState { clocks_ms: vec![MINUTE; 3], ..two.state.clone() },
        ..two
    };
    store.insert_game(&game, &started, None).await.expect("insert a game of three");
    let outcome = Outcome::of_scores(BySeat::from([3, 0, 1]), EndReason::Score);
    let rated = rated_result(&*store, "dots-and-boxes", "bullet", &ids, &outcome, T0).await.expect("rate");
    assert!(rated.updates.iter().all(|update| update.rating.model == "weng_lin" && update.rating.volatility.is_none()));
    let moved: Vec<i32> = rated.changes.iter().map(|change| change.rating_after - change.rating_before).collect();
    assert!(moved[0] > moved[2] && moved[2] > moved[1], "first gains most, second loses: {moved:?}");
    assert!(rated.changes.iter().all(|change| change.rating_before == 1500), "newcomers");
    let mut end = end_change(&game.state);
    end.ratings = rated.updates.clone();
    store.record(game.id, &end).await.expect("record the rated end");

    for (id, update) in ids.iter().zip(&rated.updates) {
        assert_eq!(
            store.rating(*id, "dots-and-boxes", "bullet", "weng_lin").await.unwrap(),
            Some(update.rating.clone())
        );
        assert_eq!(store.rating(*id, "dots-and-boxes", "bullet", "glicko2").await.unwrap(), None, "per model");
    }
    assert_eq!(store.rated_players("dots-and-boxes", "bullet", "weng_lin").await.unwrap(), 3);
    assert_eq!(store.rated_players("dots-and-boxes", "bullet", "glicko2").await.unwrap(), 0);
    let board = store.leaderboard("dots-and-boxes", "bullet", "weng_lin", 1_000.0, 0, 10).await.unwrap();
    let names: Vec<&str> = board.iter().map(|(account, _)| account.name.as_str()).collect();
    assert_eq!(names, ["Ala", "Ula", "Ola"], "best first");
    // The next game reads the stored skills: a rated result guarded by their game counts.
    let again = rated_result(&*store, "dots-and-boxes", "bullet", &ids, &outcome, T0 + MINUTE).await.unwrap();
    assert!(again.updates.iter().all(|update| update.expected_games == 1));
}
