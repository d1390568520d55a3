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
        let ancestor = try constraint.commonAncestor()
        var terms: [(variable: LayoutVariable, coefficient: Double)] = []
        terms.reserveCapacity(6)
        try expression(constraint.firstItem, constraint.firstAttribute, in: ancestor, other: constraint.secondItem,
                       scale: 1, into: &terms)
        if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
            try expression(second, attribute, in: ancestor, other: constraint.firstItem, scale: -constraint.multiplier,
                           into: &terms)
        }
        return Spec(key: .user(constraint), terms: terms, constant: -constraint.constant,
                    relation: constraint.relation, priority: constraint.priority, label: { [weak constraint] in constraint?.description ?? "(freed constraint)" },
                    source: constraint)
    }

    /// Appends the attribute, as `Σ coefficient · variable` in `ancestor`'s plane and times `scale`, to `terms`.
    func expression(_ item: LayoutItem, _ attribute: LayoutAttribute, in ancestor: Layer, other: LayoutItem?,
                            scale: Double, into terms: inout [(variable: LayoutVariable, coefficient: Double)]) throws {
        guard let layer = item.layer else {
            throw TesseraError.invalidArgument(argument: "item", reason: "\(item): the guide's scroll layer no longer exists")
        }
        let horizontal = attribute.axis == .horizontal
        var usesContent = false
        if let guide = item.guide {
            usesContent = guide.kind == .content
        } else if !attribute.isDimension, layer is ScrollLayer, layer === ancestor, let otherLayer = other?.layer,
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
