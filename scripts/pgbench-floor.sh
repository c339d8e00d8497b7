#!/usr/bin/env bash
# PostgreSQL's floor for a stored move: what PostgreSQL's processes spend when pgbench writes the rows a move
# writes — one `game_progress` update, one `game_events` row and one `moves` row — into kartka's own schema
# (every migration applied, so the same indexes, checks and foreign keys), with nothing else running.
#
#   scripts/pgbench-floor.sh [--seconds N] [--clients C] [--batches 1,8,82] [--rate R]
#
# For each batch size B: each pgbench client owns B games and writes one move of each per transaction, in one
# statement (as kartka's group commit does); B = 1 is a single-move transaction, 82 the mean group kartka's
# committers reached in the throughput run (docs/performance.md). Prints one JSON line per batch size: moves/s,
# PostgreSQL's CPU per move (µs, every PostgreSQL process of the machine, from /proc) and per transaction, and
# the load average. With --rate R it then writes single-move transactions at R a second (pgbench's --rate, over
# the same clients) and prints the transactions' own latency, p50, p99 and the largest (from pgbench's
# per-transaction log, each transaction's time less its lag behind its schedule, as a client's move → ack
# counts from the moment the move is sent): the floor under the 1,000-game run's p99, PostgreSQL committing
# each move alone at that run's rate. Uses KARTKA_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) for a
# scratch database, dropped at the end. Timings are printed, never checked.

set -euo pipefail

SECONDS_PER_RUN=30
CLIENTS=32
BATCHES=1,8,82
RATE=
while (($# > 0)); do
    case $1 in
    --seconds) SECONDS_PER_RUN=${2:?--seconds needs a value}; shift 2 ;;
    --clients) CLIENTS=${2:?--clients needs a value}; shift 2 ;;
    --batches) BATCHES=${2:?--batches needs a value}; shift 2 ;;
    --rate) RATE=${2:?--rate needs a value}; shift 2 ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'pgbench-floor.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
