import Engine
import Foundation

/// An image drawn three ways, in any terminal: half blocks (tmux, SSH,
/// anything with colour), the kitty graphics protocol or sixel where the
/// terminal has it. ← → switch the picture; ↑ ↓ move it; `+`/`-` change its
/// height; `q` quits.
///
///     swift run gallery              # a generated picture
///     swift run gallery photo.png    # or a PNG/JPEG file
@main
struct GalleryApp: App {
    var body: some View { Gallery() }
}

struct Gallery: View {
    @State private var index = 0
    @State private var height = 12
    @State private var offset = 0
    @Environment(\.terminal) private var terminal
    @Environment(\.terminalGraphics) private var graphics

    var body: some View {
        let picture = Pictures.all[index % Pictures.all.count]
        VStack(alignment: .leading, spacing: 1) {
            Text("\(picture.name) — \(picture.image.width)×\(picture.image.height) px, drawn with "
                + Self.name(of: graphics.method)).bold()
            HStack(alignment: .top, spacing: 2) {
                Image(picture.image, label: Text(picture.name)).resizable().scaledToFit().frame(height: height)
                Image(decorative: picture.image).resizable().interpolation(.none).scaledToFit()
                    .frame(height: Swift.max(2, height / 2))
            }
            .padding(.top, offset)
            Text("← → picture   ↑ ↓ move   + − size   q quit").foregroundColor(.brightBlack)
        }
        .padding(1)
        .focusable()
        .onKeyPress(.right) { index += 1; return .handled }
        .onKeyPress(.left) { index += Pictures.all.count - 1; return .handled }
        .onKeyPress(.down) { offset = Swift.min(offset + 1, 20); return .handled }
        .onKeyPress(.up) { offset = Swift.max(offset - 1, 0); return .handled }
        .onKeyPress("+") { height = Swift.min(height + 2, 40); return .handled }
        .onKeyPress("-") { height = Swift.max(height - 2, 2); return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }

    static func name(of method: TerminalGraphics.Method) -> String {
        switch method {
        case .halfBlocks: "half blocks"
        case .kitty: "kitty graphics"
        case .sixel: "sixel"
        }
    }
}

/// The pictures shown: a file from the command line, then generated ones.
enum Pictures {
    struct Picture {
        var name: String
        var image: PixelImage
    }

    static let all: [Picture] = fromArguments() + [
        Picture(name: "sunset", image: generate(160, 96) { x, y, w, h in
            let sky = Double(y) / Double(h)
            let dx = Double(x - w / 2), dy = Double(y - h * 2 / 3)
            if dx * dx + dy * dy < Double(h * h) / 25 { return (255, 210, 80) }
            if y > h * 2 / 3 { return (20, UInt8(40 + 60 * sky), 90) }
            return (UInt8(250 - 80 * sky), UInt8(120 - 60 * sky), UInt8(80 + 100 * sky))
        }),
        Picture(name: "checkerboard", image: generate(64, 64) { x, y, _, _ in
            (x / 8 + y / 8) % 2 == 0 ? (240, 240, 240) : (30, 30, 120)
        }),
        Picture(name: "hues", image: generate(180, 60) { x, y, w, h in
            hue(Double(x) / Double(w), brightness: 1 - Double(y) / Double(h) / 2)
        }),
    ]

    private static func fromArguments() -> [Picture] {
        CommandLine.arguments.dropFirst().compactMap { path in
            guard let data = readFile(path), let image = try? PixelImage(data: data) else { return nil }
            return Picture(name: path, image: image)
        }
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    static func generate(_ width: Int, _ height: Int,
                         _ color: (Int, Int, Int, Int) -> (UInt8, UInt8, UInt8)) -> PixelImage {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y, width, height)
                rgba += [r, g, b, 255]
            }
        }
        return try! PixelImage(width: width, height: height, rgba: rgba)
    }

    static func hue(_ h: Double, brightness v: Double) -> (UInt8, UInt8, UInt8) {
        let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
        let p = 0.0, q = v * (1 - f), t = v * f
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        return (UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }
}
