-- Ratings and rated games: a game's speed class and rated flag, rated challenges and rematch offers, and one
-- Glicko-2 rating per (account, game kind, speed class). The same shape as migrations/postgres.

-- The speed class from the time control's estimated duration per player, initial + 20 × increment seconds
-- (a kurnik game has about 20 turns per player): bullet under 3 minutes, blitz under 8, rapid under 25,
-- classical from 25. The server computes it the same way for new games (server/src/ratings/speed.rs).
ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT 'blitz'
    CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classical'));
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
UPDATE games SET speed = CASE
    WHEN json_extract(time_control, '$.initial_seconds') + 20 * json_extract(time_control, '$.increment_seconds')
        < 180 THEN 'bullet'
    WHEN json_extract(time_control, '$.initial_seconds') + 20 * json_extract(time_control, '$.increment_seconds')
        < 480 THEN 'blitz'
    WHEN json_extract(time_control, '$.initial_seconds') + 20 * json_extract(time_control, '$.increment_seconds')
        < 1500 THEN 'rapid'
    ELSE 'classical'
END;

ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE challenges ADD COLUMN rematch_of TEXT REFERENCES games (id);

CREATE INDEX challenges_open_by_rematch ON challenges (rematch_of) WHERE status = 'open';

-- A player's rating in one game kind and speed class, created by their first rated result there. Ratings are
-- on the Glicko-2 rating scale (1500 for a newcomer); `deviation` is as of `updated_at` and grows with
-- inactivity when read. `games` guards concurrent updates like a game's `seq`.
CREATE TABLE ratings (
    account_id TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    speed      TEXT    NOT NULL CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classical')),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    games      INTEGER NOT NULL CHECK (games >= 1),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, kind, speed)
) STRICT;

-- The leaderboard of a kind and speed class, best first.
CREATE INDEX ratings_leaderboard ON ratings (kind, speed, rating DESC);
