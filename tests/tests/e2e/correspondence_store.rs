//! The correspondence part of the store, written once and run against both backends: heartbeat and outages,
//! overdue games, vacations, the notification outbox, conditional moves and seeks.

use std::sync::Arc;

use kartka_server::store::{
    AccountRow, ConditionalRow, EventRow, GameRow, Millis, NotificationRow, NotificationSettingsRow, OfferKind,
    OfferSeat, Outage, SeatChange, SeekRow, Store, StoreError, VacationRow,
};
use kartka_tests::stored::{insert_guest, ActiveGame};
use tokio::sync::Barrier;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    store:
    the_heartbeat_never_goes_back_and_outages_are_kept_once,
    overdue_and_active_games_are_found,
    an_account_has_one_current_vacation,
    a_notification_is_made_and_published_once,
    a_batch_is_published_once_each_with_its_webhooks,
    reminders_of_other_turns_are_dropped_unpublished,
    webhook_deliveries_are_retried_then_closed,
    conditional_moves_are_replaced_per_player,
    concurrent_seek_accepts_let_exactly_one_win,
    a_rated_seek_is_kept_rated,
    expired_seeks_are_found_between_two_moments,
);

const T0: Millis = 1_750_000_000_000;
const DAY: Millis = 86_400_000;
const CORRESPONDENCE: (&str, &str) =
    (r#"{"type":"correspondence","days_per_move":1,"vacation_allowed":true}"#, "classical");

/// A correspondence game at its start between `first` and `second`, the first seat's turn due at `deadline`.
fn game_row(first: &AccountRow, second: &AccountRow, deadline: Option<Millis>) -> (GameRow, EventRow) {
    ActiveGame {
        first_id: first.id,
        second_id: second.id,
        time_control: CORRESPONDENCE,
        clock_ms: DAY,
        created_at: T0,
        deadline,
    }
    .rows()
}

async fn game(store: &dyn Store, first: &AccountRow, second: &AccountRow, deadline: Option<Millis>) -> GameRow {
    let (game, started) = game_row(first, second, deadline);
    store.insert_game(&game, &started, None).await.expect("insert game");
    game
}

fn notification(account: &AccountRow, game: &GameRow, kind: &str, threshold: i64, turn_ply: i64) -> NotificationRow {
    NotificationRow {
        id: Uuid::new_v4(),
        account_id: account.id,
        game_id: game.id,
        kind: kind.to_owned(),
        threshold,
        turn_ply,
        deadline: Some(T0 + DAY),
        due_at: T0,
        published_at: None,
        language: None,
        opponent: None,
    }
}

async fn the_heartbeat_never_goes_back_and_outages_are_kept_once(store: Arc<dyn Store>) {
    assert_eq!(store.last_beat().await.expect("read"), None);
    store.beat(T0).await.expect("beat");
    store.beat(T0 - 1).await.expect("beat");
    assert_eq!(store.last_beat().await.expect("read"), Some(T0));
    let outage = Outage { started_at: T0, ended_at: T0 + 5_000 };
    store.insert_outage(&outage).await.expect("record");
    store.insert_outage(&outage).await.expect("recording again changes nothing");
    assert_eq!(store.outages_ending_after(T0).await.expect("read"), [outage]);
    assert_eq!(store.outages_ending_after(T0 + 5_000).await.expect("read"), []);
}

async fn overdue_and_active_games_are_found(store: Arc<dyn Store>) {
    let (ada, bolek) = (insert_guest(store.as_ref(), "ada", T0).await, insert_guest(store.as_ref(), "bolek", T0).await);
    let late = game(store.as_ref(), &ada, &bolek, Some(T0 + 10)).await;
    let later = game(store.as_ref(), &ada, &bolek, Some(T0 + 20)).await;
    let paused = game(store.as_ref(), &bolek, &ada, None).await;
    // A live game's clock is its actor's: its deadline, however early, is not the sweeper's.
    let live = ActiveGame {
        first_id: ada.id,
        second_id: bolek.id,
        time_control: (r#"{"type":"fischer","initial_seconds":60,"increment_seconds":2}"#, "bullet"),
        clock_ms: 60_000,
        created_at: T0,
        deadline: Some(T0 + 5),
    }
    .insert(store.as_ref())
    .await;
    assert_eq!(store.overdue_games(T0 + 15, 10).await.expect("read"), [late.id]);
    assert_eq!(store.overdue_games(T0 + 30, 10).await.expect("read"), [late.id, later.id], "most overdue first");
    let mine: Vec<Uuid> = store.active_games_of(ada.id).await.expect("read").iter().map(|g| g.id).collect();
    assert_eq!(mine.len(), 4);
    assert!(mine.contains(&paused.id) && mine.contains(&live.id));
}

async fn an_account_has_one_current_vacation(store: Arc<dyn Store>) {
    let ada = insert_guest(store.as_ref(), "ada", T0).await;
    let vacation = |started_at| VacationRow {
        id: Uuid::new_v4(),
        account_id: ada.id,
        started_at,
        ends_at: started_at + 3 * DAY,
        ended_at: None,
        days_charged: 3,
    };
    let first = vacation(T0);
    store.insert_vacation(&first).await.expect("insert");
    assert!(matches!(store.insert_vacation(&vacation(T0 + 1)).await, Err(StoreError::Conflict)));
    assert_eq!(store.current_vacation(ada.id).await.expect("read"), Some(first.clone()));
    assert_eq!(store.vacations_ending(T0 + 3 * DAY).await.expect("read"), std::slice::from_ref(&first));
    assert!(store.end_vacation(first.id, T0 + DAY, 1).await.expect("end"));
    assert!(!store.end_vacation(first.id, T0 + 2 * DAY, 2).await.expect("end"), "ended once");
    assert_eq!(store.current_vacation(ada.id).await.expect("read"), None);
    assert_eq!(store.vacation_days_since(ada.id, T0 - 1).await.expect("sum"), 1, "what it was charged");
    store.insert_vacation(&vacation(T0 + 2 * DAY)).await.expect("a new one after the first ended");
    assert_eq!(store.vacation_days_since(ada.id, T0 - 1).await.expect("sum"), 4);
    assert_eq!(store.vacation_days_since(ada.id, T0).await.expect("sum"), 3, "only those started since");
}

async fn a_notification_is_made_and_published_once(store: Arc<dyn Store>) {
    let (ada, bolek) = (insert_guest(store.as_ref(), "ada", T0).await, insert_guest(store.as_ref(), "bolek", T0).await);
    let game = game(store.as_ref(), &ada, &bolek, Some(T0 + DAY)).await;
    let first = notification(&ada, &game, "your_turn", 0, 0);
    store.schedule_notification(&first).await.expect("schedule");
    store.schedule_notification(&notification(&ada, &game, "your_turn", 0, 0)).await.expect("again");
    let due = store.due_notifications(T0, 10).await.expect("read");
    assert_eq!(due.iter().map(|n| n.id).collect::<Vec<_>>(), [first.id], "the same event is one notification");
    assert_eq!(mark_published(store.as_ref(), &[first.id], T0 + 1).await, [(first.id, false)]);
    assert_eq!(mark_published(store.as_ref(), &[first.id], T0 + 2).await, [], "published once");
    store.schedule_notification(&notification(&ada, &game, "your_turn", 0, 0)).await.expect("after publishing");
    assert_eq!(store.due_notifications(T0 + DAY, 10).await.expect("read"), [], "not made again");
    let recent = store.recent_notifications(ada.id, 10).await.expect("read");
    assert_eq!((recent.len(), recent[0].published_at), (1, Some(T0 + 1)));
    assert_eq!(store.recent_notifications(bolek.id, 10).await.expect("read"), []);
    // Read with it: the account's language (English until set) and the opponent's name, for its text.
    assert_eq!((recent[0].language.as_deref(), recent[0].opponent.as_deref()), (Some("en"), Some("bolek")));
    store.set_language(ada.id, "pl").await.expect("set the language");
    let recent = store.recent_notifications(ada.id, 10).await.expect("read");
    assert_eq!(recent[0].language.as_deref(), Some("pl"));
    assert!(store.set_language(ada.id, "de").await.is_err(), "the store refuses other languages");
}

/// What publishing `ids` at `at` marked: each id with whether its webhook became due, in the order of `ids`.
async fn mark_published(store: &dyn Store, ids: &[Uuid], at: Millis) -> Vec<(Uuid, bool)> {
    let marked = store.publish_notifications(ids, at).await.expect("publish");
    let mut marked: Vec<(Uuid, bool)> = marked.iter().map(|p| (p.id, p.webhook)).collect();
    marked.sort_by_key(|(id, _)| ids.iter().position(|wanted| wanted == id));
    marked
}

async fn a_batch_is_published_once_each_with_its_webhooks(store: Arc<dyn Store>) {
    let (ada, bolek) = (insert_guest(store.as_ref(), "ada", T0).await, insert_guest(store.as_ref(), "bolek", T0).await);
    let game = game(store.as_ref(), &ada, &bolek, Some(T0 + DAY)).await;
    let settings = NotificationSettingsRow {
        account_id: bolek.id,
        reminder_thresholds: "80".to_owned(),
        webhook_url: Some("https://hooks.example.com/bolek".to_owned()),
        webhook_secret: Some("secret".to_owned()),
    };
    store.save_notification_settings(&settings).await.expect("save");
    let rows: Vec<NotificationRow> = (0..6)
        .map(|turn| notification(if turn % 2 == 0 { &ada } else { &bolek }, &game, "your_turn", 0, turn))
        .collect();
    for row in &rows {
        store.schedule_notification(row).await.expect("schedule");
    }
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    assert_eq!(mark_published(store.as_ref(), &ids[..1], T0).await, [(ids[0], false)], "one published before");
    assert_eq!(store.publish_notifications(&[], T0).await.expect("nothing to publish"), []);

    let batch = mark_published(store.as_ref(), &ids, T0 + 1).await;
    let expected: Vec<(Uuid, bool)> = ids[1..].iter().enumerate().map(|(at, id)| (*id, at % 2 == 0)).collect();
    assert_eq!(batch, expected, "all but the one published before; bolek's have their webhook due");
    assert_eq!(mark_published(store.as_ref(), &ids, T0 + 2).await, [], "each once");
    assert_eq!(store.due_notifications(T0 + DAY, 10).await.expect("read"), []);
    let mut webhooks: Vec<Uuid> =
        store.due_webhooks(T0 + 1, 10).await.expect("read").iter().map(|job| job.notification.id).collect();
    webhooks.sort();
    let mut bolek_ids = vec![ids[1], ids[3], ids[5]];
    bolek_ids.sort();
    assert_eq!(webhooks, bolek_ids, "only bolek has a webhook");
    let recent = store.recent_notifications(ada.id, 10).await.expect("read");
    let time = |id: Uuid| recent.iter().find(|n| n.id == id).and_then(|n| n.published_at);
    assert_eq!([time(ids[0]), time(ids[2]), time(ids[4])], [Some(T0), Some(T0 + 1), Some(T0 + 1)], "marked once");
}

async fn reminders_of_other_turns_are_dropped_unpublished(store: Arc<dyn Store>) {
    let (ada, bolek) = (insert_guest(store.as_ref(), "ada", T0).await, insert_guest(store.as_ref(), "bolek", T0).await);
    let game = game(store.as_ref(), &ada, &bolek, Some(T0 + DAY)).await;
    let old = notification(&ada, &game, "reminder", 80, 0);
    let published = notification(&ada, &game, "reminder", 50, 0);
    let current = notification(&bolek, &game, "reminder", 80, 1);
    for row in [&old, &published, &current] {
        store.schedule_notification(row).await.expect("schedule");
    }
    assert_eq!(mark_published(store.as_ref(), &[published.id], T0).await, [(published.id, false)]);
    store.drop_unpublished_reminders(game.id, Some((bolek.id, 1))).await.expect("drop");
    let due: Vec<Uuid> = store.due_notifications(T0, 10).await.expect("read").iter().map(|n| n.id).collect();
    assert_eq!(due, [current.id]);
    store.drop_unpublished_reminders(game.id, None).await.expect("drop");
    assert_eq!(store.due_notifications(T0, 10).await.expect("read"), []);
    assert_eq!(store.recent_notifications(ada.id, 10).await.expect("read").len(), 1, "published ones stay");
}

async fn webhook_deliveries_are_retried_then_closed(store: Arc<dyn Store>) {
    let ada = insert_guest(store.as_ref(), "ada", T0).await;
    let bolek = insert_guest(store.as_ref(), "bolek", T0).await;
    let game = game(store.as_ref(), &ada, &bolek, Some(T0 + DAY)).await;
    let settings = NotificationSettingsRow {
        account_id: ada.id,
        reminder_thresholds: "50,80".to_owned(),
        webhook_url: Some("https://hooks.example.com/kartka".to_owned()),
        webhook_secret: Some("secret".to_owned()),
    };
    store.save_notification_settings(&settings).await.expect("save");
    assert_eq!(store.notification_settings(ada.id).await.expect("read"), Some(settings));
    let row = notification(&ada, &game, "your_turn", 0, 0);
    store.schedule_notification(&row).await.expect("schedule");
    assert_eq!(store.due_webhooks(T0, 10).await.expect("read"), [], "not before it is published");
    assert_eq!(mark_published(store.as_ref(), &[row.id], T0).await, [(row.id, true)], "its webhook is due");
    let jobs = store.due_webhooks(T0, 10).await.expect("read");
    assert_eq!((jobs.len(), jobs[0].attempts, jobs[0].secret.as_deref()), (1, 0, Some("secret")));
    store.webhook_attempted(row.id, 1, Some(T0 + 1_000), T0).await.expect("a failed attempt");
    assert_eq!(store.due_webhooks(T0 + 999, 10).await.expect("read"), [], "waits for its retry");
    assert_eq!(store.due_webhooks(T0 + 1_000, 10).await.expect("read")[0].attempts, 1);
    store.webhook_attempted(row.id, 2, None, T0 + 1_000).await.expect("delivered");
    assert_eq!(store.due_webhooks(T0 + DAY, 10).await.expect("read"), [], "closed");
}

async fn conditional_moves_are_replaced_per_player(store: Arc<dyn Store>) {
    let (ada, bolek) = (insert_guest(store.as_ref(), "ada", T0).await, insert_guest(store.as_ref(), "bolek", T0).await);
    let game = game(store.as_ref(), &ada, &bolek, Some(T0 + DAY)).await;
    let line = |who: &AccountRow, if_turn: &str| ConditionalRow {
        account_id: who.id,
        if_turn: if_turn.to_owned(),
        reply_turn: "0".to_owned(),
    };
    store.replace_conditional_moves(game.id, ada.id, &[line(&ada, "0"), line(&ada, "1")]).await.expect("store");
    store.replace_conditional_moves(game.id, bolek.id, &[line(&bolek, "2")]).await.expect("store");
    store.replace_conditional_moves(game.id, ada.id, &[line(&ada, "3")]).await.expect("replace");
    let stored = store.conditional_moves(game.id).await.expect("read");
    assert_eq!(stored.len(), 2);
    assert!(stored.contains(&line(&ada, "3")) && stored.contains(&line(&bolek, "2")));
    let repeated = store.replace_conditional_moves(game.id, ada.id, &[line(&ada, "4"), line(&ada, "4")]).await;
    assert!(matches!(repeated, Err(StoreError::Conflict)));
    assert!(store.conditional_moves(game.id).await.expect("read").contains(&line(&ada, "3")), "all or nothing");
}

/// The seat of an offer's creator, who joined when they made it.
fn creator_seat(creator: Uuid, at: Millis) -> OfferSeat {
    OfferSeat { account_id: creator, invited: None, seat: None, joined_at: Some(at), join_order: Some(0) }
}

async fn concurrent_seek_accepts_let_exactly_one_win(store: Arc<dyn Store>) {
    let ada = insert_guest(store.as_ref(), "ada", T0).await;
    let seek = SeekRow {
        id: Uuid::new_v4(),
        creator_id: ada.id,
        ruleset: "{}".to_owned(),
        time_control: "{}".to_owned(),
        colour: "random".to_owned(),
        rated: false,
        status: "open".to_owned(),
        game_id: None,
        created_at: T0,
        expires_at: T0 + DAY,
        revision: 0,
        seats: vec![creator_seat(ada.id, T0)],
    };
    store.insert_seek(&seek).await.expect("insert");
    assert_eq!(store.open_seeks(T0, 10).await.expect("read"), std::slice::from_ref(&seek));
    assert_eq!(store.open_seeks(T0 + DAY, 10).await.expect("read"), [], "expired");
    let barrier = Arc::new(Barrier::new(2));
    let mut racers = Vec::new();
    for name in ["bolek", "celina"] {
        let acceptor = insert_guest(store.as_ref(), name, T0).await;
        let (store, barrier, seek_id) = (store.clone(), barrier.clone(), seek.id);
        let (game, started) = game_row(&ada, &acceptor, Some(T0 + DAY));
        racers.push(tokio::spawn(async move {
            barrier.wait().await;
            let taking = SeatChange {
                kind: OfferKind::Seek,
                offer_id: seek_id,
                revision: 0,
                account_id: acceptor.id,
                at: T0 + 1,
            };
            store.accept_offer(&taking, &game, &started, None).await.expect("accept")
        }));
    }
    let mut won = 0;
    for racer in racers {
        won += usize::from(racer.await.expect("no panic"));
    }
    assert_eq!(won, 1);
    let accepted = store.seek(seek.id).await.expect("read").expect("the seek");
    assert_eq!(accepted.status, "accepted");
    assert_eq!(store.active_games_of(ada.id).await.expect("read").len(), 1, "one game was created");
    assert!(!store.cancel_seek(seek.id).await.expect("cancel"), "no longer open");
}

async fn a_rated_seek_is_kept_rated(store: Arc<dyn Store>) {
    let ada = insert_guest(store.as_ref(), "ada", T0).await;
    let seek = |rated: bool, created_at: Millis| SeekRow {
        id: Uuid::new_v4(),
        creator_id: ada.id,
        ruleset: "{}".to_owned(),
        time_control: "{}".to_owned(),
        colour: "first".to_owned(),
        rated,
        status: "open".to_owned(),
        game_id: None,
        created_at,
        expires_at: T0 + DAY,
        revision: 0,
        seats: vec![creator_seat(ada.id, created_at)],
    };
    let (rated, casual) = (seek(true, T0 + 1), seek(false, T0));
    store.insert_seek(&rated).await.expect("insert");
    store.insert_seek(&casual).await.expect("insert");
    assert_eq!(store.seek(rated.id).await.expect("read"), Some(rated.clone()));
    assert_eq!(store.open_seeks(T0, 10).await.expect("read"), [rated, casual], "newest first, each as stored");
}

async fn expired_seeks_are_found_between_two_moments(store: Arc<dyn Store>) {
    let ada = insert_guest(store.as_ref(), "ada", T0).await;
    let seek = |expires_at: Millis| SeekRow {
        id: Uuid::new_v4(),
        creator_id: ada.id,
        ruleset: "{}".to_owned(),
        time_control: "{}".to_owned(),
        colour: "random".to_owned(),
        rated: false,
        status: "open".to_owned(),
        game_id: None,
        created_at: T0,
        expires_at,
        revision: 0,
        seats: vec![creator_seat(ada.id, T0)],
    };
    let (sooner, later, cancelled) = (seek(T0 + 10), seek(T0 + 20), seek(T0 + 15));
    for row in [&later, &sooner, &cancelled] {
        store.insert_seek(row).await.expect("insert");
    }
    assert!(store.cancel_seek(cancelled.id).await.expect("cancel"));
    assert!(store.seeks_expired_between(T0, T0 + 9).await.expect("read").is_empty());
    assert_eq!(store.seeks_expired_between(T0, T0 + 30).await.expect("read"), [sooner.id, later.id], "soonest first");
    assert_eq!(store.seeks_expired_between(T0 + 10, T0 + 20).await.expect("read"), [later.id], "after, up to");
}
