#!/usr/bin/env bash
# The figures of docs/performance.md, in one run, each beside its floor (issue #39): the load generator against a
# release server on PostgreSQL and on SQLite, a bare WebSocket relay and pgbench on the same machine beside them.
#
#   scripts/bench-load.sh [--seconds N]
#
# For each store, on a fresh database: a throughput run (200 games, no think time, the server's message limit
# per socket lifted, so the server is the bottleneck) and a latency run (1,000 games at a fixed 1,000 ms mean
# think time, the default limits); and the throughput run on an in-memory SQLite database, the ceiling with no
# disk. Then the floors: the bare relay (kartka-relay: a move's frames over the same 200 pairs of sockets, no
# decoding, rules or store), PostgreSQL's CPU per move when pgbench writes a move's rows into kartka's schema
# (scripts/pgbench-floor.sh: one move per transaction, and groups of 82) and the latency of one move a
# transaction at the 1,000-game run's rate, and pgbench's one-row INSERT per
# transaction with 1 and 32 clients, against the PostgreSQL at KARTKA_TEST_POSTGRES_URL (default
# postgres://postgres@127.0.0.1:5432/postgres, trust auth), on scratch databases. Each run lasts --seconds
# (default 30); the reports (JSON, one per line, in reports.jsonl) and the server logs stay in the directory it
# prints, and scripts/bench-ratios.sh prints each figure beside its floor at the end. Timings are not checked;
# a run with errors fails.

set -euo pipefail

