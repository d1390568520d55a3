import Foundation
import TesseraKernelBodies
#if TESSERA_X86_TIERS
import TesseraKernelsAVX2
import TesseraKernelsAVX512
#endif

/// An instruction-set tier of the composition kernels, layered like pixman's implementations: each tier
/// is the same kernel bodies compiled for a wider CPU, and the widest one the CPU has is used.
///
/// - `baseline`: the portable build (SSE2 on x86-64, NEON on arm64); always available.
/// - `avx2`: x86-64-v3 (AVX2, FMA, BMI2); x86-64 builds only.
/// - `avx512`: x86-64-v4 (AVX-512 F, BW, CD, DQ, VL); x86-64 builds only.
///
/// Thread safety: a plain value; the static properties are computed once and immutable.
public enum KernelTier: String, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    /// The portable build: SSE2 on x86-64, NEON on arm64.
    case baseline
    /// x86-64-v3: AVX2, FMA, BMI1/2, F16C, MOVBE, LZCNT.
    case avx2
    /// x86-64-v4: AVX-512 F, BW, CD, DQ, VL on top of x86-64-v3.
    case avx512

    /// The environment variable that forces a lower tier: `TESSERA_ISA=baseline|avx2|avx512`.
    public static let environmentVariable = "TESSERA_ISA"

    /// Tiers compiled into this build (x86 tiers are left out on arm64 and with `TESSERA_PORTABLE=1`).
    public static let compiled: [KernelTier] = {
        #if TESSERA_X86_TIERS
        return [.baseline, .avx2, .avx512]
        #else
        return [.baseline]
        #endif
    }()

    /// Tiers compiled in *and* supported by this CPU, lowest first. Always starts with `baseline`.
    public static let available: [KernelTier] = compiled.filter { $0.isSupported(by: .current) }

    /// Throws unless `available` contains `tier`; the one check behind ``KernelTable/init(tier:)`` and
    /// `Compositor.Configuration.validated()`, which pass ``available``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `argument`.
    package static func checkAvailable(_ tier: KernelTier, in available: [KernelTier], argument: String) throws {
        guard available.contains(tier) else {
            throw TesseraError.invalidArgument(
                argument: argument, reason: "\(tier.rawValue) is not available on this CPU/build "
                    + "(available: \(available.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    /// The widest available tier.
    public static var best: KernelTier { available.last ?? .baseline }

    /// Whether a CPU with `features` can run this tier's code.
    public func isSupported(by features: CPUFeatures) -> Bool {
        switch self {
        case .baseline: return true
        case .avx2: return features.supportsX86_64_v3
        case .avx512: return features.supportsX86_64_v4
        }
    }

    /// Narrower tiers order first: `baseline < avx2 < avx512`.
    public static func < (a: KernelTier, b: KernelTier) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The tier name as `TESSERA_ISA` spells it (`baseline (NEON)` on arm64).
    public var description: String {
        switch self {
        case .baseline:
            #if arch(arm64)
            return "baseline (NEON)"
            #else
            return "baseline"
            #endif
        case .avx2: return "avx2"
        case .avx512: return "avx512"
        }
    }

    /// The routine table; only call it for an available tier.
    var routines: KernelRoutines {
        switch self {
        case .baseline: return BaselineKernels.routines
        #if TESSERA_X86_TIERS
        case .avx2: return AVX2Kernels.routines
        case .avx512: return AVX512Kernels.routines
        #else
        case .avx2, .avx512: return BaselineKernels.routines  // never reached: not in `available`
        #endif
        }
    }

    /// Whether the tier's streaming kernels (``KernelRoutines/copyStreaming``, `fillStreaming`) use
    /// streaming stores: every x86-64 tier; the arm64 baseline takes the temporal path.
    var hasStreamingStores: Bool {
        switch self {
        case .baseline: return BaselineKernels.Marker.hasStreamingStores
        #if TESSERA_X86_TIERS
        case .avx2: return AVX2Kernels.hasStreamingStores
        case .avx512: return AVX512Kernels.hasStreamingStores
        #else
        case .avx2, .avx512: return BaselineKernels.Marker.hasStreamingStores  // never reached: not in `available`
        #endif
        }
    }

    /// The tier chosen at start-up: ``best``, or the tier named by `TESSERA_ISA` when it is available.
    ///
    /// `TESSERA_ISA` may only lower the tier. An unknown name, or a tier this build or CPU lacks, prints one
    /// warning on stderr and falls back to ``best`` (never to code the CPU cannot run).
    public static let selected: KernelTier = {
        let (tier, warning) = select(requested: ProcessInfo.processInfo.environment[environmentVariable],
                                     available: available)
        if let warning { FileHandle.standardError.write(Data("tessera: warning: \(warning)\n".utf8)) }
        return tier
    }()

    /// The selection rule of ``selected``, as a pure function: the tier, and a warning when the request
    /// could not be honoured.
    public static func select(requested: String?, available: [KernelTier]) -> (KernelTier, String?) {
        let best = available.last ?? .baseline
        guard let raw = requested?.trimmingCharacters(in: .whitespaces).lowercased(), !raw.isEmpty else {
            return (best, nil)
        }
        guard let tier = KernelTier(rawValue: raw) else {
            let names = allCases.map(\.rawValue).joined(separator: "|")
            return (best, "\(environmentVariable)=\(raw) is not one of \(names); using \(best.rawValue)")
        }
        guard available.contains(tier) else {
            return (best, "\(environmentVariable)=\(raw) is not available on this CPU/build "
                        + "(available: \(available.map(\.rawValue).joined(separator: ", "))); using \(best.rawValue)")
        }
        return (tier, nil)
    }
}
