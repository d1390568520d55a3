/*
 * The frame-phase markers (Profiles/README.md, "Phases"): C functions with fixed symbol names that only
 * call `body(context)`. They are C so that the Swift optimizer can neither inline, specialize nor rename
 * them, and they are never inlined nor tail-call the body, so every sample taken during a phase has the
 * marker in its stack. Internal to the Tessera library (Sources/Tessera/Composite/PhaseMarkers.swift).
 * Thread safety: any thread.
 */
#ifndef TESSERA_PHASE_MARKERS_H
#define TESSERA_PHASE_MARKERS_H

typedef void (*tessera_phase_body)(void *context);

void tessera_phase_frame(void *context, tessera_phase_body body);
void tessera_phase_plan(void *context, tessera_phase_body body);
void tessera_phase_tiles(void *context, tessera_phase_body body);
void tessera_phase_composite(void *context, tessera_phase_body body);
void tessera_phase_composite_band(void *context, tessera_phase_body body);
void tessera_phase_raster_job(void *context, tessera_phase_body body);

#endif
