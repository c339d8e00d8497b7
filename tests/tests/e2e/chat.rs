//! Chat over the game socket, end to end on both stores: a game's players' and spectators' channels kept
//! apart, the lobby's channel, the limits, a player's mute of the opponent, a player's mute of an account in the
//! lobby, an admin's mute of an account, and the messages in the admin's timeline.

use kartka_protocol::admin::{AccountActionDone, AuditAction, GameReview, TimelineEntry};
use kartka_protocol::rest::Session;
use kartka_protocol::{ChatChannel, ChatMessage, ErrorCode, MutedAccount, ServerFrame, TimeControl, MAX_CHAT_CHARS};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    players_and_spectators_chat_apart_and_newcomers_get_their_channel,
    the_lobby_channel_reaches_every_lobby_subscriber_with_its_history,
    too_long_invisible_bidi_and_too_fast_are_refused_with_their_codes,
    a_muted_opponent_no_longer_reaches_the_player,
    an_account_muted_in_the_lobby_reaches_none_of_the_players_connections_until_unmuted,
    a_lobby_mute_of_oneself_of_nobody_or_beyond_the_limit_is_refused_and_changes_nothing,
    an_admin_mutes_an_account_with_an_audit_entry_and_sees_the_chat_in_the_timeline,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

struct Table {
    server: TestServer,
    api: Api,
    alice: Session,
    bob: Session,
    game: Uuid,
}

async fn table(url: &str, settings: Settings) -> Table {
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let game = api.start_game(&alice, &bob, BLITZ).await;
    Table { server, api, alice, bob, game }
}

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

fn players(game: Uuid) -> ChatChannel {
    ChatChannel::Players { game_id: game }
}

fn spectators(game: Uuid) -> ChatChannel {
    ChatChannel::Spectators { game_id: game }
}

fn say(channel: ChatChannel, text: &str) -> Value {
    json!({ "type": "chat_send", "channel": channel, "text": text })
}

/// Connects and subscribes to a game; returns the client and the chat history it got with the subscription.
async fn watching(t: &Table, token: &str) -> (WsClient, ServerFrame) {
    let mut client = WsClient::connect(t.server.addr, token).await;
    client.request(1, json!({ "type": "subscribe", "game_id": t.game, "chat": true })).await;
    let history = take_chat(&mut client).await.into_iter().find(|f| matches!(f, ServerFrame::ChatHistory { .. }));
    (client, history.expect("a chat history with the subscription"))
}

/// Every chat frame the client got up to now: a ping's pong marks the end of what the server sent before it.
async fn take_chat(client: &mut WsClient) -> Vec<ServerFrame> {
    client.send(json!({ "type": "ping", "id": 999 })).await;
    let mut chat = Vec::new();
    loop {
        match client.next().await {
            ServerFrame::Pong { id: Some(999), .. } => return chat,
            frame @ (ServerFrame::Chat { .. } | ServerFrame::ChatHistory { .. }) => chat.push(frame),
            _ => {}
        }
    }
}

/// The texts of the live `chat` frames the client got up to now, with their channels.
async fn heard(client: &mut WsClient) -> Vec<(ChatChannel, String)> {
    take_chat(client)
        .await
        .into_iter()
        .filter_map(|frame| match frame {
            ServerFrame::Chat { message } => Some((message.channel, message.text)),
            _ => None,
        })
        .collect()
}

fn texts(history: &ServerFrame) -> Vec<&str> {
    match history {
        ServerFrame::ChatHistory { messages, .. } => messages.iter().map(|m: &ChatMessage| m.text.as_str()).collect(),
        other => panic!("expected a chat history, got {other:?}"),
    }
}

/// Whether a chat history tells its reader that they muted their opponent.
fn opponent_muted(history: &ServerFrame) -> bool {
    match history {
        ServerFrame::ChatHistory { opponent_muted, .. } => *opponent_muted,
        other => panic!("expected a chat history, got {other:?}"),
    }
}

