/// The changes of one layer tree: how many its layers recorded, and the latest background-colour changes
/// among them. Every layer of a tree holds its tree's object (``Layer/treeChanges``); a compositor that keeps
/// the object of the root it rendered and the ``count`` it saw knows, seeing the same object and count
/// again, that no layer of that tree changed since — whatever other trees, on this thread or others, did.
///
/// ```
///   root ─┬─ a ── c        every layer → one TreeChanges (count, recolorings)
///         └─ b             a.removeFromSuperlayer(): a and c → a new one;
///                          x.addSublayer(a): a and c → x's tree's
/// ```
///
/// - Counting: ``Layer/markPathChanged()`` (every recorded change, hierarchy moves included) adds one.
/// - Moving subtrees: a subtree added to a layer takes its new tree's object, and a subtree removed from
///   its superlayer, or left by a superlayer that was freed, gets a new one (``Layer/adopt(_:)``), so a
///   root that left a tree and came back, or joined another, never shows an object and count a
///   compositor saw before it moved, and two trees never share an object (they may be on two threads).
/// - Recolorings: a ``Layer/backgroundColor`` change is counted as any change, then logged as one
///   ``Recoloring`` with the count it made. A reader that saw count `n` and now sees `m` takes the
///   recolorings after `n`: when there are exactly `m − n` of them, every change in between was a
///   background colour (`Compositor+RecoloredFrame.swift` then patches its last plan instead of
///   planning). More than ``recoloringCapacity`` changes in between, or any other kind, gives `nil`: the
///   reader plans.
///
/// Thread safety: the thread that owns the tree (the model thread), like its layers; no lock, no atomic.
/// Cost: an add per recorded change, an array write per colour change; memory: the object and up to
/// ``recoloringCapacity`` recolorings per tree.
final class TreeChanges {
    struct Recoloring {
        /// ``TreeChanges/count`` once the change was counted.
        let count: UInt64
        let layer: UInt64
        let color: Color?
    }

    /// The recolorings kept: more colour changes than this between two frames take the slow path.
    static let recoloringCapacity = 64

    /// The changes the tree's layers recorded while they held this object.
    private(set) var count: UInt64 = 0
    /// The latest recolorings, oldest first.
    private var recolorings: [Recoloring] = []

    /// Counts one change.
    @inline(__always)
    func record() { count &+= 1 }

    /// Logs that the change just counted made `layer`'s background colour `color`.
    func logRecoloring(layer: UInt64, color: Color?) {
        if recolorings.count == Self.recoloringCapacity { recolorings.removeFirst() }
        recolorings.append(Recoloring(count: count, layer: layer, color: color))
    }

    /// The recolorings after count `last`, oldest first, when they are all the changes since; `nil` when
    /// anything else may have changed (see the type's discussion).
    func recolorings(after last: UInt64) -> [Recoloring]? {
        guard count >= last, count - last <= UInt64(Self.recoloringCapacity) else { return nil }
        let taken = recolorings.filter { $0.count > last }
        return UInt64(taken.count) == count - last ? taken : nil
    }
}
