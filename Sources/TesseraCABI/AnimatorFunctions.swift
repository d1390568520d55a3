import CTessera
import Tessera

// The scroll animator entry points of tessera.h.

extension HandleTable {
    /// The scroll animator behind `handle`.
    func animator(_ handle: UInt64, _ argument: String) throws -> ScrollAnimator {
        let (object, kind) = try lookUp(handle, argument)
        guard let animator = object as? ScrollAnimator else {
            throw Failure.wrongKind(argument, "is \(kind), expected a scroll animator")
        }
        return animator
    }
}

/// Runs `body` on the animator behind `handle` (named `animator` in errors), renaming Swift's argument
/// names to the C parameters'.
private func withAnimator(_ function: String, _ handle: tessera_animator,
                          _ body: (ScrollAnimator) throws -> Void) -> tessera_status {
    cCall(function) {
        let animator = try HandleTable.shared.animator(handle, "animator")
        try renamingArguments(["translation.x": "dx", "translation.y": "dy", "velocity.x": "vx", "velocity.y": "vy"]) {
            try body(animator)
        }
    }
}

/// C `tessera_animator_create`: a ``ScrollAnimator`` for a scroll layer. The tree's thread. See tessera.h; every
/// failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_animator_create")
public func tesseraAnimatorCreate(_ scroll: tessera_layer, _ showsIndicators: Int32,
                                  _ out: UnsafeMutablePointer<tessera_animator>?) -> tessera_status {
    cCall("tessera_animator_create") {
        let layer = try HandleTable.shared.scrollLayer(scroll, "scroll")
        let out = try output(out, "out")
        let animator = try ScrollAnimator(scrollLayer: layer, showsScrollIndicators: showsIndicators != 0)
        out.pointee = HandleTable.shared.insert(animator, kind: .animator)
    }
}

/// C `tessera_animator_destroy`: releases the animator handle. See tessera.h.
@_cdecl("tessera_animator_destroy")
public func tesseraAnimatorDestroy(_ animator: tessera_animator) -> tessera_status {
    cCall("tessera_animator_destroy") {
        _ = try HandleTable.shared.animator(animator, "animator")
        try HandleTable.shared.remove(animator, "animator")
    }
}

/// C `tessera_animator_get_options`. See tessera.h.
@_cdecl("tessera_animator_get_options")
public func tesseraAnimatorGetOptions(_ animator: tessera_animator,
                                      _ out: UnsafeMutablePointer<tessera_animator_options>?) -> tessera_status {
    cCall("tessera_animator_get_options") {
        let a = try HandleTable.shared.animator(animator, "animator")
        let out = try output(out, "out")
        out.pointee = tessera_animator_options(
            bounces: a.bounces ? 1 : 0, always_bounce_vertical: a.alwaysBounceVertical ? 1 : 0,
            always_bounce_horizontal: a.alwaysBounceHorizontal ? 1 : 0, paging: a.isPagingEnabled ? 1 : 0,
            deceleration_rate: a.decelerationRate.rawValue)
    }
}

/// C `tessera_animator_set_options`: bounce, paging and deceleration settings (from the next gesture). See tessera.h.
@_cdecl("tessera_animator_set_options")
public func tesseraAnimatorSetOptions(_ animator: tessera_animator,
                                      _ options: UnsafePointer<tessera_animator_options>?) -> tessera_status {
    cCall("tessera_animator_set_options") {
        let a = try HandleTable.shared.animator(animator, "animator")
        let o = try required(options, "options")
        let rate = try renamingArguments(["rawValue": "options->deceleration_rate",
                                          "decelerationRate": "options->deceleration_rate"]) {
            try DecelerationRate(o.deceleration_rate)
        }
        a.bounces = o.bounces != 0
        a.alwaysBounceVertical = o.always_bounce_vertical != 0
        a.alwaysBounceHorizontal = o.always_bounce_horizontal != 0
        a.isPagingEnabled = o.paging != 0
        a.decelerationRate = rate
    }
}