async fn players_and_spectators_chat_apart_and_newcomers_get_their_channel(url: &str) {
    let t = table(url, Settings::default()).await;
    let carol = t.api.guest("carol").await;
    let dave = t.api.guest("dave").await;
    let (mut alice, history) = watching(&t, &t.alice.token).await;
    let empty =
        |channel| ServerFrame::ChatHistory { channel, messages: vec![], opponent_muted: false, muted_accounts: vec![] };
    assert_eq!(history, empty(players(t.game)));
    let (mut bob, _) = watching(&t, &t.bob.token).await;
    let (mut carol_socket, history) = watching(&t, &carol.token).await;
    assert_eq!(history, empty(spectators(t.game)));
    let (mut dave_socket, _) = watching(&t, &dave.token).await;

    // Markup is text like any other: it arrives exactly as sent, for the client to show as text.
    let greeting = "<b>powodzenia</b> & good luck";
    assert_eq!(alice.request(10, say(players(t.game), greeting)).await, None);
    carol_socket.request(11, say(spectators(t.game), "nice opening")).await;
    let players_line = (players(t.game), greeting.to_owned());
    let spectators_line = (spectators(t.game), "nice opening".to_owned());
    assert_eq!(heard(&mut alice).await, vec![players_line.clone()], "the sender hears their own message");
    assert_eq!(heard(&mut bob).await, vec![players_line.clone()]);
    assert_eq!(heard(&mut carol_socket).await, vec![spectators_line.clone()]);
    assert_eq!(heard(&mut dave_socket).await, vec![spectators_line.clone()]);

    assert_eq!(carol_socket.refused(12, say(players(t.game), "hint: go left")).await, ErrorCode::NotAPlayer);
    assert_eq!(bob.refused(13, say(spectators(t.game), "psst")).await, ErrorCode::NotAllowed);
    assert_eq!(bob.refused(14, say(players(Uuid::new_v4()), "hello?")).await, ErrorCode::UnknownGame);
    assert!(heard(&mut alice).await.is_empty() && heard(&mut dave_socket).await.is_empty(), "refused means unsaid");

    // A newcomer gets the channel it reads, and only that one.
    let erin = t.api.guest("erin").await;
    let (_erin, history) = watching(&t, &erin.token).await;
    assert_eq!(texts(&history), vec!["nice opening"]);
    let (_bob_again, history) = watching(&t, &t.bob.token).await;
    assert_eq!(texts(&history), vec![greeting]);
    t.server.stop().await;
}

async fn the_lobby_channel_reaches_every_lobby_subscriber_with_its_history(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let ala = api.guest("ala").await;
    let ola = api.guest("ola").await;
    let mut first = WsClient::connect(server.addr, &ala.token).await;
    first.request(1, json!({ "type": "lobby_subscribe", "chat": true })).await;
    let mut second = WsClient::connect(server.addr, &ola.token).await;
    second.request(1, json!({ "type": "lobby_subscribe", "chat": true })).await;
    let mut outsider = WsClient::connect(server.addr, &ola.token).await;
    assert!(
        matches!(&take_chat(&mut first).await[..], [ServerFrame::ChatHistory { channel: ChatChannel::Lobby, messages, opponent_muted: false, muted_accounts }] if messages.is_empty() && muted_accounts.is_empty())
    );
    take_chat(&mut second).await;

    first.request(2, say(ChatChannel::Lobby, "anyone for a blitz?")).await;
    let line = (ChatChannel::Lobby, "anyone for a blitz?".to_owned());
    assert_eq!(heard(&mut first).await, vec![line.clone()]);
    assert_eq!(heard(&mut second).await, vec![line.clone()]);
    assert!(heard(&mut outsider).await.is_empty(), "a connection outside the lobby does not read it");

    outsider.request(2, json!({ "type": "lobby_subscribe", "chat": true })).await;
    let history = take_chat(&mut outsider).await;
    assert_eq!(history.len(), 1);
    assert_eq!(texts(&history[0]), vec!["anyone for a blitz?"]);
    server.stop().await;
}

