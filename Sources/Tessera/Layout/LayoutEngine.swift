/// Lays out one layer tree: turns its active ``LayoutConstraint``s, intrinsic sizes and fixed frames
/// into solver constraints, solves them with a ``LayoutSystem`` and writes frames and content sizes.
///
/// Coordinates: every constraint is expressed in the plane of the nearest layer containing both items,
/// with each layer's plane origin at its frame's top-left — bounds origins are ignored (a layer pinned to
/// its superlayer's left edge sits at the bounds' minimum whatever the bounds origin, and scrolling
/// changes nothing here). A scroll layer's edges, seen from its descendants, are its content area
/// (`0 … contentSize`); its width and height are always its frame's. Layers whose
/// ``Layer/translatesFrameIntoConstraints`` is true keep their frames (required constraints hold them).
///
/// Incremental: the solver constraints are kept between layouts keyed by what produced them. Constant
/// changes (``LayoutConstraint/setConstant(_:)``), activations and deactivations report to the engine;
/// when nothing else changed since the last layout, a layout applies just those to the system (no walk
/// of the tree) and writes the frames that moved. Anything else (priorities, intrinsic sizes, the
/// hierarchy, a fixed layer's frame, a constraint on a layer the last layout did not place) makes the
/// next layout re-read every constraint, change the constants that changed, and add or remove the rest. Thread safety: as ``Layer``. Cost: a full pass is O(constraints × tree
/// depth) plus the solve; a constants-only pass is the solver's work plus O(laid-out layers).
final class LayoutEngine {
    private let system = LayoutSystem()
    /// Every solver constraint installed, with where it is recorded.
    private var installed: [(key: Key, constraint: LinearConstraint)] = []
    /// Undetermined attributes of the last layout (`card.width`, `feed.contentSize.height`).
    private(set) var ambiguousAttributes: [String] = []
    private var flaggedLayers: [Layer] = []
    /// Set when the next layout must re-read the whole tree.
    var needsFullPass = true
    /// Constraints whose constant changed since the last layout (constants-only pass).
    private var changedConstants: [LayoutConstraint] = []
    /// The current full pass: a number unique in the process (layers in other trees may carry another
    /// engine's pass numbers in ``LayerLayoutState/touchedPass``).
    private var pass = 0
    /// Scratch marks for `write` (one per laid-out layer) and the current mark.
    private var stamps: [Int] = []
    private var stamp = 0
    /// Frames of the fixed (translating) layers the last full pass held.
    private var fixedFrames: [(Layer, Rect)] = []
    /// The laid-out layers of the last full pass and their variables.
    private var laidOut: [(Layer, LayerLayoutState.FrameVariables)] = []

    func constantChanged(_ constraint: LayoutConstraint) {
        changedConstants.append(constraint)
    }

    /// Constraints activated and deactivated since the last layout (with the solver form they had).
    private var activated: [LayoutConstraint] = []
    private var deactivated: [(LayoutConstraint, LinearConstraint?)] = []

    func constraintActivated(_ constraint: LayoutConstraint) { activated.append(constraint) }

    func constraintDeactivated(_ constraint: LayoutConstraint, _ form: LinearConstraint?) {
        deactivated.append((constraint, form))
    }

    /// Applies the activations and deactivations since the last layout to the system directly.
    /// Returns false (having changed nothing that a full pass would not redo) when one of them involves
    /// a layer or a content size the last full pass did not lay out: that needs a full pass.
    private func applyActivations() throws -> Bool {
        for (_, form) in deactivated {
            if let form, system.contains(form) { try system.remove(form) }
        }
        deactivated = []
        while let constraint = activated.first {
            if constraint.isActive && !(constraint.engine === self && constraint.installedForm.map(system.contains) == true) {
                let layers = touched.count
                let contentAxes = contentUse.reduce(0) { $0 + $1.axes.count }
                let spec = try spec(for: constraint)
                guard touched.count == layers, contentUse.reduce(0, { $0 + $1.axes.count }) == contentAxes else {
                    return false
                }
                let form = LinearConstraint(expression: LinearExpression(spec.terms, constant: spec.constant), spec.relation,
                                            priority: spec.priority)
                form.setLabel(spec.label)
                form.pass = pass
                try system.add(form)
                spec.key.record(form, engine: self)
                installed.append((spec.key, form))
            }
            activated.removeFirst()
        }
        return true
    }

    /// Where a solver constraint is recorded: on the user's constraint, or in a slot of a layer's
    /// layout state (``LayerLayoutState/generated``).
    private enum Key {
        case user(LayoutConstraint)
        case generated(LayerLayoutState, Int)

