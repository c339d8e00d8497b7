#!/usr/bin/env bash
# Failover under load (on demand, not in CI): how long the games of a node that dies stand still for their
# players while clients retry hard, and what the survivor logs meanwhile.
#
#   scripts/failover.sh [--games N] [--retry-ms MS] [--before-s S] [--after-s S] [--release]
#
# Starts two `kartka serve` nodes with the default heartbeat and TTL on one fresh PostgreSQL database
# (KARTKA_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, trust auth; dropped
# afterwards), runs kartka-loadgen against both with --allow-disconnects (--games pairs, default 50, each pair's
# players on different nodes; a pair reconnects every --retry-ms, default 50, to a node that answers, as behind a
# load balancer), kills node 1 with SIGKILL after --before-s seconds (default 10) and lets the load run
# --after-s more (default 40). Then prints:
#   - the generator's report; its `drop → resumed` line is how long a game stood still for its players, from
#     their connection's drop to their first move acknowledged after it, beside the documented bound (TTL + two
#     heartbeats, docs/operations.md, counted from the dead node's last heartbeat, up to a heartbeat before
#     the kill);
#   - the survivor's WARN and ERROR lines, counted by message.
# Fails if the generator saw an error frame or a game that never resumed.
#
# Builds what it runs (debug by default: `--release` for the optimised binaries). Logs and the report stay in
# the directory it prints.

set -euo pipefail

GAMES=50
RETRY_MS=50
BEFORE_S=10
AFTER_S=40
PROFILE=debug

while (($# > 0)); do
    case $1 in
    --games) GAMES=${2:?--games needs a value}; shift 2 ;;
    --retry-ms) RETRY_MS=${2:?--retry-ms needs a value}; shift 2 ;;
    --before-s) BEFORE_S=${2:?--before-s needs a value}; shift 2 ;;
    --after-s) AFTER_S=${2:?--after-s needs a value}; shift 2 ;;
    --release) PROFILE=release; shift ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'failover.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done

# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"

build_binaries
WORK=$(mktemp -d -t kartka-failover.XXXXXX)
echo "failover.sh: logs and the report in $WORK" >&2
SECRET=failover-$RANDOM$RANDOM
NODES=()
cleanup() {
    local pid
    for pid in "${NODES[@]}"; do
        kill -9 "$pid" 2>/dev/null || true
    done
    drop_database
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

print_machine
fresh_database postgres "$WORK"
servers=()
for node in 1 2; do
    start_server 127.0.0.1:0 "$WORK/node$node.log" KARTKA_CLUSTER_LISTEN="127.0.0.1:$(free_port)" \
        KARTKA_CLUSTER_SECRET="$SECRET"
    NODES+=("$SERVER_PID")
    servers+=(--server "http://$ADDRESS")
done
SERVER_PID=

echo "+ kartka-loadgen ${servers[*]} --games $GAMES --think-ms 250 --allow-disconnects --retry-ms $RETRY_MS" \
    "--duration-s $((BEFORE_S + AFTER_S))" >&2
"$LOADGEN" "${servers[@]}" --games "$GAMES" --think-ms 250 --allow-disconnects --retry-ms "$RETRY_MS" \
    --duration-s $((BEFORE_S + AFTER_S)) --json >"$WORK/report.json" &
LOADGEN_PID=$!
# The generator's set-up (accounts, first games, sockets) is within these seconds: its play lasts --duration-s.
sleep "$BEFORE_S"
kill -9 "${NODES[0]}"
echo "node 1 killed at $(date -u +%H:%M:%S)" >&2
status=0
wait "$LOADGEN_PID" || status=$?
SERVER_PID=${NODES[1]}
stop_server
NODES=()

jq . "$WORK/report.json"
jq -r '.drop_to_resume | "drop → resumed: p50 \(.p50_ms / 1000) s, p90 \(.p90_ms / 1000) s, max \(.max_ms / 1000) s (n = \(.count))"' \
    "$WORK/report.json"
echo "documented: within TTL + two heartbeats (14 s) of the dead node's last heartbeat"
echo "the survivor's warnings and errors, by message:"
jq -r 'select(.level == "WARN" or .level == "ERROR") | "\(.level) \(.fields.message)"' "$WORK/node2.log" |
    sort | uniq -c | sort -rn
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
