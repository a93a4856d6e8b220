import Testing
@testable import Engine

/// Spacers: they take what their siblings leave.
enum SpacerCases {
    /// The status line of issue 21: 7, 31 and 35 columns of text around a spacer.
    static let cpu = "CPU 42%"
    static let load = "up 13 days, load 0.52 0.48 0.41"
    static let memory = "mem 7.1G of 15.6G, swap 0.0G,  100%"

    static let all: [LayoutCase] = [
        LayoutCase("texts around a spacer keep their ideal widths: the spacer gets what is left (100 columns)",
                   rule: Rule.spacerLast, 100, 1,
                   ["CPU 42%  up 13 days, load 0.52 0.48 0.41                         mem 7.1G of 15.6G, swap 0.0G,  100%"]) {
            HStack(spacing: 2) { Text(cpu); Text(load); Spacer(); Text(memory) }
        },
        LayoutCase("with lineLimit(1) no text that fits is truncated", rule: Rule.spacerLast, 100, 1,
                   ["CPU 42%  up 13 days, load 0.52 0.48 0.41                         mem 7.1G of 15.6G, swap 0.0G,  100%"]) {
            HStack(spacing: 2) {
                Text(cpu).lineLimit(1)
                Text(load).lineLimit(1)
                Spacer()
                Text(memory).lineLimit(1)
            }
        },
        LayoutCase("one column to spare: the spacer is one column", rule: Rule.spacerLast, 80, 1,
                   ["CPU 42%  up 13 days, load 0.52 0.48 0.41     mem 7.1G of 15.6G, swap 0.0G,  100%"]) {
            HStack(spacing: 2) { Text(cpu).lineLimit(1); Text(load).lineLimit(1); Spacer(); Text(memory).lineLimit(1) }
        },
        LayoutCase("too narrow: the texts share the width as without the spacer, which gets nothing",
                   rule: Rule.flexibilityOrder, 72, 1,
                   ["CPU 42%  up 13 days, load 0.52 0.48 0.…    mem 7.1G of 15.6G, swap 0.0G…"]) {
            HStack(spacing: 2) { Text(cpu).lineLimit(1); Text(load).lineLimit(1); Spacer(); Text(memory).lineLimit(1) }
        },
        LayoutCase("a text before a spacer keeps its width", rule: Rule.spacerLast, 14, 1, ["a long label"]) {
            HStack(spacing: 0) { Text("a long label"); Spacer() }
        },
        LayoutCase("a spacer before a text pushes it to the trailing edge", rule: Rule.spacerExpands, 15, 1,
                   ["  right aligned"]) {
            HStack(spacing: 0) { Spacer(); Text("right aligned") }
        },
        LayoutCase("spacers on both sides centre a view", rule: Rule.evenShares, 9, 1, ["    x"]) {
            HStack(spacing: 0) { Spacer(); Text("x"); Spacer() }
        },
        LayoutCase("two spacers sharing an odd leftover: the first gets the extra column", rule: Rule.roundUp, 8, 1,
                   ["    x"]) {
            HStack(spacing: 0) { Spacer(); Text("x"); Spacer() }
        },
        LayoutCase("spacers between three texts share what the texts leave", rule: Rule.evenShares, 11, 1,
                   ["a    b    c"]) {
            HStack(spacing: 0) { Text("a"); Spacer(); Text("b"); Spacer(); Text("c") }
        },
        LayoutCase("a spacer keeps its minLength when the texts do not fit", rule: Rule.spacerMinLength, 8, 1,
                   ["abc…  gh"]) {
            HStack(spacing: 0) { Text("abcdef").lineLimit(1); Spacer(minLength: 2); Text("gh") }
        },
        LayoutCase("Spacer()'s minimum length is 0", rule: Rule.spacerDefault, 6, 1, ["abcdef"]) {
            HStack(spacing: 0) { Text("abc"); Spacer(); Text("def") }
        },
        LayoutCase("in a VStack a spacer takes the height", rule: Rule.spacerAxes, 6, 4, [" top", "", "", "bottom"]) {
            VStack { Text("top"); Spacer(); Text("bottom") }
        },
        LayoutCase("in a VStack a text above a spacer keeps its lines", rule: Rule.spacerLast, 3, 4,
                   [" 1", " 2", " 3", ""]) {
            VStack { Text("1\n2\n3"); Spacer() }
        },
        LayoutCase("outside a stack a spacer expands on both axes", rule: Rule.spacerAxes, 4, 3,
                   ["┌──┐", "│  │", "└──┘"]) {
            Spacer().border()
        },
        LayoutCase("in an HStack a spacer has no height", rule: Rule.spacerAxes, 6, 4, ["", "┌────┐", "└────┘", ""]) {
            HStack { Spacer() }.border()
        },
        LayoutCase("in a VStack a spacer has no width", rule: Rule.spacerAxes, 4, 5,
                   [" ┌┐", " ││", " ││", " ││", " └┘"]) {
            VStack { Spacer() }.border()
        },
        LayoutCase("at its ideal size a stack's spacer is its minLength", rule: Rule.spacerMinLength, 8, 1,
                   ["  a  b"]) {
            HStack(spacing: 0) { Text("a"); Spacer(minLength: 2); Text("b") }.fixedSize()
        },
        LayoutCase("beside a flexible view a spacer gets nothing", rule: Rule.spacerLast, 10, 1, ["10"]) {
            HStack(spacing: 0) { Width(); Spacer() }
        },
        LayoutCase("a frame with an infinite maximum takes the space a spacer would", rule: Rule.spacerLast, 10, 1,
                   ["    a    b"]) {
            HStack(spacing: 0) { Text("a").frame(maxWidth: .infinity); Spacer(); Text("b") }
        },
        LayoutCase("a spacer given a layout priority shares with the views of that priority", rule: Rule.evenShares,
                   8, 1, ["abc…"]) {
            HStack(spacing: 0) { Text("abcdefgh").lineLimit(1); Spacer().layoutPriority(0) }
        },
        LayoutCase("a spacer in a frame with a minimum is still flexible", rule: Rule.spacerExpands, 10, 1,
                   ["a        b"]) {
            HStack(spacing: 0) { Text("a"); Spacer().frame(minWidth: 2); Text("b") }
        },
        LayoutCase("a spacer in a frame with a maximum grows to it", rule: Rule.frameMax, 10, 1, ["  a   b"]) {
            HStack(spacing: 0) { Text("a"); Spacer().frame(maxWidth: 3); Text("b") }
        },
    ]
}
