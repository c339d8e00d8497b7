//! Accounts as admins see them; banning and unbanning; the bot mark; the chat mute.

use axum::extract::State;
use axum::Json;
use kartka_protocol::admin::{
    AccountActionDone, ActionReason, AdminAccount, AdminAccountList, AuditAction, BotMark, ChatMute, MAX_ACCOUNT_SEARCH,
};
use kartka_protocol::correspondence::SeekStatus;
use kartka_protocol::rest::MAX_PREFIX_CHARS;
use kartka_protocol::{ErrorCode, ServerFrame};
use serde_json::json;

use super::{reason, Admin};
use crate::admin::audit::{self, Actor, Target};
use crate::admin::bot::{self, BotMarkError};
use crate::admin::views;
use crate::api::input::{JsonBody, Path, Query};
use crate::api::ApiError;
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, AuditFilter};

/// An admin's account search.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountSearch {
    /// The start of the name, in any letter case (1–32 characters).
    #[schemars(length(min = 1, max = MAX_PREFIX_CHARS))]
    prefix: String,
}

/// `GET /api/admin/accounts?prefix=al`: up to 50 accounts whose names start so, by name, guests, imported
/// players and banned accounts included (the public player search leaves the last two out).
pub async fn search(
    _admin: Admin,
    State(state): State<AppState>,
    Query(search): Query<AccountSearch>,
) -> Result<Json<AdminAccountList>, ApiError> {
    let prefix = search.prefix.trim();
    if !(1..=MAX_PREFIX_CHARS).contains(&prefix.chars().count()) {
        return Err(ApiError::new(ErrorCode::InvalidRequest, "prefix must be 1–32 characters"));
    }
    let accounts = state.store.any_accounts_by_prefix(prefix, MAX_ACCOUNT_SEARCH).await?;
    Ok(Json(AdminAccountList { accounts: accounts.iter().map(views::account).collect() }))
}

/// `GET /api/admin/accounts/{name}`: the account of that name (the real one before an imported player).
pub async fn show(
    _admin: Admin,
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<AdminAccount>, ApiError> {
    let mut named = state.store.accounts_named(&name).await?;
    named.sort_by_key(|account| account.kind == AccountKind::Imported);
    let account = named.first().ok_or_else(unknown_player)?;
    Ok(Json(views::account(account)))
}

/// `POST /api/admin/accounts/{name}/ban`: the account can no longer log in, start or join games; its sessions
/// end, its open connections close (1008), and its open correspondence seeks are cancelled, the lobby's
/// watchers told (`correspondence_seek_removed`), since only a removal takes a seek off their screens.
pub async fn ban(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody<ActionReason>,
) -> Result<Json<AccountActionDone>, ApiError> {
    let reason = reason(&body.reason)?;
    let account = state.store.account_by_name(&name).await?.ok_or_else(unknown_player)?;
    if account.id == admin.id {
        return Err(ApiError::new(ErrorCode::NotAllowed, "you cannot ban yourself"));
    }
    if account.is_admin {
        return Err(ApiError::new(ErrorCode::NotAllowed, "revoke the admin role first (kartka admin revoke)"));
    }
    // A ban ends the banned player's part in their games; in a game against the admin it would be a ruling in
    // the admin's own favour, which another admin must make.
    let playing_the_admin =
        state.store.active_games_of(account.id).await?.iter().any(|game| game.players.contains(&admin.id));
    if playing_the_admin {
        return Err(ApiError::new(ErrorCode::NotAllowed, "an admin may not ban an opponent in a running game"));
    }
    let entry =
        audit::entry(Actor::Admin(&admin), AuditAction::Ban, target(&account), json!({ "name": account.name }), reason);
    if !state.store.set_banned(account.id, true, &entry).await? {
        return Err(ApiError::new(ErrorCode::NotAllowed, "the account is banned already"));
    }
    state.connections.disconnect(account.id);
    for seek_id in state.store.cancel_seeks_of(account.id).await? {
        state.lobby.announce(ServerFrame::CorrespondenceSeekRemoved { seek_id, status: SeekStatus::Cancelled }).await;
    }
    done(&state, &name).await
}

/// `POST /api/admin/accounts/{name}/unban`.
pub async fn unban(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody<ActionReason>,
) -> Result<Json<AccountActionDone>, ApiError> {
    let reason = reason(&body.reason)?;
    let account = state.store.account_by_name(&name).await?.ok_or_else(unknown_player)?;
    let entry = audit::entry(
        Actor::Admin(&admin),
        AuditAction::Unban,
        target(&account),
        json!({ "name": account.name }),
        reason,
    );
    if !state.store.set_banned(account.id, false, &entry).await? {
        return Err(ApiError::new(ErrorCode::NotAllowed, "the account is not banned"));
    }
    done(&state, &name).await
}

/// `POST /api/admin/accounts/{name}/bot`: marks a registered account as a bot (shown as one wherever its name
/// is, its ratings kept off the leaderboard), or takes the mark away.
pub async fn mark_bot(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody<BotMark>,
) -> Result<Json<AccountActionDone>, ApiError> {
    let reason = reason(&body.reason)?;
    match bot::set_bot(state.store.as_ref(), &name, body.bot, Actor::Admin(&admin), reason).await {
        Ok(true) => done(&state, &name).await,
        Ok(false) => Err(ApiError::new(ErrorCode::NotAllowed, if body.bot { "already a bot" } else { "not a bot" })),
        Err(BotMarkError::UnknownAccount(_)) => Err(unknown_player()),
        Err(error @ (BotMarkError::NotRegistered(_) | BotMarkError::Admin(_))) => {
            Err(ApiError::new(ErrorCode::NotAllowed, error.to_string()))
        }
        Err(BotMarkError::Store(error)) => Err(error.into()),
    }
}

/// `POST /api/admin/accounts/{name}/chat-mute`: the account may no longer chat anywhere (`muted`), or may again.
/// It still plays and reads chat.
pub async fn mute_chat(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody<ChatMute>,
) -> Result<Json<AccountActionDone>, ApiError> {
    let reason = reason(&body.reason)?;
    let account = state.store.account_by_name(&name).await?.ok_or_else(unknown_player)?;
    let action = if body.muted { AuditAction::MuteChat } else { AuditAction::UnmuteChat };
    let entry = audit::entry(Actor::Admin(&admin), action, target(&account), json!({ "name": account.name }), reason);
    if !state.store.set_chat_muted(account.id, body.muted, &entry).await? {
        let already =
            if body.muted { "the account's chat is muted already" } else { "the account's chat is not muted" };
        return Err(ApiError::new(ErrorCode::NotAllowed, already));
    }
    done(&state, &name).await
}

fn target(account: &AccountRow) -> Target {
    Target { account_id: Some(account.id), ..Target::default() }
}

/// The account and its newest audit entry, as stored after the action.
async fn done(state: &AppState, name: &str) -> Result<Json<AccountActionDone>, ApiError> {
    let account = state.store.account_by_name(name).await?.ok_or_else(unknown_player)?;
    let filter = AuditFilter { account_id: Some(account.id), ..AuditFilter::default() };
    let written = state.store.audit_entries(&filter, 1).await?;
    let entry = written.first().ok_or_else(|| ApiError::new(ErrorCode::Internal, "the audit entry is missing"))?;
    Ok(Json(AccountActionDone { account: views::account(&account), audit: audit::view(entry)? }))
}

fn unknown_player() -> ApiError {
    ApiError::new(ErrorCode::UnknownPlayer, "no player with that name")
}
