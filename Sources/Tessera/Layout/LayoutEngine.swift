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
/// next layout re-read every constraint, change the constants that changed, and add or remove the rest.
/// Specs are made in `LayoutEngine+Specs.swift`, frames written in `LayoutEngine+Writing.swift`.
///
/// Thread safety: as ``Layer``. Cost: a full pass is O(constraints × tree depth) plus the solve; an
/// incremental pass is the solver's work plus O(layers that moved).
///
/// Ownership: the engine belongs to its root layer's layout state, so everything it keeps of the tree
/// (layers, layout states, constraints, in lists and in label closures) is held weakly: dropping the tree
/// frees it, engine included.
final class LayoutEngine {
    /// A weak reference in a list.
    struct Weak<Object: AnyObject> {
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    let system = LayoutSystem()
    /// Every solver constraint installed, with where it is recorded.
    var installed: [(key: Key, constraint: LinearConstraint)] = []
    /// Undetermined attributes of the last layout (`card.width`, `feed.contentSize.height`).
    var ambiguousAttributes: [String] = []
    var flaggedLayers: [Weak<Layer>] = []
    /// Set when the next layout must re-read the whole tree.
    var needsFullPass = true
    /// Constraints whose constant changed since the last layout (constants-only pass).
    var changedConstants: [Weak<LayoutConstraint>] = []
    /// The current full pass: a number unique in the process (layers in other trees may carry another
    /// engine's pass numbers in ``LayerLayoutState/touchedPass``).
    var pass = 0
    /// Scratch marks for `write` (one per laid-out layer) and the current mark.
    var stamps: [Int] = []
    var stamp = 0
    /// Frames of the fixed (translating) layers the last full pass held.
    var fixedFrames: [(Weak<Layer>, Rect)] = []
    /// The laid-out layers of the last full pass and their variables.
    /// Layers are held strongly, except the root (`nil` here, the root being `root`): the root owns the
    /// engine, a strong reference back would keep the tree alive.
    var laidOut: [(Layer?, LayerLayoutState.FrameVariables)] = []
    /// The root of the last full pass.
    weak var root: Layer?
    /// The root's generated constraints (fixed frame, intrinsic size), by slot.
    var rootGenerated: [LinearConstraint?] = []

    /// The laid-out layer at `index`, or nil when it no longer exists.
    func laidOutLayer(_ index: Int) -> Layer? { laidOut[index].0 ?? root }

    func constantChanged(_ constraint: LayoutConstraint) {
        changedConstants.append(Weak(constraint))
    }

    /// Constraints activated and deactivated since the last layout (with the solver form they had).
    var activated: [Weak<LayoutConstraint>] = []
    var deactivated: [LinearConstraint] = []

    func constraintActivated(_ constraint: LayoutConstraint) { activated.append(Weak(constraint)) }

    func constraintDeactivated(_ constraint: LayoutConstraint, _ form: LinearConstraint?) {
        if let form { deactivated.append(form) }
    }

