//! Ending a game: by its rules, a player or an admin, rated when it counts.

use kartka_engine::{EndReason, Outcome, Seat};
use kartka_protocol::{GameEvent, GameStatus};

use super::commit::{stored_winner, EndWrites};
use super::{AdminAction, GameActor, GameError, Live};
use crate::explorer;
use crate::explorer::rows::{band_of_changes, speed_under};
use crate::games::audience::Projected;
use crate::games::convert::{self, speed_text};
use crate::ratings::{model_for_seats, rated_result, recompute, RatedResult};
use crate::store::{AuditRow, ExplorerRow, Millis, StoreError};
use crate::time::now_ms;
use uuid::Uuid;

impl GameActor {
    pub(super) async fn finish(&mut self, outcome: Outcome, now: Millis) -> Result<u64, GameError> {
        self.end(outcome, now, None).await
    }

    /// Gives the game the result `outcome`, rating it when it counts. With an admin's audit entry it is an
    /// adjudication (`adjudicated`): a running game ends now, a finished game's result is replaced (its ratings
    /// are then replayed by [`GameActor::admin`]). Otherwise the running game ends (`ended`).
    pub(super) async fn end(
        &mut self,
        outcome: Outcome,
        now: Millis,
        adjudication: Option<&AuditRow>,
    ) -> Result<u64, GameError> {
        let was_running = self.live.status == GameStatus::Active;
        let mut next = self.live.clone();
        next.status = GameStatus::Finished;
        next.result = Some(convert::game_result(outcome));
        next.clock = self.live.clock.stopped(now);
        next.draw_offer = None;
        next.agreed_end_offer = None;
        next.finished_at = self.live.finished_at.or(Some(now));
        let mut attempt = 1;
        loop {
            let rated = if was_running { self.rated_result(outcome, now).await? } else { None };
            let (ratings, rating_changes) = rated.map(|r| (r.updates, r.changes)).unwrap_or_default();
            let is_rated = !ratings.is_empty();
            let (result, clocks) = (convert::game_result(outcome), next.clock.view(now));
            let band = band_of_changes(&rating_changes);
            // Nothing is secret once the game is over: every mover's own version of its moves goes to everyone.
            let revealed = if was_running { self.revealed_moves() } else { Vec::new() };
            let event = match adjudication {
                Some(_) => GameEvent::Adjudicated { result, clocks, rating_changes, revealed },
                None => GameEvent::Ended { result, clocks, rating_changes, revealed },
            };
            let end_writes = EndWrites { ratings, explorer: self.explorer_rows(&next, band) };
            match self.commit_change(next.clone(), Projected::public(event), None, end_writes, adjudication, now).await
            {
                // Another game of one of the players ended between reading the ratings and writing them: rate
                // this result again from the new ratings.
                Err(GameError::Store(StoreError::Conflict)) if is_rated && attempt < RATING_ATTEMPTS => attempt += 1,
                committed => return committed,
            }
        }
    }

    /// The explorer rows of the game ending as `finished` says, `band` being the players' rating band by the end
    /// event: made from the moves this actor holds, committed with the end. The explorer is derived from the
    /// stored game (`kartka admin explorer rebuild` writes it again from there), so rows that cannot be made are
    /// logged and left out, never failing the end.
    fn explorer_rows(&self, finished: &Live, band: i64) -> Vec<ExplorerRow> {
        let game = explorer::index::Finished {
            id: self.id,
            ruleset: self.ruleset,
            winner: stored_winner(finished),
            seats: self.players.len(),
            speed: speed_under(&self.time_control, speed_text(self.speed)).to_owned(),
            band,
            moves: self.moves.iter().map(|committed| committed.stored_notation().to_owned()).collect(),
        };
        explorer::index::rows_of_finished(&game).unwrap_or_else(|error| {
            tracing::error!(game = %self.id, %error, "a finished game has no explorer rows");
            Vec::new()
        })
    }

