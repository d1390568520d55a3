import Synchronization

/// A process-wide count of layer-tree changes: every change a layer records (``Layer/recordChange(_:)``,
/// hierarchy moves) advances it. A compositor that saw epoch `e` at its last frame and sees `e` again
/// knows that no layer of any tree changed since, so its next frame can only differ by what its own
/// tile stage did (see `Compositor+UnchangedFrame.swift`).
///
/// Conservative by design: a change to another tree advances it too, and the compositor then simply
/// plans as usual. Thread safety: an atomic counter; the model thread that changes a tree and renders it
/// sees its own changes in program order. Cost: one relaxed atomic add per recorded change.
enum ModelEpoch {
    private static let counter = Atomic<UInt64>(0)

    /// Records that some layer changed.
    @inline(__always)
    static func advance() { counter.wrappingAdd(1, ordering: .relaxed) }

    /// The number of changes recorded so far.
    static var current: UInt64 { counter.load(ordering: .relaxed) }
}
