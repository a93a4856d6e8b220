/// Whether a part of a view is shown: a confirmation dialog's title.
public enum Visibility: Hashable, CaseIterable, Sendable {
    /// The view chooses (a dialog's title is shown).
    case automatic
    /// Shown.
    case visible
    /// Not shown.
    case hidden
}

/// One button of an alert or a confirmation dialog, read from the
/// ``Button`` written in its actions builder.
struct DialogButton {
    var role: ButtonRole?
    var action: () -> Void
    var label: AnyView
}

/// A view that is a dialog's button when written in its actions builder.
@MainActor
protocol DialogButtonSource {
    var dialogButton: DialogButton { get }
}

extension Button: DialogButtonSource {
    var dialogButton: DialogButton { DialogButton(role: role, action: action, label: AnyView(label)) }
}

/// What an alert or a dialog shows below its title and message: the
/// views of its actions builder that are not buttons (a text field), then
/// its buttons, arranged and with the one to focus first chosen
/// (<doc:Presentation> gives the rules).
@MainActor
struct DialogActions {
    /// An alert lays its buttons out in a row; a confirmation dialog in a column.
    enum Kind { case alert, confirmationDialog }

    var fields: [AnyView] = []
    /// In the order they are drawn: left to right (an alert), top to bottom (a dialog).
    var buttons: [DialogButton] = []
    /// Which of ``buttons`` takes focus when the dialog appears.
    var focusedButton = 0
    /// The cancel button's action (Esc runs it), if there is one.
    var cancelAction: (() -> Void)?

    init(_ list: ViewList, kind: Kind) {
        var cancel: DialogButton?
        var others: [DialogButton] = []
        for element in list.elements {
            if let source = element.value as? any DialogButtonSource {
                let button = source.dialogButton
                if button.role == .cancel && cancel == nil { cancel = button } else { others.append(button) }
            } else {
                fields.append(element.view)
            }
        }
        switch kind {
        case .alert:
            // SwiftUI: "If no actions are present, the system includes a
            // standard 'OK' action."
            if cancel == nil && others.isEmpty { others = [DialogButton(role: nil, action: {}, label: AnyView(Text("OK")))] }
        case .confirmationDialog:
            // A dialog always has a way out: a Cancel when none is given.
            if cancel == nil { cancel = DialogButton(role: .cancel, action: {}, label: AnyView(Text("Cancel"))) }
        }
        // The cancel button goes first in an alert's row (leading, as
        // Apple's two-button alerts put it) and last in a dialog's column
        // (as an action sheet puts it); the others keep their order.
        if let cancel {
            buttons = kind == .alert ? [cancel] + others : others + [cancel]
            cancelAction = cancel.action
        } else {
            buttons = others
        }
        // Focus: the first button that neither cancels nor destroys (Enter
        // confirms the ordinary choice), else the cancel button (Enter
        // never destroys by default), else the first.
        if let i = buttons.firstIndex(where: { $0.role == nil }) {
            focusedButton = i
        } else if let i = buttons.firstIndex(where: { $0.role == .cancel }) {
            focusedButton = i
        }
    }

    /// Picks the control to focus from the dialog's focus order: the first
    /// field when there is one (a text field is what the dialog is for),
    /// else the chosen button (the buttons are the last stops: they are
    /// drawn below everything else).
    func initialFocus(in order: [ViewNode]) -> ViewNode? {
        let firstButton = order.count - buttons.count
        guard firstButton >= 0 else { return order.first }
        return firstButton > 0 ? order.first : order[firstButton + focusedButton]
    }
}

/// An alert's or a dialog's panel: title, message, fields and buttons.
struct DialogPanel: View {
    var title: String?
    var message: AnyView?
    var actions: DialogActions
    var kind: DialogActions.Kind
    var dismiss: () -> Void

    var body: some View {
        let actions = self.actions, dismiss = self.dismiss
        return VStack(alignment: .center, spacing: 1) {
            if let title { Text(title).bold() }
            if let message { message }
            if !actions.fields.isEmpty {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(actions.fields.indices, id: \.self) { actions.fields[$0] }
                }
            }
            if kind == .alert {
                HStack(spacing: 2) { DialogButtons(buttons: actions.buttons, dismiss: dismiss) }
            } else {
                VStack(alignment: .center, spacing: 0) { DialogButtons(buttons: actions.buttons, dismiss: dismiss) }
            }
        }
    }
}

