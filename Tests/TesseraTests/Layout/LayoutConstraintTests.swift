import Testing
import Tessera

/// Anchors, priorities, intrinsic sizes, errors and incremental layouts of layer trees.
@Suite struct LayoutConstraintTests {
    private func named(_ name: String, _ frame: Rect = .zero) throws -> Layer {
        let layer = try Layer(frame: frame)
        layer.name = name
        return layer
    }

    @Test func intrinsicSizeHoldsUnlessARequiredConstraintOverrides() throws {
        let root = try named("root", Rect(x: 0, y: 0, width: 300, height: 300))
        let label = try named("label")
        try root.addSublayer(label)
        try label.setIntrinsicContentSize(IntrinsicContentSize(width: 120, height: 20))
        try LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        ])
        try root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 10, y: 10, width: 120, height: 20))
        #expect(root.layoutAmbiguityReport().isEmpty)
        let stretch = try label.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -10)
        try stretch.activate()
        try root.layoutIfNeeded()
        #expect(label.frame.size.width == 280)
        stretch.deactivate()
        try root.layoutIfNeeded()
        #expect(label.frame.size.width == 120)
    }

    @Test func huggingYieldsToCompressionResistance() throws {
        let root = try named("root", Rect(x: 0, y: 0, width: 300, height: 300))
        let label = try named("label")
        try root.addSublayer(label)
        try label.setIntrinsicContentSize(IntrinsicContentSize(width: 120))
        try LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            label.heightAnchor.constraint(equalToConstant: 20),
            // Wants 200 at 500: beats hugging (250), loses to compression resistance only when shrinking.
            label.widthAnchor.constraint(equalToConstant: 200).withPriority(try LayoutPriority(500)),
        ])
        try root.layoutIfNeeded()
        #expect(label.frame.size.width == 200)
        label.setContentHuggingPriority(try LayoutPriority(600), for: .horizontal)
        try root.layoutIfNeeded()
        #expect(label.frame.size.width == 120)
    }

    @Test func unsatisfiableLayoutNamesTheConstraintsAndKeepsFrames() throws {
        let root = try named("root", Rect(x: 0, y: 0, width: 300, height: 300))
        let box = try named("box")
        try root.addSublayer(box)
        try LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            box.heightAnchor.constraint(equalToConstant: 50),
            box.widthAnchor.constraint(equalToConstant: 100),
        ])
        try root.layoutIfNeeded()
        let before = box.frame
        try box.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -10).activate()
        let error = #expect(throws: LayoutError.self) { try root.layoutIfNeeded() }
        guard case let .unsatisfiable(names)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(Set(names) == [
            "box.left == root.left + 10", "box.width == 100", "box.right == root.right - 10",
            "root.width == 300 (its frame: translatesFrameIntoConstraints)",
        ])
        #expect(box.frame == before)
    }

    @Test func crossTreeConstraintsAndBadNumbersAreRefusedNamingTheArgument() throws {
        let a = try named("a"), b = try named("b")
        #expect(argumentName { try a.leftAnchor.constraint(equalTo: b.leftAnchor).activate() } == "secondItem")
        #expect(argumentName { _ = try a.leftAnchor.constraint(equalTo: a.leftAnchor, constant: .nan) } == "constant")
        #expect(argumentName { _ = try a.widthAnchor.constraint(equalTo: a.heightAnchor, multiplier: .infinity) } == "multiplier")
        #expect(argumentName { _ = try a.widthAnchor.constraint(equalToConstant: -.infinity) } == "constant")
        #expect(argumentName {
            _ = try LayoutConstraint(item: .layer(a), attribute: .top, relatedBy: .equal, toItem: .layer(a), attribute: .left)
        } == "secondAttribute")
        #expect(argumentName { try a.setIntrinsicContentSize(IntrinsicContentSize(width: -1)) } == "intrinsicContentSize.width")
        let c = try a.topAnchor.constraint(equalTo: a.topAnchor)
        #expect(argumentName { try c.setConstant(.nan) } == "constant")
        // A tree split after activation: layout refuses naming the constraint.
        let root = try named("root", Rect(x: 0, y: 0, width: 10, height: 10))
        try root.addSublayer(a)
        try root.addSublayer(b)
        try LayoutConstraint.activate([try a.leftAnchor.constraint(equalTo: b.leftAnchor)])
        b.removeFromSuperlayer()
        #expect(argumentName { try root.layoutIfNeeded() } == "secondItem")
    }

    /// A chain of cards like a feed: each below the previous one, widths from the scroll layer.
    func feed(cards: Int) throws -> (Layer, ScrollLayer, [Layer], [LayoutConstraint]) {
        let root = try named("root", Rect(x: 0, y: 0, width: 320, height: 480))
        let scroll = try ScrollLayer()
        scroll.name = "feed"
        try root.addSublayer(scroll)
        var spacing: [LayoutConstraint] = []
        try LayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: root.topAnchor), scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            scroll.leftAnchor.constraint(equalTo: root.leftAnchor), scroll.rightAnchor.constraint(equalTo: root.rightAnchor),
        ])
        var cards_: [Layer] = []
        var previous: LayoutYAxisAnchor = scroll.topAnchor
        for index in 0..<cards {
            let card = try named("card\(index)")
            try scroll.addSublayer(card)
            try card.setIntrinsicContentSize(IntrinsicContentSize(height: Double(40 + index % 7 * 10)))
            let top = try card.topAnchor.constraint(equalTo: previous, constant: 8)
            spacing.append(top)
            try LayoutConstraint.activate([
                top, card.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 8),
                card.trailingAnchor.constraint(equalTo: scroll.trailingAnchor, constant: -8),
                card.widthAnchor.constraint(equalTo: scroll.widthAnchor, constant: -16),
            ])
            previous = card.bottomAnchor
            cards_.append(card)
        }
        try scroll.bottomAnchor.constraint(equalTo: previous, constant: 8).activate()
        return (root, scroll, cards_, spacing)
    }

    @Test func feedCardsStackAndSizeTheContent() throws {
        let (root, scroll, cards, _) = try feed(cards: 30)
        try root.layoutIfNeeded()
        var y = 8.0
        for (index, card) in cards.enumerated() {
            let height = Double(40 + index % 7 * 10)
            #expect(card.frame == Rect(x: 8, y: y, width: 304, height: height))
            y += height + 8
        }
        #expect(scroll.contentSize == Size(width: 320, height: y))
        #expect(root.layoutAmbiguityReport().isEmpty)
    }

    @Test func incrementalConstantEditsEqualAFreshLayout() throws {
        let (root, scroll, cards, spacing) = try feed(cards: 25)
        try root.layoutIfNeeded()
        try spacing[3].setConstant(30)
        try spacing[0].setConstant(2)
        try cards[5].setIntrinsicContentSize(IntrinsicContentSize(height: 333))
        try root.setFrame(Rect(x: 0, y: 0, width: 200, height: 480))
        try root.layoutIfNeeded()
        let (freshRoot, freshScroll, freshCards, freshSpacing) = try feed(cards: 25)
        try freshSpacing[3].setConstant(30)
        try freshSpacing[0].setConstant(2)
        try freshCards[5].setIntrinsicContentSize(IntrinsicContentSize(height: 333))
        try freshRoot.setFrame(Rect(x: 0, y: 0, width: 200, height: 480))
        try freshRoot.layoutIfNeeded()
        #expect(cards.map(\.frame) == freshCards.map(\.frame))
        #expect(scroll.contentSize == freshScroll.contentSize)
        #expect(cards[5].frame.size.height == 333 && cards[0].frame.origin.y == 2 && cards[0].frame.size.width == 184)
    }

    @Test func constantOnlyEditsEqualAFreshLayout() throws {
        let (root, scroll, cards, spacing) = try feed(cards: 40)
        try root.layoutIfNeeded()
        for (index, constant) in [(7, 50.0), (39, 0), (7, 9), (0, 100)] {
            try spacing[index].setConstant(constant)
            try root.layoutIfNeeded()
        }
        let (freshRoot, freshScroll, freshCards, freshSpacing) = try feed(cards: 40)
        for (index, constant) in [(39, 0.0), (7, 9), (0, 100)] { try freshSpacing[index].setConstant(constant) }
        try freshRoot.layoutIfNeeded()
        #expect(cards.map(\.frame) == freshCards.map(\.frame))
        #expect(scroll.contentSize == freshScroll.contentSize)
        #expect(cards[0].frame.origin.y == 100 && cards[7].frame.origin.y == cards[6].frame.maxY + 9)
    }
}