/// C `tessera_animator_begin_drag`: ``ScrollAnimator/beginDrag()``. See tessera.h.
@_cdecl("tessera_animator_begin_drag")
public func tesseraAnimatorBeginDrag(_ animator: tessera_animator) -> tessera_status {
    withAnimator("tessera_animator_begin_drag", animator) { try $0.beginDrag() }
}

/// C `tessera_animator_drag`: ``ScrollAnimator/drag(by:)`` (points). See tessera.h.
@_cdecl("tessera_animator_drag")
public func tesseraAnimatorDrag(_ animator: tessera_animator, _ dx: Double, _ dy: Double) -> tessera_status {
    withAnimator("tessera_animator_drag", animator) { try $0.drag(by: Point(x: dx, y: dy)) }
}

/// C `tessera_animator_end_drag`: ``ScrollAnimator/endDrag(velocity:)`` (points per second). See tessera.h.
@_cdecl("tessera_animator_end_drag")
public func tesseraAnimatorEndDrag(_ animator: tessera_animator, _ vx: Double, _ vy: Double,
                                   _ ended: UnsafeMutablePointer<Int32>?) -> tessera_status {
    withAnimator("tessera_animator_end_drag", animator) {
        let event = try $0.endDrag(velocity: Point(x: vx, y: vy))
        ended?.pointee = event == nil ? 0 : 1
    }
}

/// C `tessera_animator_advance`: ``ScrollAnimator/advance(by:)`` (seconds). See tessera.h.
@_cdecl("tessera_animator_advance")
public func tesseraAnimatorAdvance(_ animator: tessera_animator, _ seconds: Double,
                                   _ ended: UnsafeMutablePointer<Int32>?) -> tessera_status {
    withAnimator("tessera_animator_advance", animator) {
        let event = try $0.advance(by: seconds)
        ended?.pointee = event == nil ? 0 : 1
    }
}

/// C `tessera_animator_stop`: ``ScrollAnimator/stop()``. See tessera.h.
@_cdecl("tessera_animator_stop")
public func tesseraAnimatorStop(_ animator: tessera_animator) -> tessera_status {
    withAnimator("tessera_animator_stop", animator) { $0.stop() }
}

/// C `tessera_animator_get_state`: offset, velocity, phase, resting offset, indicator frames and alpha. See tessera.h.
@_cdecl("tessera_animator_get_state")
public func tesseraAnimatorGetState(_ animator: tessera_animator,
                                    _ out: UnsafeMutablePointer<tessera_animator_state>?) -> tessera_status {
    cCall("tessera_animator_get_state") {
        let a = try HandleTable.shared.animator(animator, "animator")
        let out = try output(out, "out")
        var s = tessera_animator_state()
        let offset = a.scrollLayer.contentOffset
        (s.offset_x, s.offset_y) = (offset.x, offset.y)
        (s.velocity_x, s.velocity_y) = (a.velocity.x, a.velocity.y)
        s.is_dragging = a.isDragging ? 1 : 0
        s.is_decelerating = a.isDecelerating ? 1 : 0
        s.is_at_rest = a.isAtRest ? 1 : 0
        if let resting = a.restingContentOffset {
            s.has_resting_offset = 1
            (s.resting_x, s.resting_y) = (resting.x, resting.y)
        }
        if let indicators = a.scrollIndicators {
            s.has_indicators = 1
            s.vertical_indicator_visible = indicators.verticalIndicator.isHidden ? 0 : 1
            s.horizontal_indicator_visible = indicators.horizontalIndicator.isHidden ? 0 : 1
            s.vertical_indicator = tessera_rect(indicators.verticalIndicator.frame)
            s.horizontal_indicator = tessera_rect(indicators.horizontalIndicator.frame)
            s.indicator_alpha = indicators.opacity
        }
        out.pointee = s
    }
}

extension tessera_rect {
    /// The C form of a rect in points.
    init(_ r: Rect) { self.init(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height) }
}
