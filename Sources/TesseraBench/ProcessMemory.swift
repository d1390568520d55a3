import Foundation
import Tessera
import TesseraScene

/// The memory the process holds, as the kernel reports it (`/proc/self/status` on Linux).
public enum ProcessMemory {
    /// The peak resident set size in bytes (`VmHWM`), or `nil` where the system does not report it.
    public static func peakResidentBytes() -> Int? { statusField("VmHWM:") }

    /// The current resident set size in bytes (`VmRSS`), or `nil` where the system does not report it.
    public static func residentBytes() -> Int? { statusField("VmRSS:") }

    private static func statusField(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
