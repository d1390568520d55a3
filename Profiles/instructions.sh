#!/bin/sh
# Profiles/instructions.sh: repeatable instruction counts with callgrind. See Profiles/README.md.
set -eu
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

usage() {
    cat <<USAGE
usage: Profiles/instructions.sh [--scene SCENE] [--frames N] [--isa avx2|baseline] [--keep DIR]

Counts the instructions of Tessera's frames with valgrind --tool=callgrind: runs
'tessera bench SCENE --frames F --workers 1' twice, F = N/2 and F = N + N/2 (default scene feed, N = 20:
10 and 30 frames), collecting only inside Compositor.render(_:into:) (--toggle-collect), and prints
  - the render instructions of each run (the first, full-raster frame + F scrolled frames),
  - instructions per frame = (R(long) - R(short)) / N: the first frame cancels out, so this is the cost
    of a steady scrolling frame (plan + raster of the newly exposed tiles + composite),
  - the first frame = R(short) - F(short) x per-frame,
  - instructions per composited pixel = per-frame / viewport device pixels.
Deterministic: one worker, SWIFT_DETERMINISTIC_HASHING=1, a scripted scroll that does not read the clock
for what it draws; the render's own clock reads and Duration arithmetic (ContinuousClock, Duration,
_Int128, clock_gettime: about 1,000 instructions a frame whose count depends on the times read) are
subtracted, so two runs print the same counts. Scene construction and start-up are outside the count.
valgrind 3.19 cannot run AVX-512 code: the tier is avx2 (default) or baseline.
Builds the release binaries when missing. Needs valgrind (and callgrind_annotate, part of it).
USAGE
}

scene=feed
frames=20
isa=avx2
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --scene) [ $# -ge 2 ] || die "--scene needs a name"; scene=$2; shift 2 ;;
        --frames) [ $# -ge 2 ] || die "--frames needs a number"; frames=$2; shift 2 ;;
        --isa) [ $# -ge 2 ] || die "--isa needs avx2 or baseline"; isa=$2; shift 2 ;;
        --keep) [ $# -ge 2 ] || die "--keep needs a directory"; keep=$2; shift 2 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done
case "$frames" in ''|*[!0-9]*) die "--frames must be a whole number ≥ 2, got '$frames'" ;; esac
[ "$frames" -ge 2 ] || die "--frames must be ≥ 2"
case "$isa" in avx2|baseline) ;; *) die "--isa must be avx2 or baseline (valgrind 3.19 cannot run avx512)" ;; esac

need valgrind "install valgrind (callgrind is part of it)"
ensure_release

work=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/tessera-callgrind.XXXXXX")}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

short=$((frames / 2))
long=$((frames + short))

render=$(nm "$BIN/tessera" 2>/dev/null | grep -o '\$s7Tessera10CompositorC6render_4into[A-Za-z0-9_]*PixelBuffer[A-Za-z0-9_]*' | head -1)
[ -n "$render" ] || render='$s7Tessera10CompositorC6render_4into*'

# count F: callgrind on F frames, collecting inside Compositor.render only; prints the count minus the
# self cost of the timing functions (their count varies with the times read).
count() {
    out="$work/callgrind.$1.out"
    TESSERA_ISA=$isa SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
        --toggle-collect="$render" \
        "$BIN/tessera" bench "$scene" --frames "$1" --workers 1 >"$work/bench.$1.txt" 2>"$work/valgrind.$1.txt" \
        || die "valgrind failed on $1 frames (see $work/valgrind.$1.txt; run with --keep DIR to keep it)"
    grep -q "$isa kernels" "$work/bench.$1.txt" || die "the bench did not run the $isa tier: $(head -1 "$work/bench.$1.txt")"
    callgrind_annotate --auto=no --inclusive=no --threshold=100 "$out" >"$work/annotate.$1.txt" 2>/dev/null \
        || die "callgrind_annotate failed on $out"
    awk '
        /PROGRAM TOTALS/ { v = $1; gsub(",", "", v); total = v }
        /^ *[0-9,]+ \([ 0-9.]+%\)  [^=]/ && /(\$ss8Duration|\$ss7_Int128|\$ss15ContinuousClock|clock_gettime)/ {
            v = $1; gsub(",", "", v); timing += v
        }
        END { if (total == "") exit 1; printf "%.0f\n", total - timing }' "$work/annotate.$1.txt" \
        || die "no PROGRAM TOTALS in $work/annotate.$1.txt"
}

size=$("$BIN/tessera" profile viewport "$scene") || die "cannot read the viewport of scene '$scene'"
width=${size% *}
height=${size#* }
pixels=$((width * height))

note "callgrind (collecting in Compositor.render): tessera bench $scene --workers 1, $short and $long frames, TESSERA_ISA=$isa"
i_short=$(count "$short")
i_long=$(count "$long")

awk -v is="$i_short" -v il="$i_long" -v fs="$short" -v fl="$long" -v px="$pixels" \
    -v scene="$scene" -v isa="$isa" -v w="$width" -v h="$height" 'BEGIN {
    per_frame = (il - is) / (fl - fs)
    setup = is - fs * per_frame
    printf "tessera bench %s --workers 1, %s kernels, viewport %dx%d (%d pixels); instructions in Compositor.render\n", scene, isa, w, h, px
    printf "  1st frame + %3d frames     %15.0f\n", fs, is
    printf "  1st frame + %3d frames     %15.0f\n", fl, il
    printf "  per frame                  %15.0f   (difference / %d)\n", per_frame, fl - fs
    printf "  first frame (full raster)  %15.0f\n", setup
    printf "  per composited pixel       %15.3f\n", per_frame / px
}'
