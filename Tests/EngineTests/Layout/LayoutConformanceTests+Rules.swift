/// The SwiftUI rules the conformance cases cite, quoted from Apple's
/// documentation (developer.apple.com) unless another source is named.
enum Rule {
    static let idealWidths = """
        Spacer: "SwiftUI sizes a stack that doesn't contain a spacer up to the combined ideal widths of the \
        content of the stack's child views"
        """
    static let spacerExpands = """
        Spacer: "a spacer expands horizontally as much as the stack allows, moving sibling views out of the way, \
        within the limits of the stack's size"
        """
    static let spacerLast = """
        Spacer: a spacer takes only what its siblings leave, down to its minLength (SwiftUI gives a spacer the \
        lowest layout priority), so a text next to one keeps its ideal width when it fits
        """
    static let spacerMinLength = "Spacer.minLength: \"The minimum length this spacer can be shrunk to, along the axis or axes of expansion\""
    static let spacerDefault = """
        choice: Spacer()'s minLength defaults to 0 cells (SwiftUI's nil means the platform's spacing between \
        views; in a stack the stack's own spacing already stands on each side of the spacer)
        """
    static let spacerAxes = """
        Spacer: "A flexible space that expands along the major axis of its containing stack layout, or on both \
        axes if not contained in a stack"
        """
    static let flexibilityOrder = """
        Field Guide, HStack: "Stacks always start by ordering their children according to flexibility … by \
        proposing a zero width and an infinite width"
        """
    static let thirdOfSpace = """
        Field Guide, HStack: "the text is the least flexible view, so the stack proposes a third of its \
        available space"
        """
    static let evenShares = """
        layoutPriority: "Views typically have a default priority of 0 which causes space to be apportioned evenly \
        to all sibling views"
        """
    static let unboundedTies = """
        Flexibility order: among views that are all unbounded, SwiftUI sizes the one with the larger minimum \
        first (its FlexibilityEstimate ordering)
        """
    static let priorityGroups = """
        layoutPriority: "A parent layout offers the child views with the highest layout priority all the space \
        offered to the parent minus the minimum space required for all its lower-priority children"
        """
    static let priorityShrinksLater = """
        layoutPriority: "Raising a view's layout priority encourages the higher priority view to shrink later when \
        the group is shrunk and stretch sooner when the group is stretched"
        """
    static let alignmentInStack = "HStack(alignment:): \"The guide for aligning the subviews in this stack\""
    static let stackSpacing = "HStack(spacing:): \"The distance between adjacent subviews\""
    static let defaultSpacing = "choice: default spacing is 1 column in an HStack, 0 rows in a VStack"
    static let oddLeftover = "choice: centring with an odd leftover puts the extra cell after the view (right of it, below it)"
    static let roundUp = "choice: an even share of a length that does not divide is rounded up, so earlier views get the extra cells"
    static let group = "Group: \"Use a group to collect multiple views into a single instance, without affecting the layout of those views\""
    static let frameFixed = "frame(width:height:alignment:): \"A view with fixed dimensions of width and height\""
    static let frameAlignment = "frame alignment: \"The alignment of this view inside the resulting frame\""
    static let frameBoth = "frame(minWidth:…): \"If both constraints are specified in a dimension, the frame unconditionally adopts the size proposed for it, clamped to the constraints\""
    static let frameNone = "frame(minWidth:…): \"If no minimum or maximum constraint is specified in a given dimension, the frame adopts the sizing behavior of its child in that dimension\""
    static let frameMin = """
        frame(minWidth:…): "If a minimum constraint is specified and the size proposed for the frame by the parent \
        is less than the size of this view, the proposed size, clamped to that minimum" (otherwise the view's size)
        """
    static let frameMax = """
        frame(minWidth:…): "If a maximum constraint is specified and the size proposed for the frame by the parent \
        is greater than the size of this view, the proposed size, clamped to that maximum" (otherwise the view's size)
        """
    static let frameIdeal = """
        frame(minWidth:…): "with any ideal dimensions specified replacing any corresponding unspecified dimensions \
        in the proposal"
        """
    static let frameProposal = """
        frame(minWidth:…): "The size proposed to this view is the size proposed to the frame, limited by any \
        constraints specified"
        """
    static let frameContradictory = """
        choice: bounds out of order (a minimum above the maximum, an ideal outside them) are put in order as \
        min ≤ ideal ≤ max with the minimum winning (SwiftUI logs "Contradictory frame constraints specified.")
        """
    static let fixedSize = "fixedSize(): \"Fixes this view at its ideal size\""
    static let fixedSizeAxes = "fixedSize(horizontal:vertical:): \"Fixes this view at its ideal size in the specified dimensions\""
    static let childCut = "choice: a view larger than its frame is cut to the frame at its leading / top edge (a cell belongs to one view)"
    static let padding = "padding(_:_:): \"A view that's padded by the specified amount on the specified edges\""
    static let border = "choice: a border is drawn around the view, one cell on each side (SwiftUI draws inside the bounds)"
    static let zstackOrder = "ZStack: \"later subviews appear 'on top' of earlier ones\""
    static let zstackAlignment = "ZStack(alignment:): \"The guide for aligning the subviews in this stack on both the x- and y-axes\""
    static let overlay = "overlay(alignment:content:): \"the original view continues to provide the layout characteristics for the resulting view\""
    static let overlayStack = """
        overlay(alignment:content:): alignment "The alignment that the modifier uses to position the implicit \
        ZStack that groups the foreground views"; "The last view that you list appears at the front of the stack"
        """
    static let background = "background(alignment:content:): \"Layers the views that you specify behind this view\""
    static let divider = """
        Divider: "When contained in a stack, the divider extends across the minor axis of the stack, or \
        horizontally when not in a stack"
        """
    static let hidden = "hidden(): hidden views \"remain in the view hierarchy and affect layout\""
    static let lineLimit = "lineLimit(_:): \"Sets the maximum number of lines that text can occupy in this view\""
    static let truncation = "Text.TruncationMode: \"place an ellipsis (…) at the truncation point … at the beginning, in the middle, or at the end\""
    static let textMinimum = """
        choice: a text offered no columns is one column wide and shows "…" (an empty text stays 0 wide); a text \
        is at least one line tall
        """
    static let geometryReader = "GeometryReader: \"returns a flexible preferred size to its parent layout\""
}
