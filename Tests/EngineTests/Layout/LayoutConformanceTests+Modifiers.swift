import Testing
@testable import Engine

/// fixedSize: a view at its ideal size.
enum FixedSizeCases {
    static let all: [LayoutCase] = [
        LayoutCase("a fixed-size text keeps its width in a narrow stack; its sibling gets the rest",
                   rule: Rule.fixedSize, 8, 1, ["abcdefg…"]) {
            HStack(spacing: 0) { Text("abcdef").lineLimit(1).fixedSize(); Text("ghijkl").lineLimit(1) }
        },
        LayoutCase("a fixed-size text in a narrower frame is cut, not wrapped", rule: Rule.childCut, 5, 1, ["hello"]) {
            Text("hello world").fixedSize().frame(width: 5)
        },
        LayoutCase("fixedSize(horizontal:) keeps a text on one line", rule: Rule.fixedSizeAxes, 3, 1, ["aaa"]) {
            Text("aaa bbb").fixedSize(horizontal: true, vertical: false).frame(width: 3)
        },
        LayoutCase("without fixedSize that text wraps and is cut to the row with …", rule: Rule.lineLimit, 3, 1,
                   ["aa…"]) {
            Text("aaa bbb").frame(width: 3)
        },
        LayoutCase("fixedSize(vertical:) keeps all of a text's lines (cut by the frame, not truncated)",
                   rule: Rule.fixedSizeAxes, 3, 2, ["aaa", "bbb"]) {
            VStack { Text("aaa bbb ccc").fixedSize(horizontal: false, vertical: true) }.frame(width: 3, height: 2)
        },
        LayoutCase("a text offered fewer rows than it needs is truncated to them", rule: Rule.lineLimit, 3, 2,
                   ["aaa", "bb…"]) {
            VStack { Text("aaa bbb ccc") }.frame(width: 3, height: 2)
        },
        LayoutCase("fixedSize on an infinite frame gives its content's ideal size", rule: Rule.fixedSize, 10, 3,
                   ["   ┌──┐", "   │ab│", "   └──┘"]) {
            Text("ab").frame(maxWidth: .infinity).fixedSize().border()
        },
        LayoutCase("a fixed-size VStack is as wide as its widest text; its divider takes that width",
                   rule: Rule.divider, 5, 2, [" abc", " ───"]) {
            VStack { Text("abc"); Divider() }.fixedSize()
        },
    ]
}

/// Padding and borders.
enum InsetCases {
    static let all: [LayoutCase] = [
        LayoutCase("padding on every edge", rule: Rule.padding, 6, 5, ["┌────┐", "│    │", "│ ab │", "│    │", "└────┘"]) {
            Text("ab").padding(1).border()
        },
        LayoutCase("padding on the leading edge", rule: Rule.padding, 6, 3, ["┌────┐", "│  ab│", "└────┘"]) {
            Text("ab").padding(.leading, 2).border()
        },
        LayoutCase("padding widens a child of an HStack", rule: Rule.padding, 4, 1, [" a b"]) {
            HStack(spacing: 0) { Text("a").padding(.horizontal, 1); Text("b") }
        },
        LayoutCase("padding heightens a child of a VStack", rule: Rule.padding, 1, 4, ["", "a", "", "b"]) {
            VStack { Text("a").padding(.vertical, 1); Text("b") }
        },
        LayoutCase("padding takes its length from what a flexible view is offered", rule: Rule.padding, 10, 1,
                   ["  6"]) {
            Width().padding(.horizontal, 2)
        },
        LayoutCase("a padded stack with a spacer", rule: Rule.padding, 7, 1, [" a   b"]) {
            HStack { Text("a"); Spacer(); Text("b") }.padding(.horizontal, 1)
        },
        LayoutCase("padding around an infinite frame", rule: Rule.padding, 7, 3, ["┌─────┐", "│  a  │", "└─────┘"]) {
            Text("a").frame(maxWidth: .infinity).padding(.horizontal, 1).border()
        },
        LayoutCase("padding larger than the screen leaves its content no room", rule: Rule.textMinimum, 3, 1, [""]) {
            Text("ab").padding(2)
        },
        LayoutCase("padding outside a border", rule: Rule.padding, 5, 5, ["", " ┌─┐", " │a│", " └─┘", ""]) {
            Text("a").border().padding(1)
        },
        LayoutCase("a border adds one cell on each side", rule: Rule.border, 3, 3, ["┌─┐", "│a│", "└─┘"]) {
            Text("a").border()
        },
        LayoutCase("a bordered child of an HStack", rule: Rule.border, 4, 3, ["┌─┐", "│a│b", "└─┘"]) {
            HStack(spacing: 0) { Text("a").border(); Text("b") }
        },
        LayoutCase("a bordered flexible child of an HStack takes what the text leaves", rule: Rule.flexibilityOrder,
                   8, 3, ["  ┌────┐", "ab│ x  │", "  └────┘"]) {
            HStack(spacing: 0) { Text("ab"); Text("x").frame(maxWidth: .infinity).border() }
        },
        LayoutCase("a border around an empty text", rule: Rule.border, 2, 3, ["┌┐", "││", "└┘"]) {
            Text("").border()
        },
        LayoutCase("a border offers its content two columns less", rule: Rule.border, 5, 4,
                   ["┌───┐", "│aaa│", "│bbb│", "└───┘"]) {
            Text("aaa bbb").border()
        },
    ]
}

