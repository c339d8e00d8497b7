-- Every seat that must act (issue #35, simultaneous phases): one, or several at once (both fleets placed
-- together, a round of guesses), in seat order, separated by commas (`first,second`); NULL when none acts.
-- `to_act` stays the first of them, for the queries and readers that know one seat to act. Every game stored
-- before this column has one seat to act at most: its `to_act`. The same shape as
-- migrations/postgres/0028_seats_to_act.sql.
ALTER TABLE game_progress ADD COLUMN seats_to_act TEXT;
UPDATE game_progress SET seats_to_act = to_act WHERE to_act IS NOT NULL;
