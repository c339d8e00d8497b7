#!/usr/bin/env bash
# The test command of kartka: sets up what the tests need, then runs the whole suite.
#
#   scripts/test.sh              set up PostgreSQL, the corpus and the browser, then run, stopping at
#                                the first failure: cargo fmt --check, cargo clippy -D warnings,
#                                node --test web/test/ (the client's rules), the doc tests (cargo test --doc),
#                                then every other test through cargo-nextest (settings: .config/nextest.toml)
#   scripts/test.sh --check-env  only set up the environment; print the chosen settings on stdout
#                                (NAME=value lines) and exit
#
# Works from any directory. CI runs it through .ci/run on a clean clone, as root, without stdin.
#
# PostgreSQL (the PostgreSQL tests are never skipped). The first that applies:
#   1. KARTKA_TEST_POSTGRES_URL, if already set;
#   2. DATABASE_URL, if it is a postgres:// or postgresql:// URL;
#   3. postgres://postgres@127.0.0.1:5432/postgres if something answers there; if nothing does,
#      this script starts the installed Debian cluster `main` (installing the `postgresql`
#      package with apt-get first if needed) and, only for a cluster it set up itself, allows
#      password-less TCP connections from 127.0.0.1 and ::1 in its pg_hba.conf.
#   The result is exported as KARTKA_TEST_POSTGRES_URL for the test harness.
#
# Fuzzing (opt-in): KARTKA_FUZZ_SECONDS=N runs scripts/fuzz.sh --seconds N after the tests (each fuzz
#   target N seconds, on nightly; installs cargo-fuzz if missing). Unset or 0: no fuzzing. The checked-in
#   fuzz regressions run with the other tests either way.
#
# cargo-nextest runs the tests, each in a process of its own and several at a time; it is installed from
# crates.io (`cargo install --locked cargo-nextest`) if `cargo nextest` is missing.
#
# Corpus: KARTKA_CORPUS_DIR, or ../shared/corpus/kurnik relative to the repository root; it is
#   checked and exported (as an absolute path) as KARTKA_CORPUS_DIR.
#
# API tester: KARTKA_SCHEMATHESIS, or schemathesis (pinned) installed into a virtual environment under
#   target/tools/ on first use; exported as KARTKA_SCHEMATHESIS for tests/tests/e2e/openapi.rs.
#
# Dictionaries: the word games' full lists (docs/dictionaries.md), built by `kartka dictionary build` from
#   Debian's wpolish, wamerican-large and hunspell-ru (installed with hunspell-tools when missing) into
#   target/dictionaries/KEY/{pl,en,ru}.dict, KEY naming the packages' versions and the build code (this
#   script among it), so the lists are rebuilt only when either changes; exported as KARTKA_TEST_DICTIONARIES
#   (a test fails when it is set and a file is missing).
#
# Internal variables, for testing this script only:
#   KARTKA_TEST_SH_PG_PORT     port of the local PostgreSQL in case 3 (default 5432)
#   KARTKA_TEST_SH_PG_CLUSTER  name of the Debian cluster to start or create (default main)
#   KARTKA_TEST_SH_PG_WAIT     seconds to wait for PostgreSQL to accept connections (default 60)

set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
PG_HOST=127.0.0.1
PG_PORT=${KARTKA_TEST_SH_PG_PORT:-5432}
PG_CLUSTER=${KARTKA_TEST_SH_PG_CLUSTER:-main}
PG_WAIT=${KARTKA_TEST_SH_PG_WAIT:-60}
HBA_MARKER="# Added by kartka scripts/test.sh: password-less local TCP for the test suite."

# --- helpers ----------------------------------------------------------------------------------

# Diagnostics go to stderr, so that stdout of --check-env holds only the results.
log() { printf '%s\n' "$*" >&2; }
section() { printf '\n==> %s\n' "$*" >&2; }
die() {
    printf '\nERROR: %s\n' "$*" >&2
    exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }

# Runs a command as root (directly, or through password-less sudo).
as_root() {
    if ((EUID == 0)); then
        "$@"
    elif have sudo && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        die "need root to run: $* (run as root, or set DATABASE_URL to a PostgreSQL you can use)"
    fi
}

