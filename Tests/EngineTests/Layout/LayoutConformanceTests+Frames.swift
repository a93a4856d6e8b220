import Testing
@testable import Engine

/// Frames: fixed, flexible, ideal, and the alignment of their content.
enum FrameCases {
    static func aligned(_ alignment: Alignment, _ name: String, _ rows: [String],
                        sourceLocation: SourceLocation = #_sourceLocation) -> LayoutCase {
        LayoutCase("a fixed frame aligned \(name)", rule: Rule.frameAlignment, 5, 5, rows,
                   sourceLocation: sourceLocation) {
            Text("x").frame(width: 3, height: 3, alignment: alignment).border()
        }
    }

    static let all: [LayoutCase] = [
        LayoutCase("a fixed frame is its size, its content centred", rule: Rule.frameFixed, 8, 3,
                   ["┌──────┐", "│  ab  │", "└──────┘"]) {
            Text("ab").frame(width: 6).border()
        },
        aligned(.topLeading, "top leading", ["┌───┐", "│x  │", "│   │", "│   │", "└───┘"]),
        aligned(.top, "top", ["┌───┐", "│ x │", "│   │", "│   │", "└───┘"]),
        aligned(.topTrailing, "top trailing", ["┌───┐", "│  x│", "│   │", "│   │", "└───┘"]),
        aligned(.leading, "leading", ["┌───┐", "│   │", "│x  │", "│   │", "└───┘"]),
        aligned(.center, "centre", ["┌───┐", "│   │", "│ x │", "│   │", "└───┘"]),
        aligned(.trailing, "trailing", ["┌───┐", "│   │", "│  x│", "│   │", "└───┘"]),
        aligned(.bottomLeading, "bottom leading", ["┌───┐", "│   │", "│   │", "│x  │", "└───┘"]),
        aligned(.bottom, "bottom", ["┌───┐", "│   │", "│   │", "│ x │", "└───┘"]),
        aligned(.bottomTrailing, "bottom trailing", ["┌───┐", "│   │", "│   │", "│  x│", "└───┘"]),
        LayoutCase("a fixed frame narrower than its text truncates it", rule: Rule.frameFixed, 6, 3,
                   ["┌────┐", "│abc…│", "└────┘"]) {
            Text("abcdef").lineLimit(1).frame(width: 4).border()
        },
        LayoutCase("a fixed frame narrower than its text wraps it", rule: Rule.frameFixed, 2, 2, ["aa", "bb"]) {
            Text("aa bb").frame(width: 2)
        },
        LayoutCase("a frame with only a width takes its content's height", rule: Rule.frameNone, 5, 4,
                   ["┌───┐", "│ a │", "│ b │", "└───┘"]) {
            Text("a\nb").frame(width: 3).border()
        },
        LayoutCase("a fixed height in a VStack", rule: Rule.frameFixed, 1, 4, ["", "a", "", "b"]) {
            VStack { Text("a").frame(height: 3); Text("b") }
        },
        LayoutCase("maxWidth: .infinity takes all the width offered", rule: Rule.frameMax, 7, 3,
                   ["┌─────┐", "│  a  │", "└─────┘"]) {
            Text("a").frame(maxWidth: .infinity).border()
        },
        LayoutCase("maxWidth: .infinity with leading alignment", rule: Rule.frameAlignment, 7, 3,
                   ["┌─────┐", "│a    │", "└─────┘"]) {
            Text("a").frame(maxWidth: .infinity, alignment: .leading).border()
        },
        LayoutCase("maxHeight: .infinity takes all the height offered", rule: Rule.frameMax, 3, 5,
                   ["┌─┐", "│ │", "│a│", "│ │", "└─┘"]) {
            Text("a").frame(maxHeight: .infinity).border()
        },
        LayoutCase("only a maximum: a larger proposal is clamped to it", rule: Rule.frameMax, 10, 3,
                   ["  ┌────┐", "  │ a  │", "  └────┘"]) {
            Text("a").frame(maxWidth: 4).border()
        },
        LayoutCase("only a maximum: a smaller proposal is taken whole", rule: Rule.frameMax, 8, 3,
                   ["┌──────┐", "│  ab  │", "└──────┘"]) {
            Text("ab").frame(maxWidth: 10).border()
        },
        LayoutCase("only a maximum: a view larger than the proposal keeps its size", rule: Rule.frameMax, 5, 1,
                   ["abcde"]) {
            HStack(spacing: 0) { Text("abcdef").fixedSize().frame(maxWidth: 8); Text("|") }
        },
        LayoutCase("only a minimum: a smaller view is raised to it", rule: Rule.frameMin, 9, 3,
                   [" ┌─────┐", " │  a  │", " └─────┘"]) {
            Text("a").frame(minWidth: 5).border()
        },
        LayoutCase("only a minimum: a view larger than the proposal gets the proposal", rule: Rule.frameMin, 5, 1,
                   ["abcd|"]) {
            HStack(spacing: 0) { Text("abcdef").fixedSize().frame(minWidth: 2); Text("|") }
        },
        LayoutCase("a minimum and a maximum: the proposal, clamped", rule: Rule.frameBoth, 12, 3,
                   ["  ┌──────┐", "  │  a   │", "  └──────┘"]) {
            Text("a").frame(minWidth: 2, maxWidth: 6).border()
        },
        LayoutCase("a minimum and a maximum: a proposal between them is taken", rule: Rule.frameBoth, 5, 3,
                   ["┌───┐", "│ a │", "└───┘"]) {
            Text("a").frame(minWidth: 2, maxWidth: 6).border()
        },
        LayoutCase("a minimum and a maximum: a larger view does not widen the frame", rule: Rule.frameBoth, 10, 3,
                   ["  ┌────┐", "  │abcd│", "  └────┘"]) {
            Text("abcdef").fixedSize().frame(minWidth: 2, maxWidth: 4).border()
        },
        LayoutCase("an ideal width answers a proposal without a width", rule: Rule.frameIdeal, 9, 3,
                   [" ┌─────┐", " │  a  │", " └─────┘"]) {
            Text("a").frame(idealWidth: 5).fixedSize().border()
        },
        LayoutCase("an ideal width between a minimum and a maximum", rule: Rule.frameIdeal, 9, 3,
                   [" ┌─────┐", " │  a  │", " └─────┘"]) {
            Text("a").frame(minWidth: 2, idealWidth: 5, maxWidth: 8).fixedSize().border()
        },
        LayoutCase("an ideal width does not replace a proposed width", rule: Rule.frameNone, 9, 3,
                   ["   ┌─┐", "   │a│", "   └─┘"]) {
            Text("a").frame(idealWidth: 5).border()
        },
        LayoutCase("the content is proposed the frame's maximum", rule: Rule.frameProposal, 7, 2, [" aaa", " bbb"]) {
            Text("aaa bbb").frame(maxWidth: 4)
        },
        LayoutCase("two infinite frames in a stack share its width", rule: Rule.evenShares, 10, 1, ["  a    b"]) {
            HStack(spacing: 0) { Text("a").frame(maxWidth: .infinity); Text("b").frame(maxWidth: .infinity) }
        },
        LayoutCase("fixed frames in a stack", rule: Rule.frameFixed, 6, 1, [" a  b"]) {
            HStack(spacing: 0) { Text("a").frame(width: 3); Text("b").frame(width: 3) }
        },
        LayoutCase("maxWidth: .infinity in a stack takes what a text leaves", rule: Rule.flexibilityOrder, 10, 3,
                   ["  ┌──────┐", "ab│  x   │", "  └──────┘"]) {
            HStack(spacing: 0) { Text("ab"); Text("x").frame(maxWidth: .infinity).border() }
        },
        LayoutCase("maxHeight: .infinity in a VStack takes what a text leaves", rule: Rule.flexibilityOrder, 3, 6,
                   ["┌─┐", "│ │", "│x│", "│ │", "└─┘", " a"]) {
            VStack(spacing: 0) { Text("x").frame(maxHeight: .infinity).border(); Text("a") }
        },
        LayoutCase("a minWidth frame in a stack is not shrunk below its minimum", rule: Rule.frameMin, 10, 3,
                   ["┌──────┐", "│  x   │a…", "└──────┘"]) {
            HStack(spacing: 0) { Text("x").frame(minWidth: 6).border(); Text("abcdefgh").lineLimit(1) }
        },
        LayoutCase("a minWidth frame and a maxWidth: .infinity frame share a stack", rule: Rule.frameMin, 12, 1,
                   ["  x     y"]) {
            HStack(spacing: 0) {
                Text("x").frame(minWidth: 5).frame(maxWidth: .infinity)
                Text("y").frame(minWidth: 8)
            }
        },
        LayoutCase("fixedSize() reads a frame's idealWidth in a stack", rule: Rule.frameIdeal, 12, 1, [" [  ab  ]|"]) {
            HStack(spacing: 0) {
                Text("[")
                Text("ab").frame(minWidth: 2, idealWidth: 6, maxWidth: .infinity).fixedSize()
                Text("]|")
            }
        },
        LayoutCase("fixedSize() clamps an ideal width above the maximum to it", rule: Rule.frameIdeal, 12, 1,
                   ["   [ ab ]"]) {
            HStack(spacing: 0) { Text("["); Text("ab").frame(idealWidth: 9, maxWidth: 4).fixedSize(); Text("]") }
        },
        LayoutCase("a minimum above the maximum: the minimum wins", rule: Rule.frameContradictory, 12, 3,
                   ["  ┌──────┐", "  │  a   │", "  └──────┘"]) {
            Text("a").frame(minWidth: 6, maxWidth: 2).border()
        },
        LayoutCase("a minimum above the maximum, unproposed: the minimum wins", rule: Rule.frameContradictory, 12, 1,
                   ["  [  a   ]"]) {
            HStack(spacing: 0) { Text("["); Text("a").frame(minWidth: 6, idealWidth: 1, maxWidth: 2).fixedSize(); Text("]") }
        },
    ]
}
