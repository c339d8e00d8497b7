//! The learned evaluation as the search sees it: the network's logit on the [`UNIT`] scale, with the exact
//! knowledge kept exact (a seat cut off from the goal it attacks is nearly lost, whatever the network thinks),
//! and the hand-written evaluation where the network never learnt (any pitch but kurnik's).

use std::sync::OnceLock;

use kartka_engine::soccer::{Pitch, Position};

use super::features::inputs_from_layers;
use super::network::Network;
use crate::evaluate::{Evaluate, UNIT};
use crate::soccer::{cut_off_score, SoccerEvaluation};

/// The weights the bot plays with, trained by the command in docs/bot.md ("The learned evaluation").
const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../data/soccer-net.safetensors");

/// Units per unit of the network's logit. A logit of 1 (the seat to act wins about 73 games in 100) is worth
/// what two turns nearer the goal are to the hand-written evaluation.
pub(super) const UNITS_PER_LOGIT: f32 = 2.0;

/// The largest value the network's evaluation takes, below the cut-off's scores (at least 30 units), so that
/// a goal proven out of reach outranks any judgement.
pub(super) const LIMIT: i32 = 29 * UNIT;

/// Paper Soccer's learned evaluation, for the seat to act, judging with weights it borrows for `'n`: the
/// embedded ones for the life of the program, or a trainer's for as long as it plays with them.
#[derive(Clone, Copy, Debug)]
pub struct SoccerNetEvaluation<'n> {
    network: &'n Network,
}

impl SoccerNetEvaluation<'static> {
    /// The evaluation with the weights embedded in the bot.
    #[must_use]
    pub fn embedded() -> SoccerNetEvaluation<'static> {
        static NETWORK: OnceLock<Network> = OnceLock::new();
        let network = NETWORK
            .get_or_init(|| Network::from_safetensors(EMBEDDED_WEIGHTS).expect("the embedded weights load (tested)"));
        SoccerNetEvaluation { network }
    }
}

impl<'n> SoccerNetEvaluation<'n> {
    /// The evaluation with `network`'s weights.
    #[must_use]
    pub fn with(network: &'n Network) -> SoccerNetEvaluation<'n> {
        SoccerNetEvaluation { network }
    }

    /// The weights this evaluation judges with.
    #[must_use]
    pub fn network(&self) -> &'n Network {
        self.network
    }
}

impl Evaluate<Position> for SoccerNetEvaluation<'_> {
    fn evaluate(&self, position: &Position) -> i32 {
        let layers = match position.turn_layers() {
            Some(layers) if position.pitch() == Pitch::STANDARD => layers,
            _ => return SoccerEvaluation::WITH_DRAWN_LINES.evaluate(position),
        };
        if let Some(decided) = cut_off_score(layers.goals(), position.to_move()) {
            return decided;
        }
        let logit = self.network.logit(inputs_from_layers(position, &layers, false).as_slice());
        ((logit * UNITS_PER_LOGIT * UNIT as f32) as i32).clamp(-LIMIT, LIMIT)
    }

    /// The hand-written evaluation's cheap guess: the search asks it of every child of an inner node.
    fn guess(&self, position: &Position) -> i32 {
        SoccerEvaluation::ROWS_ONLY.evaluate(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::random_game;

    /// Every position of seeded random games on `pitch` but the last of each, which is over.
    fn random_positions(pitch: Pitch, games: u64) -> Vec<Position> {
        (0..games).flat_map(|seed| random_game(pitch, seed).filter(|position| !position.is_over())).collect()
    }

    /// The embedded weights load; the network's judgement stays below the cut-off's scores, which are kept
    /// exactly as the hand-written evaluation gives them.
    #[test]
    fn the_network_judges_below_the_cut_off_which_stays_exact() {
        let evaluation = SoccerNetEvaluation::embedded();
        let (mut judged, mut cut_off) = (0, 0);
        for position in random_positions(Pitch::STANDARD, 300) {
            let value = evaluation.evaluate(&position);
            match cut_off_score(position.goal_reach(), position.to_move()) {
                Some(decided) => {
                    assert_eq!(value, decided, "{position:?}");
                    cut_off += 1;
                }
                None => {
                    assert!((-LIMIT..=LIMIT).contains(&value), "{value}: {position:?}");
                    judged += 1;
                }
            }
        }
        assert!(judged > 1_000 && cut_off > 10, "{judged} judged, {cut_off} cut off: the test saw too little");
    }

    #[test]
    fn off_kurnik_s_pitch_the_hand_written_evaluation_judges() {
        let pitch = Pitch::new(10, 12, 4).expect("a legal pitch");
        for position in random_positions(pitch, 20) {
            assert_eq!(
                SoccerNetEvaluation::embedded().evaluate(&position),
                SoccerEvaluation::WITH_DRAWN_LINES.evaluate(&position)
            );
        }
    }
}
