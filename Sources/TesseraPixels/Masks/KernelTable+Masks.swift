import TesseraKernelBodies
#if TESSERA_X86_TIERS
import TesseraKernelsAVX2
import TesseraKernelsAVX512
#endif

extension KernelTier {
    /// The masked routine table; only call it for an available tier.
    var maskRoutines: MaskKernelRoutines {
        switch self {
        case .baseline: return BaselineMaskKernels.routines
        #if TESSERA_X86_TIERS
        case .avx2: return AVX2MaskKernels.routines
        case .avx512: return AVX512MaskKernels.routines
        #else
        case .avx2, .avx512: return BaselineMaskKernels.routines  // never reached: not in `available`
        #endif
        }
    }
}

/// The coverage-masked kernels of the table's tier (definitions: `ScalarReference+Masks.swift`).
/// Results equal ``ScalarReference`` bit for bit on every tier.
extension KernelTable {
    /// The tier's raw masked routines, for the compositor's bands (no validation).
    package var maskRoutines: MaskKernelRoutines { tier.maskRoutines }

    /// `dst = div255(src · div255(coverage · opacity)) OVER dst`, on the calling thread.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `src` or `coverage` when its
    ///   size differs from `dst`'s.
    public func maskedSourceOver(_ src: PixelBuffer, onto dst: PixelBuffer, coverage: CoverageBuffer,
                                 opacity: UInt8 = 255) throws {
        try Kernels.checkSameSize(src, dst)
        try Self.checkCoverage(coverage, dst)
        maskRoutines.maskedSourceOver(src.baseAddress, src.bytesPerRow, dst.baseAddress, dst.bytesPerRow,
                                      coverage.baseAddress, coverage.bytesPerRow, dst.width, dst.height, opacity)
    }

    /// `dst = div255(color · coverage) OVER dst`, on the calling thread.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `coverage` when its size
    ///   differs from `dst`'s.
    public func maskedFillOver(_ dst: PixelBuffer, with color: Pixel, coverage: CoverageBuffer) throws {
        try Self.checkCoverage(coverage, dst)
        maskRoutines.maskedFillOver(dst.baseAddress, dst.bytesPerRow, coverage.baseAddress, coverage.bytesPerRow,
                                    dst.width, dst.height, color.word)
    }

    private static func checkCoverage(_ coverage: CoverageBuffer, _ dst: PixelBuffer) throws {
        guard coverage.width == dst.width, coverage.height == dst.height else {
            throw TesseraError.invalidArgument(
                argument: "coverage", reason: "is \(coverage.width)×\(coverage.height) but dst is \(dst.width)×\(dst.height)")
        }
    }
}
