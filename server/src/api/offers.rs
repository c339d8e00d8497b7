//! What challenges and correspondence seeks share as open offers of a game (`store::offers`): the expiry a new
//! offer may ask for, the offer row it is stored as, how its status reads at a moment, its stored terms read
//! back, and taking it: the checks every taker passes, the new game, and the store's acceptance.

use kartka_protocol::rest::ColourChoice;
use kartka_protocol::{ErrorCode, PlayerInfo, RulesetSpec, TimeControl};
use uuid::Uuid;

use super::starting::{self, account};
use super::ApiError;
use crate::games::new_game;
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, Millis, OfferKind, OfferRow};
use crate::time::now_ms;

/// How long an offer of a live game stays open unless its maker says otherwise.
const DEFAULT_EXPIRY_SECONDS: u32 = 600;
/// The longest an offer of a live game may stay open.
const MAX_EXPIRY_SECONDS: u32 = 7 * 24 * 3600;
/// How long an offer of a correspondence game stays open by default: its players are rarely online.
const CORRESPONDENCE_DEFAULT_EXPIRY_SECONDS: u32 = 7 * 24 * 3600;
/// The longest an offer of a correspondence game may stay open.
const CORRESPONDENCE_MAX_EXPIRY_SECONDS: u32 = 30 * 24 * 3600;

/// The seconds a new offer of a game under `time_control` stays open: `requested`, or its kind of game's default;
/// refused beyond that kind's limit.
pub(super) fn expiry_seconds(time_control: &TimeControl, requested: Option<u32>) -> Result<u32, ApiError> {
    let (default_expiry, max_expiry) = if time_control.is_correspondence() {
        (CORRESPONDENCE_DEFAULT_EXPIRY_SECONDS, CORRESPONDENCE_MAX_EXPIRY_SECONDS)
    } else {
        (DEFAULT_EXPIRY_SECONDS, MAX_EXPIRY_SECONDS)
    };
    let expires_in = requested.unwrap_or(default_expiry);
    if !(1..=max_expiry).contains(&expires_in) {
        let message = format!("expires_in_seconds must be 1 to {max_expiry}");
        return Err(ApiError::new(ErrorCode::InvalidRequest, message));
    }
    Ok(expires_in)
}

/// What a new offer offers: the game's rules and clock, the maker's seat, whether it is rated.
pub(super) struct Terms<'a> {
    /// The game's rules.
    pub ruleset: &'a RulesetSpec,
    /// Its clock.
    pub time_control: &'a TimeControl,
    /// The maker's seat.
    pub colour: ColourChoice,
    /// Whether it changes ratings.
    pub rated: bool,
}

/// A new open offer by `creator` (for `taker` alone, if named), made `now` and open for `expires_in` seconds.
pub(super) fn open_offer(creator: Uuid, taker: Option<Uuid>, terms: Terms, expires_in: u32, now: Millis) -> OfferRow {
    OfferRow {
        id: Uuid::new_v4(),
        creator_id: creator,
        taker_id: taker,
        ruleset: serde_json::to_string(terms.ruleset).expect("rulesets serialise"),
        time_control: serde_json::to_string(terms.time_control).expect("time controls serialise"),
        colour: colour_text(terms.colour).to_owned(),
        rated: terms.rated,
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        expires_at: now + i64::from(expires_in) * 1000,
    }
}

/// How an offer stands at a moment.
pub(super) enum Standing {
    /// It may be taken.
    Open,
    /// Its time ran out while it was open.
    Expired,
    /// Someone took it; its game exists.
    Accepted,
    /// The player it was for said no (challenges only).
    Declined,
    /// Its maker withdrew it.
    Cancelled,
}

/// How `offer` stands at `now`: an open offer past its expiry reads as expired.
pub(super) fn standing(offer: &OfferRow, now: Millis) -> Standing {
    match offer.status.as_str() {
        "open" if offer.expires_at <= now => Standing::Expired,
        "open" => Standing::Open,
        "accepted" => Standing::Accepted,
        "declined" => Standing::Declined,
        "cancelled" => Standing::Cancelled,
        _ => Standing::Expired,
    }
}