extension LayoutConstraintTests {
    @Test func editingADeactivatedConstraintChangesNothing() throws {
        let (root, _, cards, spacing) = try feed(cards: 5)
        try root.layoutIfNeeded()
        let before = cards.map(\.frame)
        let extra = try cards[2].heightAnchor.constraint(equalToConstant: 10).withPriority(try LayoutPriority(900))
        try extra.activate()
        try root.layoutIfNeeded()
        #expect(cards[2].frame.size.height == 10)
        extra.deactivate()
        try root.layoutIfNeeded()
        try extra.setConstant(20)
        try root.layoutIfNeeded()
        #expect(cards.map(\.frame) == before)
        try spacing[1].setConstant(spacing[1].constant)
        try root.layoutIfNeeded()
        #expect(cards.map(\.frame) == before)
    }
}

extension LayoutConstraintTests {
    @Test func negativeSolvedSizesAreErrorsAndFramesStay() throws {
        let root = try named("root", Rect(x: 0, y: 0, width: 100, height: 100))
        let box = try named("box", Rect(x: 1, y: 2, width: 3, height: 4))
        try root.addSublayer(box)
        try LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
            box.rightAnchor.constraint(equalTo: root.leftAnchor, constant: -5),
        ])
        #expect(throws: LayoutError.negativeSize(attribute: "box.width", value: -5)) { try root.layoutIfNeeded() }
        #expect(box.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func aLayerPinnedToItsSuperlayerIgnoresTheSuperlayersBoundsOrigin() throws {
        let root = try named("root", Rect(x: 0, y: 0, width: 200, height: 200))
        let panel = try named("panel", Rect(x: 0, y: 0, width: 100, height: 100))
        let chip = try named("chip")
        try root.addSublayer(panel)
        try panel.addSublayer(chip)
        try panel.setBoundsOrigin(Point(x: -30, y: 40))
        try LayoutConstraint.activate([
            chip.leftAnchor.constraint(equalTo: panel.leftAnchor, constant: 10),
            chip.bottomAnchor.constraint(equalTo: panel.bottomAnchor, constant: -10),
            chip.widthAnchor.constraint(equalTo: panel.widthAnchor, multiplier: 0.5),
            chip.heightAnchor.constraint(equalToConstant: 20),
        ])
        try root.layoutIfNeeded()
        #expect(chip.frame == Rect(x: 10, y: 70, width: 50, height: 20))
        #expect(panel.boundsOrigin == Point(x: -30, y: 40))
    }
}