async fn too_long_invisible_bidi_and_too_fast_are_refused_with_their_codes(url: &str) {
    let settings = Settings {
        limits: kartka_server::config::Limits { chat_messages_per_minute: 1, ..Default::default() },
        ..Settings::default()
    };
    let t = table(url, settings).await;
    let (mut alice, _) = watching(&t, &t.alice.token).await;
    let (mut bob, _) = watching(&t, &t.bob.token).await;
    let too_long = "ż".repeat(MAX_CHAT_CHARS + 1);
    assert_eq!(alice.refused(10, say(players(t.game), &too_long)).await, ErrorCode::ChatTooLong);
    assert_eq!(alice.refused(11, say(players(t.game), " \n ")).await, ErrorCode::ChatNoVisibleText);
    let invisible = "\u{200B}\u{3164}\u{2800}";
    assert_eq!(alice.refused(18, say(players(t.game), invisible)).await, ErrorCode::ChatNoVisibleText);
    let reversed = "gg \u{202E}pw";
    assert_eq!(alice.refused(19, say(players(t.game), reversed)).await, ErrorCode::ChatBidiControl);
    let longest = "ż".repeat(MAX_CHAT_CHARS);
    alice.request(12, say(players(t.game), &longest)).await;
    // A burst of five, then one a minute: the sixth message is refused, and the socket stays open.
    for id in 13..17 {
        alice.request(id, say(players(t.game), "gg")).await;
    }
    assert_eq!(alice.refused(17, say(players(t.game), "gg")).await, ErrorCode::ChatTooFast);
    let heard_by_bob = heard(&mut bob).await;
    assert_eq!(heard_by_bob.len(), 5, "only the accepted messages arrive");
    assert_eq!(heard_by_bob[0].1, longest);
    assert!(heard(&mut alice).await.len() == 5, "the connection is still open and reading");
    t.server.stop().await;
}

async fn a_muted_opponent_no_longer_reaches_the_player(url: &str) {
    let t = table(url, Settings::default()).await;
    let (mut alice, _) = watching(&t, &t.alice.token).await;
    let (mut bob, _) = watching(&t, &t.bob.token).await;
    bob.request(10, json!({ "type": "chat_mute", "game_id": t.game, "muted": true })).await;
    alice.request(11, say(players(t.game), "you will lose")).await;
    bob.request(12, say(players(t.game), "we will see")).await;
    assert!(heard(&mut bob).await.iter().all(|(_, text)| text != "you will lose"), "the muted opponent is not heard");
    let alice_heard: Vec<String> = heard(&mut alice).await.into_iter().map(|(_, text)| text).collect();
    assert_eq!(alice_heard, vec!["you will lose", "we will see"], "the muting player is still heard");

    // The mute is kept with the game: a new subscription's history leaves the opponent out too, and tells the
    // muting player that the mute is on (a reloaded page shows it), and the other player nothing of it.
    let (_bob_again, history) = watching(&t, &t.bob.token).await;
    assert_eq!(texts(&history), vec!["we will see"]);
    assert!(opponent_muted(&history), "bob's history says he muted alice");
    let (_alice_again, history) = watching(&t, &t.alice.token).await;
    assert_eq!(texts(&history), vec!["you will lose", "we will see"]);
    assert!(!opponent_muted(&history), "alice muted nobody");

    let carol = t.api.guest("carol").await;
    let mut carol_socket = WsClient::connect(t.server.addr, &carol.token).await;
    let mute = json!({ "type": "chat_mute", "game_id": t.game, "muted": true });
    assert_eq!(carol_socket.refused(13, mute).await, ErrorCode::NotAPlayer, "only a player mutes an opponent");

    bob.request(14, json!({ "type": "chat_mute", "game_id": t.game, "muted": false })).await;
    alice.request(15, say(players(t.game), "sorry")).await;
    assert_eq!(heard(&mut bob).await, vec![(players(t.game), "sorry".to_owned())]);
    let (_bob_later, history) = watching(&t, &t.bob.token).await;
    assert!(!opponent_muted(&history), "the unmute is kept too");
    t.server.stop().await;
}

