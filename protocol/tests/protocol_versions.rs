//! Protocol 2 lists seats and keeps protocol 1's two-seat fields as aliases: what a version-1 peer wrote (and
//! every event stored before version 2) still reads, with the lists made from the aliases.

use kartka_protocol::{Clocks, EndReasonName, GameResult, SeatName};
use serde_json::json;

#[test]
fn protocol_one_clocks_read_with_their_list_made_from_the_aliases() {
    let clocks: Clocks = serde_json::from_value(json!({ "first_ms": 1000, "second_ms": 2000, "running": "second" }))
        .expect("protocol-1 clocks read");
    assert_eq!(clocks, Clocks::new(vec![1000, 2000], Some(SeatName::Second)));
}

#[test]
fn clocks_write_the_list_and_its_aliases() {
    let clocks = Clocks::new(vec![5, 6, 7], Some(SeatName::Third));
    let written = serde_json::to_value(&clocks).expect("clocks write");
    assert_eq!(
        written,
        json!({ "ms": [5, 6, 7], "first_ms": 5, "second_ms": 6, "running": "third", "running_seats": ["third"] })
    );
    assert_eq!(serde_json::from_value::<Clocks>(written).expect("and read back"), clocks);
}

#[test]
fn clocks_running_at_once_name_the_first_as_running_and_an_older_frame_reads_its_one_clock() {
    let clocks = Clocks::running_at_once(vec![5, 6], vec![SeatName::First, SeatName::Second]);
    assert_eq!(clocks.running, Some(SeatName::First));
    let written = serde_json::to_value(&clocks).expect("clocks write");
    assert_eq!(written["running_seats"], json!(["first", "second"]));
    assert_eq!(serde_json::from_value::<Clocks>(written).expect("and read back"), clocks);
    let stopped = serde_json::to_value(Clocks::new(vec![5, 6], None)).expect("clocks write");
    assert!(stopped.get("running_seats").is_none(), "no clock runs: absent");
    let older: Clocks =
        serde_json::from_value(json!({ "ms": [5, 6], "first_ms": 5, "second_ms": 6, "running": "second" }))
            .expect("clocks stored before running_seats read");
    assert_eq!(older.running_seats, [SeatName::Second]);
}

#[test]
fn protocol_one_results_read_with_ranks_made_from_the_winner() {
    let read = |winner: serde_json::Value| -> GameResult {
        serde_json::from_value(json!({ "winner": winner, "reason": "goal" })).expect("a protocol-1 result reads")
    };
    assert_eq!(read(json!("first")).ranks, [1, 2]);
    assert_eq!(read(json!("second")).ranks, [2, 1]);
    assert_eq!(read(json!(null)).ranks, [1, 1]);
}

#[test]
fn a_result_of_four_seats_round_trips() {
    let result = GameResult {
        ranks: vec![2, 1, 4, 2],
        winner: Some(SeatName::Second),
        reason: EndReasonName::Score,
        scores: Some(vec![6, 9, 1, 6]),
        half_points: false,
    };
    let written = serde_json::to_value(&result).expect("a result writes");
    assert_eq!(written["ranks"], json!([2, 1, 4, 2]));
    assert_eq!(serde_json::from_value::<GameResult>(written).expect("and reads back"), result);
}

#[test]
fn seat_names_are_ordinals_indexed_from_the_first() {
    for (index, name) in SeatName::ALL.into_iter().enumerate() {
        assert_eq!(name.index(), index);
        assert_eq!(SeatName::from_index(index), Some(name));
    }
    assert_eq!(SeatName::from_index(6), None);
    assert_eq!(serde_json::to_value(SeatName::Sixth).expect("a seat name writes"), json!("sixth"));
}
