import Testing
import Tessera

/// Every bad argument of the model API is refused with an error naming it; the layer is left unchanged.
@Suite struct ArgumentValidationTests {
    static let nan = Double.nan, inf = Double.infinity

    @Test func frameValuesAreNamed() throws {
        let layer = try Layer(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        let cases: [(Rect, String)] = [
            (Rect(x: Self.nan, y: 0, width: 1, height: 1), "frame.origin.x"),
            (Rect(x: 0, y: -Self.inf, width: 1, height: 1), "frame.origin.y"),
            (Rect(x: 0, y: 0, width: -1, height: 1), "frame.size.width"),
            (Rect(x: 0, y: 0, width: 1, height: Self.nan), "frame.size.height"),
            (Rect(x: 2e12, y: 0, width: 1, height: 1), "frame.origin.x"),
            (Rect(x: 0, y: 0, width: 1, height: 1e300), "frame.size.height"),
        ]
        for (frame, argument) in cases {
            #expect(argumentName { try layer.setFrame(frame) } == argument)
            #expect(argumentName { _ = try Layer(frame: frame) } == argument)
        }
        #expect(layer.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func boundsAndOpacityAreNamed() throws {
        let layer = try Layer(frame: Rect(x: 0, y: 0, width: 3, height: 4))
        #expect(argumentName { try layer.setBoundsOrigin(Point(x: Self.nan, y: 0)) } == "boundsOrigin.x")
        #expect(argumentName { try layer.setBounds(Rect(x: 0, y: 0, width: -2, height: 1)) } == "bounds.size.width")
        #expect(argumentName { try layer.setOpacity(1.5) } == "opacity")
        #expect(argumentName { try layer.setOpacity(-0.1) } == "opacity")
        #expect(argumentName { try layer.setOpacity(Self.nan) } == "opacity")
        #expect(layer.opacity == 1 && layer.boundsOrigin == .zero)
    }

    @Test func scrollValuesAreNamed() throws {
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(argumentName { try scroll.setContentSize(Size(width: -1, height: 0)) } == "contentSize.width")
        #expect(argumentName { try scroll.setContentSize(Size(width: 0, height: Self.inf)) } == "contentSize.height")
        #expect(argumentName { try scroll.setContentInset(EdgeInsets(top: Self.nan)) } == "contentInset.top")
        #expect(argumentName { try scroll.setContentInset(EdgeInsets(right: -Self.inf)) } == "contentInset.right")
        #expect(argumentName { try scroll.setContentOffset(Point(x: 0, y: Self.nan)) } == "contentOffset.y")
        #expect(argumentName { try scroll.pan(by: Point(x: Self.inf, y: 0)) } == "translation.x")
        #expect(scroll.contentSize == .zero && scroll.contentInset == .zero && scroll.contentOffset == .zero)
    }

    @Test func scaleIsNamed() {
        #expect(argumentName { _ = try Geometry.validatedScale(0) } == "scale")
        #expect(argumentName { _ = try Geometry.validatedScale(Self.nan) } == "scale")
        #expect(argumentName { _ = try Geometry.validatedScale(2, "viewport.scale") } == nil)
    }

    @Test func messagesSayWhatAndWhy() {
        let error = TesseraError.invalidArgument(argument: "frame.size.height", reason: "must be ≥ 0, got -4.0")
        #expect(error.description == "frame.size.height: must be ≥ 0, got -4.0")
        do {
            _ = try Layer(frame: Rect(x: 0, y: 0, width: 1, height: -4))
            Issue.record("a negative height was accepted")
        } catch {
            #expect("\(error)" == "frame.size.height: must be ≥ 0, got -4.0")
        }
    }
}
