import Engine

/// A five-step sign-up wizard: name and email; address; a plan (buttons
/// that mark the one chosen); options (toggles); a review with Submit.
/// Next checks the step: each problem is shown under its field and focus
/// moves to the first one (`@FocusState`). Enter in a field moves to the
/// next field (in the last one, Next). Submit ends the app and prints a
/// summary; Esc, or `q` outside a text field, cancels with status 1.
@main
struct WizardApp: App {
    enum Step: Int { case account, address, plan, options, review }
    enum Plan: String, CaseIterable { case free = "Free", pro = "Pro", team = "Team" }
    enum Field: Hashable { case name, email, street, city, postcode, plan(Plan), newsletter, invoices, terms, next }

    @State private var step = Step.account
    @State private var name = ""
    @State private var email = ""
    @State private var street = ""
    @State private var city = ""
    @State private var postcode = ""
    @State private var plan: Plan?
    @State private var newsletter = false
    @State private var invoicesByEmail = true
    @State private var acceptsTerms = false
    @State private var problems: [Field: String] = [:]
    @FocusState private var focus: Field?
    @Environment(\.terminal) private var terminal

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            Text("Sign up · step \(step.rawValue + 1) of 5: \(title)").bold()
            VStack(alignment: .leading, spacing: 0) { page }
            HStack(spacing: 2) {
                if step != .account { Button("Back") { back() } }
                Button(step == .review ? "Submit" : "Next") { next() }.focused($focus, equals: .next)
            }
            Text("Tab moves · Enter in a field goes on · Esc cancels").dim()
        }
        .padding(1)
        .border(.rounded)
        .onKeyPress(.escape) { terminal.quit(1); return .handled }
        .onKeyPress("q") { terminal.quit(1); return .handled }
    }

    private var title: String {
        ["Who you are", "Where you live", "Your plan", "Options", "Review"][step.rawValue]
    }

    @ViewBuilder private var page: some View {
        switch step {
        case .account:
            field("Name", text: $name, .name, then: .email)
            field("Email", text: $email, .email, then: nil)
        case .address:
            field("Street", text: $street, .street, then: .city)
            field("City", text: $city, .city, then: .postcode)
            field("Postcode", text: $postcode, .postcode, then: nil)
        case .plan:
            ForEach(Plan.allCases, id: \.self) { choice in
                Button("\(plan == choice ? "(•)" : "( )") \(choice.rawValue)") { plan = choice }
                    .focused($focus, equals: .plan(choice))
            }
            problem(for: .plan(.free))
        case .options:
            Toggle("Send me the newsletter", isOn: $newsletter).focused($focus, equals: .newsletter)
            Toggle("Email me invoices", isOn: $invoicesByEmail).focused($focus, equals: .invoices)
            Toggle("I accept the terms", isOn: $acceptsTerms).focused($focus, equals: .terms)
            problem(for: .terms)
        case .review:
            ForEach(summary, id: \.self) { line in Text(line) }
        }
    }

    private func field(_ label: String, text: Binding<String>, _ field: Field, then following: Field?) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(label).frame(width: 9, alignment: .leading)
                TextField(label, text: text)
                    .focused($focus, equals: field)
                    .onSubmit { if let following { focus = following } else { next() } }
                    .frame(width: 32)
            }
            problem(for: field).padding(.leading, 10)
        }
    }

    @ViewBuilder private func problem(for field: Field) -> some View {
        if let problem = problems[field] { Text(problem).foregroundColor(.red) }
    }

    /// The fields of `step`, in order: focus goes to the first on arrival.
    private func fields(of step: Step) -> [Field] {
        switch step {
        case .account: [.name, .email]
        case .address: [.street, .city, .postcode]
        case .plan: Plan.allCases.map(Field.plan)
        case .options: [.newsletter, .invoices, .terms]
        case .review: [.next]
        }
    }

    private func check(_ step: Step) -> [Field: String] {
        var found: [Field: String] = [:]
        func require(_ value: String, _ field: Field, _ message: String) {
            if value.allSatisfy(\.isWhitespace) { found[field] = message }
        }
        switch step {
        case .account:
            require(name, .name, "Enter your name.")
            let parts = email.split(separator: "@")
            if parts.count != 2 || !parts[1].dropFirst().dropLast().contains(".") {
                found[.email] = "Enter an email address like ada@example.com."
            }
        case .address:
            require(street, .street, "Enter a street.")
            require(city, .city, "Enter a city.")
            require(postcode, .postcode, "Enter a postcode.")
        case .plan:
            if plan == nil { found[.plan(.free)] = "Choose a plan." }
        case .options:
            if !acceptsTerms { found[.terms] = "Accept the terms to go on." }
        case .review:
            break
        }
        return found
    }

    private func next() {
        problems = check(step)
        if let first = fields(of: step).first(where: { problems[$0] != nil }) {
            focus = first
        } else if let following = Step(rawValue: step.rawValue + 1) {
            step = following
            focus = fields(of: following).first
        } else {
            terminal.print((["Signed up:"] + summary).joined(separator: "\n"))
            terminal.quit()
        }
    }

    private func back() {
        guard let previous = Step(rawValue: step.rawValue - 1) else { return }
        problems = [:]
        step = previous
        focus = fields(of: previous).first
    }

    private var summary: [String] {
        let options = [newsletter ? "newsletter" : nil, invoicesByEmail ? "invoices by email" : nil].compactMap { $0 }
        return ["  Name     \(name) <\(email)>", "  Address  \(street), \(city) \(postcode)",
                "  Plan     \(plan?.rawValue ?? "none")",
                "  Options  \(options.isEmpty ? "none" : options.joined(separator: ", "))"]
    }
}
