import Foundation

/// The data caches of the CPU this process runs on, as far as the compositor's store choices care: the
/// size of the last-level cache one core sees.
///
/// On Linux the sizes come from sysfs (`/sys/devices/system/cpu/cpu0/cache/index*/{level,type,size}`),
/// which describes the cache instance the core shares with its neighbours. `sysconf(_SC_LEVEL3_CACHE_SIZE)`
/// is not used: glibc derives it from `cpuid`, which on AMD EPYC virtual machines reports the whole
/// package's L3 (256 MiB on a 32 MiB-per-CCX EPYC here). Where sysfs is missing (macOS, sandboxes) the
/// size is unknown (`nil`) and nothing is assumed. Read once; thread-safe (immutable value).
public struct CPUCaches: Sendable, Equatable {
    /// Bytes of the highest-level data or unified cache, or `nil` when unknown.
    public let lastLevelBytes: Int?

    /// Caches with this last-level size; for tests and tools.
    public init(lastLevelBytes: Int?) {
        self.lastLevelBytes = lastLevelBytes
    }

    /// The caches of this process's CPU (read from sysfs on first use).
    public static let current = CPUCaches(lastLevelBytes: readSysfsLastLevelBytes())

    /// Whether `byteCount` bytes written in one pass are better written with streaming (non-temporal)
    /// stores: when they are at least half the last-level cache, which would not keep them for a reader
    /// anyway, so reading each line for ownership first is wasted; false when the cache size is unknown.
    /// The rule of ``KernelTable``'s `copy` and of the compositor's automatic scroll-move stores.
    public func prefersStreaming(byteCount: Int) -> Bool {
        lastLevelBytes.map { byteCount >= $0 / 2 } ?? false
    }

    /// One sysfs cache entry: its `level` (1, 2, 3…), `type` (`Data`, `Instruction`, `Unified`) and `size`
    /// text (`32K`, `32768K`, `1M`…).
    public struct Entry: Sendable, Equatable {
        public let level: Int
        public let type: String
        public let size: String

        public init(level: Int, type: String, size: String) {
            self.level = level
            self.type = type
            self.size = size
        }
    }

    /// The size of the highest-level data or unified cache among `entries` (instruction caches ignored;
    /// of several at the highest level, the largest), or `nil` when none has a readable size.
    public static func lastLevelBytes(of entries: [Entry]) -> Int? {
        let data = entries.filter { $0.type != "Instruction" }.compactMap { entry in
            parseSize(entry.size).map { (level: entry.level, bytes: $0) }
        }
        guard let top = data.map(\.level).max() else { return nil }
        return data.filter { $0.level == top }.map(\.bytes).max()
    }

    /// Bytes of a sysfs size text: a positive whole number with an optional `K`, `M` or `G` suffix
    /// (binary units, as the kernel writes them); `nil` for anything else.
    public static func parseSize(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return nil }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = units[last]
        let digits = unit == nil ? trimmed : String(trimmed.dropLast())
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: unit ?? 1)
        return overflow ? nil : bytes
    }

    static func readSysfsLastLevelBytes() -> Int? {
        let directory = "/sys/devices/system/cpu/cpu0/cache"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        let entries: [Entry] = names.filter { $0.hasPrefix("index") }.compactMap { name in
            func read(_ file: String) -> String? {
                (try? String(contentsOfFile: "\(directory)/\(name)/\(file)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let level = read("level").flatMap({ Int($0) }), let type = read("type"), let size = read("size")
            else { return nil }
            return Entry(level: level, type: type, size: size)
        }
        return lastLevelBytes(of: entries)
    }
}
