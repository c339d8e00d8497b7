-- Admin review of the game archive: imported games and players, search indexes, and the audit log.
-- (0002 holds ratings, 0004 correspondence.)

-- Imported players (names taken from kurnik records) keep kind 'registered' so 0001's CHECK stays as it is;
-- the flag makes them a kind of their own. They have no password and never get a session. Their name_key
-- carries the prefix 'imported:', which no real name can have, so a real player may always take the same name.
ALTER TABLE accounts ADD COLUMN imported BOOLEAN NOT NULL DEFAULT false;

-- A game imported from a record file: `source` names the file (or upload), `source_index` the game's number in
-- it (from 1), so importing the same file twice adds nothing. Such a game keeps its historic date in
-- created_at and is never active.
ALTER TABLE games ADD COLUMN imported BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN source TEXT;
ALTER TABLE games ADD COLUMN source_index BIGINT;
ALTER TABLE games ADD COLUMN imported_at BIGINT;
CREATE UNIQUE INDEX games_by_source ON games (source, source_index) WHERE source IS NOT NULL;

-- Admin search sorts by date or by length and pages by (key, id); each filter that narrows much has an index
-- in that order, so a page is an index range scan on a large archive.
CREATE INDEX games_by_created ON games (created_at, id);
CREATE INDEX games_by_ply ON games (ply, id);
CREATE INDEX games_by_end_reason ON games (end_reason, created_at, id);
CREATE INDEX games_by_status ON games (status, created_at, id);
-- Draws are rare: without their own index a search for them reads every finished game.
CREATE INDEX games_drawn ON games (created_at, id) WHERE status = 'finished' AND winner IS NULL;

-- Who did what, when and why. Append-only: the server has no statement that changes or removes an entry,
-- and the triggers below refuse any that someone else tries.
CREATE TABLE audit_log (
    id         BIGSERIAL PRIMARY KEY,
    at         BIGINT NOT NULL,
    -- The admin; NULL for the command line and the start-up configuration (see actor_name).
    admin_id   UUID   REFERENCES accounts (id),
    actor_name TEXT   NOT NULL,
    action     TEXT   NOT NULL,
    game_id    UUID   REFERENCES games (id),
    account_id UUID   REFERENCES accounts (id),
    -- The action's specifics as JSON (the result decided, the games imported, ...).
    details    TEXT   NOT NULL,
    reason     TEXT   NOT NULL
);

CREATE INDEX audit_log_by_game ON audit_log (game_id, id) WHERE game_id IS NOT NULL;
CREATE INDEX audit_log_by_account ON audit_log (account_id, id) WHERE account_id IS NOT NULL;

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
