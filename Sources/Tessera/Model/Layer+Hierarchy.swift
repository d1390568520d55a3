/// Editing the layer tree. Same thread rules as ``Layer``.
extension Layer {
    /// Appends `layer` on top of the other sublayers. A layer that already has a superlayer is first
    /// removed from it (UIKit's behaviour).
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when `layer` is `self` or an ancestor of
    ///   `self` (that would make a cycle), or when the tree would become deeper than
    ///   ``maximumTreeDepth`` levels.
    public func addSublayer(_ layer: Layer) throws {
        try insertSublayer(layer, at: layer.superlayer === self ? sublayers.count - 1 : sublayers.count)
    }

    /// Inserts `layer` at `index` in paint order (0 is the bottom). When `layer` is already a sublayer of
    /// `self`, `index` counts the sublayers without it.
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` for a cycle or a tree deeper than
    ///   ``maximumTreeDepth`` levels;
    ///   ``TesseraError/invalidArgument(argument:reason:)`` naming `index` when outside `0…count`.
    public func insertSublayer(_ layer: Layer, at index: Int) throws {
        var ancestor: Layer? = self
        var depth = 0  // the layers from the root down to `self`, inclusive
        while let current = ancestor {
            if current === layer {
                throw TesseraError.invalidHierarchy(
                    reason: "cannot add \(layer) as a sublayer of itself or of one of its descendants")
            }
            depth += 1
            ancestor = current.superlayer
        }
        if depth + layer.subtreeHeight(limit: Layer.maximumTreeDepth - depth) > Layer.maximumTreeDepth {
            throw TesseraError.invalidHierarchy(
                reason: "adding \(layer) would make the layer tree deeper than \(Layer.maximumTreeDepth) levels")
        }
        let count = sublayers.count - (layer.superlayer === self ? 1 : 0)
        guard (0...count).contains(index) else {
            throw TesseraError.invalidArgument(argument: "index", reason: "must be in 0…\(count), got \(index)")
        }
        layer.detachFromSuperlayer()
        sublayers.insert(layer, at: index)
        layer.superlayer = self
        layer.adopt(treeChanges)
        layer.layoutStateStorage?.engine = nil  // no longer a root: its tree's engine is the new root's
        invalidateLayout()
        recordChange(.sublayers)
        if layer.subtreeHasChanges {
            // The moved subtree carries changes the new ancestors must know of.
            layer.subtreeHasChanges = false
            layer.markPathChanged()
        }
    }

    /// The deepest a layer tree may be: the layers on the longest path from the root to a leaf, root and
    /// leaf included. Rendering and change tracking walk the tree recursively; the limit keeps any tree
    /// the API accepts far from exhausting a thread's stack.
    public static let maximumTreeDepth = 256

    /// The layers on the longest path from `self` down to a leaf (1 for a leaf), or a value above
    /// `limit` as soon as it exceeds `limit`. Iterative: never recurses.
    func subtreeHeight(limit: Int) -> Int {
        var height = 0
        var level: [Layer] = [self]
        while !level.isEmpty {
            height += 1
            if height > limit { return height }
            level = level.flatMap(\.sublayers)
        }
        return height
    }

    /// Detaches the layer from its superlayer; does nothing for a root. The layer and its sublayers then
    /// form a tree of their own (a new ``TreeChanges``). Cost: O(siblings + the layers of the subtree).
    public func removeFromSuperlayer() {
        if detachFromSuperlayer() { adopt(TreeChanges()) }
    }

    /// ``removeFromSuperlayer()`` but for the tree's changes, which the caller gives the subtree; whether
    /// the layer had a superlayer.
    @discardableResult
    func detachFromSuperlayer() -> Bool {
        guard let parent = superlayer else { return false }
        parent.invalidateLayout()
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
        parent.recordChange(.sublayers)
        return true
    }

    /// Makes this layer and every layer below it count their changes in `tree`. Iterative: never recurses.
    func adopt(_ tree: TreeChanges) {
        guard treeChanges !== tree else { return }  // the layers of a subtree share one: all have it
        treeChanges = tree
        guard !sublayers.isEmpty else { return }
        var pending = sublayers
        while let layer = pending.popLast() {
            layer.treeChanges = tree
            pending.append(contentsOf: layer.sublayers)
        }
    }

    /// The topmost ancestor (the layer itself when it has no superlayer).
    public var rootLayer: Layer {
        var layer = self
        while let parent = layer.superlayer { layer = parent }
        return layer
    }

    /// True when `self` is `layer` or lies in its subtree.
    public func isDescendant(of layer: Layer) -> Bool {
        var current: Layer? = self
        while let candidate = current {
            if candidate === layer { return true }
            current = candidate.superlayer
        }
        return false
    }
}