# Hides the password of a URL, for logs.
redact_url() { sed -E 's#^([a-z]+://[^:/@]*):[^@]*@#\1:***@#' <<<"$1"; }

# Whether anything answers on host:port: pg_isready if there is one, else a bare TCP connect.
port_answers() {
    local host=$1 port=$2 rc
    if have pg_isready; then
        pg_isready -q -h "$host" -p "$port" -t 3 && rc=0 || rc=$?
        ((rc == 0 || rc == 1)) # 0: accepting, 1: answering but not yet accepting
    else
        # shellcheck disable=SC2016 # expanded by the inner bash
        timeout 3 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$host" "$port" 2>/dev/null
    fi
}

# Runs `select 1` at the URL, never prompting for a password. Prints psql's error on failure.
psql_select_1() { PGCONNECT_TIMEOUT=5 psql -w -X -Atq -d "$1" -c 'select 1' >/dev/null; }

# --- corpus -----------------------------------------------------------------------------------

setup_corpus() {
    local dir
    if [[ -n ${KARTKA_CORPUS_DIR:-} ]]; then
        dir=$KARTKA_CORPUS_DIR
        [[ -d $dir ]] || die "the corpus is missing: KARTKA_CORPUS_DIR=$dir is not a directory."
    else
        dir=$(realpath -m "$REPO_ROOT/../shared/corpus/kurnik")
        [[ -d $dir ]] || die "the corpus is missing: looked in $dir (../shared/corpus/kurnik from the" \
            "repository root). Put the kurnik corpus there, or set KARTKA_CORPUS_DIR=/path/to/corpus/kurnik."
    fi
    [[ -n $(ls -A "$dir") ]] || die "the corpus directory $dir is empty. Put the kurnik corpus there," \
        "or set KARTKA_CORPUS_DIR to a directory that holds it."
    KARTKA_CORPUS_DIR=$(cd "$dir" && pwd -P)
    export KARTKA_CORPUS_DIR
    log "corpus: $KARTKA_CORPUS_DIR"
}

# --- PostgreSQL -------------------------------------------------------------------------------

# The highest PostgreSQL version with a Debian cluster named $1, or nothing.
cluster_version() {
    [[ -d /etc/postgresql ]] || return 0
    find /etc/postgresql -mindepth 3 -maxdepth 3 -path "/etc/postgresql/*/$1/postgresql.conf" |
        awk -F/ '{ print $4 }' | sort -V | tail -n 1
}

# The highest installed PostgreSQL server version, or nothing.
server_version() {
    [[ -d /usr/lib/postgresql ]] || return 0
    find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -path '/usr/lib/postgresql/*/bin/postgres' |
        awk -F/ '{ print $5 }' | sort -V | tail -n 1
}

install_postgresql() {
    log "PostgreSQL is not installed; installing Debian's postgresql package"
    have apt-get || die "PostgreSQL is not installed and there is no apt-get to install it." \
        "Install PostgreSQL, or set DATABASE_URL=postgres://user:password@host:port/database."
    as_root apt-get -q -o DPkg::Lock::Timeout=300 update >&2
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get -q -y -o DPkg::Lock::Timeout=300 install postgresql >&2
}

# Waits (at most PG_WAIT seconds) until PostgreSQL at the URL accepts connections.
wait_for_postgres() {
    local url=$1 deadline=$((SECONDS + PG_WAIT))
    if have pg_isready; then
        until pg_isready -q -d "$url" -t 3; do
            ((SECONDS < deadline)) || return 1
            sleep 1
        done
    elif have psql; then
        until psql_select_1 "$url" 2>/dev/null; do
            ((SECONDS < deadline)) || return 1
            sleep 1
        done
    else
        log "neither pg_isready nor psql is installed: cannot check $(redact_url "$url"); the tests will find out"
    fi
}

# Checks that PostgreSQL at the URL lets us in (when psql is there to try).
check_login() {
    local url=$1
    if have psql && ! psql_select_1 "$url"; then
        die "PostgreSQL at $(redact_url "$url") answers but refused the connection (see psql's message" \
            "above). Set DATABASE_URL to a URL with working credentials."
    fi
}

