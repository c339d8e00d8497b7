//! Dots and Boxes (rules document dots-and-boxes.md): every rule from hand-played games on small fields, seats
//! that leave, notation, records and dbn strings, random games against an independent recount, the solver
//! against the document's margins and a naive minimax, and perft against a naive enumeration.

#[path = "common/rng.rs"]
mod rng;

#[path = "common/perft_data.rs"]
mod perft_data;

use kartka_engine::dots_and_boxes::{
    self, read_dbn, write_dbn, Departure, DepartureReason, DotsAndBoxesRecord, DotsAndBoxesRules, Edge, IllegalMove,
    PlayedTurn, Position, ReadErrorKind, ReplayError, SolveError, Tag,
};
use kartka_engine::{BySeat, EndReason, Game, NotationError, Outcome, PositionKey, Progress, Seat, TimeoutPolicy};
use rng::Rng;

fn rules(rows: u8, cols: u8, players: u8) -> DotsAndBoxesRules {
    DotsAndBoxesRules::new(rows, cols, players).expect("valid rules")
}

fn seat(index: usize) -> Seat {
    Seat::new(index).expect("a seat")
}

fn edge(text: &str) -> Edge {
    match Position::parse_actions(text).expect("readable").as_slice() {
        &[edge] => edge,
        edges => panic!("{text} is {} edges", edges.len()),
    }
}

/// Plays the edges of `text` one by one, each legal; the progress of each.
fn play(position: &mut Position, text: &str) -> Vec<Progress> {
    Position::parse_actions(text)
        .expect("readable")
        .into_iter()
        .map(|edge| position.apply(edge).unwrap_or_else(|error| panic!("{edge} in {text}: {error}")))
        .collect()
}

/// The seat to act after each edge of `text`.
fn actors(position: &mut Position, text: &str) -> Vec<usize> {
    Position::parse_actions(text)
        .expect("readable")
        .into_iter()
        .map(|edge| {
            position.apply(edge).expect("legal");
            position.to_act().expect("not over").index()
        })
        .collect()
}

#[test]
fn the_last_edge_completes_the_box_and_ends_the_game_without_an_extra_move() {
    let mut position = Position::new(rules(1, 1, 2));
    assert_eq!(play(&mut position, "a1h a2h a1v"), vec![Progress::TurnEnded; 3]);
    assert_eq!(position.to_act(), Some(Seat::SECOND));
    let outcome = Outcome::of_scores(BySeat::from([0, 1]), EndReason::Score);
    assert_eq!(play(&mut position, "b1v"), vec![Progress::GameOver(outcome)]);
    assert_eq!((position.to_act(), position.mid_turn(), position.outcome()), (None, false, Some(outcome)));
    assert_eq!(outcome.ranks, BySeat::from([2, 1]));
    assert_eq!(position.box_owner(0, 0), Some(Seat::SECOND));
    assert!(!position.move_begins(), "nothing begins once the game is over");
}

#[test]
fn a_completed_box_earns_the_mover_another_move() {
    let mut position = Position::new(rules(1, 2, 2));
    play(&mut position, "a1h a2h a1v");
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::SECOND), false));
    assert_eq!(play(&mut position, "b1v"), vec![Progress::TurnContinues]);
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::SECOND), true));
    assert!(position.move_begins(), "the extra move is a move of its own for the clock");
    assert_eq!(position.scores(), BySeat::from([0, 1]));
    assert_eq!(position.box_owner(0, 0), Some(Seat::SECOND));
    assert_eq!(position.box_owner(1, 0), None);
    assert_eq!(play(&mut position, "c1v"), vec![Progress::TurnEnded]);
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::FIRST), false));
}

#[test]
fn two_boxes_at_once_earn_one_extra_move_and_equal_counts_share_first_place() {
    // 1x4: ten edges complete nothing; the first seat's b1v then closes the first two boxes.
    let mut position = Position::new(rules(1, 4, 2));
    assert_eq!(play(&mut position, "a1h b1h c1h d1h a2h b2h c2h d2h a1v c1v"), vec![Progress::TurnEnded; 10]);
    assert_eq!(position.to_act(), Some(Seat::FIRST));
    assert_eq!(play(&mut position, "b1v"), vec![Progress::TurnContinues]);
    assert_eq!(position.scores(), BySeat::from([2, 0]));
    assert_eq!(play(&mut position, "e1v"), vec![Progress::TurnEnded], "one extra move, not two");
    assert_eq!(position.to_act(), Some(Seat::SECOND));
    let draw = Outcome::of_scores(BySeat::from([2, 2]), EndReason::Score);
    assert_eq!(play(&mut position, "d1v"), vec![Progress::GameOver(draw)], "two boxes fill the field");
    assert!(draw.is_draw());
}

