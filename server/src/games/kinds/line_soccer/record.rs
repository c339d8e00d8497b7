//! A game of `line-soccer` or `russian-soccer` as a record of §5: the players' tags, then the `[Variant]`,
//! `[Board]`, `[Mouth]`, `[Kicks]` and (for a finished game) `[Winner]` headers, and the movetext of turn
//! tokens in kurnik's `N. <P1> <P2>` layout, `-` for a seat that drew nothing when its token was due.

use kartka_engine::line_soccer::{ends_with_pass, VariantRecord};
use kartka_engine::soccer::{LineEnding, Tag};
use kartka_engine::{AnyGame, EndReason, Outcome, Progress, Seat};
use kartka_protocol::GameStatus;

use super::variant_rules;
use crate::games::convert::seat;
use crate::games::kinds;
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The record of a stored game.
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let ruleset = kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))?;
    let tokens = turn_tokens(AnyGame::new(&ruleset), &game.moves)?;
    let outcome = match (game.status, game.result.as_ref()) {
        // The record keeps only the winner (`[Winner]`), so the reason given here is never written.
        (GameStatus::Finished, Some(result)) => Some(match result.winner.map(seat) {
            Some(winner) => Outcome::win(2, winner, EndReason::Adjudication),
            None => Outcome::draw(2, EndReason::Adjudication),
        }),
        _ => None,
    };
    let rules = variant_rules(&ruleset)
        .ok_or_else(|| ExportError::Ruleset(format!("a {} game is not a line-soccer record", ruleset.kind())))?;
    let mut record = VariantRecord::new(rules, tokens, outcome);
    let players = player_tags(game).into_iter().map(|(name, value)| Tag { name, value });
    record.tags.splice(0..0, players);
    Ok(record.write(LineEnding::Lf))
}

/// The turn tokens of the stored moves played from `game`: a token ends where the rules end a turn, and a seat
/// whose token is due while the other acts (a kick duty passed back, §2.5) gets `-`, as does the seat a duty
/// passed through before the game was drawn for want of a kick (§2.6), after the last turn.
fn turn_tokens(mut game: AnyGame, moves: &[&str]) -> Result<Vec<String>, ExportError> {
    let kind = game.kind();
    let mut tokens = Vec::new();
    let mut next = Seat::FIRST;
    let mut current = String::new();
    for notation in moves {
        for action in kind.split_actions(notation).map_err(|e| ExportError::Moves(e.to_string()))? {
            if game.to_act().is_some_and(|seat| seat != next) && current.is_empty() {
                tokens.push("-".to_owned());
                next = next.other();
            }
            let progress = game.play(&action).map_err(|e| ExportError::Moves(e.to_string()))?.progress;
            current.push_str(&action);
            if progress != Progress::TurnContinues {
                tokens.push(std::mem::take(&mut current));
                next = next.other();
            }
        }
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    if ends_with_pass(game.outcome()) {
        tokens.push("-".to_owned());
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use kartka_engine::line_soccer::read_variant_records;
    use kartka_protocol::kinds::line_soccer::{LineSoccerOptions, RussianSoccerOptions};
    use kartka_protocol::TimeControl;

    use super::*;

    #[test]
    fn steps_sent_one_by_one_make_one_token_per_turn() {
        let game = AnyGame::new(&kartka_engine::Ruleset::LineSoccer(Default::default()));
        let tokens = turn_tokens(game, &["0", "0", "0", "222"]).expect("legal moves");
        assert_eq!(tokens, ["000", "222"]);
        let unfinished =
            turn_tokens(AnyGame::new(&kartka_engine::Ruleset::LineSoccer(Default::default())), &["0", "1"]);
        assert_eq!(unfinished.expect("legal moves"), ["01"], "a game that stops mid-turn keeps its last steps");
    }

    #[test]
    fn a_drawn_game_record_ends_with_the_pass_of_the_seat_the_duty_passed_through() {
        // A whole `line/opcja1` game from random play, sent one action at a time: the second seat's last kicks
        // close the first, who has no kick of 6; the second has none of 12, the first none of 18 (§2.5–2.6).
        let turns = [
            "033",
            "013",
            "524",
            "563",
            "570",
            "770",
            "330p56",
            "067",
            "010",
            "500",
            "017",
            "213",
            "001",
            "320",
            "210",
            "501",
            "310",
            "230",
            "344",
            "775",
            "531",
            "035",
            "223",
            "000",
            "072p46",
            "534",
            "670",
            "064",
            "470",
            "575",
            "500",
            "505",
            "435",
            "674",
            "341",
            "365",
            "745",
            "221p06p16p46p46",
        ];
        let kind = kartka_engine::GameKind::LineSoccer;
        let actions: Vec<String> =
            turns.iter().flat_map(|turn| kind.split_actions(turn).expect("the notation")).collect();
        let parts = RecordParts {
            ruleset: kartka_protocol::RulesetSpec::LineSoccer(LineSoccerOptions {
                preset: kartka_protocol::kinds::line_soccer::LinePresetName::Opcja1,
                width: 16,
                length: 20,
            }),
            time_control: TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 },
            names: vec!["Ala", "Ola"],
            status: GameStatus::Finished,
            result: Some(kartka_protocol::GameResult {
                ranks: vec![1, 1],
                winner: None,
                reason: kartka_protocol::EndReasonName::Stuck,
                scores: None,
                half_points: false,
            }),
            created_at_ms: 1_411_344_000_000,
            moves: actions.iter().map(String::as_str).collect(),
            departed: Vec::new(),
            secrets: None,
        };
        let text = record(&parts).expect("a game writes");
        let read = read_variant_records(&text).next().expect("one record").expect("it reads");
        assert_eq!(read.tokens.len(), turns.len() + 1, "{text}");
        assert_eq!(read.tokens.last().map(String::as_str), Some("-"), "the first seat's pass closes it: {text}");
        let replayed = read.replay().expect("it replays");
        assert_eq!(replayed.outcome(), Some(Outcome::draw(2, EndReason::Stuck)));
    }

    #[test]
    fn a_record_names_its_variant_and_reads_back() {
        let parts = RecordParts {
            ruleset: kartka_protocol::RulesetSpec::RussianSoccer(RussianSoccerOptions { width: 10, length: 12 }),
            time_control: TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 },
            names: vec!["Ala", "Ola"],
            status: GameStatus::Active,
            result: None,
            created_at_ms: 1_411_344_000_000,
            moves: vec!["000", "2", "2"],
            departed: Vec::new(),
            secrets: None,
        };
        let text = record(&parts).expect("a game writes");
        assert!(text.contains("[Variant \"russian\"]") && text.contains("[Board \"10x12\"]"), "{text}");
        assert!(text.contains("[White \"Ala\"]") && !text.contains("[Winner"), "{text}");
        let read = read_variant_records(&text).next().expect("one record").expect("it reads");
        assert_eq!(read.tokens, ["000", "22"]);
        assert!(read.replay().is_ok());
    }
}
