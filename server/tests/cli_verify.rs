//! `kartka verify` as a user runs it: the built binary checks a whole Sea Battle game's record, passes the honest
//! one, and fails, naming the seat or the move, one whose fleet was changed after the game; Bulls and Cows
//! records are read by their Game tag, and records of other kinds refused.

use std::io::Write;
use std::process::{Command, Output};

use kartka_engine::bulls_and_cows::{self, BullsAndCowsRecord, BullsAndCowsRules};
use kartka_engine::commitment::{commitment, NONCE_LEN};
use kartka_engine::sea_battle::{HiddenRecord, Position, RecordedMove, Reveal, SeaBattleRecord, SeaBattleRules, NAME};
use kartka_engine::{Game, Seat};

const GAME_ID: &str = "5b0d7c1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f";
/// A classic fleet in five columns, a free column between them.
const FLEET: &str = "F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,I6";
/// The same fleet with its last single moved from I6 to J9.
const MOVED: &str = "F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,J9";

fn verify(record: &str) -> Output {
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(record.as_bytes()).expect("written");
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg("verify").arg(file.path()).output().expect("kartka runs")
}

fn nonce(seat: Seat) -> [u8; NONCE_LEN] {
    [seat.index() as u8 + 1; NONCE_LEN]
}

/// A whole game played through the engine: both seats place [`FLEET`], the first misses once, the second
/// misses, and the first sinks every ship.
fn honest_record() -> SeaBattleRecord {
    let rules = SeaBattleRules::default();
    let mut game = Position::new(rules);
    let mut record = HiddenRecord::new(NAME, GAME_ID);
    let play = |game: &mut Position, record: &mut HiddenRecord, seat: Seat, text: &str| {
        let actions = Position::parse_actions(text).expect("readable");
        let before = game.clone();
        for &action in &actions {
            game.apply_as(seat, action).expect("legal");
        }
        let disclosure = before.disclose(seat, &actions, game).expect("discloses");
        if let Some(secret) = disclosure.secret {
            let commitment = commitment(GAME_ID, seat, &secret, &nonce(seat));
            record.reveals[seat.index()] = Some(Reveal { secret, nonce: nonce(seat), commitment });
        }
        record.moves.push(RecordedMove { seat, public: disclosure.public });
    };
    play(&mut game, &mut record, Seat::FIRST, FLEET);
    play(&mut game, &mut record, Seat::SECOND, FLEET);
    play(&mut game, &mut record, Seat::FIRST, "J10");
    play(&mut game, &mut record, Seat::SECOND, "J9");
    let all = "A1 A2 A3 A4 C1 C2 C3 E1 E2 E3 G1 G2 I1 I2 A6 A7 C6 E6 G6 I6";
    play(&mut game, &mut record, Seat::FIRST, all);
    assert!(game.outcome().is_some(), "the first seat sank the fleet");
    SeaBattleRecord { rules, record }
}

#[test]
fn an_honest_record_verifies() {
    let output = verify(&honest_record().write());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "verified: 2 commitments, 22 answers\n");
}

#[test]
fn a_fleet_moved_after_the_game_fails_naming_the_seat_then_the_move() {
    let mut record = honest_record();
    let reveal = record.record.reveals[1].as_mut().expect("revealed");
    reveal.secret = MOVED.into();
    let output = verify(&record.write());
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the second seat's revealed secret does not match its commitment"), "{stderr}");

    // A forger who recomputes the commitment too is caught by the first seat's last shot: I6 sank a ship there,
    // which the moved fleet answers as a miss.
    reveal_with_commitment(&mut record, MOVED);
    let output = verify(&record.write());
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("move 5:") && stderr.contains("(a move of the first seat)"), "{stderr}");
}

fn reveal_with_commitment(record: &mut SeaBattleRecord, secret: &str) {
    let reveal = record.record.reveals[1].as_mut().expect("revealed");
    reveal.commitment = commitment(GAME_ID, Seat::SECOND, secret, &reveal.nonce);
}

/// Bulls and Cows: both secrets, then one round that the first seat wins (4567 is the second's secret).
fn bulls_and_cows_record(second_secret: &str) -> String {
    let mut record = HiddenRecord::new(bulls_and_cows::NAME, GAME_ID);
    for (seat, secret) in [(Seat::FIRST, "S:0123"), (Seat::SECOND, second_secret)] {
        let commitment = commitment(GAME_ID, seat, secret, &nonce(seat));
        record.reveals[seat.index()] = Some(Reveal { secret: secret.into(), nonce: nonce(seat), commitment });
        record.moves.push(RecordedMove { seat, public: "S".into() });
    }
    record.moves.push(RecordedMove { seat: Seat::FIRST, public: "G".into() });
    record.moves.push(RecordedMove { seat: Seat::SECOND, public: "4567=4B0C 9876=0B0C".into() });
    BullsAndCowsRecord { rules: BullsAndCowsRules::default(), record }.write()
}

#[test]
fn a_bulls_and_cows_record_is_read_by_its_game_tag() {
    let output = verify(&bulls_and_cows_record("S:4567"));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "verified: 2 commitments, 2 answers\n");
    // A secret committed honestly but answered falsely: the round names the seat that resolved it.
    let output = verify(&bulls_and_cows_record("S:4568"));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("move 4:") && stderr.contains("(a move of the second seat)"), "{stderr}");
}

#[test]
fn a_record_of_another_kind_is_refused() {
    let output = verify("[Game \"five-in-a-row\"]\n\n1. h8\n");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("\"five-in-a-row\", not a hidden-information kind"), "{stderr}");
    let output = verify("[Game \"sea-battle\"]\n\nfirst F\n");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("malformed record"));
    let output = verify("first F\n");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no Game tag"));
}
