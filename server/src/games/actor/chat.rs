//! A game's two chat channels: its players' (read and written by the two players) and its spectators' (read
//! and written by everyone else). A player may mute the opponent: the opponent's messages then no longer reach
//! that player, live or in the history, and the player's history says that the mute is on.

use kartka_engine::Seat;
use kartka_protocol::{ChatChannel, ServerFrame};
use uuid::Uuid;

use super::{GameActor, GameError, Subscriber};
use crate::chat::{self, HISTORY_LENGTH};
use crate::long_lists;
use crate::outbox::encode;
use crate::store::ChatRow;

impl GameActor {
    /// Stores a message said in one of the game's channels and delivers it to that channel's readers.
    pub(super) async fn chat(&mut self, mut row: ChatRow) -> Result<(), GameError> {
        let sender = self.seat_of(row.account_id);
        let in_players_channel = row.channel == chat::channel_name(ChatChannel::Players { game_id: self.id });
        match (in_players_channel, sender) {
            (true, None) => return Err(GameError::NotAPlayer),
            (false, Some(_)) => return Err(GameError::NotAllowed("players chat in the players' channel".into())),
            _ => {}
        }
        row.id = self.store.insert_chat(&row).await.map_err(GameError::Store)?;
        let Some(message) = chat::message(&row) else { return Ok(()) };
        let text = encode(&ServerFrame::Chat { message });
        for subscriber in self.subscribers.values() {
            if subscriber.chat && self.reads(subscriber.account, in_players_channel, sender) {
                subscriber.outbox.push(text.clone());
            }
        }
        Ok(())
    }

    /// A player mutes or unmutes their opponent's chat in this game.
    pub(super) async fn mute_opponent(&mut self, account: Uuid, muted: bool) -> Result<(), GameError> {
        let seat = self.seat_of(account).ok_or(GameError::NotAPlayer)?;
        self.store.set_opponent_muted(self.id, account, muted).await.map_err(GameError::Store)?;
        self.opponent_muted[seat] = muted;
        Ok(())
    }

    /// Sends a new subscriber that asked for the chat the latest messages of the channel it reads, and a player
    /// whether they muted the opponent. The history is a courtesy: a store failure is logged, and the subscription stands.
    pub(super) async fn send_chat_history(&self, subscriber: &Subscriber) {
        if !subscriber.chat {
            return;
        }
        let reader = self.seat_of(subscriber.account);
        let channel = match reader {
            Some(_) => ChatChannel::Players { game_id: self.id },
            None => ChatChannel::Spectators { game_id: self.id },
        };
        let rows = match self.store.chat_history(Some(self.id), chat::channel_name(channel), HISTORY_LENGTH).await {
            Ok(rows) => rows,
            Err(error) => {
                tracing::warn!(game = %self.id, %error, "could not read the chat history");
                return;
            }
        };
        let messages = rows
            .iter()
            .filter(|row| reader.is_none_or(|reader| !self.muted_for(reader, self.seat_of(row.account_id))))
            .filter_map(chat::message)
            .collect();
        let opponent_muted = reader.is_some_and(|reader| self.opponent_muted[reader]);
        for frame in long_lists::chat_history_frames(channel, messages, opponent_muted, Vec::new()) {
            subscriber.outbox.push_frame(&frame);
        }
    }

    /// Whether the connection of `reader` gets a message of the players' channel (or else the spectators')
    /// from `sender`.
    fn reads(&self, reader: Uuid, in_players_channel: bool, sender: Option<Seat>) -> bool {
        match self.seat_of(reader) {
            None => !in_players_channel,
            Some(reader) => in_players_channel && !self.muted_for(reader, sender),
        }
    }

    /// Whether the player in `reader` muted the sender, another player.
    fn muted_for(&self, reader: Seat, sender: Option<Seat>) -> bool {
        sender.is_some_and(|sender| sender != reader) && self.opponent_muted[reader]
    }
}
