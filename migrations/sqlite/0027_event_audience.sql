-- The private part of an event (issue #35, hidden information): a game whose kind has secrets stores each
-- event's public part in `payload`, which everyone may see, and the part only one seat (and admins) may see in
-- `private_payload`, with that seat's ordinal in `private_seat` (`first`, `second`, …): the mover's own fleet,
-- its own guess before the round resolves. Both NULL for every event of a kind of perfect information, and for
-- every event stored before this column. The same shape as migrations/postgres/0027_event_audience.sql.
ALTER TABLE game_events ADD COLUMN private_seat TEXT;
ALTER TABLE game_events ADD COLUMN private_payload TEXT;
