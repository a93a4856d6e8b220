import Foundation
import Testing

@testable import Engine

/// The kitty graphics bytes checked in a real kitty: run under Xvfb, the
/// frame printed, the screen taken with `xwd` and its pixels counted.
/// Skipped where kitty, Xvfb or xwd is not installed.
@MainActor
@Suite("Kitty graphics in kitty (Xvfb)", .enabled(if: KittyScreen.available))
struct KittyEmulatorTests {
    /// A red 40 × 40 image, sent and placed by the encoder, shows as red
    /// pixels on kitty's screen; the cells around it stay black.
    @Test func kittyShowsThePlacedImage() throws {
        let red = testImage(40, 40) { _, _ in [230, 20, 20, 255] }
        let host = FramePipeline(columns: 30, rows: 8, capabilities: TerminalCapabilities(
            graphics: TerminalGraphics(method: .kitty, cellPixelWidth: 10, cellPixelHeight: 20)))
        host.render(VStack(alignment: .leading, spacing: 0) {
            Text("image:")
            Image(decorative: red)
        }.frame(width: 30, height: 8, alignment: .topLeading))
        #expect(kittyCommands(host.lastBytes).first?.hasPrefix("a=t,") == true)
        let shots = try KittyScreen.show(host.lastBytes)
        let reds = shots.map { $0.filter { $0.r > 180 && $0.g < 80 && $0.b < 80 }.count }.max() ?? 0
        // 4 × 2 cells of kitty's own cell size (about 9 × 18 at its default
        // font): over a thousand pixels. None if the image was not drawn.
        #expect(reds > 600, "red pixels: \(reds)")
    }
}

/// Runs kitty on a private Xvfb display and photographs it.
enum KittyScreen {
    static let tools = ["/usr/bin/kitty", "/usr/bin/Xvfb", "/usr/bin/xwd"]
    static let available = tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    struct Pixel { var r: UInt8, g: UInt8, b: UInt8 }

    /// Starts Xvfb and kitty printing `bytes`, and returns five screenshots
    /// taken 3 s apart (kitty renders in software there, slowly on a busy
    /// machine), each every pixel row by row. One shell
    /// script does it, each step under `timeout`, and marks its end with a
    /// file: the test polls for that file and never waits on a process.
    static func show(_ bytes: [UInt8]) throws -> [[Pixel]] {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitty-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let frame = dir.appendingPathComponent("frame.bin").path, shot = dir.appendingPathComponent("shot.xwd").path
        let done = dir.appendingPathComponent("done").path
        try Data(bytes).write(to: URL(fileURLWithPath: frame))
        let display = ":\(200 + Int(getpid() % 500))"
        let script = """
            Xvfb \(display) -screen 0 640x480x24 -nolisten tcp >/dev/null 2>&1 & x=$!
            sleep 1.5
            DISPLAY=\(display) timeout 30 kitty --config NONE -o background=#000000 -o foreground=#ffffff \\
                sh -c "cat '\(frame)'; sleep 30" >/dev/null 2>&1 & k=$!
            for n in 1 2 3 4 5; do
                sleep 3
                DISPLAY=\(display) timeout 5 xwd -root -silent -out '\(shot)'.$n
            done
            kill $k 2>/dev/null; kill $x 2>/dev/null; sleep 0.5; kill -9 $x 2>/dev/null
            touch '\(done)'
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: done) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
        }
        return try (1...5).map { try parseXWD(Array(Data(contentsOf: URL(fileURLWithPath: "\(shot).\($0)")))) }
    }

    struct BadScreenshot: Error {}

    /// The pixels of an X window dump (XWD version 7, 24 or 32 bits a
    /// pixel, blue first in memory as Xvfb writes it).
    static func parseXWD(_ d: [UInt8]) throws -> [Pixel] {
        guard d.count >= 100 else { throw BadScreenshot() }
        func field(_ i: Int) -> Int { Int(d[i * 4]) << 24 | Int(d[i * 4 + 1]) << 16 | Int(d[i * 4 + 2]) << 8 | Int(d[i * 4 + 3]) }
        let headerSize = field(0), width = field(4), height = field(5), bitsPerPixel = field(11)
        let bytesPerLine = field(12), colors = field(19)
        let step = bitsPerPixel / 8, start = headerSize + colors * 12
        guard step >= 3, d.count >= start + height * bytesPerLine else { throw BadScreenshot() }
        var pixels: [Pixel] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = start + y * bytesPerLine + x * step
                pixels.append(Pixel(r: d[i + 2], g: d[i + 1], b: d[i]))
            }
        }
        return pixels
    }
}