/// The stored rules and clock of an offer of `kind`.
pub(super) fn stored_terms(kind: OfferKind, offer: &OfferRow) -> Result<(RulesetSpec, TimeControl), ApiError> {
    let ruleset = serde_json::from_str(&offer.ruleset).map_err(|_| corrupt(kind, offer.id))?;
    let time_control = serde_json::from_str(&offer.time_control).map_err(|_| corrupt(kind, offer.id))?;
    Ok((ruleset, time_control))
}

/// The offer's maker and, once there is one, its taker.
pub(super) async fn parties(state: &AppState, offer: &OfferRow) -> Result<(AccountRow, Option<AccountRow>), ApiError> {
    let creator = account(state, offer.creator_id).await?;
    let taker = match offer.taker_id {
        Some(id) => Some(account(state, id).await?),
        None => None,
    };
    Ok((creator, taker))
}

/// An offer taken: its game is stored, not yet started (see [`starting::start`]).
pub(super) struct Taken {
    /// The offer as it now stands: accepted by the taker, with its game.
    pub offer: OfferRow,
    /// Its maker.
    pub creator: AccountRow,
    /// The game.
    pub game_id: Uuid,
    /// The game's players, first seat first.
    pub players: [PlayerInfo; 2],
    /// The game's clock.
    pub time_control: TimeControl,
    /// When it was taken.
    pub at: Millis,
}

/// Takes `offer` of `kind` for `me`: it must be open, `may_take` must let `me` take it (who may is each kind's
/// rule), a rated game needs a registered account, and a banned maker's offers are closed. Then the game is
/// stored with the offer's acceptance, in one transaction. `closed` is the error of an offer no longer open.
pub(super) async fn take(
    state: &AppState,
    kind: OfferKind,
    offer: OfferRow,
    me: &AccountRow,
    may_take: impl FnOnce(&OfferRow) -> Result<(), ApiError>,
    closed: fn() -> ApiError,
) -> Result<Taken, ApiError> {
    if offer.status != "open" || offer.expires_at <= now_ms() {
        return Err(closed());
    }
    may_take(&offer)?;
    if offer.rated && me.kind == AccountKind::Guest {
        return Err(registration_required());
    }
    let creator = account(state, offer.creator_id).await?;
    if creator.banned {
        // A banned account cannot start games, through an offer it made before the ban either.
        return Err(closed());
    }
    let players = starting::seat(&creator, me, &offer.colour);
    let (ruleset, time_control) = stored_terms(kind, &offer)?;
    let now = now_ms();
    let game_id = Uuid::new_v4();
    let rules = state.games.clock_rules();
    let (game, started) = new_game(game_id, players.to_vec(), ruleset, time_control, offer.rated, rules, now)
        .map_err(|_| corrupt(kind, offer.id))?;
    if !state.store.accept_offer(kind, offer.id, me.id, &game, &started, now).await? {
        return Err(closed());
    }
    let taker_id = offer.taker_id.or(Some(me.id));
    let offer = OfferRow { status: "accepted".to_owned(), game_id: Some(game_id), taker_id, ..offer };
    Ok(Taken { offer, creator, game_id, players, time_control, at: now })
}

/// The colour choice for its stored text.
pub(super) fn colour_choice(text: &str) -> ColourChoice {
    match text {
        "first" => ColourChoice::First,
        "second" => ColourChoice::Second,
        _ => ColourChoice::Random,
    }
}

/// The stored text of a colour choice.
fn colour_text(colour: ColourChoice) -> &'static str {
    match colour {
        ColourChoice::First => "first",
        ColourChoice::Second => "second",
        ColourChoice::Random => "random",
    }
}

/// A guest asked for a rated game, as a challenge or a correspondence seek.
pub(super) fn registration_required() -> ApiError {
    ApiError::new(ErrorCode::RegistrationRequired, "rated games need registered accounts; guests play casual games")
}

fn corrupt(kind: OfferKind, id: Uuid) -> ApiError {
    let noun = kind.noun();
    tracing::error!(offer = %id, "stored {noun} does not parse");
    ApiError::new(ErrorCode::Internal, format!("the {noun} record is damaged"))
}
