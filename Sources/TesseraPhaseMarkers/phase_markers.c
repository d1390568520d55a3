/* The frame-phase markers: see include/tessera_phase_markers.h. `noinline` keeps each a function of its
 * own; `disable_tail_calls` keeps it on the stack while the body runs (a tail call would replace its frame
 * by the body's). */
#include "tessera_phase_markers.h"

#define MARKER(name) \
    __attribute__((noinline, disable_tail_calls)) void name(void *context, tessera_phase_body body) { body(context); }

MARKER(tessera_phase_frame)
MARKER(tessera_phase_plan)
MARKER(tessera_phase_tiles)
MARKER(tessera_phase_composite)
MARKER(tessera_phase_composite_band)
MARKER(tessera_phase_raster_job)
