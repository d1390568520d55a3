/// Coordinate conversion, composited positions and hit testing. Same thread rules as ``Layer``.
///
/// A point `p` in a layer's own plane is at `p − bounds.origin + frame.origin` in its superlayer's
/// plane; conversions chain that step (or its inverse) through the common root.
extension Layer {
    /// The translation from this layer's plane to its root's plane: the sum of
    /// `frame.origin − bounds.origin` over the layer and its ancestors below the root.
    var offsetToRootPlane: Point {
        var offset = Point.zero
        var layer = self
        while let parent = layer.superlayer {
            offset += layer.frame.origin - layer.boundsOrigin
            layer = parent
        }
        return offset
    }

    /// Converts `point` from this layer's plane to `layer`'s plane.
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ point: Point, to layer: Layer) throws -> Point {
        try checkSameTree(layer)
        return point + offsetToRootPlane - layer.offsetToRootPlane
    }

    /// Converts `point` from `layer`'s plane to this layer's plane.
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ point: Point, from layer: Layer) throws -> Point {
        try layer.convert(point, to: self)
    }

    /// Converts `rect` from this layer's plane to `layer`'s plane (a translation: the size is kept).
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ rect: Rect, to layer: Layer) throws -> Rect {
        Rect(origin: try convert(rect.origin, to: layer), size: rect.size)
    }

    /// Converts `rect` from `layer`'s plane to this layer's plane.
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ rect: Rect, from layer: Layer) throws -> Rect {
        try layer.convert(rect, to: self)
    }

    /// Where the layer's bounds rectangle lands when the tree is composited: in the plane the root's
    /// `frame` lives in (the screen), in points. Its origin is `frame.origin − superlayer.bounds.origin`
    /// applied at every level up to the root (the composited-position formula, ARCHITECTURE.md "The model").
    public var compositedFrame: Rect {
        var origin = frame.origin
        var parent = superlayer
        while let current = parent {
            origin += current.frame.origin - current.boundsOrigin
            parent = current.superlayer
        }
        return Rect(origin: origin, size: frame.size)
    }

    /// The deepest visible layer of this subtree containing `point` (in this layer's own plane), or `nil`.
    ///
    /// As with `UIView.hitTest`, a point outside a layer's bounds hits neither the layer nor any of its
    /// sublayers, even a sublayer drawn outside the bounds. Hidden layers and layers of
    /// opacity 0 are not hit. Sublayers are tried from the top of the paint order down.
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, opacity > 0, bounds.contains(point) else { return nil }
        for sublayer in sublayers.reversed() {
            let local = point - sublayer.frame.origin + sublayer.boundsOrigin
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return self
    }

    private func checkSameTree(_ layer: Layer) throws {
        guard rootLayer === layer.rootLayer else {
            throw TesseraError.invalidHierarchy(reason: "\(self) and \(layer) are not in the same layer tree")
        }
    }
}
