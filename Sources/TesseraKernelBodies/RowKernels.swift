/// The row loops: blocks of 64 pixels (four vectors), then single vectors of 16, then the last
/// `count % 16` pixels one at a time.
///
/// Fast cases: all 16 source pixels zero → nothing to do (dst is not even loaded); all alpha 255 (and no
/// opacity scaling) → the source is stored as is. Both are only shortcuts: the general formula gives the
/// same bits (`0 + div255(d · 255) = d`, `s + div255(d · 0) = s`). Testing them costs two vector
/// operations per vector, about 12 % of the general path, and on per-pixel varied content they never
/// hit. So a block of four vectors first classifies its first vector only: when that one is neither all
/// zero nor all opaque, the content varies at a finer grain than a block, and all four vectors take the
/// general path without tests; otherwise (runs, solid areas, empty margins) every vector is tested.
extension KernelBodies {
    /// True when `s` takes neither shortcut of src-over (some pixel non-zero and some pixel not opaque).
    @inlinable @inline(__always)
    static func isVaried(_ s: Vector) -> Bool { !isZero(s) && !isOpaque(s) }

    /// One vector of src-over with the two shortcuts.
    @inlinable @inline(__always)
    static func sourceOverTested(_ s: Vector, _ d: UnsafeMutableRawPointer) {
        if !isZero(s) {
            store(isOpaque(s) ? s : over(s, load(d)), d)
        }
    }

    @inlinable @inline(__always)
    static func sourceOverRow(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ count: Int) {
        var i = 0
        while i &+ 64 <= count {
            let p = src + i &* 4
            let d = dst + i &* 4
            let s0 = load(p), s1 = load(p + 64), s2 = load(p + 128), s3 = load(p + 192)
            if isVaried(s0) {
                store(over(s0, load(d)), d)
                store(over(s1, load(d + 64)), d + 64)
                store(over(s2, load(d + 128)), d + 128)
                store(over(s3, load(d + 192)), d + 192)
            } else {
                sourceOverTested(s0, d)
                sourceOverTested(s1, d + 64)
                sourceOverTested(s2, d + 128)
                sourceOverTested(s3, d + 192)
            }
            i &+= 64
        }
        while i &+ 16 <= count {
            sourceOverTested(load(src + i &* 4), dst + i &* 4)
            i &+= 16
        }
        while i < count {
            let s = loadWord(src + i &* 4)
            if s != 0 {
                let d = dst + i &* 4
                storeWord(over(s, loadWord(d)), d)
            }
            i &+= 1
        }
    }

    /// `opacity` is 0…254 here (255 takes ``sourceOverRow(_:_:_:)``).
    @inlinable @inline(__always)
    static func sourceOverRow(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ count: Int,
                              opacity: UInt32) {
        let o = Vector(repeating: opacity | opacity << 16)
        var i = 0
        while i &+ 64 <= count {
            let p = src + i &* 4
            let d = dst + i &* 4
            let s0 = load(p), s1 = load(p + 64), s2 = load(p + 128), s3 = load(p + 192)
            if !isZero(s0) {  // content under the block: no test for the other three vectors either
                store(overScaled(s0, load(d), byPairs: o), d)
                store(overScaled(s1, load(d + 64), byPairs: o), d + 64)
                store(overScaled(s2, load(d + 128), byPairs: o), d + 128)
                store(overScaled(s3, load(d + 192), byPairs: o), d + 192)
            } else {
                if !isZero(s1) { store(overScaled(s1, load(d + 64), byPairs: o), d + 64) }
                if !isZero(s2) { store(overScaled(s2, load(d + 128), byPairs: o), d + 128) }
                if !isZero(s3) { store(overScaled(s3, load(d + 192), byPairs: o), d + 192) }
            }
            i &+= 64
        }
        while i &+ 16 <= count {
            let s = load(src + i &* 4)
            if !isZero(s) {
                let d = dst + i &* 4
                store(overScaled(s, load(d), byPairs: o), d)
            }
            i &+= 16
        }
        while i < count {
            let s = loadWord(src + i &* 4)
            if s != 0 {
                let d = dst + i &* 4
                storeWord(over(scale(s, by: opacity), loadWord(d)), d)
            }
            i &+= 1
        }
    }

    @inlinable @inline(__always)
    static func fillRow(_ dst: UnsafeMutableRawPointer, _ count: Int, _ color: UInt32) {
        let c = Vector(repeating: color)
        var i = 0
        while i &+ 16 <= count {
            store(c, dst + i &* 4)
            i &+= 16
        }
        while i < count {
            storeWord(color, dst + i &* 4)
            i &+= 1
        }
    }

    /// `color` is neither 0 nor opaque here (those become a no-op and ``fillRow(_:_:_:)``).
    @inlinable @inline(__always)
    static func fillOverRow(_ dst: UnsafeMutableRawPointer, _ count: Int, _ color: UInt32) {
        let c = Vector(repeating: color)
        let ia = Vector(repeating: (255 &- (color &>> 24)) &* 0x0001_0001)
        var i = 0
        while i &+ 16 <= count {
            let d = dst + i &* 4
            store(over(c, load(d), inverseAlpha: ia), d)
            i &+= 16
        }
        while i < count {
            let d = dst + i &* 4
            storeWord(over(color, loadWord(d)), d)
            i &+= 1
        }
    }
}
