-- Ratings and rated games: a game's speed class and rated flag, rated challenges and rematch offers, and one
-- Glicko-2 rating per (account, game kind, speed class).

-- The speed class from the time control's estimated duration per player, initial + 20 × increment seconds
-- (a kurnik game has about 20 turns per player): bullet under 3 minutes, blitz under 8, rapid under 25,
-- classical from 25. The server computes it the same way for new games (server/src/ratings/speed.rs).
ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT 'blitz'
    CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classical'));
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE games SET speed = CASE
    WHEN estimate < 180 THEN 'bullet'
    WHEN estimate < 480 THEN 'blitz'
    WHEN estimate < 1500 THEN 'rapid'
    ELSE 'classical'
END
FROM (
    SELECT id AS estimated_id,
        (time_control::json ->> 'initial_seconds')::BIGINT + 20 * (time_control::json ->> 'increment_seconds')::BIGINT
            AS estimate
    FROM games
) AS estimates
WHERE games.id = estimates.estimated_id;

ALTER TABLE challenges ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE challenges ADD COLUMN rematch_of UUID REFERENCES games (id);

CREATE INDEX challenges_open_by_rematch ON challenges (rematch_of) WHERE status = 'open';

-- A player's rating in one game kind and speed class, created by their first rated result there. Ratings are
-- on the Glicko-2 rating scale (1500 for a newcomer); `deviation` is as of `updated_at` and grows with
-- inactivity when read. `games` guards concurrent updates like a game's `seq`.
CREATE TABLE ratings (
    account_id UUID             NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       TEXT             NOT NULL,
    speed      TEXT             NOT NULL CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classical')),
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
    volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
    games      BIGINT           NOT NULL CHECK (games >= 1),
    updated_at BIGINT           NOT NULL,
    PRIMARY KEY (account_id, kind, speed)
);

-- The leaderboard of a kind and speed class, best first.
CREATE INDEX ratings_leaderboard ON ratings (kind, speed, rating DESC);
