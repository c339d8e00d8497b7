//! What challenges and correspondence seeks share as open offers of a game (`store::offers`): the expiry a new
//! offer may ask for, the offer row it is stored as, how its status reads at a moment, its stored terms read
//! back, who is in it, and taking or leaving a seat in it: the checks every taker passes, and when the last seat
//! is taken the new game, stored with the offer's acceptance.

use kartka_protocol::rest::ColourChoice;
use kartka_protocol::{ErrorCode, PlayerInfo, RulesetSpec, TimeControl};
use uuid::Uuid;

use super::starting::{self, account};
use super::ApiError;
use crate::accounts::player_info;
use crate::games::new_game;
use crate::games::seats::seat_count;
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, EventRow, GameRow, Millis, OfferKind, OfferRow, OfferSeat, SeatChange};
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

/// A new open offer by `creator`, for the `invited` players alone if it names any, made `now` and open for
/// `expires_in` seconds. The creator holds the first seat to join, fixed where their colour choice names one.
pub(super) fn open_offer(creator: Uuid, invited: &[Uuid], terms: Terms, expires_in: u32, now: Millis) -> OfferRow {
    let creator_seat = match terms.colour {
        ColourChoice::First => Some(0),
        ColourChoice::Second => Some(1),
        ColourChoice::Random => None,
    };
    let creator =
        OfferSeat { account_id: creator, invited: None, seat: creator_seat, joined_at: Some(now), join_order: Some(0) };
    let invitations = invited.iter().enumerate().map(|(place, &account_id)| OfferSeat {
        account_id,
        invited: Some(place),
        seat: None,
        joined_at: None,
        join_order: None,
    });
    OfferRow {
        id: Uuid::new_v4(),
        creator_id: creator.account_id,
        ruleset: serde_json::to_string(terms.ruleset).expect("rulesets serialise"),
        time_control: serde_json::to_string(terms.time_control).expect("time controls serialise"),
        colour: colour_text(terms.colour).to_owned(),
        rated: terms.rated,
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        expires_at: now + i64::from(expires_in) * 1000,
        revision: 0,
        seats: std::iter::once(creator).chain(invitations).collect(),
    }
}