#[test]
fn three_and_four_players_move_in_seat_order() {
    let mut three = Position::new(rules(2, 2, 3));
    assert_eq!(actors(&mut three, "a1h b1h a3h b3h a1v c1v"), [1, 2, 0, 1, 2, 0]);
    assert_eq!(Position::seat_count(&three.rules()), 3);
    let mut four = Position::new(rules(2, 2, 4));
    assert_eq!(actors(&mut four, "a1h b1h a3h b3h a1v c1v"), [1, 2, 3, 0, 1, 2]);
    // The third seat closes the lower left box (a1h, a2h, a1v, b1v) and moves on.
    assert_eq!(actors(&mut four, "a2h b1v"), [3, 3]);
    assert_eq!(four.scores(), BySeat::from([0, 0, 0, 1]));
}

#[test]
fn a_departed_seat_is_skipped_keeps_its_boxes_and_ranks_last() {
    let mut position = Position::new(rules(2, 2, 4));
    // The second seat takes the lower left box with b1v, then leaves at its extra move.
    play(&mut position, "a1h a2h a1v c2v b3h b1v");
    assert_eq!((position.to_act(), position.mid_turn()), (Some(seat(1)), true));
    assert_eq!(position.seat_left(seat(1), EndReason::Time), Some(Progress::TurnEnded));
    assert_eq!((position.to_act(), position.mid_turn()), (Some(seat(2)), false));
    assert_eq!(position.departed(), [seat(1)]);
    assert_eq!(actors(&mut position, "b1h b2h a3h"), [3, 0, 2], "the second seat is skipped");
    // The fourth seat leaves while the third is to move: the third keeps the turn.
    assert_eq!(position.seat_left(seat(3), EndReason::Resignation), Some(Progress::TurnContinues));
    assert_eq!(position.to_act(), Some(seat(2)));
    let unchanged = position;
    assert_eq!(position.seat_left(seat(3), EndReason::Resignation), None, "a seat leaves once");
    assert_eq!(position.seat_left(seat(5), EndReason::Resignation), None, "no such seat at this table");
    assert_eq!(position, unchanged);
    // The third seat closes the lower right box with c1v; the first seat closes both upper boxes with b2v, the
    // field's last edge.
    assert_eq!(actors(&mut position, "c1v a2v"), [2, 0]);
    let outcome = Outcome::of_scores(BySeat::from([2, 1, 1, 0]), EndReason::Score);
    assert_eq!(outcome.ranks, BySeat::from([1, 2, 2, 4]), "by the counts alone");
    let with_departures = Outcome { ranks: BySeat::from([1, 4, 2, 3]), ..outcome };
    assert_eq!(play(&mut position, "b2v"), vec![Progress::GameOver(with_departures)]);
    assert_eq!(outcome.with_departures(&[seat(1), seat(3)]), with_departures);
}

#[test]
fn the_game_ends_when_one_seat_remains() {
    // Two players: the seat that stays wins, whatever the counts.
    let mut two = Position::new(rules(1, 2, 2));
    play(&mut two, "a1h a2h a1v b1v");
    assert_eq!(two.scores(), BySeat::from([0, 1]));
    let Some(Progress::GameOver(outcome)) = two.seat_left(Seat::SECOND, EndReason::Resignation) else {
        panic!("two players: the game ends");
    };
    assert_eq!((outcome.ranks, outcome.reason), (BySeat::from([1, 2]), EndReason::Resignation));
    assert_eq!(outcome.scores, Some(BySeat::from([0, 1])));
    assert_eq!(two.outcome(), Some(outcome));
    assert_eq!(two.check(edge("c1v")), Err(IllegalMove::GameOver));
    assert_eq!(two.seat_left(Seat::FIRST, EndReason::Resignation), None, "a finished game changes no more");

    // Three players: after the second departure the last seat is first, the later to leave second.
    let mut three = Position::new(rules(2, 2, 3));
    assert_eq!(three.seat_left(seat(0), EndReason::Abandonment), Some(Progress::TurnEnded));
    assert_eq!(three.to_act(), Some(seat(1)));
    assert_eq!(actors(&mut three, "a1h b1h"), [2, 1]);
    let Some(Progress::GameOver(outcome)) = three.seat_left(seat(2), EndReason::Time) else {
        panic!("one seat remains");
    };
    assert_eq!((outcome.ranks, outcome.reason), (BySeat::from([3, 1, 2]), EndReason::Time));
}

