import Foundation

/// How much a constraint matters, on UIKit's scale: 1000 is required, 1…999 are optional.
///
/// A required constraint must hold exactly; the solver refuses a set of required constraints that
/// cannot all hold. Optional constraints are satisfied as well as the required ones allow: the solver
/// minimises the sum of `weight × violation` over them, and the weight grows geometrically with the
/// priority (`10^(6 · priority / 1000)`), so a constraint at 750 (``defaultHigh``) weighs 1,000 times one at
/// 250 (``defaultLow``) and yields only to required constraints or to many constraints close to its own
/// priority, as in UIKit. Value type, `Sendable`.
public struct LayoutPriority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1…1000.
    public let rawValue: Double

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `priority` when the value is
    ///   not a finite number in 1…1000.
    public init(_ rawValue: Double) throws {
        guard rawValue.isFinite, (1...1000).contains(rawValue) else {
            throw TesseraError.invalidArgument(argument: "priority", reason: "must be in 1…1000, got \(rawValue)")
        }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: Double) { self.rawValue = rawValue }

    /// 1000: must hold.
    public static let required = LayoutPriority(unchecked: 1000)
    /// 750: UIKit's `defaultHigh` (the default compression resistance).
    public static let defaultHigh = LayoutPriority(unchecked: 750)
    /// 250: UIKit's `defaultLow` (the default content hugging).
    public static let defaultLow = LayoutPriority(unchecked: 250)
    /// 50: UIKit's `fittingSizeLevel`.
    public static let fittingSizeLevel = LayoutPriority(unchecked: 50)

    public var isRequired: Bool { rawValue >= 1000 }

    /// The weight of a violation in the solver's objective (unused for required constraints).
    var weight: Double { Self.weight(rawValue) }

    static func weight(_ priority: Double) -> Double { pow(10, 6 * priority / 1000) }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}
