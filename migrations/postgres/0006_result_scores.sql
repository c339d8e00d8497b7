-- The points of a result, for games whose rules count them: "first:second" (e.g. "3:1"), NULL otherwise. A
-- finished game read back from the store keeps its scores, as its `ended` event already does.
ALTER TABLE games ADD COLUMN scores TEXT;
