/// A node of the layer tree: a rectangle placed in its superlayer (`frame`) that shows a window
/// (`bounds`) onto its own, unbounded coordinate plane, in which it draws its content and places its
/// sublayers.
///
/// Units are points. `frame` is in the superlayer's plane; `bounds` is in the layer's own plane and always
/// has the frame's size, while its origin selects which part of the plane is visible. A sublayer composites
/// at `frame.origin − superlayer.bounds.origin`, recursively up to the root (ARCHITECTURE.md, "The model"),
/// so moving a bounds origin moves every sublayer at once with no frame changing — that is scrolling (see
/// ``ScrollLayer``). As in UIKit, sublayers outside the bounds stay visible unless ``clipsToBounds`` is set.
///
/// Properties with invalid values (NaN, infinities, negative sizes, absurd magnitudes, opacity outside
/// 0…1) are set through throwing setters that name the argument; the others are plain properties.
/// Every change is recorded (``generation``, ``takeChanges()``) for the frame pipeline.
///
/// Thread safety: a layer tree is not synchronized. Build and mutate it on one thread at a time (the
/// caller's "model thread", typically the main thread), and render it from that same thread; the
/// compositor reads the tree only during its planning step, on the calling thread.
public class Layer {
    /// A name for messages and scene files; not required to be unique.
    public var name: String?

    /// The layer's rectangle in its superlayer's plane as it would be with the identity ``transform``
    /// (points): its size is the bounds size, its origin `position − anchorPoint · size`. Equal to
    /// ``frame`` while the transform is the identity (see `Layer+Transform.swift`).
    public internal(set) var untransformedFrame: Rect
    /// Scale and translation applied about ``anchorPoint`` (Core Animation's `transform`; identity by
    /// default). Set with ``setTransform(_:)``.
    public internal(set) var transform: LayerTransform = .identity
    /// The point of the bounds, in unit coordinates (0…1 spans the bounds), that ``position`` names and
    /// the transform scales about; default (0.5, 0.5). Set with ``setAnchorPoint(_:)``.
    public internal(set) var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The top-left of the visible window onto the layer's own plane, in points.
    public private(set) var boundsOrigin: Point = .zero
    /// Opacity in 0…1 applied to the layer and its sublayers as a group member (effective opacity
    /// multiplies down the tree).
    public private(set) var opacity: Double = 1

    /// Whether sublayers are clipped to the bounds rectangle (default `false`: they stay visible outside).
    public var clipsToBounds = false {
        didSet {
            guard oldValue != clipsToBounds else { return }
            parentLink?._withUnsafeGuaranteedRef { $0.dropSublayerIndex() }  // whether the subtree stays inside its frame changed
            recordChange(.compositing)
        }
    }
    /// Hidden layers and their sublayers are neither drawn nor hit.
    public var isHidden = false { didSet { if oldValue != isHidden { recordChange(.compositing) } } }
    /// Fills the bounds rectangle beneath the content; `nil` (the default) draws nothing.
    public var backgroundColor: Color? {
        didSet {
            guard oldValue != backgroundColor else { return }
            recordChange(.content)
            treeChanges.logRecoloring(layer: identity, color: backgroundColor)  // a frame may patch its last plan
        }
    }

    /// Corner radius, border (see `Layer+Appearance.swift`); compositing properties, never rasterized.
    var appearance = LayerAppearance() { didSet { if oldValue != appearance { recordChange(.compositing) } } }
    /// Shadow colour, opacity, offset, radius, path (see `Layer+Shadow.swift`); the shadow draws outside
    /// the frame, so a change also notes the layer as moved in its superlayer's ``SublayerIndex``.
    var shadow = LayerShadow() {
        didSet {
            guard oldValue != shadow else { return }
            superlayer?.noteSublayerMoved(self)
            recordChange(.compositing)
        }
    }

    /// What the layer draws in its own plane above its background colour; `nil` draws nothing.
    /// Replacing it invalidates everything the layer drew.
    public var content: (any LayerContent)? {
        didSet {
            displayLog.invalidateAll()
            recordChange(.content)
        }
    }

