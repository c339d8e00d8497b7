//! Superghost end to end over real sockets, three players in English: a letter outside the game's alphabet, a
//! first letter at the start and a challenge of nobody are each refused with their typed error (`illegal_move`)
//! and change nothing; a challenge of a fragment some word of the list holds loses the round for the challenger
//! (`?+`), one of a fragment no word holds for the challenged player (`?-`), each move told to every player with
//! the list's verdict; the loser starts the next round; and a server started again on the same store tells the
//! moves with their verdicts as before.

use kartka_engine::superghost::{Action, Position, RoundLoss, Side};
use kartka_engine::{Game, Ruleset};
use kartka_protocol::kinds::dictionary::LanguageCode;
use kartka_protocol::kinds::superghost::SuperghostOptions;
use kartka_protocol::{ErrorCode, GameEvent, GameSnapshot, RulesetSpec, SeatName, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use uuid::Uuid;

kartka_tests::on_both_stores!(challenges_are_decided_both_ways_and_bad_letters_change_nothing);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// The public texts of a game's moves, in order.
fn told(snapshot: &GameSnapshot) -> Vec<String> {
    snapshot.moves.iter().map(|record| record.notation.clone()).collect()
}

/// Plays `notation` as the socket's player at `ply` and waits for the move's event: the text everyone is told.
async fn play(socket: &mut WsClient, id: u64, game: Uuid, ply: u32, notation: &str) -> String {
    socket.request(id, move_frame(game, ply, &format!("m{ply}"), notation)).await;
    loop {
        if let GameEvent::Moved { record, .. } = socket.next_event().await.event {
            if record.ply == ply {
                return record.notation;
            }
        }
    }
}

async fn challenges_are_decided_both_ways_and_bad_letters_change_nothing(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let options = SuperghostOptions { players: 3, language: LanguageCode::En, dictionary: None };
    let game = api.start_game_for(&alice, &[&bob, &carol], RulesetSpec::Superghost(options), BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let RulesetSpec::Superghost(settled) = snapshot.ruleset else {
        panic!("a Superghost game: {:?}", snapshot.ruleset)
    };
    assert!(settled.dictionary.is_some(), "the game names its list by hash: {settled:?}");
    let Ok(Ruleset::Superghost(rules)) = kinds::ruleset(&snapshot.ruleset) else { panic!("valid rules") };
    let seat_of = |token_owner: &kartka_protocol::rest::Session| {
        snapshot.players.iter().position(|player| player.account_id == token_owner.account.id).expect("a player")
    };
    let mut sessions = [&alice, &bob, &carol];
    sessions.sort_by_key(|session| seat_of(session));
    let [one, two, three] = sessions;
    assert_eq!(one.account.id, alice.account.id, "the challenger sits first");
    let (mut second, _) = WsClient::subscribed(server.addr, &two.token, game).await;
    let (mut third, _) = WsClient::subscribed(server.addr, &three.token, game).await;

    // Refused with a typed error, each changing nothing: no move stored, the first seat still to act.
    for (id, refused) in [(2, ">ż"), (3, "<a"), (4, "?")] {
        assert_eq!(first.refused(id, move_frame(game, 0, "bad", refused)).await, ErrorCode::IllegalMove, "{refused}");
    }
    assert_eq!(first.refused(5, move_frame(game, 0, "bad", "a")).await, ErrorCode::BadNotation);
    let (_, again) = WsClient::subscribed(server.addr, &alice.token, game).await;
    assert!(again.moves.is_empty(), "no move was stored");
    assert_eq!(again.to_act, Some(SeatName::First));

    // "ca" is inside a word ("cat"): the third seat challenges it and loses the round.
    let mut position = Position::new(rules);
    for text in [">c", ">a"] {
        position.apply(Position::parse_actions(text).expect("notation")[0]).expect("legal");
    }
    assert_eq!(position.round_loss(Action::Challenge), Some(RoundLoss::ChallengeFailed), "the list holds a word");
    assert_eq!(play(&mut first, 10, game, 0, ">c").await, ">c");
    assert_eq!(play(&mut second, 11, game, 1, ">a").await, ">a");
    assert_eq!(play(&mut third, 12, game, 2, "?").await, "?+", "the challenger is told a word holds the fragment");

    // The loser (third) starts the next round; a letter after "z" that no word holds, added by the first seat,
    // is exposed by the second seat's challenge: the first seat loses the round.
    let start = Position::new(rules);
    let alphabet = rules.language().alphabet();
    let bluff = alphabet
        .iter()
        .copied()
        .find(|&letter| {
            let mut probe = start.clone();
            probe.apply(Action::Add { side: Side::End, letter: 'z' }).expect("legal");
            probe.apply(Action::Add { side: Side::End, letter }).expect("legal");
            probe.round_loss(Action::Challenge) == Some(RoundLoss::Challenged)
        })
        .expect("some letter after z leaves no word");
    assert_eq!(play(&mut third, 13, game, 3, ">z").await, ">z");
    let exposed = format!(">{bluff}");
    assert_eq!(play(&mut first, 14, game, 4, &exposed).await, exposed, "a bluff is told as a letter");
    assert_eq!(play(&mut second, 15, game, 5, "?").await, "?-", "the challenger is told no word holds it");

    let expected = [">c", ">a", "?+", ">z", exposed.as_str(), "?-"];
    let (_, after) = WsClient::subscribed(server.addr, &three.token, game).await;
    assert_eq!(told(&after), expected, "every player is told the verdicts");
    assert_eq!(after.to_act, Some(SeatName::First), "the loser starts the next round");
    // A letter the rules refuse mid-game changes nothing either.
    assert_eq!(first.refused(16, move_frame(game, 6, "bad", "<q")).await, ErrorCode::IllegalMove);

    // Started again on the same store, the server loads the game and tells the moves as before.
    drop((first, second, third));
    server.stop().await;
    let server = TestServer::start(url, Settings::default()).await;
    let (_, reloaded) = WsClient::subscribed(server.addr, &bob.token, game).await;
    assert_eq!(told(&reloaded), expected, "the verdicts survive a restart");
    assert_eq!(reloaded.to_act, Some(SeatName::First));
    server.stop().await;
}
