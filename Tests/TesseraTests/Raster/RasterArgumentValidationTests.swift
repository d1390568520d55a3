import Testing
import Tessera

/// Bad primitive arguments are refused at construction with an error naming the argument.
@Suite struct RasterArgumentValidationTests {
    static let nan = Double.nan
    static let stops = [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)]
    static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    @Test func rectsAndRadii() {
        #expect(argumentName { _ = try SolidRect(rect: Rect(x: Self.nan, y: 0, width: 1, height: 1), color: .black) }
            == "rect.origin.x")
        #expect(argumentName { _ = try SolidRect(rect: Rect(x: 0, y: 0, width: -1, height: 1), color: .black) }
            == "rect.size.width")
        #expect(argumentName { _ = try RoundedRect(rect: Self.unit, cornerRadius: -1, color: .black) } == "cornerRadius")
        #expect(argumentName { _ = try RoundedRect(rect: Self.unit, cornerRadius: Self.nan, color: .black) } == "cornerRadius")
        #expect(argumentName { _ = try RoundedRect(rect: Rect(x: 0, y: 0, width: 1, height: .infinity),
                                                   cornerRadius: 1, color: .black) } == "rect.size.height")
    }

    @Test func gradients() {
        func gradient(start: Point = .zero, end: Point = Point(x: 1, y: 0), stops: [GradientStop] = Self.stops,
                      radius: Double = 0) throws {
            _ = try LinearGradient(rect: Self.unit, cornerRadius: radius, start: start, end: end, stops: stops)
        }
        #expect(argumentName { try gradient(stops: []) } == "stops")
        #expect(argumentName { try gradient(stops: [GradientStop(location: 0, color: .black)]) } == "stops")
        #expect(argumentName { try gradient(stops: [GradientStop(location: -0.1, color: .black), Self.stops[1]]) }
            == "stops[0].location")
        #expect(argumentName { try gradient(stops: [Self.stops[0], GradientStop(location: Self.nan, color: .white)]) }
            == "stops[1].location")
        #expect(argumentName { try gradient(stops: [GradientStop(location: 0.6, color: .black),
                                                    GradientStop(location: 0.5, color: .white)]) } == "stops[1].location")
        #expect(argumentName { try gradient(end: .zero) } == "end")
        #expect(argumentName { try gradient(end: Point(x: Self.nan, y: 0)) } == "end.x")
        #expect(argumentName { try gradient(start: Point(x: 0, y: .infinity)) } == "start.y")
        #expect(argumentName { try gradient(radius: -2) } == "cornerRadius")
    }

    @Test func textAndImages() throws {
        #expect(argumentName { _ = try GreekedTextLine(frame: Rect(x: 0, y: 0, width: Self.nan, height: 1),
                                                       color: .black, seed: 1) } == "frame.size.width")
        #expect(argumentName { _ = try GreekedTextLine(frame: Rect(x: 0, y: -1e13, width: 1, height: 1),
                                                       color: .black, text: "a") } == "frame.origin.y")
        #expect(argumentName { _ = try PixelImage(width: 2, height: 2, pixels: [0, 0, 0, 0]) } == "pixels")
        #expect(argumentName { _ = try PixelImage(width: 0, height: 2, pixels: []) } == "width")
        #expect(argumentName { _ = try PixelImage(width: 1, height: -2, pixels: []) } == "height")
        #expect(argumentName { _ = try PixelImage(width: 1, height: 1, pixels: [200, 0, 0, 100]) } == "pixels")
        #expect(argumentName { _ = try PixelImage(try PixelBuffer(width: 0, height: 3)) } == "buffer")
        let image = try PixelImage(width: 1, height: 1, pixels: [0, 0, 0, 255])
        #expect(argumentName { _ = try PlacedImage(image: image, frame: Self.unit, opacity: 1.5) } == "opacity")
        #expect(argumentName { _ = try PlacedImage(image: image, frame: Self.unit, opacity: Self.nan) } == "opacity")
        #expect(argumentName { _ = try PlacedImage(image: image, frame: Rect(x: 0, y: 0, width: -3, height: 1)) }
            == "frame.size.width")
    }
}