async fn an_admin_mutes_an_account_with_an_audit_entry_and_sees_the_chat_in_the_timeline(url: &str) {
    let t = table(url, Settings::default()).await;
    let admin = register(&t.api, "boss").await;
    let store = t.server.state.store.as_ref();
    role::set_admin(store, "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let carol = register(&t.api, "carol").await;
    let (mut alice, _) = watching(&t, &t.alice.token).await;
    let (mut carol_socket, _) = watching(&t, &carol.token).await;
    alice.request(10, say(players(t.game), "hello")).await;
    carol_socket.request(11, say(spectators(t.game), "spam spam")).await;

    let mute = json!({ "muted": true, "reason": "spam in the spectators' chat" });
    let path = "/api/admin/accounts/carol/chat-mute";
    let (status, body) = t.api.post(path, Some(&carol.token), &mute).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "players cannot mute accounts");
    let (status, body) = t.api.post(path, Some(&admin.token), &mute).await;
    assert_eq!(status, 200, "{body}");
    let done: AccountActionDone = serde_json::from_value(body).expect("the account and its audit entry");
    assert!(done.account.chat_muted);
    assert_eq!(done.audit.action, AuditAction::MuteChat);
    assert_eq!(done.audit.reason, "spam in the spectators' chat");
    let (status, _) = t.api.post(path, Some(&admin.token), &mute).await;
    assert_eq!(status, 409, "muting a muted account changes nothing");

    // The mute reaches the connection that was open before it.
    assert_eq!(carol_socket.refused(12, say(spectators(t.game), "more spam")).await, ErrorCode::Muted);
    assert_eq!(carol_socket.refused(13, say(ChatChannel::Lobby, "spam")).await, ErrorCode::Muted);
    alice.request(14, say(players(t.game), "still here")).await;

    let (status, review) = t.api.get(&format!("/api/admin/games/{}", t.game), Some(&admin.token)).await;
    assert_eq!(status, 200, "{review}");
    let review: GameReview = serde_json::from_value(review).expect("a review");
    let chat: Vec<(ChatChannel, &str)> = review
        .timeline
        .iter()
        .filter_map(|entry| match entry {
            TimelineEntry::Chat { message, .. } => Some((message.channel, message.text.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(
        chat,
        vec![(players(t.game), "hello"), (spectators(t.game), "spam spam"), (players(t.game), "still here")],
        "both channels, in order"
    );
    let times: Vec<i64> = review.timeline.iter().map(TimelineEntry::at_ms).collect();
    assert!(times.windows(2).all(|pair| pair[0] <= pair[1]), "the timeline is in time order");

    let unmute = json!({ "muted": false, "reason": "promised to behave" });
    let (status, body) = t.api.post(path, Some(&admin.token), &unmute).await;
    assert_eq!(status, 200, "{body}");
    carol_socket.request(15, say(spectators(t.game), "sorry")).await;
    t.server.stop().await;
}

/// A connection of `session` subscribed to the lobby with its chat, and the lobby's chat history it got.
async fn lobby_reader(server: &TestServer, session: &Session) -> (WsClient, ServerFrame) {
    let mut client = WsClient::connect(server.addr, &session.token).await;
    client.request(1, json!({ "type": "lobby_subscribe", "chat": true })).await;
    let history = take_chat(&mut client).await.into_iter().find(|f| matches!(f, ServerFrame::ChatHistory { .. }));
    (client, history.expect("the lobby's chat history with the subscription"))
}

fn lobby_mute(account: Uuid, muted: bool) -> Value {
    json!({ "type": "chat_mute", "account_id": account, "muted": muted })
}

/// The accounts a lobby history says its reader muted.
fn muted_accounts(history: &ServerFrame) -> Vec<MutedAccount> {
    match history {
        ServerFrame::ChatHistory { muted_accounts, .. } => muted_accounts.clone(),
        other => panic!("expected a chat history, got {other:?}"),
    }
}

/// The texts of the lobby's live messages the client got up to now.
async fn heard_in_lobby(client: &mut WsClient) -> Vec<String> {
    let heard = heard(client).await;
    assert!(heard.iter().all(|(channel, _)| *channel == ChatChannel::Lobby), "{heard:?}");
    heard.into_iter().map(|(_, text)| text).collect()
}

async fn an_account_muted_in_the_lobby_reaches_none_of_the_players_connections_until_unmuted(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let ala = api.guest("ala").await;
    let ola = api.guest("ola").await;
    let eva = api.guest("eva").await;
    let (mut ala_first, _) = lobby_reader(&server, &ala).await;
    let (mut ala_second, _) = lobby_reader(&server, &ala).await;
    let (mut ola_socket, _) = lobby_reader(&server, &ola).await;
    let (mut eva_socket, _) = lobby_reader(&server, &eva).await;

    ola_socket.request(2, say(ChatChannel::Lobby, "before")).await;
    assert_eq!(heard_in_lobby(&mut ala_second).await, ["before"]);
    assert_eq!(ala_first.request(2, lobby_mute(ola.account.id, true)).await, None);
    ola_socket.request(3, say(ChatChannel::Lobby, "while muted")).await;
    eva_socket.request(3, say(ChatChannel::Lobby, "from eva")).await;
    assert_eq!(heard_in_lobby(&mut ala_first).await, ["before", "from eva"], "the muting connection");
    assert_eq!(heard_in_lobby(&mut ala_second).await, ["from eva"], "the player's other connection");
    assert_eq!(heard_in_lobby(&mut eva_socket).await, ["before", "while muted", "from eva"], "everyone else");
    assert_eq!(heard_in_lobby(&mut ola_socket).await, ["before", "while muted", "from eva"], "the muted one");

    // A new connection (a reload) keeps the mute: the history leaves ola out and names her.
    drop(ala_first);
    drop(ala_second);
    let (mut ala_again, history) = lobby_reader(&server, &ala).await;
    assert_eq!(texts(&history), ["from eva"]);
    assert_eq!(muted_accounts(&history), [MutedAccount { account_id: ola.account.id, name: "ola".into() }]);
    let (_, eva_history) = lobby_reader(&server, &eva).await;
    assert_eq!(texts(&eva_history), ["before", "while muted", "from eva"]);
    assert!(muted_accounts(&eva_history).is_empty(), "only the player's own mutes are listed");
    ola_socket.request(4, say(ChatChannel::Lobby, "still muted")).await;
    assert!(heard_in_lobby(&mut ala_again).await.is_empty());

    // Unmuting brings her back, live and in the history.
    assert_eq!(ala_again.request(3, lobby_mute(ola.account.id, false)).await, None);
    ola_socket.request(5, say(ChatChannel::Lobby, "unmuted")).await;
    assert_eq!(heard_in_lobby(&mut ala_again).await, ["unmuted"]);
    let (_, history) = lobby_reader(&server, &ala).await;
    assert_eq!(texts(&history), ["before", "while muted", "from eva", "still muted", "unmuted"]);
    assert!(muted_accounts(&history).is_empty());
    server.stop().await;
}

async fn a_lobby_mute_of_oneself_of_nobody_or_beyond_the_limit_is_refused_and_changes_nothing(url: &str) {
    let settings = Settings {
        limits: kartka_server::config::Limits { lobby_chat_mutes: 2, ..Default::default() },
        ..Settings::default()
    };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let ala = api.guest("ala").await;
    let others = [api.guest("ola").await, api.guest("eva").await, api.guest("iza").await];
    let (mut ala_socket, _) = lobby_reader(&server, &ala).await;

    assert_eq!(ala_socket.refused(2, lobby_mute(ala.account.id, true)).await, ErrorCode::NotAllowed);
    assert_eq!(ala_socket.refused(3, lobby_mute(Uuid::new_v4(), true)).await, ErrorCode::UnknownPlayer);
    let both =
        json!({ "type": "chat_mute", "account_id": others[0].account.id, "game_id": Uuid::new_v4(), "muted": true });
    assert_eq!(ala_socket.refused(4, both).await, ErrorCode::InvalidRequest);
    let neither = json!({ "type": "chat_mute", "muted": true });
    assert_eq!(ala_socket.refused(5, neither).await, ErrorCode::InvalidRequest);
    let (_, history) = lobby_reader(&server, &ala).await;
    assert!(muted_accounts(&history).is_empty(), "refused mutes stored nothing: {history:?}");

    assert_eq!(ala_socket.request(6, lobby_mute(others[0].account.id, true)).await, None);
    assert_eq!(ala_socket.request(7, lobby_mute(others[1].account.id, true)).await, None);
    assert_eq!(ala_socket.request(8, lobby_mute(others[1].account.id, true)).await, None, "muting twice is no error");
    assert_eq!(ala_socket.refused(9, lobby_mute(others[2].account.id, true)).await, ErrorCode::TooManyMutes);
    let (_, history) = lobby_reader(&server, &ala).await;
    let names: Vec<String> = muted_accounts(&history).into_iter().map(|muted| muted.name).collect();
    assert_eq!(names, ["eva", "ola"], "the third mute changed nothing");
    let (mut iza_socket, _) = lobby_reader(&server, &others[2]).await;
    iza_socket.request(2, say(ChatChannel::Lobby, "still heard")).await;
    assert_eq!(heard_in_lobby(&mut ala_socket).await, ["still heard"]);

    // Unmuting one makes room for another.
    assert_eq!(ala_socket.request(10, lobby_mute(others[0].account.id, false)).await, None);
    assert_eq!(ala_socket.request(11, lobby_mute(others[2].account.id, true)).await, None);
    server.stop().await;
}