extension LayoutConstraintTests {
    @Test func activationsAfterALayoutEqualAFreshLayout() throws {
        func extras(_ cards: [Layer], _ scroll: ScrollLayer) throws -> [LayoutConstraint] {
            [try cards[3].heightAnchor.constraint(greaterThanOrEqualToConstant: 200),
             try cards[5].heightAnchor.constraint(equalToConstant: 10).withPriority(try LayoutPriority(900)),
             try cards[7].heightAnchor.constraint(equalTo: cards[8].heightAnchor, multiplier: 2)]
        }
        let (root, scroll, cards, _) = try feed(cards: 20)
        try root.layoutIfNeeded()
        let added = try extras(cards, scroll)
        try LayoutConstraint.activate(added)
        try root.layoutIfNeeded()
        let (freshRoot, freshScroll, freshCards, _) = try feed(cards: 20)
        try LayoutConstraint.activate(try extras(freshCards, freshScroll))
        try freshRoot.layoutIfNeeded()
        #expect(cards.map(\.frame) == freshCards.map(\.frame))
        #expect(scroll.contentSize == freshScroll.contentSize)
        #expect(cards[3].frame.size.height == 200 && cards[5].frame.size.height == 10)
        #expect(cards[7].frame.size.height == 2 * cards[8].frame.size.height)
        #expect(root.layoutAmbiguityReport() == freshRoot.layoutAmbiguityReport())
        LayoutConstraint.deactivate(added)
        try root.layoutIfNeeded()
        let (plainRoot, plainScroll, plainCards, _) = try feed(cards: 20)
        try plainRoot.layoutIfNeeded()
        #expect(cards.map(\.frame) == plainCards.map(\.frame))
        #expect(scroll.contentSize == plainScroll.contentSize)
        #expect(root.layoutAmbiguityReport().isEmpty)
    }
}

