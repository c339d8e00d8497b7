-- A finished game's accepted rematch, looked up when the game is opened again so that its watchers can follow
-- to the new game (the index of 0002 covers open offers only). The same as migrations/postgres/0010_accepted_rematches.sql.
CREATE INDEX challenges_accepted_by_rematch ON challenges (rematch_of) WHERE status = 'accepted';