#[test]
fn kinds_that_do_not_play_on_answer_none_to_a_departure() {
    let mut soccer = kartka_engine::soccer::Position::default();
    let before = soccer;
    assert_eq!(soccer.seat_left(Seat::FIRST, EndReason::Resignation), None);
    assert_eq!(soccer, before);
}

#[test]
fn refused_edges_are_named_and_change_nothing() {
    let mut position = Position::new(rules(2, 3, 2));
    play(&mut position, "a1h b1v");
    for (text, reason) in
        [("d1h", IllegalMove::OffField), ("a3v", IllegalMove::OffField), ("b1v", IllegalMove::AlreadyDrawn)]
    {
        let before = position;
        assert_eq!(position.check(edge(text)), Err(reason), "{text}");
        assert_eq!(position.apply(edge(text)), Err(reason), "{text}");
        assert_eq!(position, before, "{text} changed the position");
    }
    assert_eq!(position.check(edge("d1v")), Ok(()), "the rightmost column of dots has vertical edges");
    assert_eq!(position.check(edge("a3h")), Ok(()), "the top row of dots has horizontal edges");
}

#[test]
fn legal_edges_come_in_a_fixed_order_and_the_timeout_follows_the_rules() {
    let position = Position::new(rules(1, 2, 2));
    let mut listed = Vec::new();
    position.for_each_legal_action(|edge| listed.push(edge.to_string()));
    assert_eq!(listed, ["a1h", "b1h", "a2h", "b2h", "a1v", "b1v", "c1v"]);
    assert_eq!(position.pick_legal_action(9).map(|edge| edge.to_string()).as_deref(), Some("a2h"));
    assert_eq!(position.timeout_policy(), TimeoutPolicy::Loss);
    let random = Position::new(rules(1, 2, 2).with_random_edge_on_timeout(true));
    assert_eq!(random.timeout_policy(), TimeoutPolicy::RandomAction);
    assert_eq!(Position::default().rules(), rules(5, 5, 2));
    assert_eq!(Position::ACTION_SEPARATOR, " ");
}

#[test]
fn a_turn_is_written_with_spaces_and_reads_back() {
    let edges = Position::parse_actions("a1h b1v j10v").expect("readable");
    let text = kartka_engine::write_actions::<Position>(&edges);
    assert_eq!(text, "a1h b1v j10v");
    assert_eq!(Position::parse_actions(&text), Ok(edges));
    assert_eq!(Position::parse_actions("a1h b1"), Err(NotationError { at: 6, expected: "h or v" }));
}

#[test]
fn transpositions_share_a_key_and_scores_tell_positions_apart() {
    let key = |position: &Position| {
        let mut key = PositionKey::new();
        position.write_key(&mut key);
        key
    };
    let mut one = Position::new(rules(1, 2, 2));
    let mut other = one;
    play(&mut one, "a1h a2h c1v b1h");
    play(&mut other, "b1h c1v a2h a1h");
    assert_eq!(key(&one), key(&other));
    assert_eq!(key(&one).as_bytes(), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0b0100_0111]);
    // Same edges, the first seat to move, but the box went to another seat.
    let mut second_took = Position::new(rules(1, 2, 2));
    play(&mut second_took, "a1h a2h a1v b1v c1v");
    let mut first_took = Position::new(rules(1, 2, 2));
    play(&mut first_took, "a1h a2h c1v a1v b1v");
    assert_eq!((first_took.drawn(), first_took.to_act()), (second_took.drawn(), second_took.to_act()));
    assert_ne!(key(&first_took), key(&second_took));
}

