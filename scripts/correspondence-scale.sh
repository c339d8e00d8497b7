#!/usr/bin/env bash
# Correspondence at scale (on demand, not in CI): many unwatched correspondence games must not hold memory.
#
#   scripts/correspondence-scale.sh [--store postgres|sqlite] [--games N] [--pairs N] [--idle-ms MS] [--debug]
#
# Defaults: PostgreSQL (a new database, dropped afterwards), 100,000 games over 500 guest pairs, actors
# unloaded after 5,000 ms without a request, release build. Starts `kartka serve`, has `kartka-loadgen
# correspondence` start the games and leave them alone, then restarts the server over the same database and
# reads its RSS once it is up and again after a few sweeps. Prints the server's RSS at each step, beginning
# with the same server's RSS over the empty database for comparison.

set -euo pipefail

STORE=postgres
GAMES=100000
PAIRS=500
IDLE_MS=5000
PROFILE=release

while (($# > 0)); do
    case $1 in
    --store) STORE=${2:?--store needs a value}; shift 2 ;;
    --games) GAMES=${2:?--games needs a value}; shift 2 ;;
    --pairs) PAIRS=${2:?--pairs needs a value}; shift 2 ;;
    --idle-ms) IDLE_MS=${2:?--idle-ms needs a value}; shift 2 ;;
    --debug) PROFILE=debug; shift ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'correspondence-scale.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"

build_binaries
WORK=$(mktemp -d -t kartka-corr.XXXXXX)
echo "correspondence-scale.sh: logs in $WORK" >&2
cleanup() {
    stop_server
    drop_database
}
trap cleanup EXIT

rss_mib() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$SERVER_PID/status"; }
settle_s=$((IDLE_MS / 1000 + 15))

fresh_database "$STORE" "$WORK"
start_server 127.0.0.1:0 "$WORK/server.log" KARTKA_LOG=warn,kartka_server::cli=info \
    KARTKA_CORRESPONDENCE_IDLE_MS="$IDLE_MS"
echo "empty database: server RSS $(rss_mib) MiB after start"
"$LOADGEN" correspondence --server "http://$ADDRESS" --games "$GAMES" --pairs "$PAIRS" \
    --server-pid "$SERVER_PID" --settle-s "$settle_s"
stop_server

start_server 127.0.0.1:0 "$WORK/server.log" KARTKA_LOG=warn,kartka_server::cli=info \
    KARTKA_CORRESPONDENCE_IDLE_MS="$IDLE_MS"
echo "restarted over the same database: server RSS $(rss_mib) MiB after start"
sleep "$settle_s"
echo "after ${settle_s} s of sweeps: server RSS $(rss_mib) MiB"
