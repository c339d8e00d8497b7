//! `kartka-bot-lab engine`: the bot as an outside engine, speaking the line protocol `versus` speaks to one
//! (`new`, `play DIGITS`, `go MS`, `quit`; bench/qtpapersoccer/README.md). One build of the lab plays another
//! through it at equal time per move: `kartka-bot-lab versus --engine OTHER-LAB --engine-arg engine`.

use std::io::{BufRead, Write};

use kartka_bot::{Configuration, Level};
use kartka_engine::{AnyGame, GameKind};

use super::judgement::JudgementArgs;
use super::timed::timed_turn;
use super::turn_search::SearchArgs;

/// Options of `kartka-bot-lab engine`.
#[derive(Debug, clap::Args)]
pub struct EngineArgs {
    /// The bot's level.
    #[arg(long, default_value_t = 8)]
    level: u8,
    /// Which search plays.
    #[command(flatten)]
    search: SearchArgs,
    /// Which evaluation judges.
    #[command(flatten)]
    judgement: JudgementArgs,
}

/// Answers the protocol's commands on stdin until `quit` or the end of the input.
pub fn run(args: EngineArgs) -> anyhow::Result<()> {
    let level = Level::new(args.level)?;
    let configuration = Configuration {
        soccer: args.judgement.soccer_judgement()?,
        soccer_search: args.search.soccer_search(),
        ..Configuration::default()
    };
    let mut out = std::io::stdout().lock();
    let mut game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
    let mut turns = 0u64;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let answer = answer(&line, level, configuration, &mut game, &mut turns);
        match answer {
            Answer::Quit => break,
            Answer::Line(text) => writeln!(out, "{text}")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// What the engine says to one command.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Line(String),
    Quit,
}

/// The answer to `command` in `game`, which it changes, by the bot of `configuration`; `turns` counts the bot's
/// turns, its seeds.
fn answer(command: &str, level: Level, configuration: Configuration, game: &mut AnyGame, turns: &mut u64) -> Answer {
    let (verb, rest) = command.trim().split_once(' ').unwrap_or((command.trim(), ""));
    let result = match verb {
        "new" => {
            *game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
            Ok("ok".to_owned())
        }
        "play" => game.play(rest).map(|_| "ok".to_owned()).map_err(|error| anyhow::anyhow!("{error}")),
        "go" => rest.parse::<u64>().map_err(anyhow::Error::from).and_then(|time_ms| {
            *turns += 1;
            let text = timed_turn(game, level, *turns, time_ms, configuration)?.text();
            game.play(&text).map_err(|error| anyhow::anyhow!("{error}"))?;
            Ok(text)
        }),
        "quit" => return Answer::Quit,
        other => Err(anyhow::anyhow!("unknown command {other:?}")),
    };
    Answer::Line(result.unwrap_or_else(|error| format!("error {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_plays_a_legal_whole_turn_after_the_opponents_and_refuses_nonsense() {
        let level = Level::new(1).expect("a level");
        let mut game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
        let mut turns = 0;
        assert_eq!(
            answer("new", level, Configuration::default(), &mut game, &mut turns),
            Answer::Line("ok".to_owned())
        );
        assert_eq!(
            answer("play 0", level, Configuration::default(), &mut game, &mut turns),
            Answer::Line("ok".to_owned())
        );
        let seat = game.to_act();
        let Answer::Line(turn) = answer("go 20", level, Configuration::default(), &mut game, &mut turns) else {
            panic!("an answer")
        };
        assert!(!turn.is_empty() && !turn.starts_with("error"), "{turn}");
        assert_ne!(game.to_act(), seat, "the turn is whole: the other seat acts");
        let Answer::Line(refused) = answer("play 9", level, Configuration::default(), &mut game, &mut turns) else {
            panic!("an answer")
        };
        assert!(refused.starts_with("error"), "{refused}");
        assert_eq!(answer("quit", level, Configuration::default(), &mut game, &mut turns), Answer::Quit);
    }
}
