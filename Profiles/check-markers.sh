#!/bin/sh
# check-markers.sh [BINARY…]: checks that each release binary (default .build/release/tessera and
# .build/release/libTesseraC.so) defines every frame-phase marker (Sources/Tessera/Composite/PhaseMarkers.swift)
# as a function symbol (`nm`) and calls it (`objdump -d`: a call or jump to it), so that a marker the
# optimizer inlined away, renamed or stopped calling fails here instead of silently emptying a phase of
# `tessera profile phases`. The marker list is FramePhase.markers (Sources/TesseraProfiling/FramePhase.swift).
# Exit status 0 when all are there, 1 otherwise (each missing one named).
set -eu
. "$(dirname "$0")/lib.sh"

if [ "${1:-}" = "--help" ]; then
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
need nm "binutils provides nm"
need objdump "binutils provides objdump"
markers="tessera_phase_frame tessera_phase_plan tessera_phase_tiles tessera_phase_composite tessera_phase_composite_band tessera_phase_raster_job"
if [ $# -eq 0 ]; then
    ensure_release
    set -- "$BIN/tessera" "$BIN/libTesseraC.so"
fi
# The list must be FramePhase's: every symbol here appears there, and the counts agree.
listed=$(grep -o '("tessera_phase_[a-z_]*"' "$ROOT/Sources/TesseraProfiling/FramePhase.swift" | tr -d '("' | sort | tr '\n' ' ')
expected=$(printf '%s\n' $markers | sort | tr '\n' ' ')
[ "$listed" = "$expected" ] || die "FramePhase.markers ($listed) differ from this script's list ($expected)"
failed=0
for binary in "$@"; do
    [ -f "$binary" ] || die "no such binary: $binary"
    symbols=$(nm --defined-only "$binary" 2>/dev/null || true)
    disassembly=$(objdump -d --no-show-raw-insn "$binary")
    for marker in $markers; do
        if ! printf '%s\n' "$symbols" | grep -Eq " [Tt] $marker\$"; then
            note "$binary: marker $marker is not defined (inlined away or renamed?)"
            failed=1
        elif ! printf '%s\n' "$disassembly" | grep -Eq "(call|jmp)[a-z]* +[0-9a-f]+ <$marker(@plt)?>"; then
            note "$binary: marker $marker is defined but never called"
            failed=1
        fi
    done
    [ $failed -eq 0 ] && note "$binary: all $(printf '%s\n' $markers | wc -l | tr -d ' ') phase markers defined and called"
done
exit $failed
