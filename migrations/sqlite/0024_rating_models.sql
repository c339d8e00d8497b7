-- Ratings of games of more than two seats (issue #34): a rating is kept per account, kind, speed class and model
-- (Glicko-2 for games of two, Weng-Lin for games that rank more). The same shape as
-- migrations/postgres/0024_rating_models.sql, which explains it. SQLite changes a primary key by rebuilding the
-- table; nothing references `ratings`.
CREATE TABLE ratings_rebuilt (
    account_id TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    speed      TEXT    NOT NULL CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classical')),
    model      TEXT    NOT NULL DEFAULT 'glicko2' CHECK (model IN ('glicko2', 'weng_lin')),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    CHECK (volatility > 0),
    games      INTEGER NOT NULL CHECK (games >= 1),
    updated_at INTEGER NOT NULL,
    CHECK ((model = 'glicko2') = (volatility IS NOT NULL)),
    PRIMARY KEY (account_id, kind, speed, model)
) STRICT;

INSERT INTO ratings_rebuilt (account_id, kind, speed, model, rating, deviation, volatility, games, updated_at)
    SELECT account_id, kind, speed, 'glicko2', rating, deviation, volatility, games, updated_at FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_rebuilt RENAME TO ratings;

CREATE INDEX ratings_leaderboard ON ratings (kind, speed, model, rating DESC);