    /// The rating updates of ending the game with `outcome`: none for a casual game, and none for a game that
    /// ends before both players moved (aborted games never get here).
    pub(super) async fn rated_result(&self, outcome: Outcome, now: Millis) -> Result<Option<RatedResult>, GameError> {
        if !self.rated || !self.every_seat_moved() {
            return Ok(None);
        }
        let kind = self.ruleset.kind().name();
        let players: Vec<Uuid> = self.players.iter().map(|player| player.account_id).collect();
        let rated = rated_result(&*self.store, kind, speed_text(self.speed), &players, &outcome, now).await;
        rated.map(Some).map_err(GameError::Store)
    }

    /// Whether every seat has made a move or left a game that plays on without it: a result counts for ratings
    /// only then, and a player may abort the game only before. A departed seat counts as having moved: its
    /// departure is already part of the result (it is ranked below those still playing), so an abort would erase
    /// a loss it took, and a seat that leaves before its first move would otherwise leave `has_moved` false for
    /// good, letting any remaining player abort however far the game has gone. In a game of two a departure ends
    /// the game, so there nothing changes.
    pub(super) fn every_seat_moved(&self) -> bool {
        let departed = |seat: Seat| self.live.departed.iter().any(|&(gone, _, _)| gone == seat);
        Seat::all(self.players.len()).all(|seat| self.live.has_moved[seat] || departed(seat))
    }

    /// Carries out an admin's action; `audit` is committed with the change, stamped with its time.
    pub(super) async fn admin(&mut self, action: AdminAction, audit: AuditRow) -> Result<u64, GameError> {
        let now = now_ms();
        let audit = AuditRow { at: now, ..audit };
        match action {
            AdminAction::Abort if self.live.status != GameStatus::Active => Err(GameError::GameOver),
            AdminAction::Abort => {
                let mut next = self.live.clone();
                next.status = GameStatus::Aborted;
                next.clock = self.live.clock.stopped(now);
                next.draw_offer = None;
                next.agreed_end_offer = None;
                next.finished_at = Some(now);
                self.commit_change(
                    next,
                    Projected::public(GameEvent::AbortedByAdmin {}),
                    None,
                    EndWrites::default(),
                    Some(&audit),
                    now,
                )
                .await
            }
            AdminAction::Adjudicate(_) if self.live.status == GameStatus::Aborted => {
                Err(GameError::NotAllowed("an aborted game has no result to decide".into()))
            }
            AdminAction::Adjudicate(ranks) => {
                let changes_a_rated_result =
                    self.live.status == GameStatus::Finished && self.rated && self.every_seat_moved();
                let outcome = Outcome::of_ranks(ranks.as_slice(), EndReason::Adjudication)
                    .filter(|outcome| outcome.seat_count() == self.players.len())
                    .ok_or_else(|| {
                        let seats = self.players.len();
                        GameError::InvalidRequest(
                            format!("the ranks must rank this game's {seats} seats from 1").into(),
                        )
                    })?;
                let seq = self.end(outcome, now, Some(&audit)).await?;
                if changes_a_rated_result {
                    self.rate_pool_anew().await;
                }
                Ok(seq)
            }
        }
    }

    /// Replays every rated result of this game's kind, speed class and rating model, after an admin changed this
    /// game's finished rated result. The new result is already committed, so a failure here is logged, not
    /// answered: the ratings stay as they were until the next replay.
    async fn rate_pool_anew(&self) {
        let (kind, speed) = (self.ruleset.kind().name(), speed_text(self.speed));
        let model = model_for_seats(self.players.len());
        let replayed = match self.store.rated_history(kind, speed).await {
            Ok(history) => recompute::replay(kind, speed, model, &history),
            Err(error) => return tracing::error!(%error, kind, speed, "could not read the rated results to replay"),
        };
        if let Err(error) = self.store.replace_ratings(kind, speed, model, &replayed).await {
            tracing::error!(%error, kind, speed, "could not write the replayed ratings");
        }
    }
}

/// How often a rated result is computed again when the players' ratings changed under it.
const RATING_ATTEMPTS: u32 = 3;