/// A random game on `rules`: random edges, and with three or four players now and then a random seat leaving.
/// Returns the turns played (each the edges of one seat's turn, a turn its seat left in the middle of ending
/// there), the departures that happened, and the final position, checking on the way that listed edges are
/// exactly those `check` accepts and that refused edges change nothing.
fn random_game(
    rules: DotsAndBoxesRules,
    rng: &mut Rng,
    departures: bool,
) -> (Vec<Vec<Edge>>, Vec<Departure>, Position) {
    let mut position = Position::new(rules);
    let mut turns: Vec<Vec<Edge>> = vec![Vec::new()];
    let mut departed = Vec::new();
    let mut drawn = 0;
    while !position.is_over() {
        if departures && rules.players() > 2 && rng.next() % 16 == 0 {
            let leaving = seat((rng.next() % u64::from(rules.players())) as usize);
            let reason = [DepartureReason::Resignation, DepartureReason::Time, DepartureReason::Abandonment]
                [(rng.next() % 3) as usize];
            let before = position;
            match position.seat_left(leaving, reason.end_reason()) {
                None => assert_eq!(position, before, "a seat not playing changes nothing"),
                Some(progress) => {
                    assert!(position.departed().contains(&leaving));
                    departed.push(Departure { seat: leaving, after: drawn, reason });
                    if progress == Progress::TurnEnded && before.mid_turn() {
                        turns.push(Vec::new());
                    }
                }
            }
            continue;
        }
        assert_legal_edges_agree_with_check(&position);
        let listed = {
            let mut listed = Vec::new();
            position.for_each_legal_action(|edge| listed.push(edge));
            listed
        };
        let chosen = listed[(rng.next() % listed.len() as u64) as usize];
        let mover = position.to_act();
        let progress = position.apply(chosen).expect("a listed edge is legal");
        turns.last_mut().expect("a turn").push(chosen);
        drawn += 1;
        match progress {
            Progress::TurnContinues => assert_eq!(position.to_act(), mover),
            Progress::TurnEnded => {
                assert_ne!(position.to_act(), mover, "the turn passes");
                turns.push(Vec::new());
            }
            Progress::GameOver(outcome) => assert_eq!(position.outcome(), Some(outcome)),
        }
        assert!(!position.departed().iter().any(|&gone| position.to_act() == Some(gone)), "a departed seat acts");
    }
    turns.retain(|turn| !turn.is_empty());
    (turns, departed, position)
}

fn assert_legal_edges_agree_with_check(position: &Position) {
    let mut listed = Vec::new();
    position.for_each_legal_action(|edge| listed.push(edge));
    let rules = position.rules();
    for column in 0..=rules.cols() + 1 {
        for row in 0..=rules.rows() + 1 {
            for edge in [Edge::horizontal(column, row), Edge::vertical(column, row)] {
                let before = *position;
                let mut after = *position;
                match position.check(edge) {
                    Ok(()) => assert!(listed.contains(&edge), "{edge} is legal but not listed"),
                    Err(error) => {
                        assert!(!listed.contains(&edge), "{edge} is listed but refused: {error}");
                        assert_eq!(after.apply(edge), Err(error));
                        assert_eq!(after, before, "refused {edge} changed the position");
                    }
                }
            }
        }
    }
    assert_eq!(listed.len(), rules.edge_count() - position.drawn().len());
}

/// The boxes of each seat, counted afresh from the box owners.
fn recount(position: &Position) -> Vec<u32> {
    let rules = position.rules();
    let mut counts = vec![0; usize::from(rules.players())];
    for column in 0..rules.cols() {
        for row in 0..rules.rows() {
            if let Some(owner) = position.box_owner(column, row) {
                counts[owner.index()] += 1;
            }
        }
    }
    counts
}

fn random_rules(rng: &mut Rng) -> DotsAndBoxesRules {
    let side = |rng: &mut Rng| 1 + (rng.next() % 5) as u8;
    rules(side(rng), side(rng), 2 + (rng.next() % 3) as u8)
}