# Lets the test suite connect over local TCP as any user without a password, if it cannot yet.
allow_passwordless_tcp() {
    local version=$1 url=$2 hba tries
    psql_select_1 "$url" 2>/dev/null && return 0
    hba=/etc/postgresql/$version/$PG_CLUSTER/pg_hba.conf
    [[ -f $hba ]] || die "cannot find $hba to allow password-less local connections"
    if ! grep -qxF "$HBA_MARKER" "$hba"; then
        log "allowing password-less TCP connections from 127.0.0.1 and ::1 in $hba"
        # pg_hba.conf is first-match, so these go first.
        as_root sed -i \
            -e "1i $HBA_MARKER" \
            -e '1i host all all 127.0.0.1/32 trust' \
            -e '1i host all all ::1/128 trust' \
            "$hba"
    fi
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$PG_CLUSTER" reload >&2
    for tries in 1 2 3 4 5; do
        psql_select_1 "$url" 2>/dev/null && return 0
        log "waiting for the reload to take effect ($tries)"
        sleep 1
    done
    psql_select_1 "$url" || die "PostgreSQL $version/$PG_CLUSTER still refuses $(redact_url "$url")" \
        "after allowing trust in $hba"
}

# Nothing answers on the local port: start (installing it first if needed) a local cluster.
start_local_postgres() {
    local url=$1 version
    version=$(cluster_version "$PG_CLUSTER")
    if [[ -z $version ]]; then
        [[ -n $(server_version) ]] || install_postgresql
        version=$(cluster_version "$PG_CLUSTER")
    fi
    if [[ -z $version ]]; then
        version=$(server_version)
        [[ -n $version ]] || die "installing PostgreSQL left no server in /usr/lib/postgresql"
        log "creating PostgreSQL cluster $version/$PG_CLUSTER on port $PG_PORT"
        as_root pg_createcluster "$version" "$PG_CLUSTER" -p "$PG_PORT" >&2
    fi
    if pg_ctlcluster "$version" "$PG_CLUSTER" status >/dev/null 2>&1; then
        log "PostgreSQL cluster $version/$PG_CLUSTER is already running"
    else
        log "starting PostgreSQL cluster $version/$PG_CLUSTER"
        as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$PG_CLUSTER" start >&2 ||
            die "could not start PostgreSQL cluster $version/$PG_CLUSTER (see pg_lsclusters and" \
                "/var/log/postgresql/postgresql-$version-$PG_CLUSTER.log)"
    fi
    if ! wait_for_postgres "$url"; then
        tail -n 20 "/var/log/postgresql/postgresql-$version-$PG_CLUSTER.log" >&2 2>/dev/null || true
        die "PostgreSQL cluster $version/$PG_CLUSTER did not accept connections on $PG_HOST:$PG_PORT" \
            "within ${PG_WAIT}s (is it configured for another port? see pg_lsclusters)"
    fi
    allow_passwordless_tcp "$version" "$url"
}

