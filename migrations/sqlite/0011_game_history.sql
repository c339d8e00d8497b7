-- A player's game history filtered by game kind or by opponent (GET /api/players/{name}/games?kind=&opponent=)
-- reads one index range per seat in date order, like the unfiltered list (games_by_first_player and
-- games_by_second_player). By opponent one index serves both seats: as first, (me, opponent); as second,
-- (opponent, me). Results and speeds are filtered along those ranges: each passes a large share of a
-- player's games.
CREATE INDEX games_by_first_player_kind ON games (first_id, kind, created_at, id);
CREATE INDEX games_by_second_player_kind ON games (second_id, kind, created_at, id);
CREATE INDEX games_by_players ON games (first_id, second_id, created_at, id);
