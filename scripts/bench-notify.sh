#!/usr/bin/env bash
# What the cluster bus's notifications add to a group commit of 512 games (issue #14, docs/performance.md).
#
#   scripts/bench-notify.sh [--rounds N] [--seconds S]
#
# pgbench runs, on one connection, a transaction shaped like a full group commit (512 games' states updated,
# 512 events inserted, COMMIT), without and then with the notifications a PostgreSQL node sends in it: the
# `GamesAdvanced` of those 512 games in three payloads of just under 8,000 bytes, as `cluster::bus::encode`
# splits it. The two alternate for N rounds (default 5) of S seconds (default 10) each, so that a change in the
# machine's load hits both alike; each round prints both average latencies. Nobody listens: a PostgreSQL node
# publishes whether or not another node runs.
#
# The database is a fresh one on the PostgreSQL server of KARTKA_TEST_POSTGRES_URL (default
# postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Needs psql and pgbench.

set -euo pipefail

ROUNDS=5
SECONDS_EACH=10
while (($#)); do
    case "$1" in
        --rounds) ROUNDS=$2; shift 2 ;;
        --seconds) SECONDS_EACH=$2; shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--seconds S]" >&2; exit 2 ;;
    esac
done

SERVER_URL=${KARTKA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
NAME=kartka_bench_notify_$$
DB_URL="${SERVER_URL%/*}/$NAME"
WORK=$(mktemp -d)
cleanup() {
    psql -q "$SERVER_URL" -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

psql -q "$SERVER_URL" -c "CREATE DATABASE $NAME"
# The games, and their GamesAdvanced payloads as the server encodes them: compact JSON, each game
# ["<32 hex digits>",seq], 188 games to a payload (its seq has 4 digits here), so 7,9xx bytes each.
psql -q "$DB_URL" <<'SQL'
CREATE TABLE bench_games (id uuid PRIMARY KEY, seq bigint NOT NULL);
CREATE TABLE bench_events (game_id uuid NOT NULL, seq bigint NOT NULL, kind text NOT NULL, payload text NOT NULL,
    at bigint NOT NULL, PRIMARY KEY (game_id, seq));
INSERT INTO bench_games SELECT gen_random_uuid(), 1000 FROM generate_series(1, 512);
CREATE TABLE bench_payloads AS
    SELECT '{"origin":"' || replace(gen_random_uuid()::text, '-', '') || '","message":{"games_advanced":['
        || string_agg('["' || replace(id::text, '-', '') || '",' || seq || ']', ',') || ']}}' AS payload
    FROM (SELECT id, seq, (row_number() OVER () - 1) / 188 AS part FROM bench_games) AS parts GROUP BY part;
SQL
psql -q "$DB_URL" -tAc "SELECT 'payload bytes: ' || string_agg(length(payload)::text, ', ') FROM bench_payloads"

cat >"$WORK/batch.sql" <<'SQL'
BEGIN;
UPDATE bench_games SET seq = seq + 1;
INSERT INTO bench_events SELECT id, seq, 'moved', '{"type":"moved","ply":1}', 0 FROM bench_games;
COMMIT;
SQL
# The same, with the one statement the store adds (cluster::bus::publish: pg_notify over an array).
cat >"$WORK/batch_notify.sql" <<'SQL'
BEGIN;
UPDATE bench_games SET seq = seq + 1;
INSERT INTO bench_events SELECT id, seq, 'moved', '{"type":"moved","ply":1}', 0 FROM bench_games;
SELECT pg_notify('kartka_bus', payload) FROM bench_payloads;
COMMIT;
SQL

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= ROUNDS; round++)); do
    line="round $round:"
    for script in batch batch_notify; do
        latency=$(pgbench -n -f "$WORK/$script.sql" -c 1 -j 1 -T "$SECONDS_EACH" "$DB_URL" 2>/dev/null |
            sed -n 's/^latency average = \(.*\) ms$/\1/p')
        line="$line $script ${latency} ms"
    done
    echo "$line"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