#[test]
fn random_games_end_with_every_box_counted_and_ranked() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for game in 0..300 {
        let rules = random_rules(&mut rng);
        let (_, _, position) = random_game(rules, &mut rng, game % 2 == 0);
        let outcome = position.outcome().expect("over");
        let scores = outcome.scores.expect("scores");
        assert_eq!(scores.as_slice(), recount(&position), "{rules:?}");
        let departed = position.departed();
        if departed.len() + 1 < usize::from(rules.players()) {
            assert_eq!(position.drawn().len(), rules.edge_count(), "the field is full");
            assert_eq!(scores.as_slice().iter().sum::<u32>() as usize, rules.box_count());
        }
        for (seat, &rank) in outcome.ranks.iter() {
            let stayed = !departed.contains(&seat);
            let better = outcome
                .ranks
                .seats()
                .filter(|&other| match (stayed, departed.contains(&other)) {
                    (true, false) => scores[other] > scores[seat],
                    (true, true) => false,
                    (false, false) => true,
                    (false, true) => {
                        let order = |s| departed.iter().position(|&gone| gone == s);
                        order(other) > order(seat)
                    }
                })
                .count();
            assert_eq!(usize::from(rank), better + 1, "{seat} of {outcome:?}, departed {departed:?}");
        }
    }
}

#[test]
fn records_round_trip_and_replay_to_the_same_position() {
    let mut rng = Rng(7);
    let mut departed_games = 0;
    for game in 0..200 {
        let rules = random_rules(&mut rng);
        let (turns, departures, position) = random_game(rules, &mut rng, game % 2 == 1);
        departed_games += usize::from(!departures.is_empty());
        let record = DotsAndBoxesRecord {
            rules,
            departures,
            tags: vec![Tag { name: "Event".into(), value: "a \"quoted\" \\ event".into() }],
            turns,
        };
        let written = record.write();
        assert!(written.starts_with(&format!(
            "[Game \"dots-and-boxes\"]\n[Boxes \"{}x{}\"]\n[Players \"{}\"]\n",
            rules.rows(),
            rules.cols(),
            rules.players()
        )));
        let read = DotsAndBoxesRecord::read(&written).expect("readable");
        assert_eq!(read, record);
        assert_eq!(read.replay(), Ok(position));
        assert_eq!(read.tag("Event"), Some("a \"quoted\" \\ event"));
    }
    assert!(departed_games > 20, "the games cover departures: {departed_games}");
}

#[test]
fn a_hand_written_record_reads_with_its_turns() {
    let text = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"3\"]\n[Site \"paper\"]\n\n\
        a1h\na2h\na1v\nb1v c1v\n";
    let record = DotsAndBoxesRecord::read(text).expect("readable");
    assert_eq!(record.rules, rules(1, 2, 3));
    assert_eq!(record.turns.len(), 4);
    assert_eq!(record.write(), text);
    let position = record.replay().expect("legal");
    assert_eq!(position.scores(), BySeat::from([1, 0, 0]));
    assert_eq!(position.box_owner(0, 0), Some(seat(0)), "the first seat's b1v closes the left box");
    assert_eq!(position.to_act(), Some(seat(1)));
    let defaults = DotsAndBoxesRecord::read("a1h\n").expect("no tags: the default rules");
    assert_eq!(defaults.rules, DotsAndBoxesRules::default());
}

#[test]
fn unreadable_records_name_the_line_and_the_fault() {
    let cases = [
        ("[Game dots]\n", 1, ReadErrorKind::MalformedTag),
        ("[Game \"dots\"]\n", 1, ReadErrorKind::OtherGame("dots".into())),
        ("[Boxes \"10x2\"]\n", 1, ReadErrorKind::BadBoxes("10x2".into())),
        ("[Boxes \"3\"]\n", 1, ReadErrorKind::BadBoxes("3".into())),
        ("[Players \"5\"]\n", 1, ReadErrorKind::BadPlayers("5".into())),
        ("[Site \"a\"]\n[Site \"b\"]\n", 2, ReadErrorKind::DuplicateTag("Site".into())),
        ("a1h\n[Site \"late\"]\n", 2, ReadErrorKind::TagAfterMovetext),
        ("\n\na1h b1\n", 3, ReadErrorKind::BadTurn(NotationError { at: 6, expected: "h or v" })),
    ];
    for (text, line, kind) in cases {
        let error = DotsAndBoxesRecord::read(text).expect_err(text);
        assert_eq!((error.line, error.kind), (line, kind), "{text:?}");
    }
}

