import Testing
import Tessera

@Suite struct LayerTreeTests {
    @Test func sublayersKeepPaintOrderAndSuperlayerLinks() throws {
        let root = try Layer(), a = try Layer(), b = try Layer(), c = try Layer()
        try root.addSublayer(a)
        try root.addSublayer(c)
        try root.insertSublayer(b, at: 1)
        #expect(root.sublayers.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(b.superlayer === root)
        try root.addSublayer(a) // re-adding moves it to the top
        #expect(root.sublayers.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil)
        #expect(root.sublayers.count == 2)
        try a.addSublayer(b)
        #expect(b.rootLayer === root)
        #expect(b.isDescendant(of: root))
        #expect(!root.isDescendant(of: b))
    }

    @Test func addingALayerToAnotherSuperlayerMovesIt() throws {
        let one = try Layer(), two = try Layer(), child = try Layer()
        try one.addSublayer(child)
        try two.addSublayer(child)
        #expect(one.sublayers.isEmpty)
        #expect(child.superlayer === two)
    }

    @Test func cyclesAreRejected() throws {
        let root = try Layer(), middle = try Layer(), leaf = try Layer()
        try root.addSublayer(middle)
        try middle.addSublayer(leaf)
        #expect(throws: TesseraError.self) { try leaf.addSublayer(root) }
        #expect(throws: TesseraError.self) { try leaf.addSublayer(leaf) }
        #expect(throws: TesseraError.self) { try middle.insertSublayer(root, at: 0) }
        #expect(leaf.sublayers.isEmpty && root.superlayer == nil)
    }

    @Test func insertionIndexIsChecked() throws {
        let root = try Layer()
        try root.addSublayer(try Layer())
        #expect(throws: TesseraError.invalidArgument(argument: "index", reason: "must be in 0…1, got 2")) {
            try root.insertSublayer(try Layer(), at: 2)
        }
        #expect(throws: TesseraError.self) { try root.insertSublayer(try Layer(), at: -1) }
    }

    @Test func changesAreRecordedAndTakenOnce() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let leaf = try Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try root.addSublayer(scroll)
        try scroll.addSublayer(leaf)
        _ = root.takeChanges()
        #expect(root.takeChanges().isEmpty)
        #expect(!root.subtreeHasChanges)

        let before = scroll.generation
        try scroll.setContentSize(Size(width: 100, height: 1000))
        try scroll.pan(by: Point(x: 0, y: -50))
        #expect(scroll.generation > before)
        let changes = root.takeChanges()
        #expect(changes.count == 1)
        #expect(changes.first?.layer === scroll)
        #expect(changes.first?.changes == [.boundsOrigin, .scrollRange])
        #expect(leaf.pendingChanges.isEmpty) // scrolling changes no sublayer

        leaf.backgroundColor = .white
        try leaf.setOpacity(0.5)
        leaf.clipsToBounds = true
        #expect(root.subtreeHasChanges && scroll.subtreeHasChanges)
        #expect(root.takeChanges().map(\.changes) == [[.content, .compositing]])

        // Setting a property to its current value is not a change.
        try leaf.setOpacity(0.5)
        leaf.clipsToBounds = true
        try scroll.pan(by: Point(x: 0, y: 0))
        #expect(root.takeChanges().isEmpty)

        leaf.removeFromSuperlayer()
        #expect(root.takeChanges().map(\.changes) == [.sublayers])
    }

    @Test func aMovedSubtreeKeepsItsPendingChanges() throws {
        let root = try Layer(), other = try Layer(), leaf = try Layer()
        try other.addSublayer(leaf)
        _ = root.takeChanges()
        _ = other.takeChanges()
        leaf.setNeedsDisplay()
        try root.addSublayer(other)
        let changes = root.takeChanges()
        #expect(changes.map(\.changes) == [.sublayers, .content])
        #expect(changes.last?.layer === leaf)
    }
}
