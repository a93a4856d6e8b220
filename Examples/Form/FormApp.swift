import Engine

/// A sign-up form: name, email, password (secure), a plan picker, a
/// newsletter toggle, and Submit / Reset buttons. Tab and Shift-Tab move
/// through the fields in reading order; Enter in a field moves to the next;
/// Submit validates and shows the result in an alert (Esc or Enter
/// dismisses it). `q` (outside a field) or Ctrl-C quits.
@main
struct FormApp: App {
    enum Field: Hashable { case name, email, password }
    enum Plan: Hashable { case free, pro, team }

    @State private var name = ""
    @State private var email = ""
    @State private var password = ""
    @State private var plan = Plan.free
    @State private var newsletter = true
    @State private var showResult = false
    @State private var problems: [String] = []
    @FocusState private var field: Field?
    @Environment(\.terminal) private var terminal

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            Text("Create an account").bold()
            row("Name") {
                TextField("Ada Lovelace", text: $name).focused($field, equals: .name)
                    .onSubmit { field = .email }
            }
            row("Email") {
                TextField("ada@example.com", text: $email).focused($field, equals: .email)
                    .onSubmit { field = .password }
            }
            row("Password") {
                SecureField("8 characters or more", text: $password).focused($field, equals: .password)
                    .onSubmit { submit() }
            }
            Picker("Plan", selection: $plan) {
                Text("Free").tag(Plan.free)
                Text("Pro").tag(Plan.pro)
                Text("Team").tag(Plan.team)
            }
            .pickerStyle(.segmented)
            Toggle("Send me the newsletter", isOn: $newsletter)
            HStack(spacing: 2) {
                Button("Submit") { submit() }
                Button("Reset", role: .destructive) { reset() }
            }
            Text("Tab / Shift-Tab move · Enter submits a field · q quits").dim()
        }
        .padding(1)
        .border(.rounded)
        .alert(problems.isEmpty ? "Welcome, \(name)!" : "Please fix:", isPresented: $showResult) {
            Button("OK") { if problems.isEmpty { reset() } }
        } message: {
            Text(problems.isEmpty ? "Account created (plan: \(plan), newsletter: \(newsletter ? "yes" : "no"))."
                                  : problems.joined(separator: "\n"))
        }
        .onKeyPress("q") { terminal.quit(); return .handled }
        .onAppear { field = .name }
    }

    private func row<Content: View>(_ label: String, @ViewBuilder content: () -> Content) -> some View {
        HStack(spacing: 1) {
            Text(label).frame(width: 9, alignment: .leading)
            content().frame(width: 30)
        }
    }

    private func submit() {
        var found: [String] = []
        if name.trimmed.isEmpty { found.append("• a name is needed") }
        let parts = email.split(separator: "@")
        if parts.count != 2 || parts[1].split(separator: ".").count < 2 { found.append("• the email address looks wrong") }
        if password.count < 8 { found.append("• the password needs 8 characters or more") }
        problems = found
        showResult = true
    }

    private func reset() {
        name = ""
        email = ""
        password = ""
        plan = .free
        newsletter = true
        field = .name
    }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
