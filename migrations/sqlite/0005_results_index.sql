-- Admin search by result (first won, second won, draw) reads one index range in date order. The partial index
-- on drawn games that 0003 made is dropped: SQLite's planner preferred games_by_status to it and looked up the
-- winner of every finished game (about 90 ms on the kurnik corpus; docs/benchmarks/admin.md).
CREATE INDEX games_by_result ON games (status, winner, created_at, id);
DROP INDEX games_drawn;
