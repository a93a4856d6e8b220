import Engine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The three workloads `tuibench app --workload` drives, one app each:
///
///     bench-apps ticker   a 60×6 table; each `t` changes 5 of its cells
///     bench-apps typing   a text field below 100 lines of text; type, Enter sends
///     bench-apps scroll   a list of 100,000 rows; Up/Down move the selection
///
/// Small apps as a user writes them, with nothing of the engine's insides.
/// Ctrl-C quits.
@main
enum BenchApps {
    static func main() {
        switch CommandLine.arguments.dropFirst().first {
        case "ticker": TickerApp.main()
        case "typing": TypingApp.main()
        case "scroll": ScrollApp.main()
        default:
            print("usage: bench-apps ticker|typing|scroll")
            exit(64)
        }
    }
}
