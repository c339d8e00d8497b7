-- Correspondence at scale: which games are correspondence games, as a column of their own, so that a start
-- resumes only the live games and the list of games being played can ask for one sort without decoding each
-- row's `time_control`. The same shape as migrations/sqlite/0013_correspondence_at_scale.sql.

-- Written on every insert from the game's time control (server/src/games/actor/new_game.rs); the rows stored
-- before this migration are classified from their stored time control, the protocol's `TimeControl` as JSON
-- (`{"type":"correspondence",…}`).
ALTER TABLE games ADD COLUMN correspondence BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE games SET correspondence = (time_control::jsonb ->> 'type') = 'correspondence';

-- Active games of one sort, newest or oldest first: the start's live games and `GET /api/games?status=active`
-- with its `correspondence` filter. The status is a column of the index, not a partial index's condition,
-- because the list binds it as a value.
CREATE INDEX games_by_status_and_sort ON games (status, correspondence, created_at, id);

-- Rated correspondence seeks: the game a seek starts changes ratings when its creator asked for that. The seeks
-- stored before were all casual.
ALTER TABLE seeks ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;

-- Open seeks by expiry: the sweeper tells the lobby's subscribers of those that expired since its last sweep.
CREATE INDEX seeks_open_by_expiry ON seeks (expires_at) WHERE status = 'open';
