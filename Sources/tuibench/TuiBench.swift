import ArgumentParser

/// `tuibench`: measures the engine — frame encode cost on recorded screen
/// sequences (`replay`) — and prints numbers a person can trust.
@main
struct TuiBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuibench",
        abstract: "Measure the terminal render engine.",
        discussion: """
            With no subcommand, replays the bundled fixtures (Fixtures/recordings and \
            Fixtures/synthetic) and prints a summary table.

            Examples:
              tuibench                                   # the default suite
              tuibench replay Fixtures/recordings/*.tuiframes --format json
              tuibench replay --colors 256 --raw out.bin Fixtures/synthetic/churn-200x60.tuiframes
            """,
        subcommands: [Replay.self, Run.self, ProfileCommand.self, ScenariosCommand.self, Compare.self],
        defaultSubcommand: Replay.self
    )
}
