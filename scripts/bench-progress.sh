#!/usr/bin/env bash
# What a group commit of moves costs PostgreSQL before and after migration 0015 moved the per-move columns out
# of `games` into `game_progress` (issue #14, docs/performance.md).
#
#   scripts/bench-progress.sh [--rounds N] [--seconds S] [--games G] [--batch B]
#
# Two scratch databases get the real migrations up to 0014 and the same G active games (default 20,000); one
# then gets 0015, which copies them into `game_progress`. pgbench runs on each, with 4 clients (the default
# number of committers), a transaction shaped like a group commit of B moves (default 82, the mean group the
# throughput run made): B games' per-move columns changed (ply, seq, clock, side to act, deadline), their B
# events and B moves inserted, COMMIT. After 0015 the transaction is what the store sends: the narrow row
# updated, and the `games` update that writes only a changed status or result (none here). The two alternate
# for N rounds (default 3) of S seconds (default 10) so that a change in the machine's load hits both alike;
# each round prints both rates in moves per second, and the end the HOT share of each updated table.
#
# The databases are fresh ones on the PostgreSQL server of KARTKA_TEST_POSTGRES_URL (default
# postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Needs psql and pgbench.

set -euo pipefail

ROUNDS=3
SECONDS_EACH=10
GAMES=20000
BATCH=82
while (($#)); do
    case "$1" in
        --rounds) ROUNDS=$2; shift 2 ;;
        --seconds) SECONDS_EACH=$2; shift 2 ;;
        --games) GAMES=$2; shift 2 ;;
        --batch) BATCH=$2; shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--seconds S] [--games G] [--batch B]" >&2; exit 2 ;;
    esac
done

MIGRATIONS=$(cd "$(dirname "${BASH_SOURCE[0]}")/../migrations/postgres" && pwd -P)
SERVER_URL=${KARTKA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
BEFORE=kartka_bench_progress_before_$$
AFTER=kartka_bench_progress_after_$$
WORK=$(mktemp -d)
cleanup() {
    for name in "$BEFORE" "$AFTER"; do
        psql -q "$SERVER_URL" -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

for name in "$BEFORE" "$AFTER"; do
    url="${SERVER_URL%/*}/$name"
    psql -q "$SERVER_URL" -c "CREATE DATABASE $name"
    for file in "$MIGRATIONS"/00{01..14}_*.sql; do
        psql -q -X -v ON_ERROR_STOP=1 -1 -f "$file" "$url" >/dev/null
    done
    # Two players and the games between them, mid-game, with a running clock; the groups of B games a commit
    # takes, numbered from 0.
    psql -q -X -v ON_ERROR_STOP=1 "$url" <<SQL
INSERT INTO accounts (id, name, name_key, kind, password_hash, is_admin, banned, created_at)
    VALUES ('00000000-0000-4000-8000-000000000001', 'ala', 'ala', 'guest', NULL, FALSE, FALSE, 0),
           ('00000000-0000-4000-8000-000000000002', 'ola', 'ola', 'guest', NULL, FALSE, FALSE, 0);
INSERT INTO games (id, kind, ruleset, time_control, first_id, second_id, created_at, status, ply, seq, first_ms,
    second_ms, clock_at, to_act, deadline, speed)
    SELECT gen_random_uuid(), 'paper-soccer', '{"kind":"paper-soccer","width":8,"height":10,"goal":2}',
        '{"type":"fischer","initial_seconds":60,"increment_seconds":2}', '00000000-0000-4000-8000-000000000001',
        '00000000-0000-4000-8000-000000000002', n, 'active', 10, 12, 60000, 60000, n, 'first', n + 60000, 'bullet'
    FROM generate_series(1, $GAMES) AS n;
CREATE TABLE bench_groups AS SELECT id, (row_number() OVER (ORDER BY id) - 1) / $BATCH AS grp FROM games;
CREATE INDEX ON bench_groups (grp);
SQL
done
psql -q -X -v ON_ERROR_STOP=1 -1 -f "$MIGRATIONS"/0015_*.sql "${SERVER_URL%/*}/$AFTER" >/dev/null
GROUP_COUNT=$((GAMES / BATCH))

# The per-move columns as a move changes them; the inserted event and move of each game.
cat >"$WORK/before.sql" <<SQL
\set grp random(0, $((GROUP_COUNT - 1)))
BEGIN;
WITH moved AS (UPDATE games AS g SET ply = g.ply + 1, seq = g.seq + 1, first_ms = g.first_ms - 1000,
    clock_at = g.clock_at + 1000, to_act = CASE g.to_act WHEN 'first' THEN 'second' ELSE 'first' END,
    deadline = g.deadline + 1000 FROM bench_groups AS b WHERE b.grp = :grp AND g.id = b.id
    RETURNING g.id, g.seq, g.ply),
  events AS (INSERT INTO game_events SELECT id, seq, 'moved', '{"type":"moved"}', 0 FROM moved)
INSERT INTO moves SELECT id, ply - 1, 'first', '0', TRUE, 'm' || ply, 60000, 60000, 0 FROM moved;
COMMIT;
SQL
cat >"$WORK/after.sql" <<SQL
\set grp random(0, $((GROUP_COUNT - 1)))
BEGIN;
WITH moved AS (UPDATE game_progress AS p SET ply = p.ply + 1, seq = p.seq + 1, first_ms = p.first_ms - 1000,
    clock_at = p.clock_at + 1000, to_act = CASE p.to_act WHEN 'first' THEN 'second' ELSE 'first' END,
    deadline = p.deadline + 1000 FROM bench_groups AS b WHERE b.grp = :grp AND p.game_id = b.id
    RETURNING p.game_id AS id, p.seq, p.ply),
  outcomes AS (UPDATE games AS g SET status = 'active', winner = NULL, end_reason = NULL, length = moved.ply,
    finished_at = NULL, scores = NULL FROM moved WHERE g.id = moved.id AND (g.status IS DISTINCT FROM 'active'
    OR g.winner IS NOT NULL OR g.end_reason IS NOT NULL OR g.finished_at IS NOT NULL OR g.scores IS NOT NULL)),
  events AS (INSERT INTO game_events SELECT id, seq, 'moved', '{"type":"moved"}', 0 FROM moved)
INSERT INTO moves SELECT id, ply - 1, 'first', '0', TRUE, 'm' || ply, 60000, 60000, 0 FROM moved;
COMMIT;
SQL

echo "games: $GAMES, moves per group commit: $BATCH, 4 clients"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= ROUNDS; round++)); do
    line="round $round:"
    for shape in before after; do
        name=$BEFORE
        [[ $shape == after ]] && name=$AFTER
        if ! pgbench -n -f "$WORK/$shape.sql" -c 4 -j 2 -T "$SECONDS_EACH" "${SERVER_URL%/*}/$name" \
            >"$WORK/$shape.out" 2>&1; then
            cat "$WORK/$shape.out" >&2
            exit 1
        fi
        tps=$(sed -n 's/^tps = \([0-9.]*\) .*$/\1/p' "$WORK/$shape.out")
        line="$line $shape $(awk -v tps="$tps" -v batch="$BATCH" 'BEGIN { printf "%.0f", tps * batch }') moves/s"
    done
    echo "$line"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
sleep 1
for name in "$BEFORE" "$AFTER"; do
    psql -X -tA "${SERVER_URL%/*}/$name" -c "SELECT '$name ' || relname || ': ' || n_tup_upd || ' updates, ' ||
        n_tup_hot_upd || ' HOT' FROM pg_stat_user_tables WHERE relname IN ('games', 'game_progress') AND n_tup_upd > 0"
done
