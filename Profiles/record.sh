#!/bin/sh
# Profiles/record.sh: sample a `tessera bench` run (or the kernel benchmarks) with perf and write a
# demangled report of the hottest functions. See Profiles/README.md.
set -eu
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

usage() {
    cat <<USAGE
usage: Profiles/record.sh [--out DIR] [--freq HZ] [--benchmarks] [--] [ARGUMENTS...]

Records 'tessera bench ARGUMENTS' (default: feed --frames 300) with 'perf record -g' and writes
  DIR/perf.data     the recording (read it with perf report -i, or Profiles/flamegraph.sh)
  DIR/report.txt    self time of the top 30 functions (perf report, demangled), the same with libc /
                    runtime / kernel leaves attributed to their Swift caller, the inclusive time of
                    Tessera's functions, and the time of each frame phase (plan, raster, composite)
and prints report.txt. DIR defaults to .build/profiles.

  --benchmarks  record 'tessera-benchmarks ARGUMENTS' instead (default: --quick --filter sourceOver/mixed),
                e.g. Profiles/record.sh --benchmarks --filter kernels/copy/opaque/3840x2160/avx2/w1
  --freq HZ     sampling frequency (default 2000)
  --out DIR     where to write (default .build/profiles)

Event: 'cycles' when this machine's perf can count it, else 'cpu-clock' (VMs without hardware counters);
set PERF_EVENT to force one. The kernel tier follows TESSERA_ISA (baseline, avx2, avx512).
Builds the release binaries when missing. Needs perf; Swift names are demangled with 'swift demangle'.
USAGE
}

out="$ROOT/.build/profiles"
freq=2000
mode=bench
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
        --freq) [ $# -ge 2 ] || die "--freq needs a number"; freq=$2; shift 2 ;;
        --benchmarks) mode=benchmarks; shift ;;
        --) shift; break ;;
        *) break ;;
    esac
done

need perf "install linux-perf / linux-tools for your kernel"
ensure_release
mkdir -p "$out"
event=$(perf_event)

if [ "$mode" = bench ]; then
    [ $# -gt 0 ] || set -- feed --frames 300
    set -- "$BIN/tessera" bench "$@"
else
    [ $# -gt 0 ] || set -- --quick --filter sourceOver/mixed
    set -- "$BIN/tessera-benchmarks" "$@"
fi

note "perf record -e $event -F $freq -g -- $*"
perf record -e "$event" -F "$freq" -g -o "$out/perf.data" -- "$@" >"$out/command-output.txt" \
    || die "perf record failed (output of the command: $out/command-output.txt)"
cat "$out/command-output.txt" >&2

note "folding stacks (perf script | tessera profile fold)"
perf script -i "$out/perf.data" 2>/dev/null >"$out/perf-script.txt" || die "perf script failed"
"$BIN/tessera" profile fold --in "$out/perf-script.txt" --out "$out/folded.txt"
"$BIN/tessera" profile fold --phases --in "$out/perf-script.txt" --out "$out/folded-phases.txt"

report="$out/report.txt"
{
    printf '# %s\n' "$*"
    printf '# event %s at %s Hz, TESSERA_ISA=%s, %s\n' "$event" "$freq" "${TESSERA_ISA:-(best)}" "$(date -u '+%Y-%m-%d %H:%M UTC')"
    printf '\n## Self time, top 30 functions (perf report --no-children --sort dso,symbol, demangled)\n\n'
    perf report -i "$out/perf.data" --no-children --sort dso,symbol --stdio -g none 2>/dev/null \
        | grep -v '^#' | grep -v '^ *$' | head -30 | demangle | sed -e 's/ *$//' -e 's/  *-  *-$//' -e 's/ *$//'
    printf '\n## Self time with C, runtime and kernel leaves attributed to their Swift caller, top 15 (tessera profile top --by-caller)\n\n'
    "$BIN/tessera" profile top --by-caller --count 15 --in "$out/folded.txt"
    printf '\n## Inclusive time of Tessera functions, top 20 (tessera profile top --total)\n\n'
    "$BIN/tessera" profile top --total --count 60 --in "$out/folded.txt" \
        | grep -v -e 'thunk for' -e '%  \(start_thread\|_dispatch\|dispatch_\|__libc\|TesseraCLI_main\|run(_:)\|__memmove\|__memset\)' \
        | head -21
    printf '\n## Frame phases (tessera profile phases; see Profiles/README.md, "Phases")\n\n'
    "$BIN/tessera" profile phases --in "$out/folded-phases.txt"
} >"$report"
cat "$report"
note "wrote $report and $out/perf.data; Profiles/flamegraph.sh draws it"
