//! One connection's life, and what the bot remembers between connections. On connecting it resumes the games
//! it follows (`subscribe` with `after_seq`), subscribes to active games it did not know of (after a restart),
//! and answers the challenges waiting for it; then it follows events, answers new challenges
//! (`challenge_updated`: a challenge of two or of more seats, a rematch), answers offers to end a game, and
//! plays its seat's turns as the searches finish.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use kartka_protocol::rest::{Challenge, ChallengeStatus};
use kartka_protocol::{ClientFrame, ErrorCode, EventEnvelope, GameSnapshot, ServerFrame, SnapshotParts};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::game::{Followed, FollowedGame, Offer};
use super::policy::{Playing, OFFER_ANSWER};
use super::rest::Rest;
use super::socket::{OpenError, Socket};
use super::think::think;
use super::BotClientSettings;
use crate::time::now_ms;

/// How long the bot waits before subscribing again to a game whose subscription was refused with `internal`.
const RESUBSCRIBE_PAUSE: std::time::Duration = std::time::Duration::from_millis(250);

/// How a session ended.
pub(super) enum SessionEnd {
    /// Every game the policy allows has been played.
    Finished,
    /// The server refused the token.
    Refused(String),
    /// The connection was lost (or never made); `welcomed` when it had been authenticated.
    Lost {
        /// Whether the server had welcomed the bot before the connection was lost.
        welcomed: bool,
    },
}

/// A finished search.
struct Thought {
    game_id: Uuid,
    ply: u32,
    turn: Result<String, String>,
    /// How long the search took.
    took: Duration,
}

/// A search under way.
struct Search {
    /// The ply it searches at.
    ply: u32,
    /// Stops it: its game ended, or the bot stopped.
    cancel: CancellationToken,
}

/// A challenge for more seats in which the bot took a seat, waiting for the others to take theirs.
struct Seated {
    challenger: Uuid,
    /// When the challenge expires unless its last seat is taken, in milliseconds since the Unix epoch.
    expires_at_ms: i64,
}

/// The socket failed while sending: the session is over.
struct SocketLost;

/// The bot across connections: the games it follows and the searches under way.
pub(super) struct Player {
    settings: BotClientSettings,
    rest: Rest,
    me: Uuid,
    games: HashMap<Uuid, FollowedGame>,
    /// The moves sent ahead of a long game's snapshot, until it comes.
    snapshot_parts: SnapshotParts,
    /// Games the bot accepted whose snapshot has not come yet (already counted as started), with their
    /// challengers.
    accepted: HashMap<Uuid, Uuid>,
    /// Challenges for more seats the bot took a seat in that have not started yet, by challenge (already
    /// counted as started: a seat taken is a game promised).
    seated: HashMap<Uuid, Seated>,
    games_started: u32,
    /// The search under way in each game.
    thinking: HashMap<Uuid, Search>,
    /// How long each game's searches have taken so far.
    spent: HashMap<Uuid, Duration>,
    /// The ply each game's move was sent at, until its event arrives.
    sent: HashMap<Uuid, u32>,
    thoughts_out: mpsc::Sender<Thought>,
    thoughts_in: mpsc::Receiver<Thought>,
}

/// What woke the session up.
enum Wake {
    /// Boxed: a frame is far larger than a thought, and wakes are moved around per frame anyway.
    Frame(Option<Box<ServerFrame>>),
    Thought(Thought),
}

impl Player {
    pub(super) fn new(settings: BotClientSettings) -> Player {
        let rest = Rest::new(&settings.server, &settings.token);
        // A search per game at most, so this never fills for long.
        let (thoughts_out, thoughts_in) = mpsc::channel(16);
        Player {
            settings,
            rest,
            me: Uuid::nil(),
            games: HashMap::new(),
            snapshot_parts: SnapshotParts::default(),
            accepted: HashMap::new(),
            seated: HashMap::new(),
            games_started: 0,
            thinking: HashMap::new(),
            spent: HashMap::new(),
            sent: HashMap::new(),
            thoughts_out,
            thoughts_in,
        }
    }