extension LayoutConstraintTests {
    /// A constraint activated after a layout on a variable no constraint used before (the card's x,
    /// free until now) is solved and written like any other.
    @Test func activatingAConstraintOnAnUnusedAttributeAfterALayout() throws {
        let root = try named("root", Rect(x: 0, y: 0, width: 300, height: 300))
        let card = try named("card")
        try root.addSublayer(card)
        try LayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
            card.heightAnchor.constraint(equalToConstant: 40), card.widthAnchor.constraint(equalToConstant: 50),
        ])
        try root.layoutIfNeeded()
        #expect(card.frame == Rect(x: 0, y: 5, width: 50, height: 40))
        #expect(root.layoutAmbiguityReport() == ["card.x"])
        try card.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 70).activate()
        try root.layoutIfNeeded()
        #expect(card.frame == Rect(x: 70, y: 5, width: 50, height: 40))
        #expect(root.layoutAmbiguityReport().isEmpty)
    }
}

extension LayoutConstraintTests {
    /// The engine belongs to the root; nothing it keeps holds the tree, so a dropped tree is freed.
    @Test func aLaidOutTreeIsFreedWhenDropped() throws {
        weak var weakRoot: Layer?
        weak var weakCard: Layer?
        do {
            let (root, _, cards, spacing) = try feed(cards: 6)
            try root.layoutIfNeeded()
            try spacing[2].setConstant(30)
            try cards[1].heightAnchor.constraint(equalToConstant: 77).activate()
            try root.layoutIfNeeded()
            #expect(cards[1].frame.size.height == 77)
            spacing[4].deactivate()
            try spacing[5].setConstant(1)
            weakRoot = root
            weakCard = cards[3]
        }
        #expect(weakRoot == nil)
        #expect(weakCard == nil)
    }
}

extension LayoutConstraintTests {
    @Test func aTreeWhoseRootIsLaidOutIsFreedWhenDropped() throws {
        weak var weakRoot: Layer?
        do {
            let root = try named("root")
            let child = try named("child")
            try root.addSublayer(child)
            try LayoutConstraint.activate([
                root.widthAnchor.constraint(equalToConstant: 100), root.heightAnchor.constraint(equalToConstant: 50),
                child.leftAnchor.constraint(equalTo: root.leftAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
                child.rightAnchor.constraint(equalTo: root.rightAnchor), child.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            ])
            try root.setIntrinsicContentSize(IntrinsicContentSize(width: 10))
            try root.layoutIfNeeded()
            #expect(root.frame == Rect(x: 0, y: 0, width: 100, height: 50))
            #expect(child.frame == Rect(x: 0, y: 0, width: 100, height: 50))
            weakRoot = root
        }
        #expect(weakRoot == nil)
    }
}
