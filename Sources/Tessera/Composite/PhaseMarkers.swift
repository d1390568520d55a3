// The frame's phases, marked for profilers (Profiles/README.md, "Phases").
//
// Each marker is a function that only calls its closure, with a fixed symbol name (`@_silgen_name`), never
// inlined (`@inline(never)`) and never optimized (`@_optimize(none)`: no closure or signature
// specialization, which would call a copy under another name). So every sample taken while a phase runs
// has the marker's plain C-like name in its stack, whatever the optimizer did to the code inside, and
// `FramePhase` (TesseraProfiling) classifies samples by these names only. A check in Profiles/check-markers.sh
// (`nm` and `objdump` on the release binary) fails when a marker is missing or no longer called.
//
// Cost: one extra call and return per phase per frame (per work item on the band workers, per raster
// job); nothing per pixel. Thread safety: they run on whatever thread calls them.

/// The whole `Compositor.render` call (per-frame bookkeeping outside the three phases is "render").
@inline(never) @_optimize(none) @_silgen_name("tessera_phase_frame")
func tesseraPhaseFrame(_ body: () throws -> Void) rethrows { try body() }

/// Planning: `FramePlanner` walking the tree (the model thread).
@inline(never) @_optimize(none) @_silgen_name("tessera_phase_plan")
func tesseraPhasePlan(_ body: () throws -> Void) rethrows { try body() }

/// The tile stage: `TileManager.prepare` (cache look-ups, queueing raster, waiting in synchronous mode).
@inline(never) @_optimize(none) @_silgen_name("tessera_phase_tiles")
func tesseraPhaseTiles(_ body: () throws -> Void) rethrows { try body() }

/// One raster job on a raster worker (`RasterJob.draw`, the layer content's drawing).
@inline(never) @_optimize(none) @_silgen_name("tessera_phase_raster_job")
func tesseraPhaseRasterJob(_ body: () -> Void) { body() }

/// Composition on the model thread: the draw list, damage, culling, binning, then the bands.
@inline(never) @_optimize(none) @_silgen_name("tessera_phase_composite")
func tesseraPhaseComposite(_ body: () throws -> Void) rethrows { try body() }

/// One composite work item (a band or part of one) on a band worker.
@inline(never) @_optimize(none) @_silgen_name("tessera_phase_composite_band")
func tesseraPhaseCompositeBand(_ body: () -> Void) { body() }
