/// What a layer holds for layout: its active constraints, whether layout sets its frame, its intrinsic
/// size, hugging and compression resistance, and the solver variables standing for its frame (and, for
/// a scroll layer, its content size). Created on first use. Thread safety: as ``Layer``.
final class LayerLayoutState {
    /// Active constraints whose first item is this layer (or one of its guides).
    var constraints: [LayoutConstraint] = []
    var translatesFrameIntoConstraints = true
    var intrinsicContentSize = IntrinsicContentSize()
    var hugging: [LayoutPriority] = [.defaultLow, .defaultLow]
    var compressionResistance: [LayoutPriority] = [.defaultHigh, .defaultHigh]
    /// Axes the last layout left undetermined.
    var ambiguousAxes: Set<LayoutAxis> = []
    /// The root's layout engine (only on roots that were laid out).
    var engine: LayoutEngine?
    /// The solver constraints the engine made for this layer: its fixed frame (x, y, width, height)
    /// in slots 0…3, hugging and compression resistance (horizontal, vertical) in slots 4…7.
    var generated: [LinearConstraint?] = []

    private(set) var variables: FrameVariables?
    private(set) var contentVariables: (width: LayoutVariable, height: LayoutVariable)?

    /// `frame.origin.x`, `.y`, `size.width`, `.height` as solver unknowns.
    struct FrameVariables {
        let x, y, width, height: LayoutVariable
    }

    /// The layout pass that last counted this layer as used (the engine's marker, instead of a set).
    var touchedPass = -1

    /// The frame's variables. They are named by attribute only (`x`, `width`): messages about a layer
    /// name it with its ``Layer/layoutName``, which may change after the variables were made.
    func frameVariables() -> FrameVariables {
        if let variables { return variables }
        let made = FrameVariables(x: LayoutVariable("x", definitionRank: 1), y: LayoutVariable("y", definitionRank: 1),
                                  width: LayoutVariable("width", definitionRank: 2),
                                  height: LayoutVariable("height", definitionRank: 2))
        variables = made
        return made
    }

    func contentSizeVariables(_ name: String) -> (width: LayoutVariable, height: LayoutVariable) {
        if let contentVariables { return contentVariables }
        let made = (LayoutVariable("\(name).contentSize.width", definitionRank: 0),
                    LayoutVariable("\(name).contentSize.height", definitionRank: 0))
        contentVariables = made
        return made
    }
}

/// The size a layer's content would like to have, per axis; `nil` where it has none (UIKit's
/// `noIntrinsicMetric`). Points. Value type.
public struct IntrinsicContentSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument.width` / `.height`
    ///   for negative, non-finite or absurd values.
    func validated(_ argument: String) throws -> IntrinsicContentSize {
        if let width { try Geometry.checkExtent(width, "\(argument).width") }
        if let height { try Geometry.checkExtent(height, "\(argument).height") }
        return self
    }
}
