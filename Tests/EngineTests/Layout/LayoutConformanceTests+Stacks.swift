import Testing
@testable import Engine

/// Stacks: sizes, spacing, alignment and the order children are offered space.
enum StackCases {
    static let all: [LayoutCase] = [
        LayoutCase("an HStack puts one column between children by default", rule: Rule.defaultSpacing, 7, 1,
                   [" a b c"]) {
            HStack { Text("a"); Text("b"); Text("c") }
        },
        LayoutCase("a VStack puts no row between children by default", rule: Rule.defaultSpacing, 3, 3,
                   [" a", " b", ""]) {
            VStack { Text("a"); Text("b") }
        },
        LayoutCase("explicit spacing goes between each pair of children", rule: Rule.stackSpacing, 7, 1,
                   ["a  b  c"]) {
            HStack(spacing: 2) { Text("a"); Text("b"); Text("c") }
        },
        LayoutCase("VStack spacing is rows", rule: Rule.stackSpacing, 1, 3, ["a", "", "b"]) {
            VStack(spacing: 1) { Text("a"); Text("b") }
        },
        LayoutCase("negative spacing overlaps, the later child on top", rule: Rule.stackSpacing, 3, 1, ["acd"]) {
            HStack(spacing: -1) { Text("ab"); Text("cd") }
        },
        LayoutCase("without a spacer a stack is its children's ideal widths", rule: Rule.idealWidths, 10, 3,
                   [" ┌─────┐", " │ab cd│", " └─────┘"]) {
            HStack { Text("ab"); Text("cd") }.border()
        },
        LayoutCase("with a spacer a stack takes all the width offered", rule: Rule.spacerExpands, 10, 3,
                   ["┌────────┐", "│ab    cd│", "└────────┘"]) {
            HStack { Text("ab"); Spacer(); Text("cd") }.border()
        },
        LayoutCase("an HStack is as tall as its tallest child", rule: Rule.idealWidths, 5, 5,
                   ["┌───┐", "│  1│", "│a 2│", "│  3│", "└───┘"]) {
            HStack { Text("a"); Text("1\n2\n3") }.border()
        },
        LayoutCase("a VStack is as wide as its widest child", rule: Rule.idealWidths, 5, 4,
                   ["┌───┐", "│ a │", "│abc│", "└───┘"]) {
            VStack { Text("a"); Text("abc") }.border()
        },
        LayoutCase("HStack(alignment: .top)", rule: Rule.alignmentInStack, 2, 3, ["1x", "2", "3"]) {
            HStack(alignment: .top, spacing: 0) { Text("1\n2\n3"); Text("x") }
        },
        LayoutCase("HStack(alignment: .center)", rule: Rule.alignmentInStack, 2, 3, ["1", "2x", "3"]) {
            HStack(alignment: .center, spacing: 0) { Text("1\n2\n3"); Text("x") }
        },
        LayoutCase("HStack(alignment: .bottom)", rule: Rule.alignmentInStack, 2, 3, ["1", "2", "3x"]) {
            HStack(alignment: .bottom, spacing: 0) { Text("1\n2\n3"); Text("x") }
        },
        LayoutCase("VStack(alignment: .leading)", rule: Rule.alignmentInStack, 3, 2, ["a", "bbb"]) {
            VStack(alignment: .leading) { Text("a"); Text("bbb") }
        },
        LayoutCase("VStack(alignment: .center)", rule: Rule.alignmentInStack, 3, 2, [" a", "bbb"]) {
            VStack(alignment: .center) { Text("a"); Text("bbb") }
        },
        LayoutCase("VStack(alignment: .trailing)", rule: Rule.alignmentInStack, 3, 2, ["  a", "bbb"]) {
            VStack(alignment: .trailing) { Text("a"); Text("bbb") }
        },
        LayoutCase("an odd leftover across an HStack goes below the child", rule: Rule.oddLeftover, 2, 2,
                   ["1x", "2"]) {
            HStack(spacing: 0) { Text("1\n2"); Text("x") }
        },
        LayoutCase("an odd leftover across a VStack goes right of the child", rule: Rule.oddLeftover, 5, 2,
                   [" ab", "xxxxx"]) {
            VStack { Text("ab"); Text("xxxxx") }
        },
        LayoutCase("an odd leftover around the root goes right of and below it", rule: Rule.oddLeftover, 5, 2,
                   [" ab", ""]) {
            Text("ab")
        },
        LayoutCase("a Group's children are the stack's children", rule: Rule.group, 5, 1, ["a b c"]) {
            HStack { Text("a"); Group { Text("b"); Text("c") } }
        },
        LayoutCase("ForEach's views are the stack's children", rule: Rule.group, 5, 1, ["0 1 2"]) {
            HStack { ForEach(0..<3) { Text("\($0)") } }
        },
        LayoutCase("flexible views share the width equally", rule: Rule.evenShares, 10, 1, ["4   3  3"]) {
            HStack(spacing: 0) { Width(); Width(); Width() }
        },
        LayoutCase("flexible views share what spacing leaves", rule: Rule.evenShares, 11, 1, ["3   3   3"]) {
            HStack(spacing: 1) { Width(); Width(); Width() }
        },
        LayoutCase("the least flexible child is sized first: a text keeps its width beside flexible views",
                   rule: Rule.flexibilityOrder, 10, 1, ["7      abc"]) {
            HStack(spacing: 0) { Width(); Text("abc") }
        },
        LayoutCase("a text between two flexible views is offered a third of the width", rule: Rule.thirdOfSpace,
                   30, 4, ["┌──────────┐Hello,┌──────────┐", "│          │world │          │",
                           "└──────────┘      └──────────┘", ""]) {
            HStack(spacing: 0) { Box(); Text("Hello, world"); Box() }
        },
        LayoutCase("a frame with a maximum is less flexible than an unbounded view and is sized first",
                   rule: Rule.flexibilityOrder, 20, 1, ["4   16"]) {
            HStack(spacing: 0) { Width().frame(maxWidth: 4); Width().frame(minWidth: 10) }
        },
        LayoutCase("of two unbounded views the one with the larger minimum is sized first", rule: Rule.unboundedTies,
                   10, 1, ["4   6"]) {
            HStack(spacing: 0) { Width(); Width().frame(minWidth: 6) }
        },
        LayoutCase("an odd share rounds up: the first of two flexible views gets the extra column",
                   rule: Rule.roundUp, 7, 1, ["4   3"]) {
            HStack(spacing: 0) { Width(); Width() }
        },
        LayoutCase("VStack: flexible views share the height equally", rule: Rule.evenShares, 3, 5,
                   ["3", "", "", "3", ""]) {
            VStack { Width(); Width() }
        },
    ]
}
