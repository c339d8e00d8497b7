-- Ratings of games of more than two seats (issue #34): Glicko-2 rates a game of two; a game that ranks three or
-- more is rated by Weng-Lin, on leaderboards of its own. A rating is kept per account, kind, speed class and
-- model; a Weng-Lin rating stores its skill in `rating` and its uncertainty in `deviation` and has no
-- volatility. The same shape as migrations/sqlite/0024_rating_models.sql.
ALTER TABLE ratings ADD COLUMN model TEXT NOT NULL DEFAULT 'glicko2' CHECK (model IN ('glicko2', 'weng_lin'));
ALTER TABLE ratings ALTER COLUMN volatility DROP NOT NULL;
ALTER TABLE ratings ADD CONSTRAINT ratings_volatility_of_glicko CHECK ((model = 'glicko2') = (volatility IS NOT NULL));
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey, ADD PRIMARY KEY (account_id, kind, speed, model);
DROP INDEX ratings_leaderboard;
CREATE INDEX ratings_leaderboard ON ratings (kind, speed, model, rating DESC);
