//! What the lobby knows of a player: loaded from the store before a request reaches the lobby task, so that the
//! task itself never waits on the database.

use kartka_protocol::{PlayerInfo, RulesetSpec, TimeControl};
use uuid::Uuid;

use crate::accounts::info;

use crate::games::convert::speed_text;
use crate::ratings::speed::speed_class;
use crate::ratings::{model_for_seats, shown_or_newcomer};
use crate::store::{AccountRow, Millis, RatingRow, Store, StoreError};

/// Recent games that decide which seat a player should get next.
const RECENT_GAMES: u32 = 10;

/// A player entering the lobby: who they are, their ratings and their recent seats.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Entrant {
    /// The player.
    pub player: PlayerInfo,
    /// Every rating they have.
    pub ratings: Vec<RatingRow>,
    /// How many more of their recent games they played first than second.
    pub colour_balance: i32,
}

impl Entrant {
    /// Loads an account's ratings and recent seats.
    pub async fn load(store: &dyn Store, account: &AccountRow) -> Result<Entrant, StoreError> {
        let ratings = store.ratings_of(account.id).await?;
        let recent = store.games_of(account.id, None, RECENT_GAMES).await?;
        // Games of more than two seats have no colours to balance; they count for neither side.
        let colour_balance = recent
            .iter()
            .filter(|game| game.players.len() == 2)
            .map(|game| if game.seat_index_of(account.id) == Some(0) { 1 } else { -1 })
            .sum();
        let account_info = info(account);
        Ok(Entrant {
            player: PlayerInfo {
                account_id: account.id,
                name: account_info.name,
                guest: account_info.guest,
                bot: account_info.bot,
            },
            ratings,
            colour_balance,
        })
    }

    /// The account id.
    #[must_use]
    pub fn account(&self) -> Uuid {
        self.player.account_id
    }

    /// Their rating as of `now` for games of `seats` seats with this ruleset and time control, as people see it
    /// (rating, deviation): from Glicko-2 for games of two, from Weng-Lin for more, the model such a game is
    /// rated by; a newcomer's when they have none.
    #[must_use]
    pub fn rating_for(&self, ruleset: &RulesetSpec, time_control: &TimeControl, seats: u8, now: Millis) -> (f64, f64) {
        let kind = ruleset.kind().name();
        let speed = speed_text(speed_class(ruleset, time_control));
        let model = model_for_seats(usize::from(seats));
        let of_the_game = |row: &&RatingRow| row.kind == kind && row.speed == speed && row.model == model;
        shown_or_newcomer(self.ratings.iter().find(of_the_game), now)
    }
}

/// Whether the player with colour balance `a` should take the first seat against one with `b`: whoever has
/// played first less often lately does; `coin` decides a tie.
#[must_use]
pub fn takes_first_seat(a: i32, b: i32, coin: bool) -> bool {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => coin,
    }
}

#[cfg(test)]
mod tests {
    use super::takes_first_seat;

    #[test]
    fn who_played_first_less_often_plays_first() {
        assert!(takes_first_seat(-2, 3, false));
        assert!(!takes_first_seat(4, 0, true));
        assert!(takes_first_seat(1, 1, true) && !takes_first_seat(1, 1, false));
    }
}
