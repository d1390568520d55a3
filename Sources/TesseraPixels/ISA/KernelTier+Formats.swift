import TesseraKernelBodies
#if TESSERA_X86_TIERS
import TesseraKernelsAVX2
import TesseraKernelsAVX512
#endif

extension KernelTier {
    /// The routine table writing destinations in `format` (sources always RGBA); only call it for an
    /// available tier.
    func routines(for format: PixelFormat) -> KernelRoutines {
        switch self {
        case .baseline: return BaselineKernels.routines(writing: format.storeLayout)
        #if TESSERA_X86_TIERS
        case .avx2: return AVX2Kernels.routines(writing: format.storeLayout)
        case .avx512: return AVX512Kernels.routines(writing: format.storeLayout)
        #else
        case .avx2, .avx512: return BaselineKernels.routines(writing: format.storeLayout)  // never reached
        #endif
        }
    }
}

extension KernelTable {
    /// The raw routines writing a destination in `format` (``routines`` for RGBA): for callers in this
    /// package whose sizes are correct by construction (the compositor's bands). Any thread; a switch.
    package func routines(for format: PixelFormat) -> KernelRoutines {
        format == .rgba ? routines : tier.routines(for: format)
    }
}