/// A dialog's buttons: each runs its action, then dismisses the dialog
/// (SwiftUI's order: the action may need what the dismissal clears).
struct DialogButtons: View {
    var buttons: [DialogButton]
    var dismiss: () -> Void

    var body: some View {
        let buttons = self.buttons, dismiss = self.dismiss
        return ForEach(buttons.indices, id: \.self) { i in
            Button(role: buttons[i].role, action: {
                buttons[i].action()
                dismiss()
            }) { buttons[i].label }
        }
    }
}

extension View {
    /// Presents a dialog (an alert or a confirmation dialog) while `isPresented`.
    /// (`content` is nil while the dialog is not presented: its builders
    /// are not called then.)
    fileprivate consuming func presentDialog(_ kind: DialogActions.Kind, title: String?, isPresented: Binding<Bool>,
                                             content: (actions: ViewList, message: AnyView?)?)
        -> SheetPresenter<Self, DialogPanel> {
        guard let content else {
            return SheetPresenter(content: self, sheet: nil, dismiss: { isPresented.wrappedValue = false })
        }
        let (list, message) = content
        let actions = DialogActions(list, kind: kind)
        let dismiss = { isPresented.wrappedValue = false }
        let cancel = actions.cancelAction
        return SheetPresenter(content: self,
                              sheet: DialogPanel(title: title, message: message, actions: actions, kind: kind,
                                                 dismiss: dismiss),
                              dismiss: {
                                  // Esc presses the cancel button: its action, then the dismissal.
                                  cancel?()
                                  dismiss()
                              },
                              initialFocus: { actions.initialFocus(in: $0) })
    }
}

// MARK: - Alerts

extension View {
    /// Presents an alert while `isPresented` is true: a title and the
    /// buttons of `actions`.
    ///
    /// ```swift
    /// .alert("Delete 3 files?", isPresented: $confirm) {
    ///     Button("Delete", role: .destructive) { delete() }
    ///     Button("Cancel", role: .cancel) {}
    /// }
    /// ```
    ///
    /// Each ``Button`` in `actions` becomes one of the alert's buttons: it
    /// runs its action, then sets `isPresented` to false (SwiftUI's order).
    /// With no buttons the alert has an "OK" button. Esc presses the
    /// button whose role is ``ButtonRole/cancel`` (or, with none, only
    /// dismisses). Other views in `actions` (a text field) are shown above
    /// the buttons. The buttons form one row, the cancel button first;
    /// focus starts on the first button that neither cancels nor destroys,
    /// else on the cancel button (<doc:Presentation>).
    public consuming func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                  @ViewBuilder actions: () -> A) -> some View {
        presentDialog(.alert, title: String(title), isPresented: isPresented,
                      content: isPresented.wrappedValue ? (ViewList(actions()), nil) : nil)
    }

    /// Presents an alert with a message (usually a ``Text``) under its title.
    ///
    /// ```swift
    /// .alert("Delete 3 files?", isPresented: $confirm) {
    ///     Button("Delete", role: .destructive) { delete() }
    /// } message: {
    ///     Text("This cannot be undone.")
    /// }
    /// ```
    public consuming func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                           @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View {
        presentDialog(.alert, title: String(title), isPresented: isPresented,
                      content: isPresented.wrappedValue ? (ViewList(actions()), AnyView(message())) : nil)
    }

    /// Presents an alert built from `data` while `isPresented` is true and
    /// `data` is not nil; the buttons' actions get the data.
    ///
    /// ```swift
    /// .alert("Delete?", isPresented: $showDelete, presenting: selected) { item in
    ///     Button("Delete \(item.name)", role: .destructive) { delete(item) }
    /// }
    /// ```
    ///
    /// The alert shows the data of the frame it is drawn in (SwiftUI keeps
    /// the data it was first presented with).
    public consuming func alert<S: StringProtocol, A: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                     @ViewBuilder actions: (T) -> A) -> some View {
        let item = isPresented.wrappedValue ? data : nil
        return presentDialog(.alert, title: String(title), isPresented: isPresented,
                             content: item.map { (ViewList(actions($0)), nil) })
    }

    /// Presents an alert with a message, built from `data` while
    /// `isPresented` is true and `data` is not nil.
    public consuming func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>,
                                                              presenting data: T?,
                                                              @ViewBuilder actions: (T) -> A,
                                                              @ViewBuilder message: (T) -> M) -> some View {
        let item = isPresented.wrappedValue ? data : nil
        return presentDialog(.alert, title: String(title), isPresented: isPresented,
                             content: item.map { (ViewList(actions($0)), AnyView(message($0))) })
    }
}

