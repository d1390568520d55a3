internal import TesseraPhaseMarkers

// The frame's phases, marked for profilers (Profiles/README.md, "Phases"; ARCHITECTURE.md, "Profiling
// phases").
//
// Each phase runs inside a C marker function with a fixed symbol (`Sources/TesseraPhaseMarkers`): C, so
// that the Swift optimizer cannot inline, specialize or rename it (a Swift function with `@_silgen_name`,
// `@inline(never)` and `@_optimize(none)` was still closure-specialized into copies with other names);
// never inlined and never tail-calling, so every sample taken while a phase runs has the marker's plain
// name in its stack. `FramePhase` (TesseraProfiling) classifies samples by these names only;
// `Profiles/check-markers.sh` (`nm`, `objdump`) fails when a release build no longer defines or calls one.
//
// Cost: two extra calls per phase per frame (per band work item, per raster job); nothing per pixel.
// Thread safety: they run the body on the calling thread.

/// Runs `body` through a marker: the closure goes to C as a context pointer and comes back through one
/// non-capturing trampoline.
@inline(__always)
private func marked(_ marker: (UnsafeMutableRawPointer?, tessera_phase_body?) -> Void, _ body: () -> Void) {
    withoutActuallyEscaping(body) { escapable in
        var run: () -> Void = escapable
        withUnsafeMutablePointer(to: &run) { pointer in
            marker(UnsafeMutableRawPointer(pointer)) { context in
                context!.assumingMemoryBound(to: (() -> Void).self).pointee()
            }
        }
    }
}

/// ``marked(_:_:)`` for a throwing body: the error is carried out of the C call and thrown after it.
@inline(__always)
private func markedThrowing(_ marker: (UnsafeMutableRawPointer?, tessera_phase_body?) -> Void,
                            _ body: () throws -> Void) throws {
    var failure: (any Error)?
    marked(marker) {
        do { try body() } catch { failure = error }
    }
    if let failure { throw failure }
}

/// The whole `Compositor.render` call (bookkeeping outside the three phases counts as "render").
func tesseraPhaseFrame(_ body: () throws -> Void) throws { try markedThrowing({ tessera_phase_frame($0, $1) }, body) }

/// Planning: `FramePlanner` walking the tree (the model thread).
func tesseraPhasePlan(_ body: () throws -> Void) throws { try markedThrowing({ tessera_phase_plan($0, $1) }, body) }

/// The tile stage: `TileManager.prepare` (cache look-ups, queueing raster, waiting in synchronous mode).
func tesseraPhaseTiles(_ body: () throws -> Void) throws { try markedThrowing({ tessera_phase_tiles($0, $1) }, body) }

/// Composition on the model thread: the draw list, damage, culling, binning, then the bands.
func tesseraPhaseComposite(_ body: () -> Void) { marked({ tessera_phase_composite($0, $1) }, body) }

/// One composite work item (a band or part of one) on a band worker.
func tesseraPhaseCompositeBand(_ body: () -> Void) { marked({ tessera_phase_composite_band($0, $1) }, body) }

/// One raster job on a raster worker (`RasterJob.draw`, the layer content's drawing).
func tesseraPhaseRasterJob(_ body: () -> Void) { marked({ tessera_phase_raster_job($0, $1) }, body) }