SECONDS_PER_RUN=30
PROFILE=release
while (($# > 0)); do
    case $1 in
    --seconds) SECONDS_PER_RUN=${2:?--seconds needs a value}; shift 2 ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'bench-load.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"

build_binaries
WORK=$(mktemp -d -t kartka-bench-load.XXXXXX)
echo "bench-load.sh: reports and logs in $WORK" >&2
cleanup() {
    stop_server
    drop_database
}
trap cleanup EXIT

print_machine

# One load run on store $1 named $2: the server gets the environment assignments in $3, the generator the
# remaining arguments.
load_run() {
    local store=$1 name=$2 server_env=$3 dir
    shift 3
    dir=$WORK/$store-$name
    mkdir -p "$dir"
    fresh_database "$store" "$dir"
    # shellcheck disable=SC2086 # the assignments are separate words on purpose
    start_server 127.0.0.1:0 "$dir/server.log" $server_env
    echo "+ kartka-loadgen --server http://$ADDRESS --server-pid $SERVER_PID $* --duration-s $SECONDS_PER_RUN --json" \
        "   # $store, server env: ${server_env:-defaults}" >&2
    local ticks_before started ended
    ticks_before=$(postgres_ticks)
    started=$(date +%s.%N)
    "$LOADGEN" --server "http://$ADDRESS" --server-pid "$SERVER_PID" "$@" --duration-s "$SECONDS_PER_RUN" --json \
        >"$dir/report.json"
    ended=$(date +%s.%N)
    # PostgreSQL's share of one core over the whole run (set-up included), beside the server's and the
    # generator's in the report: where a move's CPU goes on this machine.
    local postgres_seconds postgres_cpu
    postgres_seconds=$(printf '%.3f' "$(echo "($(postgres_ticks) - $ticks_before) / $(getconf CLK_TCK)" | bc -l)")
    postgres_cpu=$(printf '%.1f' "$(echo "$postgres_seconds * 100 / ($ended - $started)" | bc -l)")
    stop_server
    drop_database
    jq -c --arg store "$store" --arg run "$name" --argjson pg "$postgres_cpu" --argjson pg_s "$postgres_seconds" \
        '{store: $store, run: $run, postgres_cpu_percent: $pg, postgres_cpu_seconds: $pg_s} + .' "$dir/report.json" |
        tee -a "$WORK/reports.jsonl"
}

for store in postgres sqlite; do
    load_run "$store" throughput "KARTKA_WS_RATE=100000" --games 200 --think-ms 0
    load_run "$store" latency "" --games 1000 --think-ms 1000
done
# The same throughput run with nothing written to a disk: what the server and the generator, sharing the
# machine's cores, leave for any store to reach.
load_run memory throughput "KARTKA_WS_RATE=100000" --games 200 --think-ms 0

# The floor under the server's part: a bare relay carrying a move's frames over the throughput run's sockets.
RELAY_PID=
stop_relay() {
    if [[ -n $RELAY_PID ]]; then
        kill "$RELAY_PID" 2>/dev/null || true
        wait "$RELAY_PID" 2>/dev/null || true
        RELAY_PID=
    fi
}
trap 'stop_relay; cleanup' EXIT
"$RELAY" serve --listen 127.0.0.1:0 >"$WORK/relay.log" 2>&1 &
RELAY_PID=$!
relay_address=
for _ in $(seq 1 100); do
    relay_address=$(sed -n 's/^listening on //p' "$WORK/relay.log")
    [[ -n $relay_address ]] && break
    kill -0 "$RELAY_PID" 2>/dev/null || die "the relay exited; see $WORK/relay.log"
    sleep 0.1
done
[[ -n $relay_address ]] || die "the relay did not start; see $WORK/relay.log"
echo "+ kartka-relay drive --relay $relay_address --relay-pid $RELAY_PID --games 200 --duration-s $SECONDS_PER_RUN" >&2
"$RELAY" drive --relay "$relay_address" --relay-pid "$RELAY_PID" --games 200 --duration-s "$SECONDS_PER_RUN" |
    jq -c --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" '{floor: "relay", load_average: $load} + .' |
    tee -a "$WORK/reports.jsonl"
stop_relay

# The floor under PostgreSQL's part: a move's rows written by pgbench, one move a transaction and groups of 82;
# then one move a transaction at the rate the 1,000-game run reached, the floor under its p99.
latency_rate=$(jq -s 'map(select(.store == "postgres" and .run == "latency")) | first | .moves_per_s | round' \
    "$WORK/reports.jsonl")
echo "+ scripts/pgbench-floor.sh --seconds $SECONDS_PER_RUN --batches 1,82 --rate $latency_rate" >&2
"$REPO_ROOT/scripts/pgbench-floor.sh" --seconds "$SECONDS_PER_RUN" --batches 1,82 --rate "$latency_rate" |
    tee -a "$WORK/reports.jsonl"

# pgbench: one row per transaction, on a scratch database.
PGBENCH_DB=kartka_pgbench_$RANDOM$RANDOM
PG_DATABASE=$PGBENCH_DB
psql -w -X -q -d "$POSTGRES_URL" -c "CREATE DATABASE $PGBENCH_DB" >/dev/null
PGBENCH_URL="${POSTGRES_URL%/*}/$PGBENCH_DB"
psql -w -X -q -d "$PGBENCH_URL" -c \
    "CREATE TABLE bench_rows (id bigserial PRIMARY KEY, value integer NOT NULL, at timestamptz NOT NULL DEFAULT now())"
printf 'INSERT INTO bench_rows (value) VALUES (1);\n' >"$WORK/insert.sql"
for clients in 1 32; do
    echo "+ pgbench -n -f insert.sql -c $clients -j $(( clients < 2 ? 1 : 2 )) -T $SECONDS_PER_RUN" >&2
    pgbench -n -f "$WORK/insert.sql" -c "$clients" -j $((clients < 2 ? 1 : 2)) -T "$SECONDS_PER_RUN" "$PGBENCH_URL" \
        2>/dev/null >"$WORK/pgbench-$clients.txt"
    jq -n -c --argjson clients "$clients" \
        --argjson tps "$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/pgbench-$clients.txt")" \
        --argjson latency "$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$WORK/pgbench-$clients.txt")" \
        '{floor: "pgbench-insert", clients: $clients, tps: $tps, latency_average_ms: $latency}' |
        tee -a "$WORK/reports.jsonl"
done
drop_database
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
"$REPO_ROOT/scripts/bench-ratios.sh" "$WORK/reports.jsonl"
