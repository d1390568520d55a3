import Foundation
import Synchronization

/// The record of what changed in a layer's drawing, kept by the model so that any number of readers
/// (one per compositor, each at its own pace) can ask "what changed since I last looked?".
///
/// Every invalidation gets the next ``serial``. Rect invalidations are kept in points, in the layer's own
/// plane (the model knows nothing of tiles); a full invalidation (`setNeedsDisplay()`, a new `content`)
/// drops the rects. The log keeps at most ``capacity`` rects: older ones are folded into
/// ``fullSerial``, which makes a reader that missed them redraw everything — conservative, never wrong.
///
/// Thread safety: part of ``Layer``; read and written on the model thread only.
struct DisplayLog {
    /// The most rects kept before the oldest are folded into a full invalidation.
    static let capacity = 64

    /// The serial of the latest invalidation (0: never invalidated).
    private(set) var serial: UInt64 = 0
    /// A reader that last looked before this serial must treat everything as invalid.
    private(set) var fullSerial: UInt64 = 0
    /// The rect invalidations newer than ``fullSerial``, oldest first, in points in the layer's plane.
    private(set) var rects: [(serial: UInt64, rect: Rect)] = []

    /// Records that everything the layer draws changed.
    mutating func invalidateAll() {
        serial += 1
        fullSerial = serial
        rects.removeAll(keepingCapacity: true)
    }

    /// Records that `rect` (points, layer plane) of the layer's drawing changed.
    mutating func invalidate(_ rect: Rect) {
        serial += 1
        if rects.count == DisplayLog.capacity {
            let dropped = rects.count / 2
            fullSerial = rects[dropped - 1].serial
            rects.removeFirst(dropped)
        }
        rects.append((serial, rect))
    }

    /// What changed after `seen` (a ``serial`` the reader saw before).
    func changes(since seen: UInt64) -> DisplayChanges {
        if seen >= serial { return .none }
        if seen < fullSerial { return .all }
        return .rects(rects.filter { $0.serial > seen }.map(\.rect))
    }
}

/// The answer of ``DisplayLog/changes(since:)``.
enum DisplayChanges {
    /// Nothing changed.
    case none
    /// Everything may have changed.
    case all
    /// Only these rects (points, layer plane) changed.
    case rects([Rect])
}

/// A token owned by one ``Layer`` and ended by its deinit: stages after planning keep it to notice that a
/// layer is gone without keeping or reading the layer. A flag, not a weak reference: an object that is
/// referenced weakly gets a side table, and every retain and release of it (every planned layer, every
/// frame) takes the runtime's slow path. Thread safety: any thread (an atomic flag; a layer may be freed
/// on any thread).
final class LayerLifetime: Sendable {
    private let alive = Atomic<Bool>(true)

    /// False once the layer was freed.
    var isAlive: Bool { alive.load(ordering: .acquiring) }

    /// Called by the layer's deinit.
    func end() { alive.store(false, ordering: .releasing) }
}

/// Hands out the process-unique ``Layer`` identities. Thread safety: any thread (locked).
enum LayerIdentity {
    private static let counter = Counter()

    static func next() -> UInt64 { counter.next() }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0

        func next() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