// MARK: - Confirmation dialogs

extension View {
    /// Presents a confirmation dialog while `isPresented` is true: a column
    /// of the buttons of `actions`, with a Cancel button when none of them
    /// has the ``ButtonRole/cancel`` role.
    ///
    /// ```swift
    /// .confirmationDialog("Discard the draft?", isPresented: $confirm) {
    ///     Button("Discard", role: .destructive) { discard() }
    ///     Button("Save as Draft") { save() }
    /// }
    /// ```
    ///
    /// As in an alert, a button runs its action and then dismisses, and Esc
    /// presses the cancel button. The buttons are stacked in the order
    /// written, the cancel button last; focus starts as in an alert.
    /// `titleVisibility` `.automatic` shows the title.
    public consuming func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                               titleVisibility: Visibility = .automatic,
                                                               @ViewBuilder actions: () -> A) -> some View {
        presentDialog(.confirmationDialog, title: titleVisibility == .hidden ? nil : String(title),
                      isPresented: isPresented,
                      content: isPresented.wrappedValue ? (ViewList(actions()), nil) : nil)
    }

    /// Presents a confirmation dialog with a message under its title.
    public consuming func confirmationDialog<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                                        titleVisibility: Visibility = .automatic,
                                                                        @ViewBuilder actions: () -> A,
                                                                        @ViewBuilder message: () -> M) -> some View {
        presentDialog(.confirmationDialog, title: titleVisibility == .hidden ? nil : String(title),
                      isPresented: isPresented,
                      content: isPresented.wrappedValue ? (ViewList(actions()), AnyView(message())) : nil)
    }

    /// Presents a confirmation dialog built from `data` while `isPresented`
    /// is true and `data` is not nil.
    public consuming func confirmationDialog<S: StringProtocol, A: View, T>(_ title: S, isPresented: Binding<Bool>,
                                                                  titleVisibility: Visibility = .automatic,
                                                                  presenting data: T?,
                                                                  @ViewBuilder actions: (T) -> A) -> some View {
        let item = isPresented.wrappedValue ? data : nil
        return presentDialog(.confirmationDialog, title: titleVisibility == .hidden ? nil : String(title),
                             isPresented: isPresented,
                             content: item.map { (ViewList(actions($0)), nil) })
    }

    /// Presents a confirmation dialog with a message, built from `data`
    /// while `isPresented` is true and `data` is not nil.
    public consuming func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        let item = isPresented.wrappedValue ? data : nil
        return presentDialog(.confirmationDialog, title: titleVisibility == .hidden ? nil : String(title),
                             isPresented: isPresented,
                             content: item.map { (ViewList(actions($0)), AnyView(message($0))) })
    }
}

// MARK: - The deprecated alert

extension View {
    /// Presents an alert with an array of actions and a string message.
    @available(*, deprecated, message: "use alert(_:isPresented:actions:message:) with Buttons in the actions builder")
    public func alert(_ title: String, isPresented: Binding<Bool>, actions: [AlertAction] = [AlertAction("OK") {}],
                      message: String? = nil) -> some View {
        let buttons = ForEach(actions.indices, id: \.self) { i in
            Button(actions[i].title, role: actions[i].role, action: actions[i].action)
        }
        return presentDialog(.alert, title: title, isPresented: isPresented,
                             content: isPresented.wrappedValue ? (ViewList(buttons), message.map { AnyView(Text($0)) }) : nil)
    }
}

/// A button of an alert (the deprecated array form).
@available(*, deprecated, message: "use Button(_:role:action:) in the alert's actions builder")
public struct AlertAction {
    public var title: String
    public var role: ButtonRole?
    public var action: () -> Void
    public init(_ title: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.title = title
        self.role = role
        self.action = action
    }
}