setup_postgres() {
    local url default_url=postgres://postgres@$PG_HOST:$PG_PORT/postgres
    if [[ -n ${KARTKA_TEST_POSTGRES_URL:-} ]]; then
        url=$KARTKA_TEST_POSTGRES_URL
        log "PostgreSQL: KARTKA_TEST_POSTGRES_URL is set"
    elif [[ ${DATABASE_URL:-} =~ ^postgres(ql)?:// ]]; then
        url=$DATABASE_URL
        log "PostgreSQL: using DATABASE_URL"
    else
        [[ -z ${DATABASE_URL:-} ]] || log "PostgreSQL: ignoring DATABASE_URL, which is not a postgres:// URL"
        url=$default_url
        if port_answers "$PG_HOST" "$PG_PORT"; then
            log "PostgreSQL: something answers on $PG_HOST:$PG_PORT"
        else
            log "PostgreSQL: nothing answers on $PG_HOST:$PG_PORT"
            start_local_postgres "$url"
        fi
    fi
    wait_for_postgres "$url" ||
        die "PostgreSQL at $(redact_url "$url") did not accept connections within ${PG_WAIT}s." \
            "Start it, or set DATABASE_URL=postgres://user:password@host:port/database."
    check_login "$url"
    export KARTKA_TEST_POSTGRES_URL=$url
    log "PostgreSQL: KARTKA_TEST_POSTGRES_URL=$(redact_url "$url")"
}

# --- browser tests ----------------------------------------------------------------------------

# The browser tests (tests/tests/e2e/browser.rs) drive Debian's headless Chromium through chromedriver; the
# rules module of the browser client is unit-tested with Node's test runner; and jq, with which
# scripts/bench-ratios.sh prints a benchmark's ratios (relay/tests/relay.rs). Installs what is missing.
setup_browser() {
    local missing=()
    have chromium || missing+=(chromium)
    have chromedriver || missing+=(chromium-driver)
    have node || missing+=(nodejs)
    have jq || missing+=(jq)
    if ((${#missing[@]} > 0)); then
        log "installing ${missing[*]} for the browser tests and the benchmark scripts"
        have apt-get || die "${missing[*]} missing and there is no apt-get to install them"
        as_root apt-get -q -o DPkg::Lock::Timeout=300 update >&2
        as_root env DEBIAN_FRONTEND=noninteractive \
            apt-get -q -y -o DPkg::Lock::Timeout=300 install "${missing[@]}" >&2
    fi
    log "browser: $(chromium --version 2>/dev/null | head -n 1), $(chromedriver --version | head -n 1)"
}

# --- API tester -------------------------------------------------------------------------------

# The property-based API tester the OpenAPI test runs (tests/tests/e2e/openapi.rs): schemathesis, pinned, in a
# virtual environment under target/ so that it touches nothing of the system's Python. KARTKA_SCHEMATHESIS, if
# already set, names the `st` to use.
SCHEMATHESIS_VERSION=4.32.5
setup_schemathesis() {
    if [[ -n ${KARTKA_SCHEMATHESIS:-} ]]; then
        [[ -x $KARTKA_SCHEMATHESIS ]] || die "KARTKA_SCHEMATHESIS=$KARTKA_SCHEMATHESIS is not an executable"
    else
        local venv=$REPO_ROOT/target/tools/schemathesis-$SCHEMATHESIS_VERSION
        if [[ ! -x $venv/bin/st ]]; then
            have python3 || die "python3 is needed to install schemathesis for the API test"
            log "installing schemathesis $SCHEMATHESIS_VERSION into $venv"
            python3 -m venv "$venv" >&2 || die "could not create a Python virtual environment at $venv"
            "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >&2 ||
                die "could not install schemathesis $SCHEMATHESIS_VERSION"
        fi
        KARTKA_SCHEMATHESIS=$venv/bin/st
    fi
    export KARTKA_SCHEMATHESIS
    log "API tester: $("$KARTKA_SCHEMATHESIS" --version 2>/dev/null | head -n 1)"
}

# --- Rust -------------------------------------------------------------------------------------

# Makes sure `cargo $1` works, adding the rustup component $2 if it does not.
ensure_cargo_tool() {
    cargo "$1" --version >/dev/null 2>&1 && return 0
    have rustup || die "cargo $1 is missing and there is no rustup to add the $2 component"
    log "adding the Rust component $2"
    rustup component add "$2" >&2
}

setup_rust() {
    if ! have cargo && [[ -f $HOME/.cargo/env ]]; then
        # shellcheck source=/dev/null
        . "$HOME/.cargo/env"
    fi
    have cargo || die "cargo is not installed: install Rust with rustup (https://rustup.rs)"
    ensure_cargo_tool fmt rustfmt
    ensure_cargo_tool clippy clippy
    if ! cargo nextest --version >/dev/null 2>&1; then
        log "installing cargo-nextest from crates.io"
        cargo install --locked cargo-nextest >&2 || die "could not install cargo-nextest"
    fi
    rustc --version >&2
    cargo --version >&2
}

# --- dictionaries -----------------------------------------------------------------------------

DICTIONARY_PACKAGES=(wpolish wamerican-large hunspell-ru hunspell-tools)

# A package's version as a dictionary name's tail: lowercase letters, digits and dashes.
package_version_name() {
    dpkg-query -W -f='${Version}' "$1" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9]/-/g'
}

setup_dictionaries() {
    local missing=() package versions code key dir partial kartka
    for package in "${DICTIONARY_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
    done
    if ((${#missing[@]} > 0)); then
        log "installing ${missing[*]} for the word games' dictionaries"
        have apt-get || die "${missing[*]} missing and there is no apt-get to install them"
        as_root apt-get -q -o DPkg::Lock::Timeout=300 update >&2
        as_root env DEBIAN_FRONTEND=noninteractive \
            apt-get -q -y -o DPkg::Lock::Timeout=300 install "${missing[@]}" >&2
    fi
    versions=$(dpkg-query -W -f='${Package}=${Version}\n' "${DICTIONARY_PACKAGES[@]}")
    code=$(cat "$REPO_ROOT"/engine/src/dictionary/{file,language}.rs "$REPO_ROOT"/server/src/cli/dictionary.rs \
        "$REPO_ROOT"/scripts/test.sh | sha256sum)
    key=$(printf '%s\n%s\n' "$versions" "$code" | sha256sum | cut -c1-16)
    dir=$REPO_ROOT/target/dictionaries/$key
    if [[ ! -d $dir ]]; then
        log "building the full dictionaries into $dir"
        cargo build --locked -q -p kartka-server --bin kartka
        kartka=$REPO_ROOT/target/debug/kartka
        partial=$dir.partial
        rm -rf "$partial"
        mkdir -p "$partial"
        "$kartka" dictionary build --language pl --name "sjp-$(package_version_name wpolish)" \
            --from /usr/share/dict/polish --out "$partial/pl.dict" >&2
        "$kartka" dictionary build --language en --name "scowl-large-$(package_version_name wamerican-large)" \
            --from /usr/share/dict/american-english-large --out "$partial/en.dict" >&2
        "$kartka" dictionary build --language ru --name "lebedev-$(package_version_name hunspell-ru)" \
            --from /usr/share/hunspell/ru_RU.dic --hunspell --out "$partial/ru.dict" >&2
        mv "$partial" "$dir"
    fi
    export KARTKA_TEST_DICTIONARIES=$dir
    log "dictionaries: KARTKA_TEST_DICTIONARIES=$dir"
}

# --- main -------------------------------------------------------------------------------------

main() {
    local check_env_only=false
    case ${1:-} in
    "") ;;
    --check-env) check_env_only=true ;;
    -h | --help)
        sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
        return 0
        ;;
    *) die "unknown argument: $1 (usage: scripts/test.sh [--check-env])" ;;
    esac
    (($# <= 1)) || die "too many arguments (usage: scripts/test.sh [--check-env])"

    cd "$REPO_ROOT"
    local start=$SECONDS

    section "Environment"
    setup_corpus
    setup_postgres
    setup_browser
    setup_schemathesis

    if $check_env_only; then
        printf 'KARTKA_TEST_POSTGRES_URL=%s\n' "$KARTKA_TEST_POSTGRES_URL"
        printf 'KARTKA_CORPUS_DIR=%s\n' "$KARTKA_CORPUS_DIR"
        printf 'KARTKA_SCHEMATHESIS=%s\n' "$KARTKA_SCHEMATHESIS"
        return 0
    fi

    section "Rust toolchain"
    setup_rust

    section "Dictionaries"
    setup_dictionaries

    section "cargo fmt --check"
    cargo fmt --all -- --check

    section "cargo clippy"
    cargo clippy --workspace --all-targets --locked -- -D warnings

    section "JavaScript unit tests (web/test)"
    node --test web/test/

    section "Doc tests"
    cargo test --workspace --doc --locked

    section "Tests (cargo nextest)"
    cargo nextest run --workspace --locked

    if [[ ${KARTKA_FUZZ_SECONDS:-0} != 0 ]]; then
        section "Fuzzing, ${KARTKA_FUZZ_SECONDS}s per target"
        "$REPO_ROOT/scripts/fuzz.sh" --seconds "$KARTKA_FUZZ_SECONDS"
    fi

    section "All checks passed in $((SECONDS - start))s"
}

main "$@"