#[test]
fn records_whose_turns_end_elsewhere_than_the_rules_say_are_refused() {
    let replay = |turns: &str| {
        let text = format!("[Boxes \"1x2\"]\n\n{turns}");
        DotsAndBoxesRecord::read(&text).expect("readable").replay()
    };
    assert_eq!(replay("a1h a2h\n"), Err(ReplayError::AfterTurnEnded { turn: 1, edge: edge("a2h") }));
    assert_eq!(replay("a1h\na2h\na1v\nb1v\nc1v\n"), Err(ReplayError::TurnUnfinished { turn: 4 }));
    assert_eq!(
        replay("a1h\na1h\n"),
        Err(ReplayError::Illegal { turn: 2, edge: edge("a1h"), reason: IllegalMove::AlreadyDrawn })
    );
    assert!(replay("a1h\na2h\na1v\nb1v\n").is_ok(), "the last turn may stop where its seat must move again");
}

/// A 1x2 field for three: the first seat closes the left box with `b1v` and resigns at its extra move, after
/// four edges; the second and third seats play on, and the second closes the right box with the last edge.
const LEFT_MID_TURN: &str = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"3\"]\n\
    [Departures \"1@4 resignation\"]\n\na1h\na2h\na1v\nb1v\nc1v\nb1h\nb2h\n";

#[test]
fn a_departure_replays_at_its_point_and_later_turns_belong_to_the_seats_still_playing() {
    let record = DotsAndBoxesRecord::read(LEFT_MID_TURN).expect("readable");
    assert_eq!(record.departures, [Departure { seat: seat(0), after: 4, reason: DepartureReason::Resignation }]);
    assert!(record.tags.is_empty(), "the departures are no other tag");
    assert_eq!(record.write(), LEFT_MID_TURN);
    let (position, turns) = record.replay_turns().expect("legal");
    let seats: Vec<usize> = turns.iter().map(|turn| turn.seat.index()).collect();
    assert_eq!(seats, [0, 1, 2, 0, 1, 2, 1], "the first seat is passed by once it left");
    assert_eq!(turns[3], PlayedTurn { seat: seat(0), ended: false }, "its turn stopped where it left");
    let outcome = position.outcome().expect("the field is full");
    assert_eq!((outcome.ranks, outcome.scores), (BySeat::from([3, 1, 2]), Some(BySeat::from([1, 1, 0]))));
    assert_eq!(position.departed(), [seat(0)]);

    // Without the departure the first seat must go on after b1v.
    let stayed = LEFT_MID_TURN.replace("[Departures \"1@4 resignation\"]\n", "");
    let replayed = DotsAndBoxesRecord::read(&stayed).expect("readable").replay();
    assert_eq!(replayed, Err(ReplayError::TurnUnfinished { turn: 4 }));

    // Two players: a departure ends the game, the other seat first.
    let two = "[Boxes \"1x2\"]\n[Departures \"2@2 time\"]\n\na1h\na2h\n";
    let outcome = DotsAndBoxesRecord::read(two).expect("readable").replay().expect("legal").outcome();
    assert_eq!(outcome.map(|o| (o.ranks, o.reason)), Some((BySeat::from([1, 2]), EndReason::Time)));
}

#[test]
fn departures_that_cannot_be_read_name_the_tags_line_and_the_fault() {
    let with = |departures: &str| format!("[Players \"3\"]\n[Departures \"{departures}\"]\n\na1h\n");
    let cases = [
        (with("1@4 resign"), 2, ReadErrorKind::BadDepartures("1@4 resign".into())),
        (with("1@4"), 2, ReadErrorKind::BadDepartures("1@4".into())),
        (with("0@4 time"), 2, ReadErrorKind::BadDepartures("0@4 time".into())),
        (with("4@4 time"), 2, ReadErrorKind::DepartedSeatAbsent { seat: seat(3), players: 3 }),
        (with("1@4 time, 1@5 abandonment"), 2, ReadErrorKind::LeftTwice(seat(0))),
        (with("1@5 time, 2@4 time"), 2, ReadErrorKind::DeparturesOutOfOrder(seat(1))),
        // The seats are checked against the players once every tag is read, wherever `Players` stands.
        ("[Departures \"3@0 time\"]\n".to_owned(), 1, ReadErrorKind::DepartedSeatAbsent { seat: seat(2), players: 2 }),
    ];
    for (text, line, kind) in cases {
        let error = DotsAndBoxesRecord::read(&text).expect_err(&text);
        assert_eq!((error.line, error.kind), (line, kind), "{text:?}");
    }
    let late = "[Departures \"3@0 time\"]\n[Players \"3\"]\n\na1h\n";
    assert_eq!(DotsAndBoxesRecord::read(late).expect("readable").departures[0].seat, seat(2));
}

