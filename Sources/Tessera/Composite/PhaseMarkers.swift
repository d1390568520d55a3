// The frame's phases, marked for profilers (Profiles/README.md, "Phases"; ARCHITECTURE.md, "Profiling
// phases").
//
// Each phase runs inside a marker function with a fixed symbol (`@_silgen_name`), never inlined and
// never optimized (`@inline(never)`, `@_optimize(none)`: no tail call, so its frame stays on the stack
// while the body runs). The body reaches it as a C function pointer and a context pointer, not as a
// Swift closure: the optimizer specializes functions for the Swift closures they are passed (a marker
// taking one was cloned into copies with other names), but not for C function pointers. So every
// sample taken while a phase runs has the marker's plain name in its stack. `FramePhase` (TesseraProfiling) classifies samples by these names only;
// `Profiles/check-markers.sh` (`nm`, `objdump`) fails when a release build no longer defines or calls one.
//
// Cost: two extra calls per phase per frame (per band work item, per raster job); nothing per pixel.
// Thread safety: they run the body on the calling thread.

/// What a marker calls: a non-capturing function of the context pointer. The second argument is the
/// marker's own number, passed only so that no two markers have the same machine code (identical
/// functions are merged by the optimizer into one symbol and a jump, which would lose the phase).
typealias PhaseBody = @convention(c) (UnsafeMutableRawPointer, UInt8) -> Void

@_silgen_name("tessera_phase_frame") @inline(never) @_optimize(none)
func tessera_phase_frame(_ context: UnsafeMutableRawPointer, _ body: PhaseBody) { body(context, 1) }
@_silgen_name("tessera_phase_plan") @inline(never) @_optimize(none)
func tessera_phase_plan(_ context: UnsafeMutableRawPointer, _ body: PhaseBody) { body(context, 2) }
@_silgen_name("tessera_phase_tiles") @inline(never) @_optimize(none)
func tessera_phase_tiles(_ context: UnsafeMutableRawPointer, _ body: PhaseBody) { body(context, 3) }
@_silgen_name("tessera_phase_composite") @inline(never) @_optimize(none)
func tessera_phase_composite(_ context: UnsafeMutableRawPointer, _ body: PhaseBody) { body(context, 4) }
@_silgen_name("tessera_phase_composite_band") @inline(never) @_optimize(none)
func tessera_phase_composite_band(_ context: UnsafeMutableRawPointer, _ body: PhaseBody) { body(context, 5) }
@_silgen_name("tessera_phase_raster_job") @inline(never) @_optimize(none)
func tessera_phase_raster_job(_ context: UnsafeMutableRawPointer, _ body: PhaseBody) { body(context, 6) }

/// Runs `body` through a marker: the closure goes in as a context pointer and comes back through one
/// non-capturing trampoline.
@inline(__always)
private func marked(_ marker: (UnsafeMutableRawPointer, PhaseBody) -> Void, _ body: () -> Void) {
    withoutActuallyEscaping(body) { escapable in
        var run: () -> Void = escapable
        withUnsafeMutablePointer(to: &run) { pointer in
            marker(UnsafeMutableRawPointer(pointer)) { context, _ in
                context.assumingMemoryBound(to: (() -> Void).self).pointee()
            }
        }
    }
}

/// ``marked(_:_:)`` for a throwing body: the error is carried out of the C call and thrown after it.
@inline(__always)
private func markedThrowing(_ marker: (UnsafeMutableRawPointer, PhaseBody) -> Void,
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
