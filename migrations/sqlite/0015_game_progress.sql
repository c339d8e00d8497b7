-- What every move changes, out of the `games` row (issue #14): a move used to rewrite the whole wide `games` row
-- and two of its indexes (`games_by_ply`, `games_by_deadline`). The per-move columns now live in a narrow table
-- of their own, one row per game, with the two indexes its readers need: the primary key, and the deadline for
-- the sweeper. The same shape as migrations/postgres/0015_game_progress.sql (which explains the PostgreSQL side).

-- A game's position in play: its last event's number (the optimistic check of every change), the actions
-- played, the clocks and whose turn it is. Written on every change of the game; read joined with `games`.
CREATE TABLE game_progress (
    game_id   TEXT    PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL CHECK (seq >= 0),
    ply       INTEGER NOT NULL CHECK (ply >= 0),
    first_ms  INTEGER NOT NULL,
    second_ms INTEGER NOT NULL,
    clock_at  INTEGER NOT NULL,
    to_act    TEXT    CHECK (to_act IN ('first', 'second')),
    deadline  INTEGER
) STRICT;

INSERT INTO game_progress (game_id, seq, ply, first_ms, second_ms, clock_at, to_act, deadline)
    SELECT id, seq, ply, first_ms, second_ms, clock_at, to_act, deadline FROM games;

-- Games whose clock runs out next, for the sweeper (it replaces `games_by_deadline` of 0001).
CREATE INDEX game_progress_by_deadline ON game_progress (deadline) WHERE deadline IS NOT NULL;

DROP INDEX games_by_deadline;
ALTER TABLE games DROP COLUMN seq;
ALTER TABLE games DROP COLUMN first_ms;
ALTER TABLE games DROP COLUMN second_ms;
ALTER TABLE games DROP COLUMN clock_at;
ALTER TABLE games DROP COLUMN to_act;
ALTER TABLE games DROP COLUMN deadline;

-- The archive's length order (admin search, `sort=length`) keeps its index on `games`: the game's ply as of the
-- last change of its status or result, which is its final length once it is over. Moves do not write it, so a
-- game being played sorts by the ply it had when it started (or was last adjudicated); `game_progress.ply` is
-- where it stands. Renamed so that no query can take one ply for the other.
DROP INDEX games_by_ply;
ALTER TABLE games RENAME COLUMN ply TO length;
CREATE INDEX games_by_length ON games (length, id);
