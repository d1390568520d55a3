#!/bin/sh
# Profiles/flamegraph.sh: draw a perf recording as an interactive SVG flame graph with Tessera's own
# code (perf script | tessera profile fold | tessera profile svg). See Profiles/README.md.
set -eu
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

usage() {
    cat <<USAGE
usage: Profiles/flamegraph.sh [--data FILE] [--out FILE] [--phases] [--threads] [--no-kernel] [--title TEXT]

Reads a perf recording (default .build/profiles/perf.data, as written by Profiles/record.sh), folds its
stacks with 'tessera profile fold' (Swift names demangled) and draws them with 'tessera profile svg'.
Writes the SVG (default: next to the recording, flamegraph.svg) and the folded stacks (FILE.folded).
Open the SVG in a browser: hover a frame for its name and samples, click to zoom, click the background
or "Reset zoom" to zoom out.

  --phases     first level = the frame phase: [plan] [raster] [composite] [render] [other]
  --threads    first level = the thread name (tessera = the calling thread; workers are libdispatch's)
  --no-kernel  leave kernel frames out (kept by default, marked _[k])
  --title      the title line (default: the recorded command)

Needs perf; builds the release binaries when missing.
USAGE
}

data="$ROOT/.build/profiles/perf.data"
svg=""
title=""
set_fold=""
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --data) [ $# -ge 2 ] || die "--data needs a file"; data=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || die "--out needs a file"; svg=$2; shift 2 ;;
        --title) [ $# -ge 2 ] || die "--title needs a text"; title=$2; shift 2 ;;
        --phases|--threads|--no-kernel) set_fold="$set_fold $1"; shift ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done

need perf "install linux-perf / linux-tools for your kernel"
[ -f "$data" ] || die "no recording at $data: run Profiles/record.sh first (or give --data FILE)"
ensure_release
[ -n "$svg" ] || svg="$(dirname "$data")/flamegraph.svg"
if [ -z "$title" ]; then
    title=$(perf report -i "$data" --header-only 2>/dev/null | sed -n 's/^# cmdline : //p' | head -1 \
        | sed -e 's/.* -- //' -e 's#^[^ ]*/##')
    title="Tessera: ${title:-perf recording}"
fi

# shellcheck disable=SC2086  # set_fold is a list of flags
perf script -i "$data" 2>/dev/null | "$BIN/tessera" profile fold $set_fold --out "$svg.folded" \
    || die "folding failed"
"$BIN/tessera" profile svg --title "$title" --in "$svg.folded" --out "$svg" || die "drawing failed"
note "wrote $svg ($(wc -l <"$svg.folded" | tr -d ' ') distinct stacks in $svg.folded)"
