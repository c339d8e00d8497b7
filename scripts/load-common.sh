# Shared by crash.sh, soak.sh, bench-load.sh and bench-cluster.sh (sourced, not run): building the binaries, a
# fresh database on either store, a `kartka serve` process the caller may kill, and what a benchmark reports of
# the machine (its load, PostgreSQL's CPU).
#
# Set before sourcing: PROFILE (debug or release); optionally SERVER_WRAPPER (an array: a command the server runs
# under, e.g. valgrind) and START_TIMEOUT_S (how long a server may take to answer, default 30). Uses KARTKA_TEST_POSTGRES_URL (default
# postgres://postgres@127.0.0.1:5432/postgres, trust auth) for PostgreSQL.

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
POSTGRES_URL=${KARTKA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
TARGET_DIR=${CARGO_TARGET_DIR:-$REPO_ROOT/target}
KARTKA=$TARGET_DIR/$PROFILE/kartka
LOADGEN=$TARGET_DIR/$PROFILE/kartka-loadgen
RELAY=$TARGET_DIR/$PROFILE/kartka-relay
START_TIMEOUT_S=${START_TIMEOUT_S:-30}
SERVER_PID=
ADDRESS=
PG_DATABASE=
DATABASE_URL=

die() {
    printf '%s: %s\n' "$(basename "$0")" "$*" >&2
    exit 2
}

# Builds the server, the load generator and the bare relay (the floor of bench-load.sh) in $PROFILE.
build_binaries() {
    local flags=()
    [[ $PROFILE == release ]] && flags=(--release)
    (cd "$REPO_ROOT" && cargo build "${flags[@]}" -p kartka-server --bin kartka -p kartka-loadgen --bin kartka-loadgen \
        -p kartka-relay --bin kartka-relay >&2)
}

# Sets DATABASE_URL to a fresh database of store $1 (sqlite: a file in directory $2; memory: an in-memory SQLite
# database; postgres: a new database, remembered in PG_DATABASE for drop_database).
fresh_database() {
    case $1 in
    sqlite) DATABASE_URL="sqlite://$2/kartka.db" ;;
    # Nothing reaches a disk: the ceiling the server and the load generator leave for any store.
    memory) DATABASE_URL="sqlite::memory:" ;;
    postgres)
        PG_DATABASE=kartka_load_$RANDOM$RANDOM
        psql -w -X -q -d "$POSTGRES_URL" -c "CREATE DATABASE $PG_DATABASE" >/dev/null
        DATABASE_URL="${POSTGRES_URL%/*}/$PG_DATABASE"
        ;;
    *) die "unknown store $1 (sqlite, memory or postgres)" ;;
    esac
}

# Drops the PostgreSQL database of fresh_database, if any.
drop_database() {
    if [[ -n $PG_DATABASE ]]; then
        psql -w -X -q -d "$POSTGRES_URL" -c "DROP DATABASE IF EXISTS $PG_DATABASE WITH (FORCE)" >/dev/null 2>&1 || true
        PG_DATABASE=
    fi
}

# Starts `kartka serve` over $DATABASE_URL at address $1 (port 0: a free one), appending its log to $2, with the
# extra environment assignments that follow; waits until it answers. Sets SERVER_PID and ADDRESS. Every
# player of a load run is a guest from 127.0.0.1 with a socket of its own, so the per-address limits on new
# accounts and open sockets are lifted.
start_server() {
    local listen=$1 log=$2 address=
    shift 2
    env DATABASE_URL="$DATABASE_URL" KARTKA_LISTEN="$listen" KARTKA_LOG=info KARTKA_LOG_FORMAT=json \
        KARTKA_ACCOUNT_RATE_ADDRESS=1000000 KARTKA_WS_SOCKETS_PER_ADDRESS=1000000 "$@" \
        ${SERVER_WRAPPER[@]+"${SERVER_WRAPPER[@]}"} "$KARTKA" serve >>"$log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 $((START_TIMEOUT_S * 10))); do
        address=$(jq -r 'select(.fields.message == "kartka is listening") | .fields.address' "$log" 2>/dev/null |
            tail -n 1)
        if [[ -n $address ]] && [[ $listen == *:0 || $address == "$listen" ]] &&
            curl -fsS "http://$address/healthz" >/dev/null 2>&1; then
            ADDRESS=$address
            return 0
        fi
        kill -0 "$SERVER_PID" 2>/dev/null || die "the server exited; see $log"
        sleep 0.1
    done
    die "the server did not start within $START_TIMEOUT_S s; see $log"
}

# Stops the server gracefully (SIGTERM) and waits for it.
stop_server() {
    if [[ -n $SERVER_PID ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=
    fi
}

# CPU time (clock ticks) used so far by every PostgreSQL process of the machine, its background workers included,
# and by those that have exited (a backend's time is added to the postmaster's children's when its connection
# closes, as pgbench's do when it ends).
postgres_ticks() {
    local stat total=0
    for stat in /proc/[0-9]*/stat; do
        read -r -a fields 2>/dev/null <"$stat" || continue
        [[ ${fields[1]} == "(postgres)" ]] && total=$((total + fields[13] + fields[14] + fields[15] + fields[16]))
    done
    echo "$total"
}

# Prints the machine's cores, memory and load average, so that every figure of a run says what it ran beside.
print_machine() {
    echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo);" \
        "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
}
