import Foundation
import Synchronization

/// Attributes a crash or a hang to its fuzz case: the main thread stores the case index here before it
/// runs the case; a signal handler (SIGILL / SIGTRAP: a Swift trap; SIGSEGV, SIGBUS, SIGFPE, SIGABRT)
/// and a watchdog thread print it with the command that reruns it. Any thread.
enum CrashReport {
    private static let currentCase = Atomic<UInt64>(0)
    /// When the current case started (monotonic nanoseconds); 0 between cases.
    private static let caseStart = Atomic<UInt64>(0)
    nonisolated(unsafe) private static var seed: UInt64 = 0
    nonisolated(unsafe) private static var timeoutNanoseconds: UInt64 = 0

    /// Installs the signal handlers and starts the watchdog. Call once, before the first case.
    static func install(seed: UInt64, timeoutSeconds: Double) {
        self.seed = seed
        timeoutNanoseconds = UInt64(timeoutSeconds * 1e9)
        for number in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            signal(number) { number in
                CrashReport.printCase("crash", signal: number)
                signal(number, SIG_DFL)
                raise(number)
            }
        }
        let watchdog = Thread {
            while true {
                Thread.sleep(forTimeInterval: 0.1)
                let start = caseStart.load(ordering: .acquiring)
                if start != 0, monotonicNanoseconds() &- start > timeoutNanoseconds {
                    printCase("hang (the case ran longer than --timeout)")
                    _exit(3)
                }
            }
        }
        watchdog.start()
    }

    static func begin(case index: UInt64) {
        currentCase.store(index, ordering: .releasing)
        caseStart.store(monotonicNanoseconds(), ordering: .releasing)
    }

    static func end() { caseStart.store(0, ordering: .releasing) }

    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Prints the current case and how to rerun it with write(2) only (no allocation), so a signal
    /// handler may call it; `signal` is the signal number, or nil for a hang.
    static func printCase(_ what: StaticString, signal: Int32? = nil) {
        let index = currentCase.load(ordering: .relaxed)
        write(2, "tessera-scene-fuzz: ")
        write(2, what)
        if let signal {
            write(2, " (signal ")
            write(2, number: UInt64(signal))
            write(2, ")")
        }
        write(2, " in case ")
        write(2, number: index)
        write(2, "; rerun: tessera-scene-fuzz --seed ")
        write(2, number: seed)
        write(2, " --first ")
        write(2, number: index)
        write(2, " --cases 1\n")
    }

    private static func write(_ fd: Int32, _ text: StaticString) {
        _ = Glibc.write(fd, text.utf8Start, text.utf8CodeUnitCount)
    }

    private static func write(_ fd: Int32, number: UInt64) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var value = number
            var at = buffer.count
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0
            _ = Glibc.write(fd, buffer.baseAddress! + at, buffer.count - at)
        }
    }
}
