import Engine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a pseudo-terminal that this process plays the
/// terminal for: it answers the queries a terminal answers (DA1, DECRQM
/// 2026, the cursor position), counts the frames it ends and reads
/// everything the program writes.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    /// Everything read so far that has not been consumed.
    private(set) var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Bytes read since start.
    private(set) var bytesRead = 0

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `path` with `arguments` on a new pseudo-terminal of `columns`×`rows`.
    init(path: String, arguments: [String], columns: Int = 120, rows: Int = 40,
         environment: [String: String] = [:]) throws {
        // posix_openpt/unlockpt/ptsname as the kernel offers them (Glibc's
        // module does not export those declarations): /dev/ptmx, unlock, number.
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard m >= 0, ioctl(m, PseudoTerminal.unlockRequest, &unlock) == 0, ioctl(m, PseudoTerminal.numberRequest, &number) == 0 else {
            throw Failure(description: "/dev/ptmx: \(String(cString: strerror(errno)))")
        }
        let slaveName = "/dev/pts/\(number)"
        var ws = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var attrs: posix_spawnattr_t = posix_spawnattr_t()
        posix_spawnattr_init(&attrs)
        posix_spawnattr_setflags(&attrs, PseudoTerminal.spawnSetsid)
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        // The slave becomes the controlling terminal (a new session opening it), and fds 0, 1, 2.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        for (k, v) in environment { env[k] = v }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attrs)
        }
        // The size is set on the slave before the child starts (through a temporary open).
        let s = open(slaveName, O_RDWR | O_NOCTTY)
        if s >= 0 {
            _ = ioctl(s, UInt(TIOCSWINSZ), &ws)
            close(s)
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attrs, argv, envp)
        guard rc == 0 else {
            close(m)
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(rc)))")
        }
        master = m
        pid = child
    }

    /// glibc's POSIX_SPAWN_SETSID (not exported to Swift): the child starts a new session.
    static let spawnSetsid: Int16 = 0x80
    /// Linux's TIOCSPTLCK (_IOW('T', 0x31, int)) and TIOCGPTN (_IOR('T', 0x30, unsigned int)).
    static let unlockRequest: UInt = 0x4004_5431
    static let numberRequest: UInt = 0x8004_5430

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if n > 0 { offset += n } else if errno != EINTR && errno != EAGAIN { return }
        }
    }

    /// Reads what is there, waiting at most `milliseconds` for the first
    /// byte; answers terminal queries in it. Returns the bytes read (0 on timeout).
    @discardableResult
    func read(waitingMilliseconds milliseconds: Int32) -> Int {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let r = poll(&pfd, 1, milliseconds)
        guard r > 0 else { return 0 }
        let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        guard n > 0 else {
            // Every process holding the terminal has closed it (the app exited): EIO from now on.
            if n == 0 || errno == EIO { hungUp = true }
            return 0
        }
        pending += buffer[0..<n]
        bytesRead += n
        write(scan(buffer[0..<n]))
        return n
    }

    /// Reads what is there (at most `limit` bytes), waiting at most `milliseconds`, without
    /// answering or counting anything in it: a link between this process
    /// and the terminal (``LinkEmulator``) carries it there, and hands it
    /// to ``terminalReceives(_:)`` when it arrives.
    func readUnanswered(waitingMilliseconds milliseconds: Int32, limit: Int? = nil) -> ArraySlice<UInt8> {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, milliseconds) > 0 else { return [] }
        let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, Swift.min($0.count, limit ?? $0.count)) }
        guard n > 0 else {
            if n == 0 || errno == EIO { hungUp = true }
            return []
        }
        bytesRead += n
        return buffer[0..<n]
    }

    /// The terminal reads `bytes`: frame ends are counted; the answers to
    /// the queries in them are returned (not written).
    func terminalReceives(_ bytes: ArraySlice<UInt8>) -> [UInt8] { scan(bytes) }

    /// Waits until `marker` has been read (consuming up to and including
    /// it); false after `timeoutMilliseconds`.
    func waitFor(_ marker: [UInt8], timeoutMilliseconds: Int = 5000) -> Bool {
        let deadline = monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        var searched = 0
        while true {
            if let r = PseudoTerminal.range(of: marker, in: pending, from: searched) {
                pending.removeSubrange(0..<r.upperBound)
                return true
            }
            searched = Swift.max(0, pending.count - marker.count + 1)
            let now = monotonicNanoseconds()
            guard now < deadline, !hungUp else { return false }
            read(waitingMilliseconds: Int32(Swift.min(1000, (deadline - now) / 1_000_000 + 1)))
        }
    }

    /// Whether the terminal was hung up: nothing will be read any more.
    private(set) var hungUp = false

    /// Waits until `frameEnds` reaches `count`; false after
    /// `timeoutMilliseconds`, or as soon as the terminal is hung up.
    func waitForFrameEnds(_ count: Int, timeoutMilliseconds: Int) -> Bool {
        let deadline = monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        while frameEnds < count {
            let now = monotonicNanoseconds()
            guard now < deadline, !hungUp else { return false }
            read(waitingMilliseconds: Int32(Swift.min(1000, (deadline - now) / 1_000_000 + 1)))
        }
        return true
    }

    /// Waits for the program's first frame; returns when it was fully
    /// read, or nil if nothing came within `timeoutMilliseconds`.
    ///
    /// An app of this engine draws its first frame at once, before the
    /// terminal has answered whether it has synchronized output, so that
    /// frame has no end marker (`CSI ? 2026 l`). It begins by clearing the
    /// screen (`CSI 2 J`; the modes and queries written before it are not
    /// a frame) and ends when nothing more comes for `quietMilliseconds`
    /// (the time of its last byte is returned), or with a frame end if one
    /// comes. Output that never clears counts as a frame at the timeout.
    func waitForFirstFrame(timeoutMilliseconds: Int, quietMilliseconds: Int32 = 100) -> UInt64? {
        let deadline = monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        var lastByteAt: UInt64?
        var cleared = false
        var seen: [UInt8] = []
        while true {
            let now = monotonicNanoseconds()
            guard now < deadline, !hungUp else { return hungUp ? nil : lastByteAt }
            let wait = cleared ? quietMilliseconds : Int32(Swift.min(1000, (deadline - now) / 1_000_000 + 1))
            let before = pending.count
            if read(waitingMilliseconds: wait) > 0 {
                lastByteAt = monotonicNanoseconds()
                if frameEnds >= 1 { return lastByteAt }
                if !cleared {
                    seen += pending[Swift.min(before, pending.count)...]
                    cleared = PseudoTerminal.range(of: PseudoTerminal.clearScreen, in: seen) != nil
                }
            } else if cleared, let last = lastByteAt {
                return last
            }
        }
    }

    static let clearScreen = Array("\u{1B}[2J".utf8)

    func discardPending() { pending.removeAll(keepingCapacity: true) }

    /// Reads until nothing has come for `quietMilliseconds` (at most
    /// `maxMilliseconds`): the frames an app makes after its first one on
    /// its own (a size it learned, a focus it took) are not a key's.
    func settle(quietMilliseconds: Int32 = 100, maxMilliseconds: Int = 2000) {
        let deadline = monotonicNanoseconds() + UInt64(maxMilliseconds) * 1_000_000
        while monotonicNanoseconds() < deadline, !hungUp, read(waitingMilliseconds: quietMilliseconds) > 0 {}
        discardPending()
    }

    /// The first occurrence of `marker` in `bytes` at or after `start`.
    static func range(of marker: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Range<Int>? {
        guard !marker.isEmpty, bytes.count >= marker.count else { return nil }
        var i = start
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0] && bytes[i..<i + marker.count].elementsEqual(marker) { return i..<i + marker.count }
            i += 1
        }
        return nil
    }

    /// Frame ends (`CSI ? 2026 l`, the end of a synchronized update) read so far.
    private(set) var frameEnds = 0
    static let frameEnd = Array("\u{1B}[?2026l".utf8)

    /// What a terminal answers (DA1: a VT220 with ANSI colour; synchronized
    /// output supported; the cursor at the top-left), and the frame end counted.
    private static let queries: [(query: [UInt8], answer: [UInt8])] = [
        ("\u{1B}[?2026$p", "\u{1B}[?2026;2$y"), ("\u{1B}[6n", "\u{1B}[1;1R"), ("\u{1B}[c", "\u{1B}[?62;22c"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }
    private static let longest = queries.map(\.query.count).reduce(frameEnd.count, Swift.max)
    /// The last bytes of the previous read, shorter than any sequence: one
    /// split across two reads is found once, when its last byte arrives.
    private var carry: [UInt8] = []

    /// Counts the frame ends in `chunk`; returns the answers to its queries.
    private func scan(_ chunk: ArraySlice<UInt8>) -> [UInt8] {
        var answers: [UInt8] = []
        let bytes = carry + chunk
        var i = 0
        while let escape = bytes[i...].firstIndex(of: 0x1B) {
            i = escape + 1
            let rest = bytes[escape...]
            if rest.starts(with: PseudoTerminal.frameEnd) {
                frameEnds += 1
                continue
            }
            for (query, answer) in PseudoTerminal.queries where rest.starts(with: query) {
                answers += answer
            }
        }
        // A sequence begun but not ended: kept, to be found when the rest arrives.
        let tail = bytes.suffix(PseudoTerminal.longest - 1)
        carry = []
        if let escape = tail.lastIndex(of: 0x1B) {
            let begun = bytes[escape...]
            let sequences = [PseudoTerminal.frameEnd] + PseudoTerminal.queries.map(\.query)
            if sequences.contains(where: { $0.count > begun.count && $0.starts(with: begun) }) { carry = Array(begun) }
        }
        return answers
    }

    /// Whether the child has exited (then `pid` may no longer be read in /proc).
    private(set) var exited = false

    /// Sends `quit` (Ctrl-C by default) and waits for the child to exit,
    /// reading its output meanwhile; its resource usage over its whole life,
    /// or nil if it did not exit within `timeoutMilliseconds` (it is then killed).
    func quit(_ bytes: [UInt8] = [3], timeoutMilliseconds: Int = 10_000) -> rusage? {
        write(bytes)
        let deadline = monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        var status: Int32 = 0
        var usage = rusage()
        while monotonicNanoseconds() < deadline {
            if wait4(pid, &status, WNOHANG, &usage) == pid {
                exited = true
                return usage
            }
            if hungUp { usleep(10_000) } else { read(waitingMilliseconds: 10) }
        }
        return nil
    }

    /// CPU time the child has used (user + system), in clock ticks, and its context switches.
    func usage() -> (ticks: Int, contextSwitches: Int, rssKilobytes: Int) {
        var ticks = 0, switches = 0, rss = 0
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the command: state(0) … utime is field 14 overall → index 11 here, stime 12.
            if fields.count > 12 { ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) }
        }
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let value = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
                switch parts[0] {
                case "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches": switches += value
                case "VmRSS": rss = value
                default: break
                }
            }
        }
        return (ticks, switches, rss)
    }
}