    /// The superlayer, or `nil` for a root or a detached layer.
    ///
    /// Not a weak reference: a superlayer holds its sublayers, and its deinit clears their link, so the
    /// link is valid whenever it is not nil. (A weak reference would give every layer with sublayers a
    /// side table, and every retain and release of it the runtime's slow path.)
    public internal(set) var superlayer: Layer? {
        get { parentLink?.takeUnretainedValue() }
        set { parentLink = newValue.map { Unmanaged.passUnretained($0) } }
    }
    private var parentLink: Unmanaged<Layer>?
    /// The sublayers in paint order: later ones draw over earlier ones.
    public internal(set) var sublayers: [Layer] = []

    /// Increases by at least one with every change to this layer's own properties or sublayer list.
    public private(set) var generation: UInt64 = 0
    /// Changes not yet taken by ``takeChanges()``.
    public private(set) var pendingChanges: LayerChanges = []
    /// True when this layer or a descendant has pending changes.
    public internal(set) var subtreeHasChanges = false

    /// The changes of the tree this layer is in (shared by its layers; see ``TreeChanges``).
    var treeChanges = TreeChanges()
    /// A number no other layer of the process has or had: the key of the layer's tiles (an object
    /// address can be reused after a layer is freed; this number cannot).
    let identity: UInt64 = LayerIdentity.next()
    /// Alive exactly as long as the layer; later stages hold it weakly to learn that the layer was freed.
    let lifetime = LayerLifetime()
    /// The invalidations of the layer's drawing, in points, read by the tile stage (see ``DisplayLog``).
    var displayLog = DisplayLog()
    /// Constraints, intrinsic size and solver variables (see `Layout/`); `nil` until layout is used.
    var layoutStateStorage: LayerLayoutState?
    /// The sublayers sorted for spatial queries, built on demand (``sublayerIndex``) and dropped when
    /// they change (see ``SublayerIndex``).
    var sublayerIndexStorage: SublayerIndex?

    /// Drops the sublayer index (no reference count is taken: a sublayer calls it on every frame change).
    @inline(__always)
    func dropSublayerIndex() {
        if sublayerIndexStorage != nil { sublayerIndexStorage = nil }
    }

    /// Notes that `sublayer` moved in the sublayer index, or drops the index when it cannot take more.
    func noteSublayerMoved(_ sublayer: Layer) {
        guard let index = sublayerIndexStorage else { return }
        if !index.noteMoved(sublayer) { sublayerIndexStorage = nil }
    }

    /// The sublayers sorted for spatial queries (``SublayerIndex``); built at the first use after a change.
    var sublayerIndex: SublayerIndex {
        if let index = sublayerIndexStorage { return index }
        let index = SublayerIndex(sublayers)
        sublayerIndexStorage = index
        return index
    }

    deinit {
        for index in sublayers.indices {
            sublayers[index].parentLink = nil
            // A sublayer that outlives this layer is a tree of its own, perhaps for another thread.
            if !isKnownUniquelyReferenced(&sublayers[index]) { sublayers[index].adopt(TreeChanges()) }
        }
        lifetime.end()
    }

    /// Creates a layer at `frame` (points, in its future superlayer's plane) with bounds origin zero.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `frame.…` for a non-finite or
    ///   absurd origin or a negative size.
    public init(frame: Rect = .zero) throws {
        untransformedFrame = try frame.validated("frame")
        pendingChanges = [.frame, .content]
        subtreeHasChanges = true
    }

    /// The visible window onto the layer's own plane: `boundsOrigin` with the frame's size.
    public var bounds: Rect { Rect(origin: boundsOrigin, size: untransformedFrame.size) }

    /// Moves and/or resizes the layer in its superlayer. The bounds size follows; the bounds origin stays.
    /// With a non-identity ``transform`` the transform is kept and the bounds size and position are
    /// chosen so that the transformed bounds' box is `frame` (see `Layer+Transform.swift`).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `frame.origin.x`,
    ///   `frame.size.width`, … on an invalid value; the layer is then unchanged.
    public func setFrame(_ frame: Rect) throws {
        let frame = try frame.validated("frame")
        try setUntransformedFrame(untransformedFrame(forFrame: frame))
    }

    /// Sets ``untransformedFrame`` (the bounds size and the position, whatever the transform): what Auto
    /// Layout writes, as UIKit's layout sets `center` and `bounds` and ignores the transform.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `frame.…`.
    public func setUntransformedFrame(_ frame: Rect) throws {
        setValidatedFrame(try frame.validated("frame"))
    }

