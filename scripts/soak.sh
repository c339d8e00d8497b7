#!/usr/bin/env bash
# Soak test (on demand, not in CI): many live games for a long time, with flat memory and no errors.
#
#   scripts/soak.sh [--store postgres|sqlite] [--minutes N] [--games N] [--think-ms MS]
#                   [--warmup-minutes N] [--rss-growth-percent P] [--debug]
#
# Defaults: PostgreSQL (a new database at KARTKA_TEST_POSTGRES_URL, default
# postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards), 30 minutes, 1,000 games, 1,000 ms mean
# think time, release build. Starts `kartka serve`, runs kartka-loadgen for the whole time with the server's
# pid, and samples the server's RSS every 10 s (rss.tsv: seconds since start, KiB).
#
# Fails (exit 1) when the load generator reports any error or dropped connection, or when the server's RSS
# after the warm-up (default: the first 5 minutes, when every game, socket and cache is being set up) rises
# above the RSS at the end of the warm-up by more than the stated bound (default 25 %). Games end and new
# ones start all the time, so memory that keeps growing past the warm-up is memory kept for finished games
# or closed sockets: a leak.

set -euo pipefail

STORE=postgres
MINUTES=30
GAMES=1000
THINK_MS=1000
WARMUP_MINUTES=5
GROWTH_PERCENT=25
PROFILE=release
SAMPLE_S=10

while (($# > 0)); do
    case $1 in
    --store) STORE=${2:?--store needs a value}; shift 2 ;;
    --minutes) MINUTES=${2:?--minutes needs a value}; shift 2 ;;
    --games) GAMES=${2:?--games needs a value}; shift 2 ;;
    --think-ms) THINK_MS=${2:?--think-ms needs a value}; shift 2 ;;
    --warmup-minutes) WARMUP_MINUTES=${2:?--warmup-minutes needs a value}; shift 2 ;;
    --rss-growth-percent) GROWTH_PERCENT=${2:?--rss-growth-percent needs a value}; shift 2 ;;
    --debug) PROFILE=debug; shift ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'soak.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"
((WARMUP_MINUTES < MINUTES)) || die "the warm-up must be shorter than the soak"

build_binaries
WORK=$(mktemp -d -t kartka-soak.XXXXXX)
echo "soak.sh: logs and samples in $WORK" >&2
cleanup() {
    stop_server
    drop_database
}
trap cleanup EXIT

fresh_database "$STORE" "$WORK"
start_server 127.0.0.1:0 "$WORK/server.log" KARTKA_LOG=warn,kartka_server::cli=info

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status"; }

"$LOADGEN" --server "http://$ADDRESS" --games "$GAMES" --think-ms "$THINK_MS" --duration-s $((MINUTES * 60)) \
    --server-pid "$SERVER_PID" --json >"$WORK/load.json" 2>"$WORK/load.err" &
LOAD_PID=$!
START=$SECONDS
printf 'seconds\trss_kib\n' >"$WORK/rss.tsv"
while kill -0 "$LOAD_PID" 2>/dev/null; do
    printf '%s\t%s\n' $((SECONDS - START)) "$(rss_kib)" >>"$WORK/rss.tsv"
    sleep "$SAMPLE_S"
done
load_status=0
wait "$LOAD_PID" || load_status=$?

warmup_s=$((WARMUP_MINUTES * 60))
read -r baseline peak last < <(awk -v warmup="$warmup_s" 'NR > 1 {
        if ($1 <= warmup) base = $2
        else { if ($2 > peak) peak = $2; last = $2 }
    } END { print base + 0, peak + 0, last + 0 }' "$WORK/rss.tsv")
bound=$((baseline + baseline * GROWTH_PERCENT / 100))

jq -r '"\(.games) games of \(.kind), think \(.think_ms) ms, \(.played_s | floor) s: \(.moves) moves " +
    "(\(.moves_per_s | floor)/s), \(.games_started) games started; move → ack p50 \(.move_to_ack.p50_ms) ms, " +
    "p99 \(.move_to_ack.p99_ms) ms, max \(.move_to_ack.max_ms) ms; errors \(.errors), drops \(.disconnects); " +
    "server CPU \(.server.cpu_percent | floor) % of a core"' "$WORK/load.json" 2>/dev/null ||
    echo "no load report (see $WORK/load.err)"
echo "server RSS: $((baseline / 1024)) MiB after the ${WARMUP_MINUTES}-minute warm-up, peak after it" \
    "$((peak / 1024)) MiB, at the end $((last / 1024)) MiB (bound $((bound / 1024)) MiB, +${GROWTH_PERCENT} %)"

failed=0
if ((load_status != 0)); then
    sed 's/^/  /' "$WORK/load.err"
    failed=1
fi
if ((peak > bound)); then
    echo "soak.sh: the server's RSS grew beyond the bound after the warm-up" >&2
    failed=1
fi
if ((failed)); then
    echo "soak.sh: FAILED" >&2
    exit 1
fi
echo "soak.sh: no errors, memory flat" >&2