        var current: LinearConstraint? {
            switch self {
            case let .user(constraint): return constraint.installedForm
            case let .generated(state, slot): return slot < state.generated.count ? state.generated[slot] : nil
            }
        }

        func record(_ constraint: LinearConstraint?, engine: LayoutEngine) {
            switch self {
            case let .user(source):
                source.installedForm = constraint
                source.engine = constraint == nil ? nil : engine
            case let .generated(state, slot):
                if state.generated.count <= slot { state.generated += Array(repeating: nil, count: slot + 1 - state.generated.count) }
                state.generated[slot] = constraint
            }
        }
    }

    private struct Spec {
        var key: Key
        var terms: [(variable: LayoutVariable, coefficient: Double)]
        var constant: Double
        var relation: LayoutRelation
        var priority: LayoutPriority
        var label: () -> String
        var source: LayoutConstraint? = nil
    }

    /// Layers whose frame variables the constraints use, in first-use order.
    private var touched: [Layer] = []
    /// Scroll layers whose content size the constraints use, with the axes used.
    private var contentUse: [(layer: ScrollLayer, axes: Set<LayoutAxis>)] = []
    private var contentIndex: [ObjectIdentifier: Int] = [:]

    func layout(_ root: Layer) throws {
        if !needsFullPass && fixedFrames.allSatisfy({ $0.0.frame == $0.1 }) {
            let structural = !activated.isEmpty || !deactivated.isEmpty
            if structural {
                guard try applyActivations() else { return try fullPass(root) }
            }
            while let constraint = changedConstants.first {
                if let installed = constraint.installedForm, constraint.engine === self, system.contains(installed) {
                    installed.setLabel { constraint.description }
                    try system.setConstant(-constraint.constant, of: installed)
                }
                changedConstants.removeFirst()
            }
            try system.solve()
            try write(recordingAmbiguity: structural, only: system.takeChangedIndices())
            return
        }
        try fullPass(root)
    }

    /// Reads every constraint of the tree, installs what changed and solves.
    private func fullPass(_ root: Layer) throws {
        pass = Int(truncatingIfNeeded: LayerIdentity.next())
        changedConstants = []
        activated = []
        deactivated = []
        touched = []
        contentUse = []
        contentIndex = [:]
        var specs: [Spec] = []
        var stack: [Layer] = [root]
        while let layer = stack.popLast() {
            if let state = layer.layoutStateStorage {
                for constraint in state.constraints { specs.append(try spec(for: constraint)) }
            }
            stack.append(contentsOf: layer.sublayers.reversed())
        }
        fixedFrames = []
        laidOut = []
        for layer in touched {
            let v = frameVariables(layer)
            if layer.translatesFrameIntoConstraints {
                let frame = layer.frame
                fixedFrames.append((layer, frame))
                let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
                for (index, variable) in [v.x, v.y, v.width, v.height].enumerated() {
                    specs.append(Spec(key: .generated(layer.layoutState, index), terms: [(variable, 1)], constant: -values[index],
                                      relation: .equal, priority: .required,
                                      label: { [weak layer] in
                                          "\(layer?.layoutName ?? "(freed layer)").\(variable.name) == \(LayoutConstraint.format(values[index])) (its frame: translatesFrameIntoConstraints)"
                                      }))
                }
            } else {
                laidOut.append((layer, v))
                let intrinsic = layer.intrinsicContentSize
                for (axis, size, variable) in [(LayoutAxis.horizontal, intrinsic.width, v.width), (.vertical, intrinsic.height, v.height)] {
                    guard let size else { continue }
                    let index = axis == .horizontal ? 0 : 1
                    let name = { "\(layer.layoutName).\(axis == .horizontal ? "width" : "height")" }
                    let hugging = layer.contentHuggingPriority(for: axis)
                    let resistance = layer.contentCompressionResistancePriority(for: axis)
                    specs.append(Spec(key: .generated(layer.layoutState, 4 + index), terms: [(variable, 1)], constant: -size, relation: .lessThanOrEqual,
                                      priority: hugging, label: { "\(name()) <= \(LayoutConstraint.format(size)) @ \(hugging) (hugging)" }))
                    specs.append(Spec(key: .generated(layer.layoutState, 6 + index), terms: [(variable, 1)], constant: -size, relation: .greaterThanOrEqual,
                                      priority: resistance,
                                      label: { "\(name()) >= \(LayoutConstraint.format(size)) @ \(resistance) (compression resistance)" }))
                }
            }
        }
        try install(specs)
        try system.solve()
        _ = system.takeChangedIndices()
        try write(recordingAmbiguity: true, only: nil)
        needsFullPass = false
    }

