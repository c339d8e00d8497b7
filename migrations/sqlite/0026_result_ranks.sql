-- Every seat's rank in a finished game's result (issue #34), in seat order, separated by colons (`2:1:3`), as the
-- scores are: a game of more than two seats is not told by its winner alone (a shared second place, a seat that
-- left ranked last). NULL for a game without a result, and for games of two stored before this column, whose
-- winner says their ranks. Games of more seats finished before it get theirs from their last result event. The
-- same shape as migrations/postgres/0026_result_ranks.sql.
ALTER TABLE games ADD COLUMN ranks TEXT;
UPDATE games SET ranks = (
    SELECT group_concat(rank.value, ':')
    FROM json_each((
        SELECT json_extract(e.payload, '$.result.ranks') FROM game_events e
        WHERE e.game_id = games.id AND e.kind IN ('ended', 'adjudicated') ORDER BY e.seq DESC LIMIT 1
    )) AS rank
)
WHERE status = 'finished' AND players LIKE '% % %';