#[test]
fn departures_at_impossible_points_are_refused() {
    let replay = |departures: &str, turns: &str| {
        let text = LEFT_MID_TURN.replace("1@4 resignation", departures);
        let text = text.split_once("\n\n").map(|(tags, _)| format!("{tags}\n\n{turns}")).expect("a movetext");
        DotsAndBoxesRecord::read(&text).expect("readable").replay()
    };
    let all_turns = "a1h\na2h\na1v\nb1v\nc1v\nb1h\nb2h\n";
    assert_eq!(
        replay("1@4 resignation", "a1h\na2h\na1v\nb1v c1v\nb1h\nb2h\n"),
        Err(ReplayError::MoverLeftInsideTurn { turn: 4, edge: edge("c1v") }),
        "the line of a turn its seat left goes on"
    );
    assert_eq!(
        replay("1@4 resignation, 2@9 time", all_turns),
        Err(ReplayError::DepartureBeyondEnd { seat: seat(1), after: 9, played: 7 })
    );
    assert_eq!(replay("1@4 resignation, 2@7 time", all_turns), Err(ReplayError::DepartureAfterEnd { seat: seat(1) }));
    assert_eq!(replay("1@5 resignation", all_turns), Err(ReplayError::TurnUnfinished { turn: 4 }));
    // A record made in code is not read, so the replay refuses a seat that leaves twice itself.
    let mut twice = DotsAndBoxesRecord::read(LEFT_MID_TURN).expect("readable");
    twice.departures.push(Departure { seat: seat(0), after: 5, reason: DepartureReason::Time });
    assert_eq!(twice.replay(), Err(ReplayError::NotPlaying { seat: seat(0) }));
}

#[test]
fn dbn_strings_round_trip_and_count_the_drawn_edges() {
    let mut rng = Rng(11);
    for _ in 0..200 {
        let rules = random_rules(&mut rng);
        let (turns, _, _) = random_game(rules, &mut rng, false);
        let mut position = Position::new(rules);
        let played: Vec<Edge> = turns.into_iter().flatten().collect();
        let stop = (rng.next() % (played.len() as u64 + 1)) as usize;
        for &edge in &played[..stop] {
            position.apply(edge).expect("legal");
        }
        let dbn = write_dbn(rules, &position.drawn());
        assert_eq!(dbn.len(), rules.edge_count());
        assert_eq!(dbn.chars().filter(|&c| c == '1').count(), stop);
        assert_eq!(read_dbn(rules, &dbn), Ok(position.drawn()));
    }
}

#[test]
fn the_solver_reproduces_the_documents_margins() {
    for (rows, cols, margin) in
        [(1, 1, -1), (1, 2, 0), (2, 1, 0), (1, 3, -1), (2, 2, 2), (2, 3, -2), (3, 2, -2), (3, 3, -3)]
    {
        assert_eq!(dots_and_boxes::solve(rules(rows, cols, 2)), Ok(margin), "{rows}x{cols}");
    }
    assert_eq!(dots_and_boxes::solve(rules(4, 5, 2)), Err(SolveError::TooLarge(49)));
}

#[test]
fn the_solver_agrees_with_a_naive_minimax_of_whole_scores() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1)] {
        let margin = naive::Field::new(rows, cols).margin();
        assert_eq!(dots_and_boxes::solve(rules(rows, cols, 2)), Ok(margin), "{rows}x{cols}");
    }
}

/// Values up to this are recomputed by the naive count.
const NAIVE_LIMIT: u64 = 1_000_000;

