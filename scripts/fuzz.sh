#!/usr/bin/env bash
# Runs the fuzz targets of fuzz/ (cargo-fuzz, libFuzzer) for a short while each: a smoke test for CI and
# a starting point for long runs. See docs/fuzzing.md.
#
#   scripts/fuzz.sh [--seconds N] [TARGET...]   run each target (default: all) for N seconds (default 10)
#
# Installs what is missing: the nightly toolchain (rustup) and cargo-fuzz (cargo install). Each target
# starts from its corpus in fuzz/corpus/<target> (not checked in; grows across runs) and the checked-in
# inputs of fuzz/regressions/<target>, which the normal `cargo test` also runs. A crash stops the script
# with libFuzzer's report; the crashing input is in fuzz/artifacts/<target>/ (see docs/fuzzing.md for
# minimising it into a regression).
#
# Builds without a sanitizer and with debug assertions (so overflow checks too): the code under test has no
# unsafe code of its own, and AddressSanitizer halves the executions per second.

set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
SECONDS_PER_TARGET=10
TARGETS=()

die() {
    printf 'ERROR: %s\n' "$*" >&2
    exit 1
}

while (($# > 0)); do
    case $1 in
    --seconds)
        [[ ${2:-} =~ ^[0-9]+$ ]] || die "--seconds takes a whole number of seconds"
        SECONDS_PER_TARGET=$2
        shift 2
        ;;
    -h | --help)
        sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
        exit 0
        ;;
    -*) die "unknown option: $1 (usage: scripts/fuzz.sh [--seconds N] [TARGET...])" ;;
    *)
        TARGETS+=("$1")
        shift
        ;;
    esac
done

if ! command -v cargo >/dev/null 2>&1 && [[ -f $HOME/.cargo/env ]]; then
    # shellcheck source=/dev/null
    . "$HOME/.cargo/env"
fi
command -v rustup >/dev/null 2>&1 || die "rustup is needed for the nightly toolchain"
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    printf '==> installing the nightly toolchain\n' >&2
    rustup toolchain install nightly --profile minimal >&2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    printf '==> installing cargo-fuzz\n' >&2
    cargo install cargo-fuzz --locked >&2
fi

cd "$REPO_ROOT/fuzz"
BUILD_FLAGS=(--release --debug-assertions --sanitizer none)
if ((${#TARGETS[@]} == 0)); then
    mapfile -t TARGETS < <(cargo +nightly fuzz list)
fi

# The longest input per target: a frame or body up to the server's limits, a record file of a few games;
# move texts and action sequences stay short, which keeps each execution fast.
max_len() {
    case $1 in
    notation) echo 256 ;;
    actions) echo 256 ;;
    records) echo 8192 ;;
    *) echo 4096 ;;
    esac
}

printf '==> building the fuzz targets\n' >&2
cargo +nightly fuzz build "${BUILD_FLAGS[@]}" >&2
for target in "${TARGETS[@]}"; do
    printf '==> fuzzing %s for %ss\n' "$target" "$SECONDS_PER_TARGET" >&2
    mkdir -p "corpus/$target"
    cargo +nightly fuzz run "${BUILD_FLAGS[@]}" "$target" "corpus/$target" "regressions/$target" -- \
        -max_total_time="$SECONDS_PER_TARGET" -max_len="$(max_len "$target")" -print_final_stats=1 >&2
done
printf '==> no crashes in %s target(s)\n' "${#TARGETS[@]}" >&2
