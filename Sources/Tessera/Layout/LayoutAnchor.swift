/// Phantom types that keep anchors of different kinds apart, as UIKit's anchor classes do: an x-axis
/// anchor relates only to x-axis anchors, and so on.
public enum LayoutXAxis {}
public enum LayoutYAxis {}
public enum LayoutDimension {}

/// One attribute of one item, the factory of constraints (UIKit's `NSLayoutAnchor`).
///
/// Every factory method validates its numbers (NaN and infinities are refused naming `constant` or
/// `multiplier`) and returns an inactive ``LayoutConstraint``; call ``LayoutConstraint/activate()``.
/// Value type; thread safety as ``Layer``.
public struct LayoutAnchor<Kind>: CustomStringConvertible {
    public let item: LayoutItem
    public let attribute: LayoutAttribute

    init(_ item: LayoutItem, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    public var description: String { "\(item).\(attribute.rawValue)" }

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutAnchor<Kind>, constant: Double = 0) throws -> LayoutConstraint {
        try relate(.equal, anchor, multiplier: 1, constant: constant)
    }

    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<Kind>, constant: Double = 0) throws -> LayoutConstraint {
        try relate(.greaterThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<Kind>, constant: Double = 0) throws -> LayoutConstraint {
        try relate(.lessThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    func relate(_ relation: LayoutRelation, _ anchor: LayoutAnchor<Kind>?, multiplier: Double,
                constant: Double) throws -> LayoutConstraint {
        try LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
                             attribute: anchor?.attribute, multiplier: multiplier, constant: constant)
    }
}

public typealias LayoutXAxisAnchor = LayoutAnchor<LayoutXAxis>
public typealias LayoutYAxisAnchor = LayoutAnchor<LayoutYAxis>
public typealias LayoutDimensionAnchor = LayoutAnchor<LayoutDimension>

extension LayoutAnchor where Kind == LayoutDimension {
    /// `self == multiplier × anchor + constant`.
    public func constraint(equalTo anchor: LayoutDimensionAnchor, multiplier: Double, constant: Double = 0) throws -> LayoutConstraint {
        try relate(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier × anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimensionAnchor, multiplier: Double,
                           constant: Double = 0) throws -> LayoutConstraint {
        try relate(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier × anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimensionAnchor, multiplier: Double,
                           constant: Double = 0) throws -> LayoutConstraint {
        try relate(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self == constant` (points).
    public func constraint(equalToConstant constant: Double) throws -> LayoutConstraint {
        try relate(.equal, nil, multiplier: 1, constant: constant)
    }

    /// `self >= constant` (points).
    public func constraint(greaterThanOrEqualToConstant constant: Double) throws -> LayoutConstraint {
        try relate(.greaterThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self <= constant` (points).
    public func constraint(lessThanOrEqualToConstant constant: Double) throws -> LayoutConstraint {
        try relate(.lessThanOrEqual, nil, multiplier: 1, constant: constant)
    }
}

/// The anchors of a layer or a guide.
public protocol LayoutAnchoring {
    var layoutItem: LayoutItem { get }
}

extension LayoutAnchoring {
    public var leadingAnchor: LayoutXAxisAnchor { .init(layoutItem, .leading) }
    public var trailingAnchor: LayoutXAxisAnchor { .init(layoutItem, .trailing) }
    public var leftAnchor: LayoutXAxisAnchor { .init(layoutItem, .left) }
    public var rightAnchor: LayoutXAxisAnchor { .init(layoutItem, .right) }
    public var centerXAnchor: LayoutXAxisAnchor { .init(layoutItem, .centerX) }
    public var topAnchor: LayoutYAxisAnchor { .init(layoutItem, .top) }
    public var bottomAnchor: LayoutYAxisAnchor { .init(layoutItem, .bottom) }
    public var centerYAnchor: LayoutYAxisAnchor { .init(layoutItem, .centerY) }
    public var widthAnchor: LayoutDimensionAnchor { .init(layoutItem, .width) }
    public var heightAnchor: LayoutDimensionAnchor { .init(layoutItem, .height) }
}

extension Layer: LayoutAnchoring {
    public var layoutItem: LayoutItem { .layer(self) }
}

extension LayoutGuide: LayoutAnchoring {
    public var layoutItem: LayoutItem { .guide(self) }
}
