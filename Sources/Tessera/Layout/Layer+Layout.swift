/// Auto Layout on layers: constraints, intrinsic sizes, and solving (see ``LayoutEngine``).
/// Same thread rules as ``Layer``.
extension Layer {
    var layoutState: LayerLayoutState {
        if let state = layoutStateStorage { return state }
        let state = LayerLayoutState()
        layoutStateStorage = state
        return state
    }

    /// Makes the next ``layoutIfNeeded()`` of the tree re-read every constraint (a constraint was
    /// activated, a priority, an intrinsic size or the hierarchy changed). O(tree depth).
    func invalidateLayout() {
        rootLayer.layoutStateStorage?.engine?.needsFullPass = true
    }

    /// The layer's name for layout messages: its ``name``, or `layer#N` (N: a number unique in the
    /// process) for an unnamed layer.
    public var layoutName: String { name ?? "layer#\(identity)" }

    /// True (the default) when the layer's frame is an input of layout, held fixed; false when layout
    /// sets it (UIKit's `translatesAutoresizingMaskIntoConstraints`). Activating a constraint whose first
    /// item is the layer sets it to false.
    public var translatesFrameIntoConstraints: Bool {
        get { layoutStateStorage?.translatesFrameIntoConstraints ?? true }
        set {
            guard newValue != translatesFrameIntoConstraints else { return }
            layoutState.translatesFrameIntoConstraints = newValue
            invalidateLayout()
        }
    }

    /// The active constraints whose first item is this layer or one of its guides.
    public var constraints: [LayoutConstraint] { layoutStateStorage?.constraints ?? [] }

    /// The size the layer's content would like, per axis (points); none by default.
    public var intrinsicContentSize: IntrinsicContentSize { layoutStateStorage?.intrinsicContentSize ?? .init() }

    /// Sets the intrinsic content size: a laid-out layer with one gets `width <= intrinsic` at its
    /// hugging priority and `width >= intrinsic` at its compression resistance (likewise for height).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `intrinsicContentSize.width` or
    ///   `.height` for negative, non-finite or absurd values.
    public func setIntrinsicContentSize(_ size: IntrinsicContentSize) throws {
        layoutState.intrinsicContentSize = try size.validated("intrinsicContentSize")
        invalidateLayout()
    }

    /// How strongly the layer resists growing past its intrinsic size along `axis` (default 250).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        layoutStateStorage?.hugging[axis == .horizontal ? 0 : 1] ?? .defaultLow
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        layoutState.hugging[axis == .horizontal ? 0 : 1] = priority
        invalidateLayout()
    }

    /// How strongly the layer resists shrinking below its intrinsic size along `axis` (default 750).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        layoutStateStorage?.compressionResistance[axis == .horizontal ? 0 : 1] ?? .defaultHigh
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        layoutState.compressionResistance[axis == .horizontal ? 0 : 1] = priority
        invalidateLayout()
    }

    /// Solves every active constraint of the layer's tree and writes the frames of the laid-out layers
    /// (and the content sizes of the scroll layers whose content area is constrained) with ``setFrame(_:)``.
    /// Bounds origins are neither read nor written: scrolling never moves anything in the solver.
    /// An ambiguous layout is still applied with the solver's choice (an undetermined size is zero, as
    /// in UIKit); ``hasAmbiguousLayout`` and ``layoutAmbiguityReport()`` say what was undetermined.
    /// - Throws: ``LayoutError/unsatisfiable(constraints:)`` naming the conflicting constraints,
    ///   ``LayoutError/negativeSize(attribute:value:)``, or
    ///   ``TesseraError/invalidArgument(argument:reason:)`` for a constraint between different trees or a
    ///   frame out of range; no frame changes then.
    public func layoutIfNeeded() throws {
        let root = rootLayer
        let engine = root.layoutState.engine ?? LayoutEngine()
        root.layoutState.engine = engine
        try engine.layout(root)
    }

    /// True when the last layout of the tree did not determine this layer's frame on some axis.
    public var hasAmbiguousLayout: Bool { !(layoutStateStorage?.ambiguousAxes.isEmpty ?? true) }

    /// True when the last layout did not determine the frame's origin or size along `axis` (for a scroll
    /// layer, also its content size along `axis`).
    public func hasAmbiguousLayout(axis: LayoutAxis) -> Bool {
        layoutStateStorage?.ambiguousAxes.contains(axis) ?? false
    }

    /// The attributes the last layout of this layer's tree left undetermined, e.g.
    /// `["yellow.width", "scroll.contentSize.width"]`; empty when the layout is fully determined.
    public func layoutAmbiguityReport() -> [String] {
        rootLayer.layoutStateStorage?.engine?.ambiguousAttributes ?? []
    }
}
