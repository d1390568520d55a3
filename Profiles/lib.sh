# Shared helpers of the Profiles/ scripts (POSIX sh; sourced, not run).
# Sets: PROFILES_DIR (this folder), ROOT (the package), BIN (the release build's bin folder).

PROFILES_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$PROFILES_DIR")
BIN="$ROOT/.build/release"

die() {
    printf '%s: %s\n' "$(basename "$0")" "$*" >&2
    exit 1
}

note() {
    printf '%s: %s\n' "$(basename "$0")" "$*" >&2
}

# need TOOL HINT: fail with a clear message when TOOL is not on PATH.
need() {
    command -v "$1" >/dev/null 2>&1 || die "'$1' is not installed or not on PATH ($2)"
}

# ensure_release: build the release binaries when tessera or tessera-benchmarks is missing.
ensure_release() {
    if [ ! -x "$BIN/tessera" ] || [ ! -x "$BIN/tessera-benchmarks" ]; then
        need swift "the Swift toolchain builds Tessera"
        note "no release build yet: running 'swift build -c release' in $ROOT"
        (cd "$ROOT" && swift build -c release) >&2 || die "swift build -c release failed"
    fi
}

# perf_event: the sampling event. $PERF_EVENT if set; else 'cycles' when the hardware counter works
# (perf stat prints a number, not '<not supported>'); else 'cpu-clock' (a software timer: works in VMs);
# else 'cpu-clock:u' (user space only, for perf_event_paranoid >= 2 without root).
perf_event() {
    if [ -n "${PERF_EVENT:-}" ]; then
        printf '%s\n' "$PERF_EVENT"
        return
    fi
    for event in cycles cpu-clock cpu-clock:u; do
        if perf stat -x, -e "$event" true 2>&1 >/dev/null | grep -q '^[0-9]'; then
            printf '%s\n' "$event"
            return
        fi
    done
    die "perf cannot count cycles or cpu-clock here (see /proc/sys/kernel/perf_event_paranoid)"
}

# demangle: filter stdin through 'swift demangle --simplified' when the toolchain is on PATH.
demangle() {
    if command -v swift-demangle >/dev/null 2>&1; then
        swift-demangle --simplified
    elif command -v swift >/dev/null 2>&1; then
        swift demangle --simplified
    else
        note "swift is not on PATH: Swift names stay mangled"
        cat
    fi
}
