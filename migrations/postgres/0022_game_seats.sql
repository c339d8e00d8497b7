-- Seats as data (issue #34): a game has two to six seats, so who sits where, whose clock shows what and whose
-- turn it is are lists, not pairs of columns. The same shape as migrations/sqlite/0022_game_seats.sql.
--
-- `game_seats` holds one row per seat: the per-player lists (a player's games, by kind, against an opponent)
-- read its indexes, so it copies the game's kind and creation time. `games.players` is the same seats as one
-- value in seat order (ids separated by spaces), read with the game's row so that loading a game or a page of
-- games needs no join that each backend would write its own way. Both are written once, in the transaction
-- that inserts the game, and never change: a game's seats are taken before it starts.
CREATE TABLE game_seats (
    game_id    UUID     NOT NULL REFERENCES games (id),
    seat       SMALLINT NOT NULL CHECK (seat BETWEEN 0 AND 5),
    account_id UUID     NOT NULL REFERENCES accounts (id),
    kind       TEXT     NOT NULL,
    created_at BIGINT   NOT NULL,
    PRIMARY KEY (game_id, seat)
);

INSERT INTO game_seats (game_id, seat, account_id, kind, created_at)
    SELECT id, 0, first_id, kind, created_at FROM games
    UNION ALL
    SELECT id, 1, second_id, kind, created_at FROM games;

-- A player's games, newest first (`game_id` breaks ties for stable paging), and the same by kind: they replace
-- games_by_first_player, games_by_second_player and their `_kind` pairs. Head to head reads the first for one
-- player and the primary key for the other.
CREATE INDEX game_seats_by_player ON game_seats (account_id, created_at, game_id);
CREATE INDEX game_seats_by_player_kind ON game_seats (account_id, kind, created_at, game_id);

ALTER TABLE games ADD COLUMN players TEXT;
UPDATE games SET players = first_id::text || ' ' || second_id::text;
ALTER TABLE games ALTER COLUMN players SET NOT NULL;
-- Dropping the columns drops the indexes on them (games_by_first_player and the rest).
ALTER TABLE games DROP COLUMN first_id, DROP COLUMN second_id;

-- Seat names up to the sixth, wherever a seat is named.
ALTER TABLE games DROP CONSTRAINT games_winner_check,
    ADD CONSTRAINT games_winner_check
    CHECK (winner IN ('first', 'second', 'third', 'fourth', 'fifth', 'sixth'));
ALTER TABLE moves DROP CONSTRAINT moves_seat_check,
    ADD CONSTRAINT moves_seat_check CHECK (seat IN ('first', 'second', 'third', 'fourth', 'fifth', 'sixth'));
ALTER TABLE game_progress DROP CONSTRAINT game_progress_to_act_check,
    ADD CONSTRAINT game_progress_to_act_check
    CHECK (to_act IN ('first', 'second', 'third', 'fourth', 'fifth', 'sixth'));

-- Every seat's clock in seat order, in ms, separated by colons (`60000:58200`), as the result's scores are.
ALTER TABLE game_progress ADD COLUMN clocks_ms TEXT;
UPDATE game_progress SET clocks_ms = first_ms::text || ':' || second_ms::text;
ALTER TABLE game_progress ALTER COLUMN clocks_ms SET NOT NULL, DROP COLUMN first_ms, DROP COLUMN second_ms;

ALTER TABLE moves ADD COLUMN clocks_ms TEXT;
UPDATE moves SET clocks_ms = first_ms::text || ':' || second_ms::text;
ALTER TABLE moves ALTER COLUMN clocks_ms SET NOT NULL, DROP COLUMN first_ms, DROP COLUMN second_ms;
