/// Turning constraints into solver terms: each attribute in the plane of the nearest layer holding
/// both items, scroll layers' content areas and guides (see ``LayoutEngine``).
extension LayoutEngine {
    func frameVariables(_ layer: Layer) -> LayerLayoutState.FrameVariables {
        let state = layer.layoutState
        if state.touchedPass != pass {
            state.touchedPass = pass
            touched.append(layer)
        }
        return state.frameVariables()
    }

    func contentVariable(_ layer: ScrollLayer, _ axis: LayoutAxis) -> LayoutVariable {
        let id = ObjectIdentifier(layer)
        if let index = contentIndex[id] {
            contentUse[index].axes.insert(axis)
        } else {
            contentIndex[id] = contentUse.count
            contentUse.append((Weak(layer), [axis]))
        }
        let variables = layer.layoutState.contentSizeVariables(layer.layoutName)
        return axis == .horizontal ? variables.width : variables.height
    }

    func spec(for constraint: LayoutConstraint) throws -> Spec {
        let first = constraint.firstLayer, second = constraint.secondLayer
        let ancestor = try constraint.commonAncestor(first, second)
        guard let first else {
            throw TesseraError.invalidArgument(argument: "item", reason: "\(constraint): its layer no longer exists")
        }
        var terms: [(variable: LayoutVariable, coefficient: Double)] = []
        terms.reserveCapacity(6)
        try expression(first, constraint.firstGuide, constraint.firstAttribute, in: ancestor, other: second,
                       scale: 1, into: &terms)
        if let attribute = constraint.secondAttribute {
            guard let second else {
                throw TesseraError.invalidArgument(argument: "secondItem", reason: "\(constraint): its layer no longer exists")
            }
            try expression(second, constraint.secondGuide, attribute, in: ancestor, other: first,
                           scale: -constraint.multiplier, into: &terms)
        }
        return Spec(key: .user(constraint), terms: terms, constant: -constraint.constant,
                    relation: constraint.relation, priority: constraint.priority, label: { [weak constraint] in constraint?.description ?? "(freed constraint)" },
                    source: constraint)
    }

    /// Appends the attribute, as `Σ coefficient · variable` in `ancestor`'s plane and times `scale`, to `terms`.
    /// `layer` is the item's layer (a guide's scroll layer for `guide`); `other` the other item's layer.
    func expression(_ layer: Layer, _ guide: LayoutGuide?, _ attribute: LayoutAttribute, in ancestor: Layer,
                    other: Layer?, scale: Double,
                    into terms: inout [(variable: LayoutVariable, coefficient: Double)]) throws {
        let horizontal = attribute.axis == .horizontal
        var usesContent = false
        if let guide {
            usesContent = guide.kind == .content
        } else if !attribute.isDimension, layer is ScrollLayer, layer === ancestor, let otherLayer = other,
                  otherLayer !== layer, otherLayer.isDescendant(of: layer) {
            usesContent = true
        }
        // The extent's variable, made (and so counted as used) only when the attribute needs it.
        func size() -> LayoutVariable {
            if usesContent, let scroll = layer as? ScrollLayer { return contentVariable(scroll, attribute.axis) }
            let v = frameVariables(layer)
            return horizontal ? v.width : v.height
        }
        guard let fraction = attribute.edgeFraction else {
            terms.append((size(), scale))
            return
        }
        var current: Layer? = layer
        while let link = current, link !== ancestor {
            let v = frameVariables(link)
            terms.append((horizontal ? v.x : v.y, scale))
            current = link.superlayer
        }
        if fraction != 0 { terms.append((size(), fraction * scale)) }
    }
}
