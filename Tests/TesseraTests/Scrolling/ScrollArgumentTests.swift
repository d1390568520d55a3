import Testing
import Tessera

/// Bad arguments to the scroll physics are refused with an error naming them, and change nothing.
@Suite struct ScrollArgumentTests {
    static let nan = Double.nan, inf = Double.infinity

    @Test func decelerationRateMustBeBetweenZeroAndOne() throws {
        for value in [0.0, 1, -0.5, 1.5, Self.nan, Self.inf] {
            #expect(argumentName { _ = try DecelerationRate(value) } == "decelerationRate", "\(value)")
        }
        #expect(try DecelerationRate(0.5).rawValue == 0.5)
        #expect(DecelerationRate.normal.rawValue == 0.998 && DecelerationRate.fast.rawValue == 0.99)
    }

    @Test func animatorArgumentsAreNamed() throws {
        let layer = try makeScrollLayer(contentHeight: 2000, offset: Point(x: 0, y: 100))
        let animator = try ScrollAnimator(scrollLayer: layer)
        #expect(argumentName { try animator.advance(by: -0.01) } == "seconds")
        #expect(argumentName { try animator.advance(by: Self.nan) } == "seconds")
        #expect(argumentName { try animator.advance(by: Self.inf) } == "seconds")
        #expect(argumentName { try animator.fling(velocity: Point(x: Self.nan, y: 0)) } == "velocity.x")
        #expect(argumentName { try animator.fling(velocity: Point(x: 0, y: -Self.inf)) } == "velocity.y")
        #expect(argumentName { try animator.drag(by: Point(x: 0, y: Self.inf)) } == "translation.y")
        #expect(argumentName { try animator.drag(by: Point(x: Self.nan, y: 0)) } == "translation.x")
        #expect(argumentName { try animator.endDrag(velocity: Point(x: 0, y: 2e12)) } == "velocity.y")
        // Nothing moved and nothing started.
        #expect(layer.contentOffset == Point(x: 0, y: 100))
        #expect(animator.isAtRest && !animator.isDragging)
    }

    @Test func axisArgumentsAreNamed() throws {
        #expect(argumentName {
            _ = try ScrollAxisConfiguration(minimumOffset: 10, maximumOffset: 5, viewportLength: 100)
        } == "maximumOffset")
        #expect(argumentName {
            _ = try ScrollAxisConfiguration(minimumOffset: Self.nan, maximumOffset: 5, viewportLength: 100)
        } == "minimumOffset")
        #expect(argumentName {
            _ = try ScrollAxisConfiguration(minimumOffset: 0, maximumOffset: 5, viewportLength: -1)
        } == "viewportLength")
        let configuration = try ScrollAxisConfiguration(minimumOffset: 0, maximumOffset: 500, viewportLength: 100)
        #expect(argumentName {
            _ = try ScrollAxisPhysics(offset: Self.inf, configuration: configuration)
        } == "offset")
        var axis = try ScrollAxisPhysics(offset: 10, configuration: configuration)
        #expect(argumentName { try axis.drag(by: Self.nan) } == "translation")
        #expect(argumentName { try axis.endDrag(velocity: Self.nan) } == "velocity")
        #expect(argumentName { try axis.fling(velocity: -Self.inf) } == "velocity")
        #expect(argumentName { try axis.advance(by: -1) } == "seconds")
        #expect(argumentName { try axis.setOffset(Self.nan) } == "offset")
        #expect(axis.offset == 10 && axis.phase == .atRest)
    }

    @Test func indicatorAndRubberBandArgumentsAreNamed() throws {
        let layer = try makeScrollLayer(contentHeight: 2000)
        #expect(argumentName { _ = try ScrollIndicators(scrollLayer: layer, fadeDelay: -1) } == "fadeDelay")
        #expect(argumentName {
            _ = try ScrollIndicators(scrollLayer: layer, fadeDuration: Self.nan)
        } == "fadeDuration")
        #expect(layer.sublayers.isEmpty)  // a refused init adds nothing
        let indicators = try ScrollIndicators(scrollLayer: layer)
        #expect(argumentName { try indicators.advance(by: -0.5, isScrolling: false) } == "seconds")
        #expect(argumentName {
            _ = try RubberBand.displacement(forOvershoot: Self.nan, dimension: 10)
        } == "overshoot")
        #expect(argumentName { _ = try RubberBand.displacement(forOvershoot: 1, dimension: -10) } == "dimension")
        #expect(argumentName {
            _ = try RubberBand.overshoot(forDisplacement: Self.inf, dimension: 10)
        } == "displacement")
    }
}
