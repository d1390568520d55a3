import Testing
import Tessera

/// The last-level cache size read from sysfs, and the store choice of frames that move pixels made from it.
@Suite struct CPUCachesTests {
    @Test func sysfsSizesAreBinaryUnitsAndAnythingElseIsUnknown() {
        #expect(CPUCaches.parseSize("32K") == 32 << 10)
        #expect(CPUCaches.parseSize("32768K\n") == 32 << 20)
        #expect(CPUCaches.parseSize("1M") == 1 << 20)
        #expect(CPUCaches.parseSize("2G") == 2 << 30)
        #expect(CPUCaches.parseSize("4096") == 4096)
        for bad in ["", "K", "-1K", "0K", "12Q", "1.5M", " ", "٣K", "99999999999999999999K", "9223372036854775807K"] {
            #expect(CPUCaches.parseSize(bad) == nil, "\(bad)")
        }
    }

    @Test func theLastLevelIsTheHighestDataOrUnifiedCache() {
        let epyc = [CPUCaches.Entry(level: 1, type: "Data", size: "32K"),
                    CPUCaches.Entry(level: 1, type: "Instruction", size: "32K"),
                    CPUCaches.Entry(level: 2, type: "Unified", size: "512K"),
                    CPUCaches.Entry(level: 3, type: "Unified", size: "32768K")]
        #expect(CPUCaches.lastLevelBytes(of: epyc) == 32 << 20)
        #expect(CPUCaches.lastLevelBytes(of: Array(epyc.prefix(3))) == 512 << 10)
        // An instruction cache never counts, even at a higher level; an unreadable size is skipped.
        #expect(CPUCaches.lastLevelBytes(of: [CPUCaches.Entry(level: 2, type: "Data", size: "1M"),
                                              CPUCaches.Entry(level: 3, type: "Instruction", size: "64M"),
                                              CPUCaches.Entry(level: 4, type: "Unified", size: "?")]) == 1 << 20)
        #expect(CPUCaches.lastLevelBytes(of: []) == nil)
    }

    /// Automatic: streaming from half the last-level cache up (the framebuffer would not survive until the
    /// next frame reads it), temporal below it and when the size is unknown; the forced choices ignore it.
    @Test func movingFramesStreamWhenTheFramebufferOutgrowsHalfTheLastLevelCache() {
        let caches = CPUCaches(lastLevelBytes: 32 << 20)
        let stores = Compositor.ScrollMoveStores.automatic
        #expect(stores.streams(framebufferBytes: 3840 * 2160 * 4, caches: caches))  // 4K: 31.6 MiB
        #expect(stores.streams(framebufferBytes: 16 << 20, caches: caches))
        #expect(!stores.streams(framebufferBytes: (16 << 20) - 1, caches: caches))
        #expect(!stores.streams(framebufferBytes: 3840 * 2160 * 4, caches: CPUCaches(lastLevelBytes: 260 << 20)))
        #expect(!stores.streams(framebufferBytes: 1 << 40, caches: CPUCaches(lastLevelBytes: nil)))
        #expect(Compositor.ScrollMoveStores.streaming.streams(framebufferBytes: 4, caches: caches))
        #expect(!Compositor.ScrollMoveStores.temporal.streams(framebufferBytes: 1 << 40, caches: caches))
    }
}
