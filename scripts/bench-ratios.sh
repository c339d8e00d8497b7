#!/usr/bin/env bash
# Prints each kartka figure of a benchmark run beside its floor, as a ratio with the target of issue #39
# (docs/performance.md, "The cost of a move"):
#
#   scripts/bench-ratios.sh REPORTS.jsonl
#
# REPORTS.jsonl holds the JSON lines scripts/bench-load.sh writes in one run: the load generator's reports
# (tagged with `store` and `run`, and PostgreSQL's CPU seconds over the run), the bare relay's drive
# (`floor: "relay"`, kartka-relay), the PostgreSQL floors (`floor: "pgbench"` and `"pgbench-latency"`,
# scripts/pgbench-floor.sh) and
# pgbench's single-row inserts (`floor: "pgbench-insert"`). A figure whose line is missing is printed as such.

set -euo pipefail

(($# == 1)) || { echo "usage: scripts/bench-ratios.sh REPORTS.jsonl" >&2; exit 2; }
[[ -r $1 ]] || { echo "bench-ratios.sh: cannot read $1" >&2; exit 2; }

jq -r -s '
  def load(store; run): map(select(.store == store and .run == run)) | first;
  def floor(name): map(select(.floor == name));
  def us: if . == null then "—" else "\(. * 10 | round / 10) µs" end;
  def ratio(a; b): if a == null or b == null or b == 0 then "—" else "\(a / b * 100 | round / 100)" end;
  (load("postgres"; "throughput")) as $pg
  | (load("sqlite"; "throughput")) as $sqlite
  | (load("postgres"; "latency")) as $latency
  | (floor("relay") | first) as $relay
  | (floor("pgbench") | map(select(.batch == 1)) | first) as $single
  | (floor("pgbench") | map(select(.batch > 1)) | sort_by(.batch) | last) as $group
  | (floor("pgbench-latency") | first) as $commit
  | (floor("pgbench-insert") | map(select(.clients == 32)) | first) as $insert
  | ($pg | if . == null or .server == null or .moves == 0 then null
           else .server.cpu_percent / 100 * .played_s * 1e6 / .moves end) as $server_us
  | ($pg | if . == null or .postgres_cpu_seconds == null or .moves == 0 then null
           else .postgres_cpu_seconds * 1e6 / .moves end) as $postgres_us
  | "floors and ratios (the PostgreSQL throughput run beside floors measured in the same run)",
    "  server CPU per move       \($server_us | us)  bare relay floor \($relay.relay_cpu_us_per_move | us)  ratio \(ratio($server_us; $relay.relay_cpu_us_per_move)) (target ≤ 1.5)",
    "  PostgreSQL CPU per move   \($postgres_us | us)  one-move transaction floor \($single.postgres_cpu_us_per_move | us)  ratio \(ratio($postgres_us; $single.postgres_cpu_us_per_move)) (target ≤ 1)",
    "                                        group of \($group.batch // "—") floor \($group.postgres_cpu_us_per_move | us)  ratio \(ratio($postgres_us; $group.postgres_cpu_us_per_move))",
    "  whole machine             \($pg.moves_per_s // null | if . == null then "—" else "\(round) moves/s" end) beside pgbench 32 clients \($insert.tps // null | if . == null then "—" else "\(round) inserts/s" end)  ratio \(ratio($pg.moves_per_s; $insert.tps)) (no target)",
    "  SQLite throughput         \($sqlite.moves_per_s // null | if . == null then "—" else "\(round) moves/s" end) (target ≥ 3000)",
    "  PostgreSQL, 1,000 games   p99 move → opponent \($latency.move_to_push.p99_ms // "—") ms, move → ack \($latency.move_to_ack.p99_ms // "—") ms (target ≤ 10 ms, machine otherwise quiet)",
    "                            one-move transaction at \($commit.rate // "—")/s: p50 \($commit.p50_ms // "—") ms, p99 \($commit.p99_ms // "—") ms  ratio of move → ack p99 \(ratio($latency.move_to_ack.p99_ms; $commit.p99_ms))",
    "  load average at the floors: relay \($relay.load_average // "—"), pgbench \($single.load_average // "—"), rate run \($commit.load_average // "—")"
' "$1"
