import Foundation
import Testing
@testable import Tessera

/// Zooming scroll layers: the focal point stays under the fingers, offsets stay in the zoomed range,
/// the zoom bounce settles on the limit, equal limits never zoom (README.md, "Transforms and zoom").
@Suite struct ZoomTests {
    /// A 200 × 150 point scroll layer zooming a 1000 × 800 map placed at the content origin.
    static func scene(minimum: Double = 0.5, maximum: Double = 8) throws -> (root: Layer, scroll: ScrollLayer, map: Layer) {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let scroll = try ScrollLayer(frame: Rect(x: 40, y: 30, width: 200, height: 150))
        let map = try Layer(frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        try root.addSublayer(scroll)
        try scroll.addSublayer(map)
        try scroll.setContentSize(map.frame.size)
        try scroll.setZoomingLayer(map)
        try scroll.setZoomScaleLimits(minimum: minimum, maximum: maximum)
        try scroll.setContentOffset(Point(x: 300, y: 250))
        return (root, scroll, map)
    }

    /// Where `point` of the map's plane is on screen (the root's plane), in points.
    static func onScreen(_ point: Point, _ map: Layer, _ root: Layer) throws -> Point {
        try map.convert(point, to: root)
    }

    @Test func defaultsAreOneAndEqualLimitsNeverZoom() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let scroll = try ScrollLayer(frame: Rect(x: 0, y: 0, width: 200, height: 150))
        let map = try Layer(frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        try root.addSublayer(scroll)
        try scroll.addSublayer(map)
        try scroll.setContentSize(map.frame.size)
        try scroll.setZoomingLayer(map)
        #expect(scroll.zoomScale == 1 && scroll.minimumZoomScale == 1 && scroll.maximumZoomScale == 1)
        for limits in [1.0, 3.0] {
            try scroll.setZoomScaleLimits(minimum: limits, maximum: limits)
            let before = (scroll.zoomScale, map.transform, scroll.contentSize, scroll.contentOffset)
            try scroll.pinch(scale: 2, around: Point(x: 100, y: 70))
            try scroll.pinch(scale: 0.25, around: Point(x: 10, y: 70))
            scroll.endPinch()
            try scroll.advanceZoom(by: 1)
            try scroll.setZoomScale(limits * 4)
            #expect((scroll.zoomScale, map.transform, scroll.contentSize, scroll.contentOffset) == before)
            try scroll.zoom(to: Rect(x: 10, y: 10, width: 20, height: 20))  // may scroll, never zooms
            #expect(scroll.zoomScale == limits && !scroll.isZoomBouncing)
            #expect((scroll.zoomScale, map.transform, scroll.contentSize) == (before.0, before.1, before.2))
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func aPinchKeepsTheFocalPointWithinHalfADevicePixel(deviceScale: Double) throws {
        let (root, scroll, map) = try Self.scene()
        let fingers = Point(x: 100, y: 75)  // the viewport centre; the fingers stay there on screen
        let anchor = try map.convert(scroll.contentOffset + fingers, from: scroll)
        let screen = try Self.onScreen(anchor, map, root)
        // 1× → 8× and back, in 60 per-frame factors each way (a 0.5 s pinch at 120 Hz each way).
        let factors = [Double](repeating: pow(8, 1.0 / 60), count: 60) + [Double](repeating: pow(8, -1.0 / 60), count: 60)
        for factor in factors {
            try scroll.pinch(scale: factor, around: scroll.contentOffset + fingers)
            let moved = try Self.onScreen(anchor, map, root)
            #expect(abs(moved.x - screen.x) * deviceScale <= 0.5 && abs(moved.y - screen.y) * deviceScale <= 0.5,
                    "zoom \(scroll.zoomScale): \(moved) vs \(screen)")
        }
        #expect(abs(scroll.zoomScale - 1) < 1e-9)
        scroll.endPinch()
    }

    @Test func offsetsStayInTheZoomedRangeAndTheContentSizeIsTheZoomedFrame() throws {
        let (_, scroll, map) = try Self.scene()
        var random = SplitMix64(seed: 13)
        for _ in 0..<300 {
            let focal = Point(x: scroll.contentOffset.x + Double(random.next() % 200),
                              y: scroll.contentOffset.y + Double(random.next() % 150))
            switch random.next() % 4 {
            case 0: try scroll.setZoomScale(Double(random.next() % 1000) / 100 + 0.01)
            case 1: try scroll.zoom(to: Rect(x: Double(random.next() % 1000), y: Double(random.next() % 800),
                                            width: Double(random.next() % 400 + 1), height: Double(random.next() % 400 + 1)))
            default: try scroll.pinch(scale: 0.5 + Double(random.next() % 100) / 66, around: focal)
            }
            if random.next() % 8 == 0 { scroll.endPinch() }
            #expect(scroll.contentSize == map.frame.size)
            #expect(abs(map.frame.width - 1000 * scroll.zoomScale) < 1e-6)
            #expect(scroll.contentOffset == scroll.clampedContentOffset(scroll.contentOffset), "offset \(scroll.contentOffset)")
        }
    }

    @Test(arguments: [true, false])
    func theZoomBounceSettlesOnTheLimit(pastMaximum: Bool) throws {
        let (_, scroll, _) = try Self.scene(minimum: 0.5, maximum: 4)
        try scroll.setZoomScale(pastMaximum ? 4 : 0.5)
        let focal = Point(x: scroll.contentOffset.x + 100, y: scroll.contentOffset.y + 75)
        for _ in 0..<40 { try scroll.pinch(scale: pastMaximum ? 1.1 : 1 / 1.1, around: focal) }
        let limit = pastMaximum ? 4.0 : 0.5
        // Rubber band: past the limit, less than one octave past it.
        #expect(pastMaximum ? scroll.zoomScale > limit && scroll.zoomScale < 2 * limit
                            : scroll.zoomScale < limit && scroll.zoomScale > limit / 2)
        scroll.endPinch()
        #expect(scroll.isZoomBouncing)
        var previous = scroll.zoomScale
        var steps = 0
        while scroll.isZoomBouncing && steps < 240 {
            try scroll.advanceZoom(by: 1.0 / 120)
            #expect(pastMaximum ? scroll.zoomScale <= previous : scroll.zoomScale >= previous, "monotone back")
            previous = scroll.zoomScale
            steps += 1
        }
        #expect(!scroll.isZoomBouncing, "settled within 2 s")
        #expect(scroll.zoomScale == limit)
        #expect(scroll.contentOffset == scroll.clampedContentOffset(scroll.contentOffset))
    }

    @Test func withoutBouncesZoomAPinchStopsAtTheLimits() throws {
        let (_, scroll, _) = try Self.scene(minimum: 0.5, maximum: 4)
        scroll.bouncesZoom = false
        for _ in 0..<40 { try scroll.pinch(scale: 1.2, around: Point(x: 400, y: 300)) }
        #expect(scroll.zoomScale == 4)
        try scroll.pinch(scale: 0.5, around: Point(x: 400, y: 300))
        #expect(scroll.zoomScale == 2)  // the raw scale stopped at the limit too: no dead zone on the way back
        scroll.endPinch()
        #expect(!scroll.isZoomBouncing)
    }

    @Test func zoomToARectFillsTheWindowWithItCentred() throws {
        let (_, scroll, map) = try Self.scene()
        try scroll.zoom(to: Rect(x: 400, y: 300, width: 50, height: 50))  // 200 / 50 = 4, 150 / 50 = 3 → 3
        #expect(scroll.zoomScale == 3)
        let centre = try map.convert(Point(x: 425, y: 325), to: scroll)
        #expect(abs(centre.x - scroll.contentOffset.x - 100) < 1e-9 && abs(centre.y - scroll.contentOffset.y - 75) < 1e-9)
        try scroll.zoom(to: Rect(x: 0, y: 0, width: 1, height: 1))  // wants 150×: clamped to the maximum
        #expect(scroll.zoomScale == 8 && scroll.contentOffset == .zero)
    }

    @Test func badZoomArgumentsAreNamedErrors() throws {
        let (_, scroll, _) = try Self.scene()
        #expect(argumentName { try scroll.setZoomScale(.nan) } == "zoomScale")
        #expect(argumentName { try scroll.setZoomScale(0) } == "zoomScale")
        #expect(argumentName { try scroll.setZoomScaleLimits(minimum: -1, maximum: 2) } == "minimumZoomScale")
        #expect(argumentName { try scroll.setZoomScaleLimits(minimum: 1, maximum: 1e9) } == "maximumZoomScale")
        #expect(argumentName { try scroll.setZoomScaleLimits(minimum: 2, maximum: 1) } == "maximumZoomScale")
        #expect(argumentName { try scroll.pinch(scale: -2, around: .zero) } == "scale")
        #expect(argumentName { try scroll.pinch(scale: 2, around: Point(x: .infinity, y: 0)) } == "focalPoint.x")
        #expect(argumentName { try scroll.zoom(to: Rect(x: 0, y: 0, width: 0, height: 5)) } == "rect.size")
        #expect(argumentName { try scroll.advanceZoom(by: -1) } == "seconds")
        #expect(argumentName { try scroll.setZoomingLayer(try Layer()) } == "zoomingLayer")
        #expect(scroll.minimumZoomScale == 0.5 && scroll.maximumZoomScale == 8 && scroll.zoomScale == 1)
    }
}
