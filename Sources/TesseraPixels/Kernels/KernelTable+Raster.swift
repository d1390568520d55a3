import TesseraKernelBodies
#if TESSERA_X86_TIERS
import TesseraKernelsAVX2
import TesseraKernelsAVX512
#endif

extension KernelTier {
    /// The raster routine table; only call it for an available tier.
    var rasterRoutines: RasterKernelRoutines {
        switch self {
        case .baseline: return BaselineRasterKernels.routines
        #if TESSERA_X86_TIERS
        case .avx2: return AVX2RasterKernels.routines
        case .avx512: return AVX512RasterKernels.routines
        #else
        case .avx2, .avx512: return BaselineRasterKernels.routines  // never reached: not in `available`
        #endif
        }
    }
}

extension KernelTable {
    /// The tier's raster kernels (glyph coverage, gradient spans), for `DisplayList` drawing.
    package var rasterRoutines: RasterKernelRoutines { tier.rasterRoutines }
}
