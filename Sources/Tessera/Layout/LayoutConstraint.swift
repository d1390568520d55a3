/// `firstItem.firstAttribute REL multiplier × secondItem.secondAttribute + constant`, or
/// `firstItem.firstAttribute REL constant` for a size (UIKit's `NSLayoutConstraint`).
///
/// Units: points (the multiplier is a plain number). Created inactive by the anchors or by
/// ``init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:priority:)``; ``activate()`` stores it
/// on its first item's layer and makes that layer laid out (``Layer/translatesFrameIntoConstraints`` becomes
/// false, as Interface Builder and Masonry do); ``Layer/layoutIfNeeded()`` then solves every active
/// constraint of the tree. Constants change with ``setConstant(_:)`` (the next layout re-solves
/// incrementally). Thread safety: as ``Layer``. Cost: one small object.
public final class LayoutConstraint: CustomStringConvertible {
    /// The first item (its layer held weakly; see ``LayoutItem``).
    public var firstItem: LayoutItem { firstGuide.map(LayoutItem.guide) ?? .layer(firstLayerObject) }
    /// The items' parts, stored apart so that layout reads them without copying weak references.
    weak var firstLayerObject: Layer?
    let firstGuide: LayoutGuide?
    weak var secondLayerObject: Layer?
    let secondGuide: LayoutGuide?
    let hasSecondItem: Bool
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public var secondItem: LayoutItem? {
        guard hasSecondItem else { return nil }
        return secondGuide.map(LayoutItem.guide) ?? .layer(secondLayerObject)
    }
    public let secondAttribute: LayoutAttribute?
    public let multiplier: Double
    public private(set) var constant: Double
    public private(set) var priority: LayoutPriority
    /// What messages call the constraint; by default it is written out from its items (`card.top ==
    /// header.bottom + 8`). Scene files set it to the string as written.
    public var identifier: String?
    public private(set) var isActive = false
    /// The engine that holds this constraint's solver form (constant changes go straight to it).
    weak var engine: LayoutEngine?
    /// Its solver form in that engine.
    var installedForm: LinearConstraint?

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `constant` or `multiplier` when
    ///   not finite (or the multiplier is 0 with a second item), `secondAttribute` when the two attributes
    ///   are not both x positions, both y positions or both sizes, and `toItem` when a position has no
    ///   second item.
    public init(item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
                toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute?, multiplier: Double = 1,
                constant: Double = 0, priority: LayoutPriority = .required) throws {
        guard constant.isFinite else {
            throw TesseraError.invalidArgument(argument: "constant", reason: "must be finite, got \(constant)")
        }
        guard multiplier.isFinite else {
            throw TesseraError.invalidArgument(argument: "multiplier", reason: "must be finite, got \(multiplier)")
        }
        if let secondAttribute {
            guard toItem != nil else {
                throw TesseraError.invalidArgument(argument: "toItem", reason: "is required with a second attribute")
            }
            let compatible = attribute.isDimension
                ? secondAttribute.isDimension
                : !secondAttribute.isDimension && secondAttribute.axis == attribute.axis
            guard compatible else {
                throw TesseraError.invalidArgument(
                    argument: "secondAttribute",
                    reason: "\(attribute.rawValue) cannot be related to \(secondAttribute.rawValue) (x positions relate to x positions, y to y, sizes to sizes)")
            }
            guard multiplier != 0 else {
                throw TesseraError.invalidArgument(argument: "multiplier", reason: "must not be 0 with a second item (give a constant instead)")
            }
        } else {
            guard attribute.isDimension else {
                throw TesseraError.invalidArgument(
                    argument: "toItem", reason: "\(attribute.rawValue) is a position: it needs a second item (only width and height can equal a constant)")
            }
        }
        firstLayerObject = item.guide == nil ? item.layer : nil
        firstGuide = item.guide
        firstAttribute = attribute
        self.relation = relation
        hasSecondItem = secondAttribute != nil
        secondLayerObject = hasSecondItem && toItem?.guide == nil ? toItem?.layer : nil
        secondGuide = hasSecondItem ? toItem?.guide : nil
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `constant` when not finite.
    public func setConstant(_ constant: Double) throws {
        guard constant.isFinite else {
            throw TesseraError.invalidArgument(argument: "constant", reason: "must be finite, got \(constant)")
        }
        guard constant != self.constant else { return }
        self.constant = constant
        if let engine { engine.constantChanged(self) } else if isActive { firstLayer?.invalidateLayout() }
    }

    public func setPriority(_ priority: LayoutPriority) {
        self.priority = priority
        if isActive { firstLayer?.invalidateLayout() }
    }

    /// Returns the constraint with `priority` (for chaining after an anchor factory).
    public func withPriority(_ priority: LayoutPriority) -> LayoutConstraint {
        setPriority(priority)
        return self
    }

    /// Activates the constraint: it takes part in the next layout of its tree.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `secondItem` when the items are
    ///   in different layer trees, or `item` when a guide's scroll layer no longer exists.
    public func activate() throws {
        try LayoutConstraint.activate([self])
    }

    /// Deactivates the constraint (nothing happens if it is inactive).
    public func deactivate() {
        guard isActive, let owner = firstLayer else { return }
        owner.layoutState.constraints.removeAll { $0 === self }
        isActive = false
        if let engine = owner.rootLayer.layoutStateStorage?.engine {
            engine.constraintDeactivated(self, installedForm)
        }
        engine = nil
        installedForm = nil
    }

    /// Activates all `constraints`, or none of them when one is invalid.
    /// - Throws: as ``activate()``, naming `constraints[i].secondItem`.
    public static func activate(_ constraints: [LayoutConstraint]) throws {
        for (index, constraint) in constraints.enumerated() {
            do {
                _ = try constraint.commonAncestor()
            } catch let TesseraError.invalidArgument(argument, reason) where constraints.count > 1 {
                throw TesseraError.invalidArgument(argument: "constraints[\(index)].\(argument)", reason: reason)
            }
        }
        for constraint in constraints where !constraint.isActive {
            guard let owner = constraint.firstLayer else { continue }
            owner.layoutState.constraints.append(constraint)
            owner.rootLayer.layoutStateStorage?.engine?.constraintActivated(constraint)
            if constraint.firstGuide == nil, let layer = constraint.firstLayerObject {
                layer.translatesFrameIntoConstraints = false
            }
            constraint.isActive = true
        }
    }

    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    /// The nearest layer that contains both items' layers (the first item's layer alone without a
    /// second item).
    func commonAncestor() throws -> Layer {
        try commonAncestor(firstLayer, secondLayer)
    }

    /// ``commonAncestor()`` of the item layers already loaded (`first`, `second`: ``firstLayer``,
    /// ``secondLayer``), so that a caller reading them anyway loads each weak reference once.
    func commonAncestor(_ first: Layer?, _ second: Layer?) throws -> Layer {
        guard let first else {
            throw TesseraError.invalidArgument(argument: "item", reason: "\(self): the guide's scroll layer no longer exists")
        }
        guard hasSecondItem else { return first }
        guard let second else {
            throw TesseraError.invalidArgument(argument: "secondItem", reason: "\(self): the guide's scroll layer no longer exists")
        }
        // The usual cases first: the same layer, a superlayer, siblings.
        if first === second || first.superlayer === second { return second }
        if second.superlayer === first { return first }
        if let parent = first.superlayer, parent === second.superlayer { return parent }
        // Trees are shallow (at most 256 levels): a list beats a set here.
        var ancestors: [Layer] = []
        var layer: Layer? = first
        while let current = layer {
            if current === second { return current }
            ancestors.append(current)
            layer = current.superlayer
        }
        layer = second.superlayer
        while let current = layer {
            if ancestors.contains(where: { $0 === current }) { return current }
            layer = current.superlayer
        }
        throw TesseraError.invalidArgument(
            argument: "secondItem", reason: "\(self): \(first.layoutName) and \(second.layoutName) are in different layer trees")
    }

    /// The layer of the first item (a guide's scroll layer), or nil when it no longer exists.
    var firstLayer: Layer? { firstGuide.map { $0.owningLayer } ?? firstLayerObject }
    /// The layer of the second item, or nil.
    var secondLayer: Layer? { secondGuide.map { $0.owningLayer } ?? secondLayerObject }

    public var description: String {
        if let identifier { return identifier }
        var text = "\(firstItem).\(firstAttribute.rawValue) \(relation.rawValue) "
        if let secondItem, let secondAttribute {
            if multiplier != 1 { text += "\(Self.format(multiplier)) * " }
            text += "\(secondItem).\(secondAttribute.rawValue)"
            if constant != 0 { text += constant < 0 ? " - \(Self.format(-constant))" : " + \(Self.format(constant))" }
        } else {
            text += Self.format(constant)
        }
        if !priority.isRequired { text += " @ \(priority)" }
        return text
    }

    /// `200` rather than `200.0`.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
