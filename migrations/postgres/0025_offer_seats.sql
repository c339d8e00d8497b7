-- Stored offers of more than two seats (issue #34): a challenge or a correspondence seek seats its creator and
-- every taker, so who is in an open offer is a list, not one `opponent_id` / `acceptor_id` column. The same shape
-- as migrations/sqlite/0025_offer_seats.sql.
--
-- `offer_seats` holds both kinds of offer: the creator (join order 0), each player who took a seat (in join
-- order) and, for a challenge, each invited player who has not answered yet (no join time); `invited` is an
-- invited player's place in the creator's list, NULL for who was not invited. One table serves
-- both kinds because what is stored per seat is the same and both are read by one code path; an offer's id is a
-- v4 UUID drawn for it alone, so a challenge's and a seek's rows never meet, and as a foreign key can name one
-- table only, the rows are written only in the transactions that write or take their offer. `seat` is a seat
-- fixed in advance: the creator's `first` or `second`, and every seat of a rematch (the played game's rotated).
--
-- `revision` counts the changes of an open offer's seats: a join, a leave or the acceptance that starts the
-- game is written only if the offer's revision is still the one read, so two players racing for the last seat
-- cannot both take it. `opponent_id` and `acceptor_id` are no longer written or read; their values move here
-- (an acceptance's time was not stored, so a taken offer's taker counts as joined when the offer was made).
ALTER TABLE challenges ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seeks ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

CREATE TABLE offer_seats (
    offer_id   UUID    NOT NULL,
    account_id UUID    NOT NULL REFERENCES accounts (id),
    invited    BIGINT  CHECK (invited >= 0),
    seat       BIGINT  CHECK (seat BETWEEN 0 AND 5),
    joined_at  BIGINT,
    join_order BIGINT,
    PRIMARY KEY (offer_id, account_id),
    CHECK ((joined_at IS NULL) = (join_order IS NULL))
);
-- The open challenges an account is in, for `GET /api/challenges`.
CREATE INDEX offer_seats_by_account ON offer_seats (account_id, offer_id);

INSERT INTO offer_seats (offer_id, account_id, invited, seat, joined_at, join_order)
    SELECT id, challenger_id, NULL, CASE colour WHEN 'first' THEN 0 WHEN 'second' THEN 1 END, created_at, 0
    FROM challenges;
INSERT INTO offer_seats (offer_id, account_id, invited, seat, joined_at, join_order)
    SELECT id, opponent_id, 0, NULL, CASE WHEN status = 'accepted' THEN created_at END,
        CASE WHEN status = 'accepted' THEN 1 END
    FROM challenges WHERE opponent_id IS NOT NULL;
INSERT INTO offer_seats (offer_id, account_id, invited, seat, joined_at, join_order)
    SELECT id, creator_id, NULL, CASE colour WHEN 'first' THEN 0 WHEN 'second' THEN 1 END, created_at, 0
    FROM seeks;
INSERT INTO offer_seats (offer_id, account_id, invited, seat, joined_at, join_order)
    SELECT id, acceptor_id, NULL, NULL, created_at, 1 FROM seeks WHERE acceptor_id IS NOT NULL;
