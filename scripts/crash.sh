#!/usr/bin/env bash
# Crash test (on demand, not in CI): kill -9 the server at random moments under load, restart it, and check
# that nothing it acknowledged was lost and that every game goes on.
#
#   scripts/crash.sh [--store sqlite|postgres|both] [--kills N] [--games N] [--think-ms MS] [--release]
#
# For each store (default: both): starts `kartka serve` on a fresh database (SQLite in a temporary directory;
# a new database on the PostgreSQL at KARTKA_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/
# postgres, dropped afterwards), runs kartka-loadgen with --record and --allow-disconnects, and N times (default
# 5) waits a random 2-7 s, kills the server with SIGKILL, waits a random 0-2 s and starts it again on the same
# port. 20 s after the last restart it ends the load (SIGTERM) and checks:
#   - the load generator saw no error frame, and every pair had a move accepted after its last reconnect
#     ("every game resumes");
#   - every acknowledged move it recorded is in the store, at its ply with its text (`kartka-loadgen check`,
#     through GET /api/games/{id} on the restarted server).
# Prints a summary per store; exits non-zero on any lost move, error or game that did not resume.
#
# Builds what it runs (debug by default: `--release` for the optimised binaries). Logs and records stay in
# the directory it prints.

set -euo pipefail

STORES=both
KILLS=5
GAMES=200
THINK_MS=100
PROFILE=debug
TAIL_S=20

while (($# > 0)); do
    case $1 in
    --store) STORES=${2:?--store needs a value}; shift 2 ;;
    --kills) KILLS=${2:?--kills needs a value}; shift 2 ;;
    --games) GAMES=${2:?--games needs a value}; shift 2 ;;
    --think-ms) THINK_MS=${2:?--think-ms needs a value}; shift 2 ;;
    --release) PROFILE=release; shift ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'crash.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"
case $STORES in
both) STORES="sqlite postgres" ;;
sqlite | postgres) ;;
*) die "--store is sqlite, postgres or both" ;;
esac

build_binaries
WORK=$(mktemp -d -t kartka-crash.XXXXXX)
echo "crash.sh: logs and records in $WORK" >&2

LOAD_PID=
cleanup() {
    [[ -n $LOAD_PID ]] && kill "$LOAD_PID" 2>/dev/null || true
    [[ -n $SERVER_PID ]] && kill -9 "$SERVER_PID" 2>/dev/null || true
    drop_database
}
trap cleanup EXIT

# Runs the crash test on store $1; prints its summary; returns non-zero on a failure.
crash_store() {
    local store=$1 dir=$WORK/$1 url kill_number load_status check_status
    mkdir -p "$dir"
    fresh_database "$store" "$dir"

    : >"$dir/server.log"
    start_server 127.0.0.1:0 "$dir/server.log"
    url=http://$ADDRESS
    "$LOADGEN" --server "$url" --games "$GAMES" --think-ms "$THINK_MS" --duration-s 3600 --allow-disconnects \
        --record "$dir/record.jsonl" --json >"$dir/load.json" 2>"$dir/load.err" &
    LOAD_PID=$!
    # Kill only once the games are being played: the first acknowledged move is in the record.
    for _ in $(seq 1 600); do
        [[ -s $dir/record.jsonl ]] && break
        kill -0 "$LOAD_PID" 2>/dev/null || break
        sleep 0.1
    done

    for kill_number in $(seq 1 "$KILLS"); do
        sleep "$((2 + RANDOM % 5)).$((RANDOM % 10))"
        kill -9 "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
        echo "crash.sh: [$store] kill $kill_number/$KILLS after $(wc -l <"$dir/record.jsonl") acknowledged moves" >&2
        sleep "$((RANDOM % 2)).$((RANDOM % 10))"
        start_server "$ADDRESS" "$dir/server.log"
    done
    sleep "$TAIL_S"
    kill -TERM "$LOAD_PID"
    load_status=0
    wait "$LOAD_PID" || load_status=$?
    LOAD_PID=

    check_status=0
    "$LOADGEN" check --server "$url" --json "$dir/record.jsonl" >"$dir/check.json" || check_status=$?
    stop_server
    drop_database

    printf '%s: %s kills; ' "$store" "$KILLS"
    jq -r '"\(.games) games, \(.moves) moves acknowledged, \(.games_started) games started, " +
        "\(.disconnects) drops, \(.reconnects) reconnects, \(.unresumed_games) games not resumed, errors \(.errors)"' \
        "$dir/load.json" 2>/dev/null || printf 'no load report (see %s)\n' "$dir/load.err"
    jq -r '"  store check: \(.moves) recorded moves in \(.games) games, \(.missing) missing"' "$dir/check.json" \
        2>/dev/null || printf '  store check failed (see %s)\n' "$dir"
    if ((load_status != 0)); then
        sed 's/^/  /' "$dir/load.err"
    fi
    ((load_status == 0 && check_status == 0))
}

failed=0
for store in $STORES; do
    crash_store "$store" || failed=1
done
if ((failed)); then
    echo "crash.sh: FAILED" >&2
    exit 1
fi
echo "crash.sh: every acknowledged move survived, every game resumed" >&2
