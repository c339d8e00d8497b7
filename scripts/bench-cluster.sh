#!/usr/bin/env bash
# The figures of docs/performance.md, "Two nodes": the load generator against two release `kartka serve` nodes
# on one fresh PostgreSQL database, every move crossing nodes, beside the same load on one node alone.
#
#   scripts/bench-cluster.sh [--seconds N]
#
# Runs, each on a fresh database: a latency run (1,000 games at a 1,000 ms mean think time, the default limits)
# on one node and on two, and a throughput run (200 games, no think time, the server's message limit per socket
# lifted) on one node and on two. With two nodes the generator puts each pair's first player on one node and the
# second on the other, so every move is forwarded to its game's owner over HTTP and every event reaches the other
# player through a PostgreSQL notification. Besides the generator's report (moves/s, percentiles, each node's CPU),
# each line has PostgreSQL's CPU (every `postgres` process of the machine) and each node's group commits from its
# metrics page: one `kartka_bus` notification each (a group of more than about 190 games sends several), the
# notifications that carry events between nodes. Uses the PostgreSQL at KARTKA_TEST_POSTGRES_URL (default
# postgres://postgres@127.0.0.1:5432/postgres, trust auth). Each run lasts --seconds (default 30); the reports
# (JSON, one per line) and the server logs stay in the directory it prints. Timings are not checked; a run with
# errors fails.

set -euo pipefail

SECONDS_PER_RUN=30
PROFILE=release
while (($# > 0)); do
    case $1 in
    --seconds) SECONDS_PER_RUN=${2:?--seconds needs a value}; shift 2 ;;
    -h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) printf 'bench-cluster.sh: unknown argument: %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
# shellcheck source=scripts/load-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/load-common.sh"

build_binaries
WORK=$(mktemp -d -t kartka-bench-cluster.XXXXXX)
echo "bench-cluster.sh: reports and logs in $WORK" >&2
SECRET=bench-cluster-$RANDOM$RANDOM
NODE_PIDS=()
cleanup() {
    stop_nodes
    drop_database
}
trap cleanup EXIT

print_machine

# A TCP port of 127.0.0.1 free now: a node's cluster listener and metrics page need one known before it starts.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Group commits (and the changes they wrote) of the node whose metrics page is at $1, as `groups changes`.
commit_groups() {
    curl -fsS "http://$1/metrics" |
        awk '$1 == "kartka_commit_batch_changes_count" { n = $2 } $1 == "kartka_commit_batch_changes_sum" { s = $2 }
             END { printf "%d %d\n", n, s }'
}

# Stops every node of the run.
stop_nodes() {
    local pid
    for pid in "${NODE_PIDS[@]}"; do
        SERVER_PID=$pid
        stop_server
    done
    NODE_PIDS=()
}

# One load run named $1 on $2 nodes (1 or 2) of one fresh PostgreSQL database: the nodes get the environment
# assignments in $3, the generator the remaining arguments.
cluster_run() {
    local name=$1 nodes=$2 server_env=$3 dir node
    shift 3
    dir=$WORK/$name-$nodes-node
    mkdir -p "$dir"
    fresh_database postgres "$dir"
    local servers=() pids=() metrics=()
    for node in $(seq 1 "$nodes"); do
        local metrics_address cluster_env=()
        metrics_address=127.0.0.1:$(free_port)
        if ((nodes > 1)); then
            cluster_env=(KARTKA_CLUSTER_LISTEN="127.0.0.1:$(free_port)" KARTKA_CLUSTER_SECRET="$SECRET")
        fi
        # shellcheck disable=SC2086 # the assignments are separate words on purpose
        start_server 127.0.0.1:0 "$dir/node$node.log" KARTKA_METRICS_ADDR="$metrics_address" "${cluster_env[@]}" \
            $server_env
        NODE_PIDS+=("$SERVER_PID")
        servers+=(--server "http://$ADDRESS")
        pids+=(--server-pid "$SERVER_PID")
        metrics+=("$metrics_address")
    done
    echo "+ kartka-loadgen ${servers[*]} ${pids[*]} $* --duration-s $SECONDS_PER_RUN --json" \
        "   # $nodes node(s), server env: ${server_env:-defaults}" >&2
    local ticks_before started ended groups_before=() address
    for address in "${metrics[@]}"; do
        groups_before+=("$(commit_groups "$address")")
    done
    ticks_before=$(postgres_ticks)
    started=$(date +%s.%N)
    "$LOADGEN" "${servers[@]}" "${pids[@]}" "$@" --duration-s "$SECONDS_PER_RUN" --json >"$dir/report.json"
    ended=$(date +%s.%N)
    # PostgreSQL's share of one core over the whole run (set-up included), beside the nodes' and the generator's
    # in the report.
    local postgres_cpu
    postgres_cpu=$(printf '%.1f' "$(echo "($(postgres_ticks) - $ticks_before) * 100 / $(getconf CLK_TCK) / ($ended - $started)" | bc -l)")
    # Each node's group commits during the run (set-up included): its notifications of advanced games.
    local commits='[]' index before after
    for index in "${!metrics[@]}"; do
        read -r -a before <<<"${groups_before[$index]}"
        read -r -a after <<<"$(commit_groups "${metrics[$index]}")"
        commits=$(jq -c --argjson groups $((after[0] - before[0])) --argjson changes $((after[1] - before[1])) \
            '. + [{groups: $groups, changes: $changes}]' <<<"$commits")
    done
    stop_nodes
    drop_database
    jq -c --arg run "$name" --argjson nodes "$nodes" --argjson pg "$postgres_cpu" --argjson commits "$commits" \
        --argjson wall "$(echo "$ended - $started" | bc -l)" \
        '{run: $run, nodes: $nodes, wall_s: $wall, postgres_cpu_percent: $pg, commit_groups: $commits} + .' \
        "$dir/report.json" | tee -a "$WORK/reports.jsonl"
}

for nodes in 1 2; do
    cluster_run latency "$nodes" "" --games 1000 --think-ms 1000
done
for nodes in 1 2; do
    cluster_run throughput "$nodes" "KARTKA_WS_RATE=100000" --games 200 --think-ms 0
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
