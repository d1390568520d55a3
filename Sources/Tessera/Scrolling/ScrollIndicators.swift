/// A scroll layer's two scroll indicators: thin bars (ordinary ``Layer``s with a background colour)
/// added as sublayers of the scroll layer, laid out by ``ScrollIndicatorLayout`` so they stay fixed on
/// screen while the content scrolls, and fading out after scrolling stops.
///
/// The bars are square-cornered rectangles for now: rounded corners need a rounded-rect
/// ``LayerContent``, which Tessera does not have yet; set ``Layer/content`` of the indicator layers when
/// it exists.
///
/// Fading is time-stepped like the physics (no clock): while scrolling the indicators of the axes that
/// scroll are shown at opacity 1; from the first ``advance(by:isScrolling:)`` that finds the scroll at
/// rest, they stay for ``fadeDelay`` seconds and then fade linearly to 0 over ``fadeDuration`` seconds,
/// after which they are hidden (``Layer/isHidden``). They start hidden.
///
/// The indicator layers are added on top of the scroll layer's sublayers at creation; sublayers added
/// later draw above them unless ``bringToFront()`` is called.
///
/// Thread safety: as ``Layer`` — use it on the layer tree's thread.
public final class ScrollIndicators {
    /// The default bar colour: dark grey at about 55 % alpha.
    public static let defaultColor = Color(red: 60, green: 60, blue: 60, alpha: 140)

    /// The scroll layer the indicators belong to.
    public let scrollLayer: ScrollLayer
    /// The bar along the right edge, following the vertical offset.
    public let verticalIndicator: Layer
    /// The bar along the bottom edge, following the horizontal offset.
    public let horizontalIndicator: Layer
    /// Seconds the indicators stay fully visible after scrolling stops.
    public let fadeDelay: Double
    /// Seconds the fade from opacity 1 to 0 takes.
    public let fadeDuration: Double
    /// Seconds since the scroll came to rest, `nil` while scrolling or once faded out.
    public private(set) var timeSinceRest: Double?

    /// Creates the two indicator layers and adds them on top of `scrollLayer`'s sublayers.
    /// - Parameters:
    ///   - fadeDelay: seconds (≥ 0) the indicators stay after scrolling stops; default 0.5.
    ///   - fadeDuration: seconds (≥ 0) the fade takes; default 0.25.
    ///   - color: the bars' background colour.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `fadeDelay` or `fadeDuration`
    ///   when negative or not finite.
    public init(scrollLayer: ScrollLayer, fadeDelay: Double = 0.5, fadeDuration: Double = 0.25,
                color: Color = ScrollIndicators.defaultColor) throws {
        self.fadeDelay = try ScrollValidation.duration(fadeDelay, "fadeDelay")
        self.fadeDuration = try ScrollValidation.duration(fadeDuration, "fadeDuration")
        self.scrollLayer = scrollLayer
        verticalIndicator = try Layer()
        horizontalIndicator = try Layer()
        for (indicator, name) in [(verticalIndicator, "verticalScrollIndicator"),
                                  (horizontalIndicator, "horizontalScrollIndicator")] {
            indicator.name = name
            indicator.backgroundColor = color
            indicator.isHidden = true
            try scrollLayer.addSublayer(indicator)
        }
        try layout()
    }

    /// Moves both indicators above the scroll layer's other sublayers (re-adding them if removed).
    public func bringToFront() throws {
        try scrollLayer.addSublayer(verticalIndicator)
        try scrollLayer.addSublayer(horizontalIndicator)
    }

    /// The indicators' current opacity, 0…1 (an axis that does not scroll keeps its indicator hidden).
    public private(set) var opacity: Double = 0

    /// Places the indicators for the scroll layer's current offset, bounds and content (see
    /// ``ScrollIndicatorLayout``) and applies ``opacity``.
    public func layout() throws {
        try apply(to: verticalIndicator, frame: ScrollIndicatorLayout.verticalFrame(for: scrollLayer))
        try apply(to: horizontalIndicator, frame: ScrollIndicatorLayout.horizontalFrame(for: scrollLayer))
    }

    /// Moves the fade forward by `seconds` and lays the indicators out. `isScrolling` tells whether the
    /// content is moving (dragging, decelerating, bouncing): then the indicators show at opacity 1.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `seconds`.
    public func advance(by seconds: Double, isScrolling: Bool) throws {
        let seconds = try ScrollValidation.duration(seconds, "seconds")
        if isScrolling {
            timeSinceRest = nil
            opacity = 1
        } else if let time = timeSinceRest {
            let now = time + seconds
            let fade = now - fadeDelay
            opacity = fade <= 0 ? 1 : (fadeDuration > 0 ? max(0, 1 - fade / fadeDuration) : 0)
            timeSinceRest = opacity > 0 ? now : nil
        } else if opacity > 0 {
            timeSinceRest = 0
        }
        try layout()
    }

    private func apply(to indicator: Layer, frame: Rect?) throws {
        if let frame { try indicator.setFrame(frame) }
        try indicator.setOpacity(opacity)
        let hidden = frame == nil || opacity == 0
        if indicator.isHidden != hidden { indicator.isHidden = hidden }
    }
}