    /// ``setUntransformedFrame(_:)`` for a frame already validated (Auto Layout's writes).
    func setValidatedFrame(_ frame: Rect) {
        guard frame != untransformedFrame else { return }
        untransformedFrame = frame
        recordChange(.frame)
    }

    /// Sets the bounds: its origin becomes ``boundsOrigin`` and its size becomes the frame's size (the
    /// frame's origin stays where it is).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `bounds.…`.
    public func setBounds(_ bounds: Rect) throws {
        let bounds = try bounds.validated("bounds")
        try setUntransformedFrame(Rect(origin: untransformedFrame.origin, size: bounds.size))
        try setBoundsOrigin(bounds.origin)
    }

    /// Moves the window onto the layer's plane; every sublayer moves by the opposite amount on screen.
    /// Negative origins are allowed.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `boundsOrigin.x` or `.y`.
    public func setBoundsOrigin(_ origin: Point) throws {
        let origin = try origin.validated("boundsOrigin")
        guard origin != boundsOrigin else { return }
        boundsOrigin = origin
        if shadow.path != nil, shadow.isVisible { superlayer?.noteSublayerMoved(self) }  // a path's shadow moved
        recordChange(.boundsOrigin)
    }

    /// Sets the opacity, a value in 0…1 (not clamped: other values are errors).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `opacity`.
    public func setOpacity(_ opacity: Double) throws {
        guard opacity.isFinite, (0...1).contains(opacity) else {
            throw TesseraError.invalidArgument(argument: "opacity", reason: "must be in 0…1, got \(opacity)")
        }
        guard opacity != self.opacity else { return }
        self.opacity = opacity
        recordChange(.compositing)
    }

    /// Marks the layer's whole drawing as changed: the tile stage re-rasterizes every tile of its content.
    public func setNeedsDisplay() {
        displayLog.invalidateAll()
        recordChange(.content)
    }

    /// Marks `rect` (points, in the layer's own plane — bounds coordinates) of the layer's drawing as
    /// changed: the tile stage re-rasterizes only the tiles that rect touches. An empty rect does nothing.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rect.origin.x`, `rect.size.width`,
    ///   … for non-finite, negative-size or absurd values; nothing is recorded then.
    public func setNeedsDisplay(in rect: Rect) throws {
        let rect = try rect.validated("rect")
        guard !rect.isEmpty else { return }
        displayLog.invalidate(rect)
        recordChange(.content)
    }

    /// Records `changes` on this layer and marks the path to the root as having changes.
    func recordChange(_ changes: LayerChanges) {
        generation &+= 1
        pendingChanges.formUnion(changes)
        if changes.contains(.sublayers) { sublayerIndexStorage = nil }
        if let parent = parentLink {
            if changes.contains(.sublayers) {  // whether this subtree stays inside its frame may have changed
                parent._withUnsafeGuaranteedRef { $0.dropSublayerIndex() }
            } else if changes.contains(.frame) {  // this layer's place or extent changed
                parent._withUnsafeGuaranteedRef { $0.noteSublayerMoved(self) }
            }
        }
        markPathChanged()
    }

    /// Flags this layer and its ancestors as having changes below them, and counts the change in its
    /// tree's ``TreeChanges``.
    func markPathChanged() {
        treeChanges.record()
        // The common case (already flagged) reads one flag and touches no reference count.
        guard !subtreeHasChanges else { return }
        subtreeHasChanges = true
        var layer = superlayer
        while let current = layer, !current.subtreeHasChanges {
            current.subtreeHasChanges = true
            layer = current.superlayer
        }
    }

    /// Returns every layer of this subtree with pending changes (in paint order) and clears them.
    /// Visits only the branches that have changes, so an unchanged tree costs one check.
    public func takeChanges() -> [LayerChange] {
        var result: [LayerChange] = []
        collectChanges(into: &result)
        return result
    }

    private func collectChanges(into result: inout [LayerChange]) {
        guard subtreeHasChanges else { return }
        if !pendingChanges.isEmpty {
            result.append(LayerChange(layer: self, changes: pendingChanges))
            pendingChanges = []
        }
        subtreeHasChanges = false
        for sublayer in sublayers { sublayer.collectChanges(into: &result) }
    }
}

extension Layer: CustomStringConvertible {
    public var description: String {
        "\(type(of: self))(\(name.map { "\"\($0)\", " } ?? "")frame: \(frame), boundsOrigin: \(boundsOrigin))"
    }
}