    /// Connects and plays until the connection is lost or every allowed game is over.
    pub(super) async fn play_session(&mut self, url: &str) -> SessionEnd {
        let (mut socket, account) = match Socket::open(url, &self.settings.token).await {
            Ok(opened) => opened,
            Err(OpenError::Refused(message)) => return SessionEnd::Refused(message),
            Err(OpenError::Lost(reason)) => {
                tracing::warn!(%reason, "bot: cannot connect");
                return SessionEnd::Lost { welcomed: false };
            }
        };
        tracing::info!(name = %account.name, "bot: connected");
        self.me = account.id;
        // A move sent on the lost connection may never have arrived; the resumed events tell, and an unplayed
        // turn is searched again.
        self.sent.clear();
        if self.start(&mut socket, &account.name).await.is_err() {
            return SessionEnd::Lost { welcomed: true };
        }
        loop {
            self.forget_expired_seats();
            if self.finished() {
                return SessionEnd::Finished;
            }
            self.start_thinking();
            let wake = tokio::select! {
                frame = socket.next() => Wake::Frame(frame.map(Box::new)),
                Some(thought) = self.thoughts_in.recv() => Wake::Thought(thought),
            };
            let handled = match wake {
                Wake::Frame(None) => return SessionEnd::Lost { welcomed: true },
                Wake::Frame(Some(frame)) => self.handle(&mut socket, *frame).await,
                Wake::Thought(thought) => self.play(&mut socket, thought).await,
            };
            if handled.is_err() {
                return SessionEnd::Lost { welcomed: true };
            }
        }
    }

    /// Resumes known games, finds active games it did not know of, and answers waiting challenges.
    async fn start(&mut self, socket: &mut Socket, name: &str) -> Result<(), SocketLost> {
        let known: Vec<(Uuid, u64)> = self.games.iter().map(|(id, game)| (*id, game.seq())).collect();
        for (game_id, seq) in known {
            subscribe(socket, game_id, Some(seq)).await?;
        }
        match self.rest.active_games(name).await {
            Ok(active) => {
                for game_id in active.into_iter().filter(|id| !self.games.contains_key(id)) {
                    subscribe(socket, game_id, None).await?;
                }
            }
            Err(error) => tracing::warn!(%error, "bot: cannot list its active games"),
        }
        match self.rest.incoming_challenges().await {
            Ok(challenges) => {
                for challenge in challenges {
                    self.answer(socket, challenge).await?;
                }
            }
            Err(error) => tracing::warn!(%error, "bot: cannot list its challenges"),
        }
        Ok(())
    }

    /// The games the bot plays now (or holds a seat in), with everyone and with `challenger` at any other seat.
    fn playing(&self, challenger: Uuid) -> Playing {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let followed = self.games.values().filter(|game| game.plays_against(challenger)).count();
        let accepted = self.accepted.values().filter(|&&of| of == challenger).count();
        let seated = self.seated.values().filter(|seat| seat.challenger == challenger).count();
        Playing {
            in_all: count(self.games.len() + self.accepted.len() + self.seated.len()),
            with_challenger: count(followed + accepted + seated),
        }
    }

    fn finished(&self) -> bool {
        self.settings.policy.all_games_started(self.games_started)
            && self.games.is_empty()
            && self.accepted.is_empty()
            && self.seated.is_empty()
    }

    /// A challenge that expires with seats still free is not announced: its seat is given back to the policy
    /// once its time is up.
    fn forget_expired_seats(&mut self) {
        let now = now_ms();
        let before = self.seated.len();
        self.seated.retain(|_, seat| seat.expires_at_ms > now);
        self.unstart(before - self.seated.len());
    }

    /// Gives back `count` games counted as started that never started.
    fn unstart(&mut self, count: usize) {
        self.games_started = self.games_started.saturating_sub(u32::try_from(count).unwrap_or(u32::MAX));
    }