    /// Applies the activations and deactivations since the last layout to the system directly.
    /// Returns false (having changed nothing that a full pass would not redo) when one of them involves
    /// a layer or a content size the last full pass did not lay out: that needs a full pass.
    func applyActivations() throws -> Bool {
        for form in deactivated where system.contains(form) { try system.remove(form) }
        deactivated = []
        while let entry = activated.first {
            if let constraint = entry.object, constraint.isActive,
               !(constraint.engine === self && constraint.installedForm.map(system.contains) == true) {
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
    enum Key {
        /// A user's constraint (held strongly: a constraint holds its items weakly, so it never holds the tree).
        case user(LayoutConstraint)
        /// A slot of a layer's layout state (held strongly: a state is not the root's, whose slots are
        /// kept by the engine itself, see `rootGenerated`, not to make a cycle root → engine → root).
        case generated(LayerLayoutState, Int)
        /// A slot of the root's generated constraints, kept in the engine.
        case rootGenerated(Int)

        func current(in engine: LayoutEngine) -> LinearConstraint? {
            switch self {
            case let .user(constraint): return constraint.installedForm
            case let .generated(state, slot): return slot < state.generated.count ? state.generated[slot] : nil
            case let .rootGenerated(slot): return slot < engine.rootGenerated.count ? engine.rootGenerated[slot] : nil
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
            case let .rootGenerated(slot):
                if engine.rootGenerated.count <= slot {
                    engine.rootGenerated += Array(repeating: nil, count: slot + 1 - engine.rootGenerated.count)
                }
                engine.rootGenerated[slot] = constraint
            }
        }
    }

    struct Spec {
        var key: Key
        var terms: [(variable: LayoutVariable, coefficient: Double)]
        var constant: Double
        var relation: LayoutRelation
        var priority: LayoutPriority
        var label: () -> String
        var source: LayoutConstraint? = nil
    }

    /// Layers whose frame variables the constraints use, in first-use order: filled during a full pass
    /// (and emptied after it, not to hold the tree); a layer added to it outside a full pass is one the
    /// last full pass did not place.
    var touched: [Layer] = []
    /// Scroll layers whose content size the constraints use, with the axes used.
    var contentUse: [(layer: Weak<ScrollLayer>, axes: Set<LayoutAxis>)] = []
    var contentIndex: [ObjectIdentifier: Int] = [:]

    /// Writes the frames of the laid-out layers (only those holding one of `changed` when given) and
    /// the content sizes; nothing is written when one of them is invalid.
    /// The system indices of each laid-out layer's x, y, width and height (-1: in no constraint, 0),
    /// the laid-out layer of each system index, and the compile they belong to.
    var slots: [(x: Int, y: Int, width: Int, height: Int)] = []
    var laidOutOfVariable: [Int] = []
    var slotsCompile = -1, slotsVariableCount = -1

    func layout(_ root: Layer) throws {
        if !needsFullPass && fixedFrames.allSatisfy({ $0.0.object?.untransformedFrame == $0.1 }) {
            let structural = !activated.isEmpty || !deactivated.isEmpty
            if structural {
                guard try applyActivations() else { return try fullPass(root) }
            }
            while let entry = changedConstants.first {
                if let constraint = entry.object, let installed = constraint.installedForm, constraint.engine === self,
                   system.contains(installed) {
                    installed.setLabel { [weak constraint] in constraint?.description ?? "(freed constraint)" }
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
    func fullPass(_ root: Layer) throws {
        defer { touched = [] }
        self.root = root
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
                let frame = layer.untransformedFrame
                fixedFrames.append((Weak(layer), frame))
                let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
                for (index, variable) in [v.x, v.y, v.width, v.height].enumerated() {
                    specs.append(Spec(key: layer === root ? .rootGenerated(index) : .generated(layer.layoutState, index), terms: [(variable, 1)], constant: -values[index],
                                      relation: .equal, priority: .required,
                                      label: { [weak layer] in
                                          "\(layer?.layoutName ?? "(freed layer)").\(variable.name) == \(LayoutConstraint.format(values[index])) (its frame: translatesFrameIntoConstraints)"
                                      }))
                }
            } else {
                laidOut.append((layer === root ? nil : layer, v))
                let intrinsic = layer.intrinsicContentSize
                for (axis, size, variable) in [(LayoutAxis.horizontal, intrinsic.width, v.width), (.vertical, intrinsic.height, v.height)] {
                    guard let size else { continue }
                    let index = axis == .horizontal ? 0 : 1
                    let name = { [weak layer] in "\(layer?.layoutName ?? "(freed layer)").\(axis == .horizontal ? "width" : "height")" }
                    let hugging = layer.contentHuggingPriority(for: axis)
                    let resistance = layer.contentCompressionResistancePriority(for: axis)
                    specs.append(Spec(key: layer === root ? .rootGenerated(4 + index) : .generated(layer.layoutState, 4 + index), terms: [(variable, 1)], constant: -size, relation: .lessThanOrEqual,
                                      priority: hugging, label: { "\(name()) <= \(LayoutConstraint.format(size)) @ \(hugging) (hugging)" }))
                    specs.append(Spec(key: layer === root ? .rootGenerated(6 + index) : .generated(layer.layoutState, 6 + index), terms: [(variable, 1)], constant: -size, relation: .greaterThanOrEqual,
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

    func install(_ specs: [Spec]) throws {
        var kept: [(key: Key, constraint: LinearConstraint)] = []
        kept.reserveCapacity(specs.count)
        var completed = false
        // A failed pass keeps track of everything it installed, so that a later pass can remove it.
        defer { if !completed { installed += kept } }
        // Fields are read in place (`specs[i].…`): copying a whole spec costs a dozen reference counts.
        for i in specs.indices {
            let key = specs[i].key
            if let old = key.current(in: self), system.contains(old) {
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
            if key.current(in: self) === old { key.record(nil, engine: self) }
        }
        installed = kept
        completed = true
    }

    func sameShape(_ constraint: LinearConstraint, _ spec: Spec) -> Bool {
        let terms = constraint.expression.terms
        guard constraint.relation == spec.relation, constraint.priority == spec.priority,
              terms.count == spec.terms.count else { return false }
        for (a, b) in zip(terms, spec.terms) where a.variable !== b.variable || a.coefficient != b.coefficient { return false }
        return true
    }
}
