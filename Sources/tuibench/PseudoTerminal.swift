import Engine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a pseudo-terminal that this process plays the
/// terminal for: it answers the queries a terminal answers (DA1, DECRQM
/// 2026, the cursor position) and reads everything the program writes.
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
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    func write(_ bytes: [UInt8]) {
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
        guard n > 0 else { return 0 }
        pending += buffer[0..<n]
        bytesRead += n
        answerQueries()
        return n
    }

    /// Waits until `marker` has been read (consuming up to and including
    /// it); false after `timeoutMilliseconds`.
    func waitFor(_ marker: [UInt8], timeoutMilliseconds: Int = 5000) -> Bool {
        let deadline = monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            if let r = range(of: marker) {
                pending.removeSubrange(0..<r.upperBound)
                return true
            }
            let now = monotonicNanoseconds()
            guard now < deadline else { return false }
            read(waitingMilliseconds: Int32(Swift.min(1000, (deadline - now) / 1_000_000 + 1)))
        }
    }

    func discardPending() { pending.removeAll(keepingCapacity: true) }

    private func range(of marker: [UInt8]) -> Range<Int>? {
        guard pending.count >= marker.count else { return nil }
        var i = 0
        while i + marker.count <= pending.count {
            if pending[i] == marker[0] && Array(pending[i..<i + marker.count]) == marker { return i..<i + marker.count }
            i += 1
        }
        return nil
    }

    /// As a terminal would: DA1 (VT220 with ANSI colour), synchronized
    /// output supported, the cursor at the top-left.
    private var answered: Set<String> = []
    private func answerQueries() {
        let text = String(decoding: pending, as: UTF8.self)
        let queries: [(String, String)] = [("\u{1B}[?2026$p", "\u{1B}[?2026;2$y"), ("\u{1B}[6n", "\u{1B}[1;1R"),
                                           ("\u{1B}[c", "\u{1B}[?62;22c")]
        for (query, answer) in queries where text.contains(query) {
            let count = text.components(separatedBy: query).count - 1
            let key = "\(query)#\(count)"
            if answered.contains(key) { continue }
            answered.insert(key)
            write(Array(answer.utf8))
        }
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
