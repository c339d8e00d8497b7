#!/usr/bin/env bash
# Where a move's instructions go (issue #39, item 3): the release server and the bare relay (kartka-relay, the
# floor) each run under valgrind's callgrind while moves pass through them, and each is reported as instructions
# per move. Instruction counts do not depend on what else the machine runs, so the ratio holds on two shared
# cores where CPU time per move does not; they do not count waiting on a disk or a lock, nor PostgreSQL's own work
# (scripts/bench-load.sh measures that in CPU time).
#
#   scripts/profile-move.sh [--moves N] [--games G] [--store memory|sqlite|postgres]
#
# The server starts with instrumentation off (start-up, migrations and the lists are not counted), turns it on
# when the load generator starts, and dumps when it ends: G games (default 20) with no think time until N moves
# (default 3000) are acknowledged, on a fresh database of the store (default memory: in-memory SQLite). The relay
# carries a move's frames over the same G pairs of sockets for as long as the server's run took. Prints one JSON
# line per process ({process, moves, instructions, instructions_per_move}) and the server's 25 costliest functions,
# inclusive and by their own instructions; the callgrind files stay in the directory it prints (callgrind_annotate
# --tree=caller shows who calls a function, kcachegrind the whole graph).

set -euo pipefail

MOVES=3000
GAMES=20
STORE=memory
PROFILE=release
while (($# > 0)); do
    case $1 in
    --moves) MOVES=${2:?--moves needs a value}; shift 2 ;;
    --games) GAMES=${2:?--games needs a value}; shift 2 ;;
    --store) STORE=${2:?--store needs a value}; shift 2 ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'profile-move.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null && command -v callgrind_control >/dev/null ||
    { echo "profile-move.sh: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
WORK=$(mktemp -d -t kartka-profile-move.XXXXXX)
SERVER_WRAPPER=(valgrind --tool=callgrind --instr-atstart=no --log-file="$WORK/server.valgrind.log"
    --callgrind-out-file="$WORK/server.callgrind")
START_TIMEOUT_S=300
# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"

RELAY_PID=
stop_relay() {
    if [[ -n $RELAY_PID ]]; then
        kill "$RELAY_PID" 2>/dev/null || true
        wait "$RELAY_PID" 2>/dev/null || true
        RELAY_PID=
    fi
}
trap 'stop_relay; stop_server; drop_database' EXIT

build_binaries
echo "profile-move.sh: callgrind files and logs in $WORK" >&2
print_machine >&2

# The sum of the instructions (Ir) in a callgrind file's totals.
instructions() {
    awk '/^(summary|totals):/ { print $2; exit }' "$1"
}

fresh_database "$STORE" "$WORK"
start_server 127.0.0.1:0 "$WORK/server.log" KARTKA_WS_RATE=100000
callgrind_control --instr=on "$SERVER_PID" >/dev/null
started=$(date +%s)
"$LOADGEN" --server "http://$ADDRESS" --games "$GAMES" --think-ms 0 --max-moves "$MOVES" --duration-s 3600 --json \
    >"$WORK/loadgen.json"
server_seconds=$(($(date +%s) - started))
callgrind_control --dump=moves "$SERVER_PID" >/dev/null
stop_server
server_moves=$(jq .moves "$WORK/loadgen.json")
server_file=
for file in "$WORK"/server.callgrind*; do
    grep -q '^desc: Trigger: .*moves' "$file" && server_file=$file
done
server_instructions=$(instructions "$server_file")

valgrind --tool=callgrind --log-file="$WORK/relay.valgrind.log" --callgrind-out-file="$WORK/relay.callgrind" \
    "$RELAY" serve --listen 127.0.0.1:0 >"$WORK/relay.log" 2>&1 &
RELAY_PID=$!
relay_address=
for _ in $(seq 1 600); do
    relay_address=$(sed -n 's/^listening on //p' "$WORK/relay.log")
    [[ -n $relay_address ]] && break
    kill -0 "$RELAY_PID" 2>/dev/null || die "the relay exited; see $WORK/relay.log"
    sleep 0.1
done
[[ -n $relay_address ]] || die "the relay did not start; see $WORK/relay.log"
callgrind_control --zero "$RELAY_PID" >/dev/null
"$RELAY" drive --relay "$relay_address" --games "$GAMES" --duration-s "$((server_seconds > 10 ? server_seconds : 10))" \
    >"$WORK/relay.json"
callgrind_control --dump=moves "$RELAY_PID" >/dev/null
stop_relay
relay_moves=$(jq .moves "$WORK/relay.json")
relay_file=
for file in "$WORK"/relay.callgrind*; do
    grep -q '^desc: Trigger: .*moves' "$file" && relay_file=$file
done
relay_instructions=$(instructions "$relay_file")

report() {
    jq -cn --arg process "$1" --argjson moves "$2" --argjson instructions "$3" --arg store "$4" \
        --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" \
        '{process: $process, store: $store, moves: $moves, instructions: $instructions,
          instructions_per_move: ($instructions / $moves | floor), load_average: $load}'
}
report server "$server_moves" "$server_instructions" "$STORE"
report relay "$relay_moves" "$relay_instructions" none
ratio=$(jq -n "($server_instructions / $server_moves) / ($relay_instructions / $relay_moves) * 100 | round / 100")
echo "server / relay instructions per move: $ratio"
# awk reads the whole listing, so that no writer meets a closed pipe.
callgrind_annotate --inclusive=yes "$server_file" >"$WORK/server.inclusive.txt" 2>/dev/null
callgrind_annotate "$server_file" >"$WORK/server.self.txt" 2>/dev/null
echo "the server's costliest functions, inclusive (callgrind_annotate --inclusive=yes):"
awk '/^Ir/ { on++ } on == 2 && shown++ < 27' "$WORK/server.inclusive.txt"
echo "the server's costliest functions, by their own instructions (callgrind_annotate):"
awk '/^Ir/ { on++ } on == 2 && shown++ < 27' "$WORK/server.self.txt"