/// ZStack, overlay and background.
enum LayerCases {
    static let all: [LayoutCase] = [
        LayoutCase("a ZStack is as large as its largest child; later children on top", rule: Rule.zstackOrder, 5, 4,
                   ["┌───┐", "│a1c│", "│ 2 │", "└───┘"]) {
            ZStack { Text("abc"); Text("1\n2") }.border()
        },
        LayoutCase("ZStack(alignment: .topLeading)", rule: Rule.zstackAlignment, 3, 2, ["Xbc", "def"]) {
            ZStack(alignment: .topLeading) { Text("abc\ndef"); Text("X") }
        },
        LayoutCase("ZStack(alignment: .bottomTrailing)", rule: Rule.zstackAlignment, 3, 2, ["abc", "deX"]) {
            ZStack(alignment: .bottomTrailing) { Text("abc\ndef"); Text("X") }
        },
        LayoutCase("a ZStack centres its children", rule: Rule.zstackAlignment, 3, 1, ["aXc"]) {
            ZStack { Text("abc"); Text("X") }
        },
        LayoutCase("a ZStack with a flexible child takes what it is offered", rule: Rule.zstackOrder, 6, 3,
                   ["┌────┐", "│ hi │", "└────┘"]) {
            ZStack { Box(); Text("hi") }
        },
        LayoutCase("a ZStack in an HStack is as wide as its widest child", rule: Rule.zstackOrder, 5, 1, ["abcd|"]) {
            HStack(spacing: 0) { ZStack { Text("ab"); Text("abcd") }; Text("|") }
        },
        LayoutCase("an overlay is centred on the view", rule: Rule.overlay, 4, 1, ["aXcd"]) {
            Text("abcd").overlay { Text("X") }
        },
        LayoutCase("overlay(alignment: .trailing)", rule: Rule.overlay, 4, 1, ["abcX"]) {
            Text("abcd").overlay(alignment: .trailing) { Text("X") }
        },
        LayoutCase("overlay(alignment: .leading)", rule: Rule.overlay, 4, 1, ["Xbcd"]) {
            Text("abcd").overlay(alignment: .leading) { Text("X") }
        },
        LayoutCase("several views in an overlay are stacked as in a ZStack", rule: Rule.overlayStack, 4, 1, ["YZcd"]) {
            Text("abcd").overlay(alignment: .leading) { Text("X"); Text("YZ") }
        },
        LayoutCase("overlay(alignment: .bottom) on a taller view", rule: Rule.overlayStack, 1, 3, ["a", "b", "X"]) {
            Text("a\nb\nc").overlay(alignment: .bottom) { Text("X") }
        },
        LayoutCase("an overlay is offered the view's size and does not change it", rule: Rule.overlay, 3, 1, ["W…|"]) {
            HStack(spacing: 0) { Text("ab").overlay { Text("WXYZ").lineLimit(1) }; Text("|") }
        },
        LayoutCase("a background is drawn behind the view", rule: Rule.background, 4, 1, ["=ab="]) {
            Text("ab").padding(.horizontal, 1).background { Text("====") }
        },
        LayoutCase("a background does not change the view's size", rule: Rule.background, 3, 1, ["ab|"]) {
            HStack(spacing: 0) { Text("ab").background { Text("=====").lineLimit(1) }; Text("|") }
        },
    ]
}

/// Dividers and hidden views.
enum DividerCases {
    static let all: [LayoutCase] = [
        LayoutCase("in a VStack a divider runs across the width", rule: Rule.divider, 7, 3,
                   [" above", "───────", " below"]) {
            VStack { Text("above"); Divider(); Text("below") }
        },
        LayoutCase("in an HStack a divider runs down the height", rule: Rule.divider, 5, 3, ["  │", "l │ r", "  │"]) {
            HStack { Text("l"); Divider(); Text("r") }
        },
        LayoutCase("outside a stack a divider is horizontal", rule: Rule.divider, 4, 3, ["", "────", ""]) {
            Divider()
        },
        LayoutCase("a divider makes a VStack as wide as it is offered", rule: Rule.divider, 6, 4,
                   ["┌────┐", "│ a  │", "│────│", "└────┘"]) {
            VStack { Text("a"); Divider() }.border()
        },
        LayoutCase("a VStack with a divider is a flexible child of an HStack", rule: Rule.divider, 10, 2,
                   ["   a   bcd", "───────"]) {
            HStack(spacing: 0) { VStack { Text("a"); Divider() }; Text("bcd") }
        },
        LayoutCase("an HStack with a divider in a VStack takes the rows its sibling leaves", rule: Rule.divider, 5, 3,
                   ["a │ b", "  │", "  c"]) {
            VStack { HStack { Text("a"); Divider(); Text("b") }; Text("c") }
        },
        LayoutCase("a hidden view keeps its width", rule: Rule.hidden, 4, 1, ["  cd"]) {
            HStack(spacing: 0) { Text("ab").hidden(); Text("cd") }
        },
        LayoutCase("a hidden view keeps its height", rule: Rule.hidden, 1, 2, ["", "b"]) {
            VStack { Text("a").hidden(); Text("b") }
        },
        LayoutCase("a hidden flexible view takes its share", rule: Rule.hidden, 8, 1, ["    4"]) {
            HStack(spacing: 0) { Width().hidden(); Width() }
        },
    ]
}
