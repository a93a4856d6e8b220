import Testing
@testable import Engine

/// Stacks inside stacks.
enum NestingCases {
    static let all: [LayoutCase] = [
        LayoutCase("an HStack with a spacer in a VStack takes the VStack's width", rule: Rule.spacerExpands, 6, 2,
                   ["a    b", "ccc"]) {
            VStack(alignment: .leading) { HStack { Text("a"); Spacer(); Text("b") }; Text("ccc") }
        },
        LayoutCase("a VStack in an HStack", rule: Rule.alignmentInStack, 4, 2, ["a  c", "bb"]) {
            HStack(alignment: .top) { VStack(alignment: .leading) { Text("a"); Text("bb") }; Text("c") }
        },
        LayoutCase("rows of label, spacer and value line up their values", rule: Rule.spacerLast, 16, 2,
                   ["Name        Size", "readme.md   4 KB"]) {
            VStack {
                HStack { Text("Name"); Spacer(); Text("Size") }
                HStack { Text("readme.md"); Spacer(); Text("4 KB") }
            }
        },
        LayoutCase("a stack holding a spacer is an ordinary flexible view: the text beside it gets a half",
                   rule: Rule.flexibilityOrder, 20, 2, ["name          a long", "              value"]) {
            HStack(spacing: 0) { HStack(spacing: 0) { Text("name"); Spacer() }; Text("a long value") }
        },
        LayoutCase("an inner stack with a spacer takes what the outer text leaves", rule: Rule.flexibilityOrder, 6, 1,
                   ["a    b"]) {
            HStack(spacing: 0) { HStack(spacing: 0) { Text("a"); Spacer() }; Text("b") }
        },
        LayoutCase("stacks nested three deep", rule: Rule.idealWidths, 3, 1, ["a b"]) {
            HStack { VStack { HStack { Text("a"); Text("b") } } }
        },
        LayoutCase("a bordered stack with a spacer beside a text", rule: Rule.flexibilityOrder, 8, 3,
                   ["┌─────┐", "│a    │b", "└─────┘"]) {
            HStack(spacing: 0) { HStack { Text("a"); Spacer() }.border(); Text("b") }
        },
        LayoutCase("a VStack with a spacer makes its HStack as tall as offered", rule: Rule.spacerAxes, 3, 3,
                   ["a", "  b", ""]) {
            HStack { VStack { Text("a"); Spacer() }; Text("b") }
        },
        LayoutCase("nested VStacks align independently", rule: Rule.alignmentInStack, 5, 3, ["  a", "  bbb", "ccccc"]) {
            VStack(alignment: .trailing) { VStack(alignment: .leading) { Text("a"); Text("bbb") }; Text("ccccc") }
        },
    ]
}

/// Text inside stacks: wrapping, lineLimit and truncation.
enum TextCases {
    static let all: [LayoutCase] = [
        LayoutCase("lineLimit(1) truncates at the tail", rule: Rule.truncation, 5, 1, ["abc…|"]) {
            HStack(spacing: 0) { Text("abcdefgh").lineLimit(1); Text("|") }
        },
        LayoutCase("truncationMode(.head)", rule: Rule.truncation, 5, 1, ["…fgh|"]) {
            HStack(spacing: 0) { Text("abcdefgh").lineLimit(1).truncationMode(.head); Text("|") }
        },
        LayoutCase("without a line limit a text wraps to the width it is offered", rule: Rule.lineLimit, 5, 2,
                   ["aaa|", "bbb"]) {
            HStack(spacing: 0) { Text("aaa bbb"); Text("|") }
        },
        LayoutCase("a shorter text keeps its width; the longer one is truncated", rule: Rule.flexibilityOrder, 20, 1,
                   ["short a much longer…"]) {
            HStack { Text("short").lineLimit(1); Text("a much longer text").lineLimit(1) }
        },
        LayoutCase("a text wraps in a VStack in a frame", rule: Rule.frameProposal, 4, 2, ["aaa", "bbb"]) {
            VStack { Text("aaa bbb") }.frame(width: 4)
        },
        LayoutCase("multilineTextAlignment(.center) aligns lines within the text", rule: Rule.lineLimit, 3, 2,
                   [" a", "bbb"]) {
            Text("a\nbbb").multilineTextAlignment(.center)
        },
        LayoutCase("lineLimit(2) ends the second line with …", rule: Rule.lineLimit, 3, 2, ["aa", "bb…"]) {
            Text("aa bb cc").lineLimit(2).frame(width: 3)
        },
        LayoutCase("a frame shorter than a text's lines truncates the last one it keeps", rule: Rule.lineLimit, 2, 2,
                   ["a", "b…"]) {
            Text("a\nb\nc").frame(height: 2)
        },
        LayoutCase("an empty text is one row tall", rule: Rule.textMinimum, 1, 3, ["", "x", ""]) {
            VStack { Text(""); Text("x") }
        },
    ]
}

/// Zero and tiny sizes.
enum TinyCases {
    static let all: [LayoutCase] = [
        LayoutCase("a text in a zero-width frame shows nothing", rule: Rule.childCut, 3, 1, [""]) {
            Text("abc").frame(width: 0)
        },
        LayoutCase("a squeezed text keeps one column for …", rule: Rule.textMinimum, 5, 1, ["…def…"]) {
            HStack(spacing: 0) { Text("abc").lineLimit(1).layoutPriority(-1); Text("defgh").lineLimit(1) }
        },
        LayoutCase("a text offered one column shows …", rule: Rule.truncation, 1, 1, ["…"]) {
            Text("abc").frame(width: 1)
        },
        LayoutCase("a text offered two columns shows one character and …", rule: Rule.truncation, 2, 1, ["a…"]) {
            Text("abc").frame(width: 2)
        },
        LayoutCase("three texts in two columns: the first two fit, the third gets none", rule: Rule.roundUp, 2, 1,
                   ["ab"]) {
            HStack(spacing: 0) { Text("a"); Text("b"); Text("c") }
        },
        LayoutCase("a stack whose spacing alone is wider than the screen shows its first text's …",
                   rule: Rule.textMinimum, 1, 1, ["…"]) {
            HStack { Text("abc"); Spacer(); Text("def") }
        },
        LayoutCase("a VStack taller than the screen is cut at the bottom", rule: Rule.textMinimum, 1, 2, ["a", "b"]) {
            VStack { Text("a"); Text("b"); Text("c") }
        },
        LayoutCase("a divider one column wide", rule: Rule.divider, 1, 1, ["─"]) {
            VStack { Divider() }
        },
        LayoutCase("a flexible view on a one-cell screen", rule: Rule.geometryReader, 1, 1, ["1"]) {
            Width()
        },
        LayoutCase("a zero-height frame takes no row", rule: Rule.frameFixed, 1, 1, ["b"]) {
            VStack { Text("a").frame(height: 0); Text("b") }
        },
        LayoutCase("a spacer's minLength wins over a text in a tight stack", rule: Rule.spacerMinLength, 4, 1, ["…"]) {
            HStack(spacing: 0) { Text("ab"); Spacer(minLength: 3) }
        },
        LayoutCase("a zero-width fixed frame around a flexible view", rule: Rule.frameFixed, 3, 1, [" a"]) {
            HStack(spacing: 0) { Width().frame(width: 0); Text("a") }
        },
    ]
}
