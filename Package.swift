// swift-tools-version:6.0
// Tessera — a CPU compositor for layer trees with UIKit / Core Animation semantics.
//
// Targets (bottom-up):
//   TesseraKernelBodies    the portable SIMD kernel bodies (`@inlinable`, raw pointers only) and the
//                          `KernelRoutines` table type; compiled into each tier target below.
//   TesseraKernelsAVX2     x86-64 only: the bodies compiled with `-march=x86-64-v3` (AVX2, FMA, BMI2).
//   TesseraKernelsAVX512   x86-64 only: the bodies compiled with `-march=x86-64-v4` (AVX-512 F/BW/DQ/VL/CD).
//   TesseraPixels          pixel buffers, device-pixel rects, colours, the scalar reference kernels, the
//                          baseline tier (portable flags: SSE2 on x86-64, NEON on arm64), CPU detection
//                          and the `Kernels` facade that picks a tier at start-up.
//   Tessera                what an embedder links: geometry (points), the layer and scroll model, scroll
//                          physics, Auto Layout, raster content, the tile manager and its raster queue,
//                          the compositor (plan, damage, bands), PNG output.
//   TesseraScene           tooling: scene files (JSON reader and writer, constraint strings) and the
//                          built-in scenes.
//   TesseraBench           tooling: the scroll benchmark runner, scripts, frame pacing, frame traces,
//                          memory soak.
//   TesseraProfiling       tooling: `perf script` folding, flame graphs, phase totals.
//   CTessera               the C ABI's single public header, include/tessera.h.
//   TesseraCABI            the C ABI (`@_cdecl` functions over handles); product `TesseraC`, libTesseraC.so.
//   TesseraCLI             the `tessera` command-line tool.
//   TesseraBenchmarks      `tessera-benchmarks`, the benchmark executable in Benchmarks/.
//   TesseraSceneFuzz       `tessera-scene-fuzz`, the scene-file fuzzer (README.md, "Fuzzing").
//
// Depending on Tessera from another package: SwiftPM refuses `unsafeFlags` in a *versioned* dependency.
// Set TESSERA_PORTABLE=1 in the environment of `swift build` to drop every unsafe flag (the AVX2 / AVX-512
// tiers are then left out and only the baseline tier exists), or depend on Tessera by path, branch or
// revision, where the flags are accepted. See README.md, "Using Tessera from another package".
import PackageDescription
import Foundation

/// TESSERA_PORTABLE=1 (or `true`/`yes`): no unsafe flags anywhere, baseline tier only.
let portable: Bool = {
    let value = ProcessInfo.processInfo.environment["TESSERA_PORTABLE"]?.lowercased() ?? ""
    return ["1", "true", "yes"].contains(value)
}()

/// Pixel loops run ~1,000x slower at -Onone; the kernel modules are optimized in debug builds too so
/// that `swift test` can check kernels on millions of pixels quickly.
let optimizedInDebug: [SwiftSetting] = portable ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// The kernel bodies use the builtin module for one operation the SIMD types lack (a 16-bit high-half
/// multiply, `pmulhuw`); portable builds take an equivalent shift-based formula instead.
#if arch(x86_64)
let isX86Host = true
#else
let isX86Host = false
#endif

/// The builtin module also gives the streaming kernels' store fence (`sfence`) on x86-64; without it they
/// use a sequentially consistent fence from the Synchronization module.
let kernelBodiesSettings: [SwiftSetting] = optimizedInDebug
    + (portable ? [] : [.enableExperimentalFeature("BuiltinModule"), .define("TESSERA_MULHI")])
    + (portable || !isX86Host ? [] : [.define("TESSERA_BUILTIN_FENCE")])

/// The per-ISA tier targets exist only on x86-64 hosts and outside portable mode.
#if arch(x86_64)
let buildsX86Tiers = !portable
#else
let buildsX86Tiers = false
#endif

/// `-Xcc -march=…` sets the target CPU of the Swift code too (the clang importer's CPU becomes LLVM's).
func tierSettings(march: String, define: String) -> [SwiftSetting] {
    optimizedInDebug + [.unsafeFlags(["-Xcc", "-march=\(march)"]), .define(define)]
}

var tierTargets: [Target] = []
var tierDependencies: [Target.Dependency] = []
var pixelsSettings: [SwiftSetting] = optimizedInDebug
if buildsX86Tiers {
    tierTargets = [
        .target(name: "TesseraKernelsAVX2", dependencies: ["TesseraKernelBodies"],
                swiftSettings: tierSettings(march: "x86-64-v3", define: "TESSERA_TIER_AVX2")),
        .target(name: "TesseraKernelsAVX512", dependencies: ["TesseraKernelBodies"],
                swiftSettings: tierSettings(march: "x86-64-v4", define: "TESSERA_TIER_AVX512")),
    ]
    tierDependencies = ["TesseraKernelsAVX2", "TesseraKernelsAVX512"]
    pixelsSettings.append(.define("TESSERA_X86_TIERS"))
}

let package = Package(
    name: "Tessera",
    products: [
        .library(name: "Tessera", targets: ["Tessera"]),
        .executable(name: "tessera", targets: ["TesseraCLI"]),
        .executable(name: "tessera-benchmarks", targets: ["TesseraBenchmarks"]),
        .executable(name: "tessera-scene-fuzz", targets: ["TesseraSceneFuzz"]),
        .library(name: "TesseraC", type: .dynamic, targets: ["TesseraCABI"]),
    ],
    targets: tierTargets + [
        .target(name: "TesseraKernelBodies", swiftSettings: kernelBodiesSettings),
        .target(name: "TesseraPixels", dependencies: ["TesseraKernelBodies"] + tierDependencies,
                swiftSettings: pixelsSettings),
        .target(name: "Tessera", dependencies: ["TesseraPixels"]),
        .target(name: "TesseraScene", dependencies: ["Tessera"]),
        .target(name: "TesseraBench", dependencies: ["Tessera", "TesseraScene"]),
        .target(name: "TesseraProfiling", dependencies: ["Tessera"]),
        .executableTarget(name: "TesseraCLI", dependencies: ["Tessera", "TesseraScene", "TesseraBench", "TesseraProfiling"]),
        .executableTarget(name: "TesseraSceneFuzz", dependencies: ["Tessera", "TesseraScene", "TesseraBench"]),
        .executableTarget(name: "TesseraBenchmarks", dependencies: ["Tessera", "TesseraScene", "TesseraBench", "TesseraProfiling"], path: "Benchmarks",
                          exclude: ["README.md", "Raster/README.md", "results"], swiftSettings: optimizedInDebug),
        .testTarget(name: "TesseraTests", dependencies: ["Tessera", "TesseraScene", "TesseraBench", "TesseraProfiling"], swiftSettings: optimizedInDebug),
        .target(name: "CTessera"),
        .target(name: "TesseraCABI", dependencies: ["Tessera", "TesseraScene", "CTessera"]),
        .target(name: "CHostSupport", dependencies: ["CTessera"], path: "Tests/CHost"),
        .testTarget(name: "TesseraCABITests", dependencies: ["Tessera", "TesseraCABI", "CTessera", "CHostSupport"]),
    ]
)
