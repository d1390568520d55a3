/// The row loops: whole vectors of 16 pixels, then the last `count % 16` pixels one at a time.
///
/// Fast cases, checked per vector of 16 source pixels: all zero → nothing to do (dst is not even
/// loaded); all alpha 255 (and no opacity scaling) → the source is stored as is.
extension KernelBodies {
    @inlinable @inline(__always)
    static func sourceOverRow(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ count: Int) {
        var i = 0
        while i &+ 16 <= count {
            let s = load(src + i &* 4)
            if !isZero(s) {
                let d = dst + i &* 4
                store(isOpaque(s) ? s : over(s, load(d)), d)
            }
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
        while i &+ 16 <= count {
            let s = load(src + i &* 4)
            if !isZero(s) {
                let d = dst + i &* 4
                store(over(scale(s, byPairs: o), load(d)), d)
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
