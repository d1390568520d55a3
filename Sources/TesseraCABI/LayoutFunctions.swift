import CTessera
import Tessera

// The Auto Layout entry points of tessera.h: constraints between layers' attributes, activation, constants,
// and laying a tree out (README.md, "Auto Layout").

extension HandleTable {
    /// The layout constraint behind `handle`.
    func constraint(_ handle: UInt64, _ argument: String) throws -> LayoutConstraint {
        let (object, kind) = try lookUp(handle, argument)
        guard let constraint = object as? LayoutConstraint else {
            throw Failure.wrongKind(argument, "is \(kind), expected a layout constraint")
        }
        return constraint
    }
}

/// The attribute of a C `tessera_layout_attribute` value, or an error naming `argument`.
private func attribute(_ value: Int32, _ argument: String) throws -> LayoutAttribute {
    let all: [LayoutAttribute] = [.left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY]
    guard value >= 0, Int(value) < all.count else {
        throw Failure.invalidArgument(argument, "must be a TESSERA_ATTRIBUTE_* value (0…9), got \(value)")
    }
    return all[Int(value)]
}

/// C `tessera_constraint_create`: `first.attribute REL multiplier · second.attribute + constant @ priority`
/// (`second` 0 and `second_attribute` −1 for `first.attribute REL constant`), inactive. The tree's thread.
/// See tessera.h; every failure returns a status and sets `tessera_last_error` naming the argument.
@_cdecl("tessera_constraint_create")
public func tesseraConstraintCreate(_ first: tessera_layer, _ firstAttribute: Int32, _ relation: Int32,
                                    _ second: tessera_layer, _ secondAttribute: Int32, _ multiplier: Double,
                                    _ constant: Double, _ priority: Double,
                                    _ out: UnsafeMutablePointer<tessera_constraint>?) -> tessera_status {
    cCall("tessera_constraint_create") {
        let firstLayer = try HandleTable.shared.layer(first, "first")
        let out = try output(out, "out")
        let firstAttr = try attribute(firstAttribute, "first_attribute")
        let relations: [LayoutRelation] = [.equal, .greaterThanOrEqual, .lessThanOrEqual]
        guard relation >= 0, Int(relation) < relations.count else {
            throw Failure.invalidArgument("relation", "must be TESSERA_RELATION_EQUAL (0), _GREATER_OR_EQUAL (1) or _LESS_OR_EQUAL (2), got \(relation)")
        }
        var secondItem: LayoutItem?
        var secondAttr: LayoutAttribute?
        if second != 0 || secondAttribute != -1 {
            secondItem = .layer(try HandleTable.shared.layer(second, "second"))
            secondAttr = try attribute(secondAttribute, "second_attribute")
        }
        let level = try LayoutPriority(priority)
        let constraint = try renamingArguments(["secondAttribute": "second_attribute", "toItem": "second"]) {
            try LayoutConstraint(item: .layer(firstLayer), attribute: firstAttr, relatedBy: relations[Int(relation)],
                                 toItem: secondItem, attribute: secondAttr, multiplier: multiplier,
                                 constant: constant, priority: level)
        }
        out.pointee = HandleTable.shared.insert(constraint, kind: .constraint)
    }
}

/// C `tessera_constraint_set_active`: activates (the constraint's layers stop translating their frames
/// into constraints, as UIKit's anchors do not, so set that explicitly) or deactivates. See tessera.h.
@_cdecl("tessera_constraint_set_active")
public func tesseraConstraintSetActive(_ constraint: tessera_constraint, _ active: Int32) -> tessera_status {
    cCall("tessera_constraint_set_active") {
        let object = try HandleTable.shared.constraint(constraint, "constraint")
        if active != 0 { try object.activate() } else { object.deactivate() }
    }
}

/// C `tessera_constraint_set_constant`. See tessera.h.
@_cdecl("tessera_constraint_set_constant")
public func tesseraConstraintSetConstant(_ constraint: tessera_constraint, _ constant: Double) -> tessera_status {
    cCall("tessera_constraint_set_constant") {
        let object = try HandleTable.shared.constraint(constraint, "constraint")
        try object.setConstant(constant)
    }
}

/// C `tessera_constraint_destroy`: deactivates the constraint and releases its handle. See tessera.h.
@_cdecl("tessera_constraint_destroy")
public func tesseraConstraintDestroy(_ constraint: tessera_constraint) -> tessera_status {
    cCall("tessera_constraint_destroy") {
        try HandleTable.shared.constraint(constraint, "constraint").deactivate()
        try HandleTable.shared.remove(constraint, "constraint")
    }
}

/// C `tessera_layer_set_translates_frame`: ``Layer/translatesFrameIntoConstraints``. See tessera.h.
@_cdecl("tessera_layer_set_translates_frame")
public func tesseraLayerSetTranslatesFrame(_ layer: tessera_layer, _ translates: Int32) -> tessera_status {
    cCall("tessera_layer_set_translates_frame") {
        try HandleTable.shared.layer(layer, "layer").translatesFrameIntoConstraints = translates != 0
    }
}

/// C `tessera_layer_layout_if_needed`: ``Layer/layoutIfNeeded()`` on the tree's root `layer`; an
/// unsatisfiable or invalid layout is an error with the solver's message, and no frame changes then.
@_cdecl("tessera_layer_layout_if_needed")
public func tesseraLayerLayoutIfNeeded(_ layer: tessera_layer) -> tessera_status {
    cCall("tessera_layer_layout_if_needed") {
        try HandleTable.shared.layer(layer, "layer").layoutIfNeeded()
    }
}
