-- Only correspondence games' deadlines are indexed (issue #14): a live game's deadline changes with every move,
-- and while `deadline` was indexed every move wrote an index entry for it. The sweeper needs correspondence
-- deadlines only (a live game's clock is its actor's, and a live game without one is found by the failover
-- sweep). The same shape as migrations/postgres/0018_correspondence_deadlines.sql (which explains the
-- PostgreSQL side).

-- `swept`: whether the sweeper watches the game's deadline, that is `games.correspondence` (copied; named apart,
-- as no column may be in both tables). Never changes. `swept_deadline`: `deadline` for such a game, else NULL.
ALTER TABLE game_progress ADD COLUMN swept INTEGER NOT NULL DEFAULT 0 CHECK (swept IN (0, 1));
ALTER TABLE game_progress ADD COLUMN swept_deadline INTEGER;
UPDATE game_progress SET swept = 1, swept_deadline = deadline
    WHERE game_id IN (SELECT id FROM games WHERE correspondence = 1);

DROP INDEX game_progress_by_deadline;
CREATE INDEX game_progress_by_swept_deadline ON game_progress (swept_deadline) WHERE swept_deadline IS NOT NULL;