/// How an offer stands at a moment.
pub(super) enum Standing {
    /// It may be taken.
    Open,
    /// Its time ran out while it was open.
    Expired,
    /// Its last seat was taken; its game exists.
    Accepted,
    /// A player it invited said no (challenges only).
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

/// The seats of the game an offer of `kind` offers, from its stored `ruleset`.
pub(super) fn stored_seat_count(kind: OfferKind, offer: &OfferRow, ruleset: &RulesetSpec) -> Result<u8, ApiError> {
    let seats = seat_count(ruleset).map_err(|_| corrupt(kind, offer.id))?;
    u8::try_from(seats).map_err(|_| corrupt(kind, offer.id))
}

/// Who is in an offer, as accounts.
pub(super) struct Parties {
    /// Its maker.
    pub creator: AccountRow,
    /// Who it invites, answered or not.
    pub invited: Vec<AccountRow>,
    /// Who took a seat, the maker first, in join order.
    pub joined: Vec<AccountRow>,
}

impl Parties {
    /// Everyone an offer's change is told to: its maker, who it invites and who joined, each once.
    pub fn accounts(&self) -> Vec<Uuid> {
        let mut accounts = vec![self.creator.id];
        for account in self.invited.iter().chain(&self.joined) {
            if !accounts.contains(&account.id) {
                accounts.push(account.id);
            }
        }
        accounts
    }
}

/// The accounts of who is in `offer`.
pub(super) async fn parties(state: &AppState, offer: &OfferRow) -> Result<Parties, ApiError> {
    parties_knowing(state, offer, &[]).await
}

/// [`parties`], reading from the store only the accounts not in `known` (those the caller holds already).
pub(super) async fn parties_knowing(
    state: &AppState,
    offer: &OfferRow,
    known: &[&AccountRow],
) -> Result<Parties, ApiError> {
    let creator = known_or_read(state, offer.creator_id, known).await?;
    let mut invited = Vec::new();
    for seat in offer.invited() {
        invited.push(known_or_read(state, seat.account_id, known).await?);
    }
    let mut joined = Vec::new();
    for seat in offer.joined() {
        let player = if seat.account_id == creator.id {
            creator.clone()
        } else {
            known_or_read(state, seat.account_id, known).await?
        };
        joined.push(player);
    }
    Ok(Parties { creator, invited, joined })
}

/// The account `id`: from `known` if it is there, else read.
async fn known_or_read(state: &AppState, id: Uuid, known: &[&AccountRow]) -> Result<AccountRow, ApiError> {
    match known.iter().find(|account| account.id == id) {
        Some(&account) => Ok(account.clone()),
        None => account(state, id).await,
    }
}

/// How many times a taker reads an offer again after another player's change came first.
const TAKE_ATTEMPTS: usize = 3;

/// What taking a seat in an offer did.
pub(super) enum Took {
    /// A seat is taken and others are still free: the offer as it now stands.
    Joined(OfferRow),
    /// The last seat is taken: the game is stored, not yet started (see [`starting::start`]).
    Started(Box<Taken>),
}

/// An offer whose last seat was taken.
pub(super) struct Taken {
    /// The offer as it now stands: accepted, with its game.
    pub offer: OfferRow,
    /// The game as stored.
    pub game: GameRow,
    /// Its first event, stored with it.
    pub started: EventRow,
    /// The game's players, first seat first.
    pub players: Vec<PlayerInfo>,
    /// The game's clock.
    pub time_control: TimeControl,
    /// When it was taken.
    pub at: Millis,
}

/// Seats `me` in `offer` of `kind`: it must be open, `may_take` must let `me` take it (who may is each kind's
/// rule), `me` must not have a seat in it yet, a rated game needs a registered account, and a banned maker's
/// offers are closed. The last seat taken stores the game with the offer's acceptance, in one transaction.
/// `closed` is the error of an offer no longer open. When another player's change came first, the offer is read
/// again and decided afresh.
pub(super) async fn take(
    state: &AppState,
    kind: OfferKind,
    mut offer: OfferRow,
    me: &AccountRow,
    may_take: impl Fn(&OfferRow) -> Result<(), ApiError>,
    closed: fn() -> ApiError,
) -> Result<Took, ApiError> {
    for _ in 0..TAKE_ATTEMPTS {
        if offer.status != "open" || offer.expires_at <= now_ms() {
            return Err(closed());
        }
        may_take(&offer)?;
        if offer.has_joined(me.id) {
            let message = format!("you already have a seat in this {}", kind.noun());
            return Err(ApiError::new(ErrorCode::NotAllowed, message));
        }
        if offer.rated && me.kind == AccountKind::Guest {
            return Err(registration_required());
        }
        let creator = account(state, offer.creator_id).await?;
        if creator.banned {
            // A banned account cannot start games, through an offer it made before the ban either.
            return Err(closed());
        }
        let (ruleset, time_control) = stored_terms(kind, &offer)?;
        let seats = seat_count(&ruleset).map_err(|_| corrupt(kind, offer.id))?;
        let now = now_ms();
        let change = SeatChange { kind, offer_id: offer.id, revision: offer.revision, account_id: me.id, at: now };
        if offer.joined().count() + 1 < seats {
            if state.store.join_offer(&change).await? {
                let joined = state.store.offer(kind, offer.id).await?.ok_or_else(closed)?;
                return Ok(Took::Joined(joined));
            }
        } else {
            let mut seated = Vec::with_capacity(seats);
            for seat in offer.joined() {
                let player = known_or_read(state, seat.account_id, &[&creator]).await?;
                seated.push((player_info(&player), seat.seat));
            }
            let fixed_for_me = offer.seats.iter().find(|seat| seat.account_id == me.id).and_then(|seat| seat.seat);
            seated.push((player_info(me), fixed_for_me));
            let players = starting::seat(seats, seated, offer.colour == "random");
            let game_id = Uuid::new_v4();
            let rules = state.games.clock_rules();
            let (game, started) = new_game(game_id, players.clone(), ruleset, time_control, offer.rated, rules, now)
                .map_err(|_| corrupt(kind, offer.id))?;
            if state.store.accept_offer(&change, &game, &started, Some(state.games.node_id())).await? {
                let accepted = state.store.offer(kind, offer.id).await?.ok_or_else(closed)?;
                let taken = Taken { offer: accepted, game, started, players, time_control, at: now };
                return Ok(Took::Started(Box::new(taken)));
            }
        }
        offer = state.store.offer(kind, offer.id).await?.ok_or_else(closed)?;
    }
    Err(busy(kind))
}

/// Frees the seat `me` took in `offer` of `kind` (never its maker's), read again when another player's change
/// came first. `closed` is the error of an offer no longer open.
pub(super) async fn leave(
    state: &AppState,
    kind: OfferKind,
    mut offer: OfferRow,
    me: &AccountRow,
    closed: fn() -> ApiError,
) -> Result<OfferRow, ApiError> {
    for _ in 0..TAKE_ATTEMPTS {
        if offer.status != "open" || offer.expires_at <= now_ms() {
            return Err(closed());
        }
        if offer.creator_id == me.id {
            let message = format!("the creator cancels a {} rather than leaves it", kind.noun());
            return Err(ApiError::new(ErrorCode::InvalidRequest, message));
        }
        if !offer.has_joined(me.id) {
            let message = format!("you have no seat in this {}", kind.noun());
            return Err(ApiError::new(ErrorCode::NotAllowed, message));
        }
        let change = SeatChange { kind, offer_id: offer.id, revision: offer.revision, account_id: me.id, at: now_ms() };
        if state.store.leave_offer(&change).await? {
            return state.store.offer(kind, offer.id).await?.ok_or_else(closed);
        }
        offer = state.store.offer(kind, offer.id).await?.ok_or_else(closed)?;
    }
    Err(busy(kind))
}

/// The offer changed under every attempt to take or leave a seat in it.
fn busy(kind: OfferKind) -> ApiError {
    let message = format!("the {} kept changing while you took or left a seat; try again", kind.noun());
    ApiError::new(ErrorCode::NotAllowed, message)
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
