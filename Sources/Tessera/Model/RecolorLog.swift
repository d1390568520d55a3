import Foundation

/// The latest background-colour changes, by ``ModelEpoch``: what lets a compositor whose model changed
/// only in layers' background colours since its last frame patch that frame's plan instead of planning
/// again (`Compositor+RecoloredFrame.swift`). A spinner's frame then reads no layer but the ones it
/// recoloured, and its cost no longer grows with the visible layers.
///
/// Every ``Layer/backgroundColor`` change advances the epoch once (``Layer/recordChange(_:)``), then
/// records the layer, its new colour and ``ModelEpoch/current``. A reader that saw epoch `e` and now sees
/// `c` takes the entries logged after `e`: when there are exactly `c − e` of them, every change in between
/// was a background colour (each advanced the epoch by one and logged one entry; any other change
/// advances it without an entry). Otherwise — another kind of change, a change racing on another
/// thread's tree, more changes than the log keeps — it gets `nil` and plans as usual: the log may only
/// make a reader take the slow path, never a wrong shortcut.
///
/// Thread safety: any thread, under an `NSLock` (ThreadSanitizer reported the accesses inside
/// `Synchronization.Mutex.withLock` on two threads as a race: it does not see that lock). Cost: a lock
/// and an array write per colour change; it keeps the last ``capacity`` entries.
enum RecolorLog {
    struct Entry: Sendable {
        let epoch: UInt64
        let layer: UInt64
        let color: Color?
    }

    /// The entries kept: more colour changes than this between two frames take the slow path.
    static let capacity = 64

    private static let lock = NSLock()
    /// Guarded by ``lock``.
    nonisolated(unsafe) private static var entries: [Entry] = []

    /// Records that `layer`'s background colour became `color` (after the change advanced the epoch).
    static func record(layer: UInt64, color: Color?) {
        let entry = Entry(epoch: ModelEpoch.current, layer: layer, color: color)
        lock.withLock {
            if entries.count == capacity { entries.removeFirst() }
            entries.append(entry)
        }
    }

    /// The colour changes logged after epoch `last`, oldest first, when they are all the changes up to
    /// epoch `current`; `nil` when anything else may have changed (see the type's discussion).
    static func changes(after last: UInt64, through current: UInt64) -> [Entry]? {
        guard current >= last, current - last <= UInt64(capacity) else { return nil }
        let taken = lock.withLock { entries.filter { $0.epoch > last && $0.epoch <= current } }
        return UInt64(taken.count) == current - last ? taken : nil
    }
}
