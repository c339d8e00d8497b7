-- What every move changes, out of the `games` row (issue #14): a move used to update `games.ply` and
-- `games.deadline`, both indexed, so PostgreSQL could never update the row in place (a HOT update) and wrote an
-- entry in each of the table's 15 indexes per move. The per-move columns now live in a narrow table of their own,
-- one row per game, with the two indexes its readers need: the primary key, and the deadline for the sweeper.
-- The same shape as migrations/sqlite/0015_game_progress.sql.

-- A game's position in play: its last event's number (the optimistic check of every change), the actions
-- played, the clocks and whose turn it is. Written on every change of the game; read joined with `games`.
-- Half of each page is left free: the rows are small, and an update finds room for its new version in the same
-- page (HOT when the deadline stays, as it does for events that are not moves).
CREATE TABLE game_progress (
    game_id   UUID   PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq       BIGINT NOT NULL CHECK (seq >= 0),
    ply       BIGINT NOT NULL CHECK (ply >= 0),
    first_ms  BIGINT NOT NULL,
    second_ms BIGINT NOT NULL,
    clock_at  BIGINT NOT NULL,
    to_act    TEXT   CHECK (to_act IN ('first', 'second')),
    deadline  BIGINT
) WITH (fillfactor = 50);

INSERT INTO game_progress (game_id, seq, ply, first_ms, second_ms, clock_at, to_act, deadline)
    SELECT id, seq, ply, first_ms, second_ms, clock_at, to_act, deadline FROM games;

-- Games whose clock runs out next, for the sweeper (it replaces `games_by_deadline` of 0001).
CREATE INDEX game_progress_by_deadline ON game_progress (deadline) WHERE deadline IS NOT NULL;

DROP INDEX games_by_deadline;
ALTER TABLE games
    DROP COLUMN seq,
    DROP COLUMN first_ms,
    DROP COLUMN second_ms,
    DROP COLUMN clock_at,
    DROP COLUMN to_act,
    DROP COLUMN deadline;

-- The archive's length order (admin search, `sort=length`) keeps its index on `games`: the game's ply as of the
-- last change of its status or result, which is its final length once it is over. Moves do not write it, so a
-- game being played sorts by the ply it had when it started (or was last adjudicated); `game_progress.ply` is
-- where it stands. Renamed so that no query can take one ply for the other.
DROP INDEX games_by_ply;
ALTER TABLE games RENAME COLUMN ply TO length;
CREATE INDEX games_by_length ON games (length, id);