    async fn handle(&mut self, socket: &mut Socket, frame: ServerFrame) -> Result<(), SocketLost> {
        match frame {
            ServerFrame::SnapshotMoves { game_id, moves } => {
                self.snapshot_parts.add_moves(game_id, moves);
                Ok(())
            }
            ServerFrame::Snapshot { game } => {
                let game_id = game.id;
                match self.snapshot_parts.complete(game) {
                    Ok(game) => self.follow_snapshot(socket, &game).await,
                    Err(missing) => {
                        tracing::warn!(%missing, %game_id, "bot: an incomplete snapshot; subscribing again");
                        subscribe(socket, game_id, None).await
                    }
                }
            }
            ServerFrame::Event(envelope) => self.follow_events(socket, &[envelope]).await,
            ServerFrame::Events { events, .. } => self.follow_events(socket, &events).await,
            ServerFrame::ChallengeUpdated { challenge } => self.answer(socket, challenge).await,
            // A game it did not accept itself (one it challenged someone to): follow it too.
            ServerFrame::GameStarted { game_id }
                if !self.games.contains_key(&game_id) && !self.accepted.contains_key(&game_id) =>
            {
                subscribe(socket, game_id, None).await
            }
            ServerFrame::Error { code, message, game_id: Some(game_id), .. } => {
                tracing::warn!(?code, %message, %game_id, "bot: refused");
                // A refused move: the bot's copy of the game may be wrong, so it takes a fresh one.
                if self.sent.remove(&game_id).is_some() {
                    subscribe(socket, game_id, None).await?;
                } else if code == ErrorCode::Internal {
                    // A subscription refused while its game moves between server nodes (nothing changed): ask
                    // again in a moment, from the last event the bot has.
                    tokio::time::sleep(RESUBSCRIBE_PAUSE).await;
                    let after = self.games.get(&game_id).map(FollowedGame::seq);
                    subscribe(socket, game_id, after).await?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Accepts or declines a challenge addressed to the bot (one of its invited players, of a game of two or of
    /// more seats), and follows the game of one it took a seat in once the last seat is taken; anything else
    /// (other challenges, updates of challenges it has answered) is ignored.
    async fn answer(&mut self, socket: &mut Socket, challenge: Challenge) -> Result<(), SocketLost> {
        let to_me = challenge.invited.iter().any(|invited| invited.id == self.me);
        let in_it = challenge.joined.iter().any(|joined| joined.id == self.me);
        // A challenge of more seats is announced again as each player takes a seat, and an announcement made
        // before the bot's own acceptance committed still lists the bot as not in it. Answering that one again
        // would count the bot's seat against its games with the challenger and decline, closing the challenge
        // for everyone.
        let answered = self.seated.contains_key(&challenge.id);
        match challenge.status {
            ChallengeStatus::Open if to_me && !in_it && !answered => {}
            ChallengeStatus::Open => return Ok(()),
            ChallengeStatus::Accepted => {
                let (Some(seat), Some(game_id)) = (self.seated.remove(&challenge.id), challenge.game_id) else {
                    return Ok(());
                };
                if self.games.contains_key(&game_id) || self.accepted.contains_key(&game_id) {
                    return Ok(());
                }
                self.accepted.insert(game_id, seat.challenger);
                return subscribe(socket, game_id, None).await;
            }
            // Declined by another invited player, cancelled or expired: the seat promised no game.
            _ => {
                let forgotten = self.seated.remove(&challenge.id).is_some();
                self.unstart(usize::from(forgotten));
                return Ok(());
            }
        }
        if !self.settings.policy.accepts(&challenge, self.games_started, self.playing(challenge.challenger.id)) {
            if let Err(error) = self.rest.decline(challenge.id).await {
                tracing::warn!(%error, challenge = %challenge.id, "bot: cannot decline");
            }
            return Ok(());
        }
        match self.rest.accept(challenge.id).await {
            Ok(Challenge { game_id: Some(game_id), .. }) => {
                self.games_started += 1;
                self.accepted.insert(game_id, challenge.challenger.id);
                subscribe(socket, game_id, None).await
            }
            Ok(Challenge { game_id: None, expires_at_ms, .. }) => {
                self.games_started += 1;
                let seat = Seated { challenger: challenge.challenger.id, expires_at_ms };
                self.seated.insert(challenge.id, seat);
                Ok(())
            }
            Err(error) => {
                tracing::warn!(%error, challenge = %challenge.id, "bot: cannot accept");
                Ok(())
            }
        }
    }

    async fn follow_snapshot(&mut self, socket: &mut Socket, snapshot: &GameSnapshot) -> Result<(), SocketLost> {
        let game = match FollowedGame::from_snapshot(snapshot, self.me) {
            Ok(game) => game,
            Err(error) => {
                tracing::warn!(%error, game = %snapshot.id, "bot: cannot follow");
                self.accepted.remove(&snapshot.id);
                return unsubscribe(socket, snapshot.id).await;
            }
        };
        let counted = self.accepted.remove(&snapshot.id).is_some() || self.games.contains_key(&snapshot.id);
        if !counted && !game.is_over() {
            self.games_started += 1;
        }
        self.games.insert(snapshot.id, game);
        self.drop_if_over(socket, snapshot.id).await
    }

    async fn follow_events(&mut self, socket: &mut Socket, events: &[EventEnvelope]) -> Result<(), SocketLost> {
        for envelope in events {
            let Some(game) = self.games.get_mut(&envelope.game_id) else { continue };
            match game.follow(envelope) {
                Followed::Applied => {}
                Followed::Offered(offer) => answer_offer(socket, envelope.game_id, offer).await?,
                Followed::Gap => return subscribe(socket, envelope.game_id, Some(game.seq())).await,
                Followed::Diverged => return subscribe(socket, envelope.game_id, None).await,
            }
            self.drop_if_over(socket, envelope.game_id).await?;
        }
        Ok(())
    }

    async fn drop_if_over(&mut self, socket: &mut Socket, game_id: Uuid) -> Result<(), SocketLost> {
        if self.games.get(&game_id).is_some_and(FollowedGame::is_over) {
            self.games.remove(&game_id);
            self.sent.remove(&game_id);
            self.spent.remove(&game_id);
            // A search of an ended game has nothing to play: it stops rather than keep a core busy.
            if let Some(search) = self.thinking.remove(&game_id) {
                search.cancel.cancel();
            }
            tracing::info!(game = %game_id, "bot: game over");
            return unsubscribe(socket, game_id).await;
        }
        Ok(())
    }

    /// Starts a search for every game where the bot is to act and has neither a search under way nor a move
    /// on its way for that ply.
    fn start_thinking(&mut self) {
        for (game_id, game) in &self.games {
            let Some(request) = game.turn_request(*game_id) else { continue };
            if self.thinking.contains_key(game_id) || self.sent.get(game_id) == Some(&request.ply) {
                continue;
            }
            let spent = self.spent.get(game_id).copied().unwrap_or_default();
            let budget = self.settings.thinking.budget(request.clock, spent);
            let cancel = CancellationToken::new();
            self.thinking.insert(*game_id, Search { ply: request.ply, cancel: cancel.clone() });
            let (level, out) = (self.settings.level, self.thoughts_out.clone());
            tokio::spawn(async move {
                let (game_id, ply) = (request.game_id, request.ply);
                let started = Instant::now();
                let turn = think(request, level, budget, cancel).await;
                let took = started.elapsed();
                // The receiver lives as long as the player; a closed channel means the bot is stopping.
                let _ = out.send(Thought { game_id, ply, turn, took }).await;
            });
        }
    }

    /// Sends a finished search's turn, if the game is still where it was when the search began.
    async fn play(&mut self, socket: &mut Socket, thought: Thought) -> Result<(), SocketLost> {
        // A cancelled search's game is gone (and with it what it spent); a search started since is not this one.
        if self.thinking.get(&thought.game_id).is_none_or(|search| search.ply != thought.ply) {
            return Ok(());
        }
        self.thinking.remove(&thought.game_id);
        if let Some(spent) = self.spent.get_mut(&thought.game_id) {
            *spent += thought.took;
        } else if self.games.contains_key(&thought.game_id) {
            self.spent.insert(thought.game_id, thought.took);
        }
        let still_current = self
            .games
            .get(&thought.game_id)
            .and_then(|game| game.turn_request(thought.game_id))
            .is_some_and(|request| request.ply == thought.ply);
        let notation = match thought.turn {
            Ok(notation) if still_current => notation,
            Ok(_) => return Ok(()),
            Err(error) => {
                tracing::warn!(%error, game = %thought.game_id, "bot: no turn");
                return Ok(());
            }
        };
        self.sent.insert(thought.game_id, thought.ply);
        let frame = ClientFrame::Move {
            id: None,
            game_id: thought.game_id,
            ply: thought.ply,
            client_move_id: format!("bot-{}", thought.ply),
            notation,
        };
        socket.send(&frame).await.map_err(|_| SocketLost)
    }
}

async fn subscribe(socket: &mut Socket, game_id: Uuid, after_seq: Option<u64>) -> Result<(), SocketLost> {
    socket
        .send(&ClientFrame::Subscribe { id: None, game_id, after_seq, chat: false, viewers: false, rematch: false })
        .await
        .map_err(|_| SocketLost)
}

/// Answers another seat's offer to end the game, as the policy says.
async fn answer_offer(socket: &mut Socket, game_id: Uuid, offer: Offer) -> Result<(), SocketLost> {
    let frame = match offer {
        Offer::Draw => ClientFrame::Draw { id: None, game_id, action: OFFER_ANSWER },
        Offer::AgreedEnd => ClientFrame::AgreedEnd { id: None, game_id, action: OFFER_ANSWER },
    };
    socket.send(&frame).await.map_err(|_| SocketLost)
}

async fn unsubscribe(socket: &mut Socket, game_id: Uuid) -> Result<(), SocketLost> {
    socket.send(&ClientFrame::Unsubscribe { id: None, game_id }).await.map_err(|_| SocketLost)
}

impl Drop for Player {
    /// A stopping bot cancels its searches: nobody will play their turns.
    fn drop(&mut self) {
        for search in self.thinking.values() {
            search.cancel.cancel();
        }
    }
}
