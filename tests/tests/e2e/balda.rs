//! Balda end to end over real sockets: a word outside the game's dictionary is refused with its typed error
//! (`illegal_move`) and changes nothing — no move, no event, the same player to act — while a word of the list
//! in the same place is then played.

use kartka_engine::balda::{Cell, IllegalMove, Move, Path, Placement, Position};
use kartka_engine::{Game, Ruleset};
use kartka_protocol::kinds::balda::BaldaOptions;
use kartka_protocol::{ErrorCode, GameEvent, RulesetSpec, SeatName, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;

kartka_tests::on_both_stores!(a_word_outside_the_dictionary_is_refused_and_changes_nothing);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// The text of `action`.
fn text(action: Move) -> String {
    kartka_engine::write_actions::<Position>(&[action])
}

async fn a_word_outside_the_dictionary_is_refused_and_changes_nothing(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game_of(&alice, &bob, RulesetSpec::Balda(BaldaOptions::default()), BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let RulesetSpec::Balda(options) = snapshot.ruleset else { panic!("a Balda game: {:?}", snapshot.ruleset) };
    assert!(options.dictionary.is_some() && options.seed.is_some() && options.start.is_some(), "settled: {options:?}");
    let Ok(Ruleset::Balda(rules)) = kinds::ruleset(&snapshot.ruleset) else { panic!("valid rules") };
    let position = Position::new(rules);

    // A letter above the start word's first letter, read down and along: a word for one letter, none for another.
    let path = Path::new(&[Cell::new(0, 3), Cell::new(0, 2), Cell::new(1, 2)]).expect("a path");
    let with = |letter| Move::Place(Placement { cell: Cell::new(0, 3), letter, path });
    let alphabet = rules.language().alphabet();
    let outside = alphabet
        .iter()
        .map(|&letter| with(letter))
        .find(|&action| position.check(action) == Err(IllegalMove::NotInDictionary));
    let outside = outside.expect("some letter makes no word of the list");
    assert_eq!(first.refused(2, move_frame(game, 0, "outside", &text(outside))).await, ErrorCode::IllegalMove);

    // Nothing changed: a second look at the game shows no move and the first seat still to act.
    let (_, again) = WsClient::subscribed(server.addr, &alice.token, game).await;
    assert!(again.moves.is_empty(), "no move was stored");
    assert_eq!(again.to_act, Some(SeatName::First));

    // A word of the list is played at the same ply, and it is the game's first move.
    let mut legal = Vec::new();
    position.for_each_legal_action(|action| legal.push(action));
    let word = legal.into_iter().find(|action| matches!(action, Move::Place(_))).expect("a word to play");
    first.request(3, move_frame(game, 0, "word", &text(word))).await;
    let record = loop {
        if let GameEvent::Moved { record, .. } = first.next_event().await.event {
            break record;
        }
    };
    assert_eq!((record.notation, record.ply), (text(word), 0), "the first move the game stored");
}
