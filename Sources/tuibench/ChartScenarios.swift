import Engine

/// A canvas filling the screen with one point that moves each frame: what
/// a redrawn canvas costs when almost nothing in it changed (the closure
/// runs over the whole grid; the two cells that changed are repainted).
@MainActor
struct MovingPointCanvas: View {
    var frame: Int

    var body: some View {
        Canvas { context, size in
            guard size.width > 0, size.height > 0 else { return }
            // A diagonal walk that visits every column and wraps.
            context.point(x: frame % size.width, y: (frame / 3) % size.height, with: .green)
        }
    }
}

extension Scenarios {
    static func makeChart(_ name: String) -> Scenario? {
        guard name == "canvas" else { return nil }
        return Scenario(name: name, parameters: [:], root: { MovingPointCanvas(frame: $0) },
                        summary: "a braille canvas filling the screen; one point moves each frame")
    }
}
