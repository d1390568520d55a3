import Foundation

/// The instruction-set extensions of the CPU this process runs on, as far as the kernels care.
///
/// On Linux the flags come from `/proc/cpuinfo` (the kernel lists only what it has enabled, AVX-512 state
/// saving included). Where that file is missing (macOS, sandboxes) nothing is assumed: only the baseline
/// tier is used. Read once; thread-safe (immutable value).
public struct CPUFeatures: Sendable, Equatable {
    /// The lower-case flag names, e.g. `avx2`, `avx512bw`.
    public let flags: Set<String>

    /// Features with these flag names (lower case, as in `/proc/cpuinfo`); for tests and tools.
    public init(flags: Set<String>) {
        self.flags = flags
    }

    /// The CPU of this process (empty flags when they cannot be read).
    public static let current = CPUFeatures(flags: readProcCPUInfoFlags() ?? [])

    /// x86-64-v3: what `-march=x86-64-v3` code may use (AVX2 and friends).
    public var supportsX86_64_v3: Bool {
        ["avx", "avx2", "bmi1", "bmi2", "fma", "f16c", "movbe", "xsave"].allSatisfy(flags.contains)
            && (flags.contains("abm") || flags.contains("lzcnt"))
    }

    /// x86-64-v4: what `-march=x86-64-v4` code may use (AVX-512 F, BW, CD, DQ, VL) on top of v3.
    public var supportsX86_64_v4: Bool {
        supportsX86_64_v3 && ["avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"].allSatisfy(flags.contains)
    }

    /// Parses the `flags` line of a `/proc/cpuinfo` text (x86; `Features` on arm64). The first such line wins.
    public static func parseCPUInfo(_ text: String) -> Set<String> {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            if key == "flags" || key == "Features" {
                return Set(line[line.index(after: colon)...].split(separator: " ").map { $0.lowercased() })
            }
        }
        return []
    }

    static func readProcCPUInfoFlags() -> Set<String>? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        return parseCPUInfo(text)
    }
}
