import CTessera
import Testing

/// Auto Layout through tessera.h: constraints made, activated, edited and destroyed by handle, a tree laid
/// out, and refusals that name the argument (README.md, "Auto Layout").
@Suite struct LayoutABITests {
    static func frame(_ layer: tessera_layer) -> tessera_rect {
        var rect = tessera_rect()
        expectOK(tessera_layer_get_frame(layer, &rect))
        return rect
    }

    static func constraint(_ first: tessera_layer, _ attribute: Int32, _ relation: Int32 = Int32(TESSERA_RELATION_EQUAL),
                           _ second: tessera_layer = 0, _ secondAttribute: Int32 = Int32(TESSERA_ATTRIBUTE_NONE),
                           constant: Double, priority: Double = 1000) -> tessera_constraint {
        var out: tessera_constraint = 0
        expectOK(tessera_constraint_create(first, attribute, relation, second, secondAttribute, 1, constant, priority, &out))
        expectOK(tessera_constraint_set_active(out, 1))
        return out
    }

    @Test func aViewInsetInItsSuperviewIsLaidOutAndFollowsAConstantEdit() throws {
        // The ordinary view of the Auto Layout article: a view inset by (top 50, left 100, bottom 50,
        // right 100) in an 800 × 600 superview, and one inset by (200, 50, 20, 20) in it.
        let root = try makeLayer(tessera_rect(x: 0, y: 0, width: 800, height: 600))
        let red = try makeLayer(), yellow = try makeLayer()
        expectOK(tessera_layer_add_sublayer(root, red))
        expectOK(tessera_layer_add_sublayer(red, yellow))
        expectOK(tessera_layer_set_translates_frame(red, 0))
        expectOK(tessera_layer_set_translates_frame(yellow, 0))
        let a = Int32.self
        let made: [tessera_constraint] = [
            Self.constraint(red, a.init(TESSERA_ATTRIBUTE_LEFT), root: root, a.init(TESSERA_ATTRIBUTE_LEFT), 100),
            Self.constraint(red, a.init(TESSERA_ATTRIBUTE_TOP), root: root, a.init(TESSERA_ATTRIBUTE_TOP), 50),
            Self.constraint(red, a.init(TESSERA_ATTRIBUTE_RIGHT), root: root, a.init(TESSERA_ATTRIBUTE_RIGHT), -100),
            Self.constraint(red, a.init(TESSERA_ATTRIBUTE_BOTTOM), root: root, a.init(TESSERA_ATTRIBUTE_BOTTOM), -50),
            Self.constraint(yellow, a.init(TESSERA_ATTRIBUTE_LEFT), root: red, a.init(TESSERA_ATTRIBUTE_LEFT), 50),
            Self.constraint(yellow, a.init(TESSERA_ATTRIBUTE_TOP), root: red, a.init(TESSERA_ATTRIBUTE_TOP), 200),
            Self.constraint(yellow, a.init(TESSERA_ATTRIBUTE_RIGHT), root: red, a.init(TESSERA_ATTRIBUTE_RIGHT), -20),
            Self.constraint(yellow, a.init(TESSERA_ATTRIBUTE_BOTTOM), root: red, a.init(TESSERA_ATTRIBUTE_BOTTOM), -20),
        ]
        expectOK(tessera_layer_layout_if_needed(root))
        let r = Self.frame(red), y = Self.frame(yellow)
        #expect((r.x, r.y, r.width, r.height) == (100, 50, 600, 500))
        #expect((y.x, y.y, y.width, y.height) == (50, 200, 530, 280))
        expectOK(tessera_constraint_set_constant(made[0], 150))
        expectOK(tessera_layer_layout_if_needed(root))
        #expect(Self.frame(red).x == 150 && Self.frame(red).width == 550)
        // A required width of 10 against the insets: unsatisfiable, named, nothing moves.
        let width = Self.constraint(red, a.init(TESSERA_ATTRIBUTE_WIDTH), constant: 10)
        #expect(tessera_layer_layout_if_needed(root) == tessera_status(TESSERA_INVALID_ARGUMENT))
        #expect(lastError().contains("width"), "\(lastError())")
        #expect(Self.frame(red).width == 550)
        expectOK(tessera_constraint_destroy(width))
        expectOK(tessera_layer_layout_if_needed(root))
        for constraint in made { expectOK(tessera_constraint_destroy(constraint)) }
        expectFailure(tessera_constraint_set_active(made[0], 1), Int(TESSERA_INVALID_HANDLE), naming: "constraint")
        for layer in [yellow, red, root] { expectOK(tessera_layer_destroy(layer)) }
    }

    @Test func badConstraintsAreRefusedByName() throws {
        let layer = try makeLayer(), other = try makeLayer()
        var out: tessera_constraint = 0
        let a = Int32.self
        expectFailure(tessera_constraint_create(layer, 10, 0, 0, -1, 1, 0, 1000, &out),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "first_attribute")
        expectFailure(tessera_constraint_create(layer, a.init(TESSERA_ATTRIBUTE_WIDTH), 3, 0, -1, 1, 0, 1000, &out),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "relation")
        expectFailure(tessera_constraint_create(layer, a.init(TESSERA_ATTRIBUTE_LEFT), 0, other,
                                                a.init(TESSERA_ATTRIBUTE_WIDTH), 1, 0, 1000, &out),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "second_attribute")
        expectFailure(tessera_constraint_create(layer, a.init(TESSERA_ATTRIBUTE_WIDTH), 0, 0, -1, 1, .nan, 1000, &out),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "constant")
        expectFailure(tessera_constraint_create(layer, a.init(TESSERA_ATTRIBUTE_WIDTH), 0, 0, -1, 1, 0, 0, &out),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "priority")
        expectFailure(tessera_constraint_create(layer, a.init(TESSERA_ATTRIBUTE_WIDTH), 0, 0, -1, 1, 0, 1000, nil),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "out")
        expectFailure(tessera_constraint_set_constant(layer, 1), Int(TESSERA_WRONG_HANDLE_KIND), naming: "constraint")
        expectOK(tessera_layer_destroy(layer))
        expectOK(tessera_layer_destroy(other))
    }
}

extension LayoutABITests {
    /// `first.attribute == root.rootAttribute + constant`.
    static func constraint(_ first: tessera_layer, _ attribute: Int32, root: tessera_layer, _ rootAttribute: Int32,
                           _ constant: Double) -> tessera_constraint {
        constraint(first, attribute, Int32(TESSERA_RELATION_EQUAL), root, rootAttribute, constant: constant)
    }
}
