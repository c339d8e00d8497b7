-- Only correspondence games' deadlines are indexed (issue #14). A live game's deadline changes with every move,
-- so while `deadline` was indexed every move wrote an index entry, and PostgreSQL could never update the progress
-- row in place (a HOT update needs every indexed column unchanged, whether or not the row is in a partial
-- index). The sweeper needs correspondence deadlines only: a live game is run by an actor on a live node, which
-- keeps its own clock, and one whose node died or whose actor stopped is found by the failover sweep (active
-- live games without a live node's lease, every heartbeat). So the sweeper's deadline is a column of its own,
-- which a live game never changes. The same shape as migrations/sqlite/0018_correspondence_deadlines.sql.

-- `swept`: whether the sweeper watches the game's deadline, that is `games.correspondence` (copied: every write
-- of the progress row reads it; named apart, as no column may be in both tables). Never changes.
-- `swept_deadline`: `deadline` for such a game, NULL for any other.
ALTER TABLE game_progress
    ADD COLUMN swept BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN swept_deadline BIGINT;
UPDATE game_progress p SET swept = TRUE, swept_deadline = p.deadline
    FROM games g WHERE g.id = p.game_id AND g.correspondence;

DROP INDEX game_progress_by_deadline;
CREATE INDEX game_progress_by_swept_deadline ON game_progress (swept_deadline) WHERE swept_deadline IS NOT NULL;
