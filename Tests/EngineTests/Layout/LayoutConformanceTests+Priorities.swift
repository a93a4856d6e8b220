import Testing
@testable import Engine

/// layoutPriority: higher groups are offered space first.
enum PriorityCases {
    static let moderate = "This is a moderately long string."
    static let higher = "This is a higher priority string."

    static let all: [LayoutCase] = [
        LayoutCase("Apple's example: the text without priority shrinks dramatically", rule: Rule.priorityShrinksLater,
                   50, 1, ["This is a mode…  This is a higher priority string."]) {
            HStack { Text(moderate).lineLimit(1); Spacer(); Text(higher).lineLimit(1).layoutPriority(1) }
        },
        LayoutCase("Apple's example, wrapping: the first text takes the lines it needs in what is left",
                   rule: Rule.priorityShrinksLater, 50, 3,
                   ["This is a", "moderately long  This is a higher priority string.", "string."]) {
            HStack { Text(moderate); Spacer(); Text(higher).layoutPriority(1) }
        },
        LayoutCase("Field Guide: a text with priority 1 between flexible views gets its ideal width",
                   rule: Rule.priorityGroups, 30, 4,
                   ["┌───────┐            ┌───────┐", "│       │Hello, world│       │",
                    "└───────┘            └───────┘", ""]) {
            HStack(spacing: 0) { Box(); Text("Hello, world").layoutPriority(1); Box() }
        },
        LayoutCase("a higher group is offered all but the lower groups' minimums", rule: Rule.priorityGroups, 8, 1,
                   ["abcdefg…"]) {
            HStack(spacing: 0) { Text("abc").frame(minWidth: 3); Text("defghijk").lineLimit(1).layoutPriority(1) }
        },
        LayoutCase("a negative priority shrinks first", rule: Rule.priorityShrinksLater, 8, 1, ["a…ghijkl"]) {
            HStack(spacing: 0) { Text("abcdef").lineLimit(1).layoutPriority(-1); Text("ghijkl").lineLimit(1) }
        },
        LayoutCase("without priorities two texts share the width", rule: Rule.evenShares, 8, 1, ["abc…ghi…"]) {
            HStack(spacing: 0) { Text("abcdef").lineLimit(1); Text("ghijkl").lineLimit(1) }
        },
        LayoutCase("a flexible view with priority stretches sooner", rule: Rule.priorityShrinksLater, 10, 1,
                   ["8       2"]) {
            HStack(spacing: 0) { Width().layoutPriority(1); Width().frame(minWidth: 2) }
        },
        LayoutCase("within a group, less flexible views are offered space first", rule: Rule.flexibilityOrder, 8, 1,
                   ["abcde…ab"]) {
            HStack(spacing: 0) { Text("abcdefgh").lineLimit(1); Text("ab") }
        },
        LayoutCase("three priority groups are sized highest first", rule: Rule.priorityGroups, 9, 1, ["ab…cdefgh"]) {
            HStack(spacing: 0) {
                Text("abcd").lineLimit(1)
                Text("cd").layoutPriority(1)
                Text("efgh").layoutPriority(2)
            }
        },
        LayoutCase("VStack: the text with priority keeps its lines, the other is cut to one", rule: Rule.priorityGroups,
                   2, 4, ["1", "2", "3", "a…"]) {
            VStack { Text("1\n2\n3").layoutPriority(1); Text("a\nb\nc") }
        },
    ]
}