    // MARK: - Constraints to specs

    private func frameVariables(_ layer: Layer) -> LayerLayoutState.FrameVariables {
        let state = layer.layoutState
        if state.touchedPass != pass {
            state.touchedPass = pass
            touched.append(layer)
        }
        return state.frameVariables()
    }

    private func contentVariable(_ layer: ScrollLayer, _ axis: LayoutAxis) -> LayoutVariable {
        let id = ObjectIdentifier(layer)
        if let index = contentIndex[id] {
            contentUse[index].axes.insert(axis)
        } else {
            contentIndex[id] = contentUse.count
            contentUse.append((layer, [axis]))
        }
        let variables = layer.layoutState.contentSizeVariables(layer.layoutName)
        return axis == .horizontal ? variables.width : variables.height
    }

    private func spec(for constraint: LayoutConstraint) throws -> Spec {
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
                    relation: constraint.relation, priority: constraint.priority, label: { constraint.description },
                    source: constraint)
    }

    /// Appends the attribute, as `Σ coefficient · variable` in `ancestor`'s plane and times `scale`, to `terms`.
    private func expression(_ item: LayoutItem, _ attribute: LayoutAttribute, in ancestor: Layer, other: LayoutItem?,
                            scale: Double, into terms: inout [(variable: LayoutVariable, coefficient: Double)]) throws {
        guard let layer = item.layer else {
            throw TesseraError.invalidArgument(argument: "item", reason: "\(item): the guide's scroll layer no longer exists")
        }
        let horizontal = attribute.axis == .horizontal
        var usesContent = false
        switch item {
        case let .guide(guide): usesContent = guide.kind == .content
        case .layer:
            if !attribute.isDimension, layer is ScrollLayer, layer === ancestor, let otherLayer = other?.layer,
               otherLayer !== layer, otherLayer.isDescendant(of: layer) {
                usesContent = true
            }
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

    // MARK: - Installing

    private func install(_ specs: [Spec]) throws {
        var kept: [(key: Key, constraint: LinearConstraint)] = []
        kept.reserveCapacity(specs.count)
        var completed = false
        // A failed pass keeps track of everything it installed, so that a later pass can remove it.
        defer { if !completed { installed += kept } }
        // Fields are read in place (`specs[i].…`): copying a whole spec costs a dozen reference counts.
        for i in specs.indices {
            let key = specs[i].key
            if let old = key.current, system.contains(old) {
                old.pass = pass
                if sameShape(old, specs[i]) {
                    if old.expression.constant != specs[i].constant {
                        old.setLabel(specs[i].label)
                        try system.setConstant(specs[i].constant, of: old)
                    }
                    if case let .user(source) = key, source.engine !== self { key.record(old, engine: self) }
                    kept.append((key, old))
                    continue
                }
                try system.remove(old)
                key.record(nil, engine: self)
                old.pass = 0
            }
            let constraint = LinearConstraint(expression: LinearExpression(specs[i].terms, constant: specs[i].constant),
                                              specs[i].relation, priority: specs[i].priority)
            constraint.setLabel(specs[i].label)
            constraint.pass = pass
            try system.add(constraint)
            key.record(constraint, engine: self)
            kept.append((key, constraint))
        }
        for (key, old) in installed where old.pass != pass && system.contains(old) {
            try system.remove(old)
            if key.current === old { key.record(nil, engine: self) }
        }
        installed = kept
        completed = true
    }

    private func sameShape(_ constraint: LinearConstraint, _ spec: Spec) -> Bool {
        let terms = constraint.expression.terms
        guard constraint.relation == spec.relation, constraint.priority == spec.priority,
              terms.count == spec.terms.count else { return false }
        for (a, b) in zip(terms, spec.terms) where a.variable !== b.variable || a.coefficient != b.coefficient { return false }
        return true
    }

    // MARK: - Writing

    /// Writes the frames of the laid-out layers (only those holding one of `changed` when given) and
    /// the content sizes; nothing is written when one of them is invalid.
    /// The system indices of each laid-out layer's x, y, width and height (-1: in no constraint, 0),
    /// the laid-out layer of each system index, and the compile they belong to.
    private var slots: [(x: Int, y: Int, width: Int, height: Int)] = []
    private var laidOutOfVariable: [Int] = []
    private var slotsCompile = -1, slotsVariableCount = -1

    private func refreshSlots() {
        guard slotsCompile != system.compileCount || slots.count != laidOut.count
              || slotsVariableCount != system.variables.count else { return }
        slotsCompile = system.compileCount
        slotsVariableCount = system.variables.count
        laidOutOfVariable = []
        slots = laidOut.enumerated().map { index, entry in
            let v = entry.1
            let found = [v.x, v.y, v.width, v.height].map { variable -> Int in
                guard let slot = system.compiledIndex(of: variable) else { return -1 }
                if laidOutOfVariable.count <= slot {
                    laidOutOfVariable += [Int](repeating: -1, count: slot + 1 - laidOutOfVariable.count)
                }
                laidOutOfVariable[slot] = index
                return slot
            }
            return (found[0], found[1], found[2], found[3])
        }
    }

    private func value(_ slot: Int) -> Double { slot >= 0 ? system.value(at: slot) : 0 }

    private func write(recordingAmbiguity: Bool, only changed: [Int]?) throws {
        refreshSlots()
        var frames: [(Layer, Rect)] = []
        var indices: [Int]
        if let changed {
            stamp &+= 1
            if stamps.count != laidOut.count { stamps = [Int](repeating: 0, count: laidOut.count) }
            indices = []
            for slot in changed where slot < laidOutOfVariable.count {
                let index = laidOutOfVariable[slot]
                guard index >= 0, stamps[index] != stamp else { continue }
                stamps[index] = stamp
                indices.append(index)
            }
        } else {
            indices = Array(laidOut.indices)
        }
        frames.reserveCapacity(indices.count)
        for index in indices {
            let slot = slots[index]
            let layer = laidOut[index].0
            let width = try Self.size(value(slot.width)) { "\(layer.layoutName).width" }
            let height = try Self.size(value(slot.height)) { "\(layer.layoutName).height" }
            let frame = Rect(x: value(slot.x), y: value(slot.y), width: width, height: height)
            let limit = Geometry.maximumMagnitude
            if !(abs(frame.origin.x) <= limit && abs(frame.origin.y) <= limit && width <= limit && height <= limit) {
                _ = try frame.validated("\(layer.layoutName).frame")
            }
            frames.append((layer, frame))
        }
        var contentSizes: [(ScrollLayer, Size)] = []
        for (scroll, axes) in contentUse {
            let variables = scroll.layoutState.contentSizeVariables(scroll.layoutName)
            var size = scroll.contentSize
            if axes.contains(.horizontal) { size.width = try Self.size(variables.width.value) { "\(scroll.layoutName).contentSize.width" } }
            if axes.contains(.vertical) { size.height = try Self.size(variables.height.value) { "\(scroll.layoutName).contentSize.height" } }
            if !(size.width <= Geometry.maximumMagnitude && size.height <= Geometry.maximumMagnitude) {
                _ = try size.validated("\(scroll.layoutName).contentSize")
            }
            contentSizes.append((scroll, size))
        }
        for (layer, frame) in frames { try layer.setFrame(frame) }
        for (scroll, size) in contentSizes { try scroll.setContentSize(size) }
        if recordingAmbiguity { recordAmbiguity() }
    }

    /// A solved size: rounding noise below 1e-9 points is zero; anything more negative is an error.
    private static func size(_ value: Double, _ name: () -> String) throws -> Double {
        if value < -1e-9 { throw LayoutError.negativeSize(attribute: name(), value: value) }
        return max(0, value)
    }

    private func recordAmbiguity() {
        for layer in flaggedLayers { layer.layoutStateStorage?.ambiguousAxes = [] }
        flaggedLayers = []
        ambiguousAttributes = []
        func flag(_ layer: Layer, _ axis: LayoutAxis, _ attribute: String) {
            ambiguousAttributes.append("\(layer.layoutName).\(attribute)")
            if layer.layoutState.ambiguousAxes.insert(axis).inserted { flaggedLayers.append(layer) }
        }
        for layer in touched where !layer.translatesFrameIntoConstraints {
            let v = frameVariables(layer)
            if system.isAmbiguous(v.x) { flag(layer, .horizontal, "x") }
            if system.isAmbiguous(v.width) { flag(layer, .horizontal, "width") }
            if system.isAmbiguous(v.y) { flag(layer, .vertical, "y") }
            if system.isAmbiguous(v.height) { flag(layer, .vertical, "height") }
        }
        for (scroll, axes) in contentUse {
            let variables = scroll.layoutState.contentSizeVariables(scroll.layoutName)
            if axes.contains(.horizontal) && system.isAmbiguous(variables.width) { flag(scroll, .horizontal, "contentSize.width") }
            if axes.contains(.vertical) && system.isAmbiguous(variables.height) { flag(scroll, .vertical, "contentSize.height") }
        }
    }
}
