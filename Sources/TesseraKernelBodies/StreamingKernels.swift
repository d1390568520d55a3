#if TESSERA_BUILTIN_FENCE
import Builtin
#else
import Synchronization
#endif

/// Copy and fill with non-temporal (streaming) stores, for framebuffer pixels that nothing reads again
/// soon (in a frame: what no later op of the frame blends onto).
///
/// A temporal store first reads the destination line for ownership, then writes it back when it is
/// evicted: a frame that overwrites the framebuffer moves each line three times. A streaming store
/// writes whole lines through the write-combining buffers without reading them, so a copy moves two
/// thirds of the bytes; but the written lines are not in the cache afterwards (a later read of them
/// goes to memory) and a partly written line costs a partial write. So:
///
/// - Each row writes its unaligned head (up to the first 64-byte boundary) and its tail (the last
///   `count % 16` pixels after the aligned part) with ordinary stores and the 64-byte-aligned middle with
///   ``KernelTierMarker/streamStore(_:_:)``. Destinations that are not 4-byte aligned take the
///   temporal path.
/// - Runs shorter than ``streamingThresholdBytes`` take the temporal path (`memmove` / the vector fill),
///   as glibc's `memcpy` does below its non-temporal threshold. The number is measured: see the
///   `frame` group of `Benchmarks/README.md`.
/// - Streaming stores are weakly ordered: a caller that hands the pixels to another thread, or reads them
///   back, calls ``storeFence()`` once after its last streaming kernel (the composite does, once per band).
///
/// The result is the same bytes as ``copy(_:_:_:_:_:_:)`` / ``fill(_:_:_:_:_:)``: only the cache
/// behaviour differs. Arguments are as in ``KernelRoutines``; nothing is validated here.
extension KernelBodies {
    /// Rows (contiguous runs) of fewer bytes than this are written with temporal stores: 256 bytes, 64
    /// pixels. Measured on the development machine (`tessera-benchmarks --filter frame/rows`, see
    /// `Benchmarks/README.md`): a 4K frame written in aligned row segments of 64 to 1,024 bytes took about
    /// half the time with streaming stores as with `memcpy` at every length; below 256 bytes an unaligned
    /// segment has at most one whole 64-byte line to stream, the rest is head and tail.
    @inlinable @inline(__always)
    public static var streamingThresholdBytes: Int { 256 }

    /// `dst = src` for one row of `count` pixels, the aligned middle streamed.
    @inlinable @inline(__always)
    static func copyRowStreaming(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ count: Int) {
        let address = UInt(bitPattern: dst)
        guard address & 3 == 0 else {
            dst.copyMemory(from: src, byteCount: count &* 4)
            return
        }
        // Pixels before the first 64-byte boundary: (−address mod 64) / 4 ≤ 15.
        let head = Swift.min(count, Int(truncatingIfNeeded: (0 &- address) & 63) &>> 2)
        var i = 0
        while i < head {
            storeWord(loadWord(src + i &* 4), dst + i &* 4)
            i &+= 1
        }
        while i &+ 64 <= count {
            let p = src + i &* 4
            let d = dst + i &* 4
            Tier.streamStore(load(p), d)
            Tier.streamStore(load(p + 64), d + 64)
            Tier.streamStore(load(p + 128), d + 128)
            Tier.streamStore(load(p + 192), d + 192)
            i &+= 64
        }
        while i &+ 16 <= count {
            Tier.streamStore(load(src + i &* 4), dst + i &* 4)
            i &+= 16
        }
        while i < count {
            storeWord(loadWord(src + i &* 4), dst + i &* 4)
            i &+= 1
        }
    }

    /// `dst = color` for one row of `count` pixels, the aligned middle streamed.
    @inlinable @inline(__always)
    static func fillRowStreaming(_ dst: UnsafeMutableRawPointer, _ count: Int, _ color: UInt32) {
        let address = UInt(bitPattern: dst)
        guard address & 3 == 0 else {
            fillRow(dst, count, color)
            return
        }
        let head = Swift.min(count, Int(truncatingIfNeeded: (0 &- address) & 63) &>> 2)
        let c = Vector(repeating: color)
        var i = 0
        while i < head {
            storeWord(color, dst + i &* 4)
            i &+= 1
        }
        while i &+ 16 <= count {
            Tier.streamStore(c, dst + i &* 4)
            i &+= 16
        }
        while i < count {
            storeWord(color, dst + i &* 4)
            i &+= 1
        }
    }

    /// `dst = src`, streamed where a row (or the whole rect, when both are contiguous) reaches
    /// ``streamingThresholdBytes``; otherwise exactly ``copy(_:_:_:_:_:_:)``.
    @inlinable @inline(__always)
    public static func copyStreaming(_ src: UnsafeRawPointer, _ srcStride: Int, _ dst: UnsafeMutableRawPointer,
                                     _ dstStride: Int, _ width: Int, _ height: Int) {
        guard width > 0, height > 0 else { return }
        let rowBytes = width &* 4
        let contiguous = srcStride == rowBytes && dstStride == rowBytes
        let runBytes = contiguous ? rowBytes &* height : rowBytes
        guard Tier.hasStreamingStores, runBytes >= streamingThresholdBytes else {
            copy(src, srcStride, dst, dstStride, width, height)
            return
        }
        if contiguous {
            copyRowStreaming(src, dst, width &* height)
            return
        }
        for y in 0..<height {
            copyRowStreaming(src + y &* srcStride, dst + y &* dstStride, width)
        }
    }

    /// `dst = color`, streamed where a row reaches ``streamingThresholdBytes``; otherwise exactly
    /// ``fill(_:_:_:_:_:)``.
    @inlinable @inline(__always)
    public static func fillStreaming(_ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                     _ color: UInt32) {
        guard width > 0, height > 0 else { return }
        let rowBytes = width &* 4
        let contiguous = dstStride == rowBytes
        let runBytes = contiguous ? rowBytes &* height : rowBytes
        guard Tier.hasStreamingStores, runBytes >= streamingThresholdBytes else {
            fill(dst, dstStride, width, height, color)
            return
        }
        if contiguous {
            fillRowStreaming(dst, width &* height, color)
            return
        }
        for y in 0..<height { fillRowStreaming(dst + y &* dstStride, width, color) }
    }

    /// Orders every streaming store this thread made before any later store or load-acquire: call once
    /// after a batch of streaming kernels, before the pixels are handed to another thread (the composite
    /// does it at the end of each band). `sfence` through the builtin module on x86-64; elsewhere (or in
    /// portable builds) a sequentially consistent fence, which on x86-64 is a locked instruction and drains
    /// the write-combining buffers too.
    @inlinable @inline(__always)
    public static func storeFence() {
        #if TESSERA_BUILTIN_FENCE
        Builtin.int_x86_sse_sfence()
        #else
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        #endif
    }
}
