//! `GET /api/admin/games`: search the archive. The same filters select the games of an export.

use axum::extract::State;
use axum::Json;
use kartka_protocol::admin::GameSearchPage;
use kartka_protocol::{EndReasonName, ErrorCode, RulesetSpec};
use uuid::Uuid;

use super::{accounts_by_id, parse, Admin};
use crate::admin::views;
use crate::api::input::Query;
use crate::api::ApiError;
use crate::games::convert;
use crate::state::AppState;
use crate::store::{ArchivedGame, GameSearch, ResultFilter, SearchCursor, SearchOrder};

/// Games per page unless asked otherwise, and the most a page may hold.
const DEFAULT_PAGE: u32 = 50;
const MAX_PAGE: u32 = 200;

/// The query string of a search. Every value is text here, so that a bad one is answered with
/// `invalid_request` and what it should be; an empty value is no filter (as an HTML form sends it).
#[derive(Debug, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchQuery {
    player: Option<String>,
    kind: Option<String>,
    ruleset: Option<String>,
    status: Option<String>,
    result: Option<String>,
    reason: Option<String>,
    rated: Option<String>,
    correspondence: Option<String>,
    imported: Option<String>,
    from_ms: Option<String>,
    until_ms: Option<String>,
    sort: Option<String>,
    order: Option<String>,
    after: Option<String>,
    limit: Option<String>,
}

/// `GET /api/admin/games`.
pub async fn games(
    _admin: Admin,
    State(state): State<AppState>,
    Query(query): Query<SearchQuery>,
) -> Result<Json<GameSearchPage>, ApiError> {
    let limit = match given(&query.limit) {
        Some(limit) => parse::<u32>("limit", limit, "a number from 1 to 200")?.clamp(1, MAX_PAGE),
        None => DEFAULT_PAGE,
    };
    let search = search_of(&state, &query).await?;
    let rows = state.store.search_games(&search, limit).await?;
    let total = state.store.count_games(&search).await?;
    let next_after = (rows.len() == limit as usize)
        .then(|| {
            rows.last().map(|last| {
                let cursor = cursor_after(&search, last);
                format!("{}_{}", cursor.key, cursor.id)
            })
        })
        .flatten();
    Ok(Json(GameSearchPage { games: page(&state, &rows).await?, total: total as u64, next_after }))
}

/// The archive views of a page of games, their players read in one query.
pub async fn page(
    state: &AppState,
    rows: &[ArchivedGame],
) -> Result<Vec<kartka_protocol::admin::ArchivedGame>, ApiError> {
    let ids: Vec<Uuid> = rows.iter().flat_map(|row| row.game.players.iter().copied()).collect();
    let accounts = accounts_by_id(state, &ids).await?;
    Ok(rows.iter().map(|row| views::archived(row, &accounts)).collect::<Result<_, _>>()?)
}

/// The filters, order and page position a query asks for. A player name matches the real account and the
/// imported player of that name; a name nobody has matches no game.
pub async fn search_of(state: &AppState, query: &SearchQuery) -> Result<GameSearch, ApiError> {
    let invalid = |message: &str| ApiError::new(ErrorCode::InvalidRequest, message.to_owned());
    let players = match given(&query.player) {
        Some(name) => Some(state.store.accounts_named(name).await?.into_iter().map(|a| a.id).collect()),
        None => None,
    };
    let ruleset = match given(&query.ruleset) {
        Some(text) => {
            let spec: RulesetSpec =
                serde_json::from_str(text).map_err(|_| invalid("`ruleset` must be a ruleset as JSON"))?;
            Some(serde_json::to_string(&spec).expect("rulesets always serialise"))
        }
        None => None,
    };
    let status = match given(&query.status) {
        Some(status @ ("active" | "finished" | "aborted")) => Some(status.to_owned()),
        Some(_) => return Err(invalid("`status` must be active, finished or aborted")),
        None => None,
    };
    let result = match given(&query.result) {
        Some("first") => Some(ResultFilter::FirstWon),
        Some("second") => Some(ResultFilter::SecondWon),
        Some("draw") => Some(ResultFilter::Draw),
        Some(_) => return Err(invalid("`result` must be first, second or draw")),
        None => None,
    };
    let end_reason = match given(&query.reason) {
        Some(reason) => {
            let reason: EndReasonName =
                convert::enum_from_text(reason).ok_or_else(|| invalid("`reason` must be an end reason"))?;
            Some(convert::end_reason_text(reason))
        }
        None => None,
    };
    let flag =
        |name: &str, value: &Option<String>| given(value).map(|v| parse::<bool>(name, v, "true or false")).transpose();
    let time = |name: &str, value: &Option<String>| {
        given(value).map(|v| parse::<i64>(name, v, "milliseconds since the Unix epoch")).transpose()
    };
    let order = match given(&query.sort) {
        None | Some("date") => SearchOrder::Date,
        Some("length") => SearchOrder::Length,
        Some(_) => return Err(invalid("`sort` must be date or length")),
    };
    let descending = match given(&query.order) {
        None | Some("desc") => true,
        Some("asc") => false,
        Some(_) => return Err(invalid("`order` must be asc or desc")),
    };
    let after = given(&query.after).map(parse_cursor).transpose()?;
    Ok(GameSearch {
        players,
        kind: given(&query.kind).map(str::to_owned),
        ruleset,
        status,
        result,
        end_reason,
        rated: flag("rated", &query.rated)?,
        correspondence: flag("correspondence", &query.correspondence)?,
        imported: flag("imported", &query.imported)?,
        from: time("from_ms", &query.from_ms)?,
        until: time("until_ms", &query.until_ms)?,
        order,
        descending,
        after,
    })
}

/// The position just after `last` in the search's order: where the next page starts.
pub fn cursor_after(search: &GameSearch, last: &ArchivedGame) -> SearchCursor {
    let key = match search.order {
        SearchOrder::Date => last.game.created_at,
        SearchOrder::Length => last.length,
    };
    SearchCursor { key, id: last.game.id }
}

fn parse_cursor(text: &str) -> Result<SearchCursor, ApiError> {
    let bad = || ApiError::new(ErrorCode::InvalidRequest, "`after` must be a cursor from a previous page");
    let (key, id) = text.split_once('_').ok_or_else(bad)?;
    Ok(SearchCursor { key: key.parse().map_err(|_| bad())?, id: id.parse().map_err(|_| bad())? })
}

/// A query value, unless it is absent or empty.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|value| !value.is_empty())
}
