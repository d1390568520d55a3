// swift-tools-version:6.0
// Tessera — a CPU compositor for layer trees with UIKit / Core Animation semantics.
//
// Targets (bottom-up):
//   TesseraPixels   pixel buffers, device-pixel rects, colours, the scalar reference kernels
//                   and the portable SIMD kernel bodies.
//   Tessera         geometry (points), the layer and scroll model, and (later) the frame pipeline.
//   TesseraCLI      the `tessera` command-line tool.
//   tessera-raster-bench  the raster benchmarks (Benchmarks/Raster).
import PackageDescription

/// Pixel loops run ~1,000x slower at -Onone; the kernel module is optimized in debug builds too so
/// that `swift test` can check kernels on millions of pixels quickly.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Tessera",
    products: [
        .library(name: "Tessera", targets: ["Tessera"]),
        .executable(name: "tessera", targets: ["TesseraCLI"]),
    ],
    targets: [
        .target(name: "TesseraPixels", swiftSettings: optimizedInDebug),
        .target(name: "Tessera", dependencies: ["TesseraPixels"]),
        .executableTarget(name: "TesseraCLI", dependencies: ["Tessera"]),
        // Temporary, raster branch only: the raster benchmarks on their own, until the integrator folds
        // Benchmarks/Raster/RasterBenchmarks.swift into the shared `tessera-benchmarks` executable.
        .executableTarget(name: "tessera-raster-bench", dependencies: ["Tessera"], path: "Benchmarks/Raster",
                          exclude: ["README.md"]),
        .testTarget(name: "TesseraTests", dependencies: ["Tessera"]),
    ]
)