#[test]
fn perft_matches_the_data_file_and_a_naive_count() {
    let mut naive_checked = 0;
    for entry in perft_data::entries("dots-and-boxes") {
        let (rows, cols) = entry.field("boxes").split_once('x').expect("ROWSxCOLS");
        let rules = rules(
            rows.parse().expect("rows"),
            cols.parse().expect("cols"),
            entry.field("players").parse().expect("players"),
        );
        let mut position = Position::new(rules);
        let moves = Position::parse_actions(entry.field("moves")).expect("readable edges");
        for &edge in &moves {
            position.apply(edge).unwrap_or_else(|error| panic!("line {}: {edge}: {error}", entry.line));
        }
        assert_eq!(dots_and_boxes::counts_by_depth(&position, entry.counts.len()), entry.counts, "line {}", entry.line);
        assert_eq!(dots_and_boxes::perft(&position, entry.counts.len()), *entry.counts.last().expect("a count"));
        let mut field = naive::Field::new(rules.rows(), rules.cols());
        for edge in moves {
            field.draw(edge);
        }
        for (depth, &expected) in (1..).zip(&entry.counts).filter(|(_, &count)| count <= NAIVE_LIMIT) {
            assert_eq!(field.count(depth), expected, "line {}, depth {depth}, naive count", entry.line);
            naive_checked += 1;
        }
    }
    assert!(naive_checked >= 15, "only {naive_checked} values were recomputed");
    assert_eq!(dots_and_boxes::perft(&Position::default(), 0), 1);
}

/// A field of booleans with its own geometry, written apart from the engine: plain recursion with whole
/// scores, no table.
mod naive {
    use kartka_engine::dots_and_boxes::{Edge, Orientation};

    pub struct Field {
        rows: usize,
        cols: usize,
        /// Horizontal edges by (row of dots, column), then vertical by (row of boxes, column of dots).
        horizontal: Vec<Vec<bool>>,
        vertical: Vec<Vec<bool>>,
    }

    impl Field {
        pub fn new(rows: u8, cols: u8) -> Field {
            let (rows, cols) = (usize::from(rows), usize::from(cols));
            Field {
                rows,
                cols,
                horizontal: vec![vec![false; cols]; rows + 1],
                vertical: vec![vec![false; cols + 1]; rows],
            }
        }

        pub fn draw(&mut self, edge: Edge) {
            let (column, row) = (usize::from(edge.column), usize::from(edge.row));
            match edge.orientation {
                Orientation::Horizontal => self.horizontal[row][column] = true,
                Orientation::Vertical => self.vertical[row][column] = true,
            }
        }

        fn free(&self) -> Vec<(bool, usize, usize)> {
            let mut free = Vec::new();
            for row in 0..=self.rows {
                for column in 0..self.cols {
                    if !self.horizontal[row][column] {
                        free.push((true, row, column));
                    }
                }
            }
            for row in 0..self.rows {
                for column in 0..=self.cols {
                    if !self.vertical[row][column] {
                        free.push((false, row, column));
                    }
                }
            }
            free
        }

        fn set(&mut self, (horizontal, row, column): (bool, usize, usize), value: bool) {
            if horizontal {
                self.horizontal[row][column] = value;
            } else {
                self.vertical[row][column] = value;
            }
        }

        fn complete_boxes(&self) -> usize {
            let mut count = 0;
            for row in 0..self.rows {
                for column in 0..self.cols {
                    if self.horizontal[row][column]
                        && self.horizontal[row + 1][column]
                        && self.vertical[row][column]
                        && self.vertical[row][column + 1]
                    {
                        count += 1;
                    }
                }
            }
            count
        }

        /// The number of edge sequences of `depth` ≥ 1 edges.
        pub fn count(&mut self, depth: usize) -> u64 {
            let free = self.free();
            if depth == 1 {
                return free.len() as u64;
            }
            let mut total = 0;
            for edge in free {
                self.set(edge, true);
                total += self.count(depth - 1);
                self.set(edge, false);
            }
            total
        }

        /// The first player's boxes minus the second's with perfect play, by minimax over whole games.
        pub fn margin(&mut self) -> i32 {
            self.best(0, 0, true)
        }

        /// The final margin (first minus second) under best play, `first_to_move` saying who moves.
        fn best(&mut self, first: i32, second: i32, first_to_move: bool) -> i32 {
            let free = self.free();
            if free.is_empty() {
                return first - second;
            }
            let before = self.complete_boxes() as i32;
            let mut results = Vec::new();
            for edge in free {
                self.set(edge, true);
                let gained = self.complete_boxes() as i32 - before;
                let result = match (gained > 0, first_to_move) {
                    (true, true) => self.best(first + gained, second, true),
                    (true, false) => self.best(first, second + gained, false),
                    (false, mover) => self.best(first, second, !mover),
                };
                self.set(edge, false);
                results.push(result);
            }
            if first_to_move {
                results.into_iter().max().expect("a move")
            } else {
                results.into_iter().min().expect("a move")
            }
        }
    }
}
