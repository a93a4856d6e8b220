import ArgumentParser

/// `tuibench`: measures the engine — frame encode cost on recorded screen
/// sequences (`replay`) — and prints numbers a person can trust.
@main
struct TuiBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuibench",
        abstract: "Measure the terminal render engine.",
        discussion: """
            With no subcommand, runs the default suite (`tuibench suite`): every view scenario \
            on the offscreen host, then a summary of replaying the bundled fixtures.

            Examples:
              tuibench                                   # the default suite
              tuibench run tree --format json
              tuibench profile tree --flamegraph tree.svg
              tuibench replay Fixtures/recordings/*.tuiframes --format json
              tuibench replay --colors 256 --raw out.bin Fixtures/synthetic/churn-200x60.tuiframes
            """,
        subcommands: [Suite.self, Run.self, Replay.self, ProfileCommand.self, ScenariosCommand.self, Compare.self, AB.self, FrameServer.self, AppBench.self, LinkBench.self, Steady.self],
        defaultSubcommand: Suite.self
    )
}
