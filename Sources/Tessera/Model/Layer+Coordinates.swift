/// Coordinate conversion, composited positions and hit testing. Same thread rules as ``Layer``.
///
/// A point `p` in a layer's own plane is at `frame.origin + scale · (p − bounds.origin)` in its
/// superlayer's plane (``planeToSuperlayer``; `p − bounds.origin + frame.origin` without a transform);
/// conversions chain that step (or its inverse) through the common root.
extension Layer {
    /// The map from this layer's plane to its root's plane: ``planeToSuperlayer`` of the layer and of
    /// each ancestor below the root, applied from the layer up.
    var mapToRootPlane: PlaneMap {
        var map = PlaneMap.identity
        var layer = self
        while let parent = layer.superlayer {
            map = map.followed(by: layer.planeToSuperlayer)
            layer = parent
        }
        return map
    }

    /// Converts `point` from this layer's plane to `layer`'s plane (through both layers' transforms).
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ point: Point, to layer: Layer) throws -> Point {
        try checkSameTree(layer)
        return layer.mapToRootPlane.invert(mapToRootPlane.apply(point))
    }

    /// Converts `point` from `layer`'s plane to this layer's plane.
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ point: Point, from layer: Layer) throws -> Point {
        try layer.convert(point, to: self)
    }

    /// Converts `rect` from this layer's plane to `layer`'s plane: the origin is converted, the size is
    /// multiplied by the ratio of the two planes' scales (transforms are uniform scales and
    /// translations, so a rect stays a rect).
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ rect: Rect, to layer: Layer) throws -> Rect {
        let origin = try convert(rect.origin, to: layer)
        let ratio = mapToRootPlane.scale / layer.mapToRootPlane.scale
        return Rect(origin: origin, size: ratio == 1 ? rect.size : Size(width: rect.width * ratio, height: rect.height * ratio))
    }

    /// Converts `rect` from `layer`'s plane to this layer's plane.
    /// - Throws: ``TesseraError/invalidHierarchy(reason:)`` when the two layers are in different trees.
    public func convert(_ rect: Rect, from layer: Layer) throws -> Rect {
        try layer.convert(rect, to: self)
    }

    /// Where the layer's frame lands when the tree is composited: in the plane the root's `frame` lives
    /// in (the screen), in points. The layer's ``frame`` goes through each ancestor's plane-to-superlayer
    /// step up to the root (without transforms: `frame.origin − superlayer.bounds.origin` at every level,
    /// the composited-position formula of ARCHITECTURE.md "The model").
    public var compositedFrame: Rect {
        let frame = self.frame
        var origin = frame.origin
        var size = frame.size
        var parent = superlayer
        while let current = parent {
            let step = current.planeToSuperlayer
            origin = step.apply(origin)
            if step.scale != 1 { size = Size(width: size.width * step.scale, height: size.height * step.scale) }
            parent = current.superlayer
        }
        return Rect(origin: origin, size: size)
    }

    /// The deepest visible layer of this subtree containing `point` (in this layer's own plane), or `nil`.
    ///
    /// As with `UIView.hitTest`, a point outside a layer's bounds hits neither the layer nor any of its
    /// sublayers, even a sublayer drawn outside the bounds. Hidden layers and layers of
    /// opacity 0 are not hit. Sublayers are tried from the top of the paint order down; a point reaches
    /// a sublayer's plane through the inverse of its transform, `(p − frame.origin) / scale + bounds.origin`.
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, opacity > 0, bounds.contains(point) else { return nil }
        for sublayer in sublayers.reversed() {
            let frame = sublayer.frame, s = sublayer.transform.scale
            let local = s == 1
                ? point - frame.origin + sublayer.boundsOrigin
                : Point(x: (point.x - frame.minX) / s + sublayer.boundsOrigin.x,
                        y: (point.y - frame.minY) / s + sublayer.boundsOrigin.y)
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
