-- The opening explorer (GET /api/explorer): one row per finished game and turn of its opening (the first 12
-- turns), keyed by the position before the turn: the hex SHA-256 of the engine's canonical position bytes,
-- which every way of reaching a position shares. `result` is the game's (`first`, `second` or `draw`), `band`
-- the players' average rating at the start rounded down to 200 (0 when not known: casual and imported games),
-- `speed` the speed class with correspondence apart. Written when a game finishes, by imports, and by
-- `kartka admin explorer rebuild`.
CREATE TABLE explorer_turns (
    game_id    TEXT    NOT NULL REFERENCES games (id),
    turn_index INTEGER NOT NULL CHECK (turn_index >= 0),
    ruleset    TEXT    NOT NULL,
    position   TEXT    NOT NULL,
    turn       TEXT    NOT NULL,
    result     TEXT    NOT NULL CHECK (result IN ('first', 'second', 'draw')),
    band       INTEGER NOT NULL CHECK (band >= 0),
    speed      TEXT    NOT NULL CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classical', 'correspondence')),
    PRIMARY KEY (game_id, turn_index)
) STRICT;

-- A position's next turns are one range of this index, which holds every column the count reads; band and
-- speed follow the position so that either filter narrows the range.
CREATE INDEX explorer_by_position ON explorer_turns (ruleset, position, band, speed, turn, result);
