import Foundation
import Testing
@testable import Tessera

/// CPU detection and the `TESSERA_ISA` selection rule.
@Suite struct KernelTierTests {
    @Test func parsesCPUInfoFlags() {
        let text = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            flags\t\t: fpu sse2 avx avx2 bmi1 bmi2 fma f16c movbe xsave abm avx512f avx512bw avx512cd avx512dq avx512vl
            processor\t: 1
            flags\t\t: fpu
            """
        let features = CPUFeatures(flags: CPUFeatures.parseCPUInfo(text))
        #expect(features.flags.contains("avx512bw"))
        #expect(features.supportsX86_64_v3 && features.supportsX86_64_v4)
        let avx2Only = CPUFeatures(flags: ["avx", "avx2", "bmi1", "bmi2", "fma", "f16c", "movbe", "xsave", "lzcnt",
                                           "avx512f"])
        #expect(avx2Only.supportsX86_64_v3 && !avx2Only.supportsX86_64_v4)
        #expect(!KernelTier.avx2.isSupported(by: CPUFeatures(flags: ["sse2"])))
        #expect(KernelTier.baseline.isSupported(by: CPUFeatures(flags: [])))
    }

    @Test func environmentVariableOnlyLowersTheTier() {
        let all: [KernelTier] = [.baseline, .avx2, .avx512]
        #expect(KernelTier.select(requested: nil, available: all) == (.avx512, nil))
        #expect(KernelTier.select(requested: "AVX2", available: all) == (.avx2, nil))
        #expect(KernelTier.select(requested: "baseline", available: all) == (.baseline, nil))
        let (tier, warning) = KernelTier.select(requested: "avx512", available: [.baseline, .avx2])
        #expect(tier == .avx2)
        #expect(warning?.contains("not available") == true)
        let (unknown, unknownWarning) = KernelTier.select(requested: "sse9", available: [.baseline])
        #expect(unknown == .baseline && unknownWarning?.contains("not one of") == true)
    }

    /// `TESSERA_PORTABLE=1` in the environment of `swift build` / `swift test` leaves the x86 tiers out
    /// (Package.swift); .ci/run's portable run relies on it, so a build that ignored the variable fails here.
    @Test func portableBuildsCompileOnlyTheBaselineTier() {
        let value = ProcessInfo.processInfo.environment["TESSERA_PORTABLE"]?.lowercased() ?? ""
        let portable = ["1", "true", "yes"].contains(value)
        #if arch(x86_64)
        #expect(KernelTier.compiled == (portable ? [.baseline] : [.baseline, .avx2, .avx512]),
                "TESSERA_PORTABLE=\(value)")
        #else
        #expect(KernelTier.compiled == [.baseline])
        #endif
        #expect(KernelTier.available.allSatisfy { KernelTier.compiled.contains($0) })
    }

    /// The refusal is checked against an explicit table of available tiers, so it runs on any host (on
    /// an AVX-512 machine every tier is available).
    @Test func unavailableTierIsRejected() throws {
        let reason = "avx512 is not available on this CPU/build (available: baseline, avx2)"
        #expect(throws: TesseraError.invalidArgument(argument: "tier", reason: reason)) {
            try KernelTable(tier: .avx512, available: [.baseline, .avx2])
        }
        #expect(argumentName { _ = try KernelTable(tier: .avx2, available: [.baseline]) } == "tier")
        #expect(try KernelTable(tier: .baseline, available: [.baseline]).tier == .baseline)

        #expect(throws: TesseraError.invalidArgument(argument: "kernelTier", reason: reason)) {
            try Compositor.Configuration(kernelTier: .avx512).validated(availableTiers: [.baseline, .avx2])
        }
        #expect(argumentName {
            _ = try Compositor.Configuration(kernelTier: .avx2).validated(availableTiers: [.baseline])
        } == "kernelTier")
        let accepted = Compositor.Configuration(kernelTier: .avx2)
        #expect(try accepted.validated(availableTiers: [.baseline, .avx2]) == accepted)
        #expect(try Compositor.Configuration().validated(availableTiers: [.baseline]).kernelTier == nil)

        // The public entry points use this host's table: every tier it lacks is refused by name.
        for tier in KernelTier.allCases where !KernelTier.available.contains(tier) {
            #expect(argumentName { _ = try KernelTable(tier: tier) } == "tier")
            #expect(argumentName { _ = try Compositor.Configuration(kernelTier: tier).validated() } == "kernelTier")
        }
        for tier in KernelTier.available {
            #expect(try KernelTable(tier: tier).tier == tier)
            #expect(try Compositor.Configuration(kernelTier: tier).validated().kernelTier == tier)
        }
    }
}
