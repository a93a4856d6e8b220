/// Steps a number up and down: `Label: ‹ 3 ›`; Left/Right or -/+ while
/// focused, clicks on the arrows. In a ``Form`` it is a labelled row: the
/// title in the form's label column, `‹ 3 ›` after it.
public struct Stepper: View {
    @Environment(\.formContext) private var form
    var title: String
    var value: Binding<Int>
    var range: ClosedRange<Int>
    var step: Int

    public init(_ title: String, value: Binding<Int>, in range: ClosedRange<Int> = Int.min...Int.max, step: Int = 1) {
        self.title = title
        self.value = value
        self.range = range
        self.step = max(1, step)
    }

    public var body: some View {
        let value = self.value, range = self.range, step = self.step
        func change(_ up: Bool) {
            let v = value.wrappedValue
            let (next, overflow) = up ? v.addingReportingOverflow(step) : v.subtractingReportingOverflow(step)
            value.wrappedValue = overflow ? (up ? range.upperBound : range.lowerBound)
                : min(max(next, range.lowerBound), range.upperBound)
        }
        return StepperFace(title: title, value: value.wrappedValue, form: form)
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]) else { return .ignored }
                switch press.key {
                case .right, .up, "+": change(true)
                case .left, .down, "-": change(false)
                default: return .ignored
                }
                return .handled
            }
    }
}

struct StepperFace: View, Equatable {
    var title: String
    var value: Int
    var form: FormContext
    @Environment(\.isFocused) private var isFocused
    @Environment(\.theme) private var theme
    nonisolated static func == (a: StepperFace, b: StepperFace) -> Bool {
        a.title == b.title && a.value == b.value && a.form == b.form
    }

    var body: some View {
        let number = Text("‹ \(value) ›")
            .foregroundColor(isFocused ? theme.focusForeground : .default)
            .backgroundColor(isFocused ? theme.focusBackground : .default)
        if form.isInForm {
            // A labelled row of the form: the title in its label column.
            GridRow {
                Text(title).padding(.leading, form.indent)
                number
            }
        } else {
            HStack(spacing: 1) {
                Text(title + ":")
                number
            }
        }
    }
}
