//! How admins see stored rows: accounts, archived games, moves and timelines (events, admin actions, chat), as
//! protocol types.

use std::collections::HashMap;

use kartka_protocol::admin::{AccountKindName, AdminAccount, ArchivedGame, ImportOrigin, ReviewedMove, TimelineEntry};
use kartka_protocol::{Clocks, GameEvent, PlayerInfo};
use uuid::Uuid;

use super::audit;
use crate::chat;
use crate::games::convert::{self, seat_from_text, seat_name, CorruptGame};
use crate::store::{self, AccountKind, AccountRow, AuditRow, ChatRow, EventRow, MoveRow};

/// An account as admins see it.
#[must_use]
pub fn account(row: &AccountRow) -> AdminAccount {
    AdminAccount {
        id: row.id,
        name: row.name.clone(),
        kind: match row.kind {
            AccountKind::Guest => AccountKindName::Guest,
            AccountKind::Registered => AccountKindName::Registered,
            AccountKind::Imported => AccountKindName::Imported,
        },
        is_admin: row.is_admin,
        banned: row.banned,
        bot: row.is_bot,
        chat_muted: row.chat_muted,
        created_at_ms: row.created_at,
    }
}

/// A player of a game as the protocol names them.
#[must_use]
pub fn player(row: &AccountRow) -> PlayerInfo {
    crate::accounts::player_info(row)
}

/// An archived game with its players, whose accounts must be in `accounts`.
pub fn archived(
    stored: &store::ArchivedGame,
    accounts: &HashMap<Uuid, AccountRow>,
) -> Result<ArchivedGame, CorruptGame> {
    let game = &stored.game;
    let player_of = |id: Uuid| accounts.get(&id).map(player).ok_or(CorruptGame(game.id));
    let players = game.players.iter().map(|&id| player_of(id)).collect::<Result<Vec<_>, _>>()?;
    Ok(ArchivedGame {
        game: convert::game_summary(game, players)?,
        import: stored.origin.import.as_ref().map(|import| ImportOrigin {
            source: import.source.clone(),
            index: import.index as u64,
            imported_at_ms: import.imported_at,
        }),
    })
}

/// A game's stored moves, numbered by turn. An imported game's record gives no times, clocks or move ids, so
/// they are left out rather than made up.
pub fn moves(game_id: Uuid, rows: &[MoveRow], imported: bool) -> Result<Vec<ReviewedMove>, CorruptGame> {
    let mut turn = 1;
    rows.iter()
        .map(|row| {
            let seat = seat_from_text(&row.seat).ok_or(CorruptGame(game_id))?;
            let reviewed = ReviewedMove {
                ply: row.ply as u32,
                turn,
                seat: seat_name(seat),
                notation: row.notation.clone(),
                turn_ended: row.turn_ended,
                received_at_ms: (!imported).then_some(row.received_at),
                clocks: (!imported).then(|| Clocks::new(row.clocks_ms.clone(), None)),
                client_move_id: (!imported).then(|| row.client_move_id.clone()),
            };
            turn += u32::from(row.turn_ended);
            Ok(reviewed)
        })
        .collect()
}

/// A game's events, the admin actions on it and its chat, merged in the order they happened (an event before an
/// admin entry of the same millisecond: the entry is written with the change it explains; a chat message after
/// both).
pub fn timeline(
    game_id: Uuid,
    events: &[EventRow],
    entries: &[AuditRow],
    chat: &[ChatRow],
) -> Result<Vec<TimelineEntry>, CorruptGame> {
    let mut timeline = Vec::with_capacity(events.len() + entries.len());
    let mut entries = entries.iter().peekable();
    for row in events {
        while let Some(entry) = entries.next_if(|entry| entry.at < row.at) {
            timeline.push(admin_entry(game_id, entry)?);
        }
        let event: GameEvent = serde_json::from_str(&row.payload).map_err(|_| CorruptGame(game_id))?;
        timeline.push(TimelineEntry::Game { seq: row.seq as u64, at_ms: row.at, event });
    }
    for entry in entries {
        timeline.push(admin_entry(game_id, entry)?);
    }
    let mut messages = chat.iter().peekable();
    let mut merged = Vec::with_capacity(timeline.len() + chat.len());
    for entry in timeline {
        while let Some(row) = messages.next_if(|row| row.at < entry.at_ms()) {
            merged.push(chat_entry(game_id, row)?);
        }
        merged.push(entry);
    }
    for row in messages {
        merged.push(chat_entry(game_id, row)?);
    }
    Ok(merged)
}

fn chat_entry(game_id: Uuid, row: &ChatRow) -> Result<TimelineEntry, CorruptGame> {
    let message = chat::message(row).ok_or(CorruptGame(game_id))?;
    Ok(TimelineEntry::Chat { at_ms: message.at_ms, message })
}

fn admin_entry(game_id: Uuid, row: &AuditRow) -> Result<TimelineEntry, CorruptGame> {
    let entry = audit::view(row).map_err(|_| CorruptGame(game_id))?;
    Ok(TimelineEntry::Admin { at_ms: entry.at_ms, entry })
}