[[ $SECONDS_PER_RUN =~ ^[1-9][0-9]*$ ]] || { echo "pgbench-floor.sh: --seconds is a positive number" >&2; exit 2; }
[[ $CLIENTS =~ ^[1-9][0-9]*$ ]] || { echo "pgbench-floor.sh: --clients is a positive number" >&2; exit 2; }
[[ $BATCHES =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || { echo "pgbench-floor.sh: --batches is a list like 1,8,32" >&2; exit 2; }
[[ -z $RATE || $RATE =~ ^[1-9][0-9]*$ ]] || { echo "pgbench-floor.sh: --rate is a positive number" >&2; exit 2; }
PROFILE=release
# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"

FLOOR_DB=kartka_floor_$RANDOM$RANDOM
FLOOR_URL="${POSTGRES_URL%/*}/$FLOOR_DB"
WORK=$(mktemp -d -t kartka-pgbench-floor.XXXXXX)
cleanup() {
    psql -w -X -q -d "$POSTGRES_URL" -c "DROP DATABASE IF EXISTS $FLOOR_DB WITH (FORCE)" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

psql -w -X -q -d "$POSTGRES_URL" -c "CREATE DATABASE $FLOOR_DB" >/dev/null
for migration in "$REPO_ROOT"/migrations/postgres/*.sql; do
    psql -w -X -q -v ON_ERROR_STOP=1 -d "$FLOOR_URL" -f "$migration" >/dev/null
done

# Game `k` of client `c` (pgbench numbers clients from 0) has a UUID made of both, so clients never share a row.
game_id="('00000000-0000-4000-' || lpad(to_hex(:client_id), 4, '0') || '-' || lpad(to_hex(k), 12, '0'))::uuid"
# A move's rows as kartka writes them in a Paper Soccer game: a short notation, two clocks, an event payload
# of the size of a move event.
clocks="'[86400000,86400000]'"
payload="'{\"type\":\"moved\",\"seat\":\"first\",\"ply\":' || :n || ',\"notation\":\"2\",\"turn_ended\":true,\"clocks_ms\":[86400000,86400000],\"to_act\":\"second\"}'"

for batch in ${BATCHES//,/ }; do
    games=$((CLIENTS * batch))
    psql -w -X -q -v ON_ERROR_STOP=1 -d "$FLOOR_URL" >/dev/null <<SQL
DELETE FROM moves; DELETE FROM game_events; DELETE FROM game_progress; DELETE FROM games;
INSERT INTO games (id, kind, ruleset, time_control, created_at, status, length, players)
SELECT ('00000000-0000-4000-' || lpad(to_hex(c), 4, '0') || '-' || lpad(to_hex(k), 12, '0'))::uuid,
       'paper-soccer', '{"kind":"paper-soccer"}', '{"fischer":[86400,0]}', 0, 'active', 0, '[]'
FROM generate_series(0, $CLIENTS - 1) AS c, generate_series(0, $batch - 1) AS k;
INSERT INTO game_progress (game_id, seq, ply, clock_at, to_act, clocks_ms)
SELECT id, 0, 0, 0, 'first', $clocks FROM games;
VACUUM ANALYZE;
SQL
    # One transaction: move n of each of this client's games, in one statement (n counts from 1 per client).
    cat >"$WORK/moves-$batch.sql" <<SQL
\\set n :n + 1
WITH mine AS (SELECT $game_id AS id FROM generate_series(0, $batch - 1) AS k),
moved AS (UPDATE game_progress AS p SET seq = :n, ply = :n, clock_at = :n, clocks_ms = $clocks,
          to_act = CASE WHEN :n % 2 = 0 THEN 'first' ELSE 'second' END
          FROM mine WHERE p.game_id = mine.id RETURNING p.game_id),
events AS (INSERT INTO game_events (game_id, seq, kind, payload, at)
           SELECT game_id, :n, 'moved', $payload, :n FROM moved),
new_moves AS (INSERT INTO moves (game_id, ply, seat, notation, turn_ended, client_move_id, clocks_ms, received_at)
              SELECT game_id, :n - 1, 'first', '2', true, 'm' || :n, $clocks, :n FROM moved)
SELECT count(*) FROM moved;
SQL
    ticks_before=$(postgres_ticks)
    started=$(date +%s.%N)
    transactions=$(pgbench -n -D n=0 -f "$WORK/moves-$batch.sql" -c "$CLIENTS" -j $((CLIENTS < 2 ? 1 : 2)) \
        -T "$SECONDS_PER_RUN" "$FLOOR_URL" 2>/dev/null |
        sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p')
    ended=$(date +%s.%N)
    ticks=$(($(postgres_ticks) - ticks_before))
    [[ -n $transactions && $transactions -gt 0 ]] || { echo "pgbench-floor.sh: pgbench wrote nothing" >&2; exit 1; }
    stored=$(psql -w -X -q -t -A -d "$FLOOR_URL" -c "SELECT count(*) FROM moves")
    ((stored == transactions * batch)) || {
        echo "pgbench-floor.sh: $stored moves stored for $transactions transactions of $batch" >&2
        exit 1
    }
    jq -n -c --argjson batch "$batch" --argjson clients "$CLIENTS" --argjson transactions "$transactions" \
        --argjson moves "$stored" --argjson ticks "$ticks" --argjson hz "$(getconf CLK_TCK)" \
        --argjson seconds "$(echo "$ended - $started" | bc -l)" --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" \
        '{floor: "pgbench", batch: $batch, clients: $clients, transactions: $transactions, moves: $moves,
          moves_per_second: (($moves / $seconds) | round),
          postgres_cpu_us_per_move: (($ticks / $hz * 1e6 / $moves) | round),
          postgres_cpu_us_per_transaction: (($ticks / $hz * 1e6 / $transactions) | round),
          load_average: $load}'
done

# The latency floor: one move a transaction at a fixed rate, each transaction's own time from pgbench's log.
if [[ -n $RATE ]]; then
    [[ -r $WORK/moves-1.sql ]] || { echo "pgbench-floor.sh: --rate needs batch 1 in --batches" >&2; exit 2; }
    mkdir -p "$WORK/log"
    (cd "$WORK/log" && pgbench -n -D n=1000000 -f "$WORK/moves-1.sql" -c "$CLIENTS" -j $((CLIENTS < 2 ? 1 : 2)) \
        -R "$RATE" -T "$SECONDS_PER_RUN" -l --log-prefix=tx "$FLOOR_URL" >/dev/null 2>&1)
    # Fields: client, transaction, time (µs, from the scheduled start), script, epoch s, µs, lag behind the
    # schedule (µs).
    cat "$WORK"/log/tx* | awk '{ print $3 - $7 }' | sort -n >"$WORK/latencies"
    count=$(wc -l <"$WORK/latencies")
    ((count > 0)) || { echo "pgbench-floor.sh: the rate run logged no transaction" >&2; exit 1; }
    percentile() { sed -n "$(((count * $1 + 99) / 100))p" "$WORK/latencies"; }
    jq -n -c --argjson rate "$RATE" --argjson clients "$CLIENTS" --argjson transactions "$count" \
        --argjson p50 "$(percentile 50)" --argjson p99 "$(percentile 99)" --argjson max "$(tail -n 1 "$WORK/latencies")" \
        --argjson seconds "$SECONDS_PER_RUN" --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" \
        '{floor: "pgbench-latency", batch: 1, rate: $rate, clients: $clients, transactions: $transactions,
          moves_per_second: (($transactions / $seconds) | round),
          p50_ms: ($p50 / 1000), p99_ms: ($p99 / 1000), max_ms: ($max / 1000), load_average: $load}'
fi
