#!/usr/bin/env bash
# Measures the admin archive on the kurnik corpus: imports it with `kartka admin import`, then times searches and
# exports through the REST API of a running server. Release build; the figures go to docs/benchmarks/admin.md.
#
#   scripts/bench-admin.sh DATABASE_URL     an empty database (sqlite:/tmp/bench.db, or an empty PostgreSQL one)
#
# The corpus is read from KARTKA_CORPUS_DIR or ../shared/corpus/kurnik beside the repository.

set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
CORPUS=${KARTKA_CORPUS_DIR:-$REPO_ROOT/../shared/corpus/kurnik}
KARTKA=$REPO_ROOT/target/release/kartka
PORT=${KARTKA_BENCH_PORT:-18080}
export DATABASE_URL=${1:?usage: scripts/bench-admin.sh DATABASE_URL}
BASE=http://127.0.0.1:$PORT

cargo build --release -p kartka-server >&2

echo "== import"
/usr/bin/time -f "import: %e s wall, %U s user, %M KB peak" "$KARTKA" admin import "$CORPUS"/*.pgn.gz

KARTKA_LISTEN=127.0.0.1:$PORT KARTKA_LOG=warn "$KARTKA" serve &
SERVER=$!
trap 'kill $SERVER' EXIT
for _ in $(seq 50); do curl -sf "$BASE/healthz" >/dev/null && break; sleep 0.2; done

curl -sf -X POST "$BASE/api/register" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"bench password"}' >/dev/null || true
"$KARTKA" admin grant bench >/dev/null
TOKEN=$(curl -sf -X POST "$BASE/api/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"bench password"}' | sed -E 's/.*"token":"([^"]+)".*/\1/')

# The median of 11 timed requests (after one warm-up), in milliseconds.
timed() {
    curl -sf -o /dev/null -H "Authorization: Bearer $TOKEN" "$BASE$1"
    for _ in $(seq 11); do
        curl -sf -o /dev/null -w '%{time_total}\n' -H "Authorization: Bearer $TOKEN" "$BASE$1"
    done | sort -n | sed -n 6p | awk '{ printf "%.1f", $1 * 1000 }'
}

echo "== search (median of 11, ms; each answer includes the total count)"
AFTER=$(curl -sf -H "Authorization: Bearer $TOKEN" "$BASE/api/admin/games?limit=200" |
    sed -E 's/.*"next_after":"([^"]+)".*/\1/')
for query in \
    "limit=50" \
    "player=White&limit=50" \
    "reason=own_goal&limit=50" \
    "status=finished&result=second&reason=stuck&limit=50" \
    "from_ms=1411516800000&until_ms=1411603200000&limit=50" \
    "sort=length&limit=50" \
    "player=White&sort=length&order=asc&limit=50" \
    "result=draw&limit=50" \
    "limit=200&after=$AFTER"; do
    printf '%-60s %s\n' "$query" "$(timed "/api/admin/games?$query")"
done

echo "== export (one run each, s)"
for export in games.ndjson games.pgn; do
    curl -sf -o /tmp/kartka-bench-export -w "$export: %{time_total} s, %{size_download} bytes\n" \
        -H "Authorization: Bearer $TOKEN" "$BASE/api/admin/export/$export"
done
rm -f /tmp/kartka-bench-export
