import Engine

/// A settings browser: a list of panes, each a form, in a navigation
/// stack. Enter (or a click) opens a pane, Esc (or a click on `‹`) goes
/// back, `Done` in the accent screen dismisses it; `q` quits. The root
/// shows the current settings, so what a pane changed is seen on return.
@main
struct SettingsApp: App {
    enum Pane: String, Hashable, CaseIterable {
        case display = "Display"
        case sound = "Sound"
        case about = "About"
    }

    /// The third level, reached from the display pane.
    struct AccentPicker: Hashable {}

    @State private var path = NavigationPath()
    @State private var darkMode = false
    @State private var brightness = 5
    @State private var accent = "blue"
    @State private var reduceMotion = false
    @State private var showAdvanced = false
    @State private var soundOn = true
    @State private var volume = 7
    @Environment(\.terminal) private var terminal

    var body: some View {
        NavigationStack(path: $path) {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(Pane.allCases, id: \.self) { pane in
                    NavigationLink(pane.rawValue, value: pane)
                }
                Text(" ")
                Text("dark=\(darkMode ? "on" : "off") brightness=\(brightness) accent=\(accent)")
                Text("sound=\(soundOn ? "on" : "off") volume=\(volume)")
                Text(" ")
                Text("Enter opens · Esc goes back · q quits").dim()
            }
            .navigationTitle("Settings")
            .navigationDestination(for: Pane.self) { pane in
                switch pane {
                case .display: display
                case .sound: sound
                case .about: about
                }
            }
            .navigationDestination(for: AccentPicker.self) { _ in
                AccentScreen(accent: $accent)
            }
        }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }

    private var display: some View {
        Form {
            Section("Screen") {
                Toggle("Dark mode", isOn: $darkMode)
                Stepper("Brightness", value: $brightness, in: 0...10)
                LabeledContent("Accent") { NavigationLink(accent, value: AccentPicker()) }
            }
            Section {
                DisclosureGroup("Advanced", isExpanded: $showAdvanced) {
                    Toggle("Reduce motion", isOn: $reduceMotion)
                    LabeledContent("Refresh rate", value: "60 Hz")
                }
            } header: {
                Text("Options")
            } footer: {
                Text("Changes apply at once.")
            }
        }
        .navigationTitle("Display")
    }

    private var sound: some View {
        Form {
            Section("Output") {
                Toggle("Sound", isOn: $soundOn)
                Stepper("Volume", value: $volume, in: 0...10)
            }
        }
        .navigationTitle("Sound")
    }

    private var about: some View {
        Form {
            Section("This app") {
                LabeledContent("Name", value: "settings")
                LabeledContent("Built with", value: "Engine")
                LabeledContent("Screens", value: "Settings, Display, Sound, About, Accent")
            }
        }
        .navigationTitle("About")
    }
}

/// Picks the accent colour; `Done` dismisses the screen.
struct AccentScreen: View {
    @Binding var accent: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(["blue", "green", "red"], id: \.self) { colour in
                Button("\(accent == colour ? "(•)" : "( )") \(colour)") { accent = colour }
            }
            Text(" ")
            Button("Done") { dismiss() }
        }
        .navigationTitle("Accent")
    }
}
