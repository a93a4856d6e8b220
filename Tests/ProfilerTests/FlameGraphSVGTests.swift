import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Profiler
import Testing

@Suite("SVG flame graph")
struct FlameGraphSVGTests {
    /// A `<g class="f">` box as parsed back from the SVG.
    final class Box {
        var x = 0.0
        var width = 0.0
        var title = ""
        var text: String?
        var children: [Box] = []
    }

    /// Parses `svg` with XMLParser (which fails on malformed XML) and returns
    /// the top-level boxes, their nesting as in the document.
    final class BoxParser: NSObject, XMLParserDelegate {
        var roots: [Box] = []
        private var open: [Box] = []
        private var capturing: String?
        private var captured = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            switch element {
            case "g":
                open.append(Box())
            case "rect" where open.last.map { $0.width == 0 } ?? false:
                open.last!.x = Double(attributes["x"] ?? "") ?? -1
                open.last!.width = Double(attributes["width"] ?? "") ?? -1
            case "title", "text":
                capturing = element
                captured = ""
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if capturing != nil { captured += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == capturing, let box = open.last {
                if element == "title" { box.title = captured } else { box.text = captured }
                capturing = nil
            }
            if element == "g", let box = open.popLast() {
                if let parent = open.last { parent.children.append(box) } else { roots.append(box) }
            }
        }

        static func parse(_ svg: String) throws -> [Box] {
            let parser = XMLParser(data: Data(svg.utf8))
            let delegate = BoxParser()
            parser.delegate = delegate
            guard parser.parse() else {
                throw TestFailure("not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
            }
            return delegate.roots
        }
    }

    /// Children lie left to right within their parent, without overlap (with
    /// gaps only where a too-narrow box was left out), and their widths add up
    /// to at most the parent's. Returns the box count.
    @discardableResult
    func expectTiled(_ box: Box) -> Int {
        var count = 1
        var x = box.x
        for child in box.children {
            #expect(child.x >= x - 1e-6, "\(child.title) overlaps its left sibling")
            x = child.x + child.width
            count += expectTiled(child)
        }
        #expect(x <= box.x + box.width + 1e-6, "children of \(box.title) stick out")
        let sum = box.children.reduce(0) { $0 + $1.width }
        #expect(sum <= box.width + 1e-6, "children of \(box.title) are wider than it")
        return count
    }

    func allBoxes(_ box: Box) -> [Box] { [box] + box.children.flatMap(allBoxes) }

    @Test("well-formed XML whose boxes nest, tile, and sum to the total at the root")
    func wellFormedAndTiled() throws {
        let profile = SyntheticApp.profile(frames: 30)
        let format = FlameGraphSVG(title: "synthetic <app> & \"friends\"")
        let roots = try BoxParser.parse(format.render(profile))
        #expect(roots.count == 1)
        let all = try #require(roots.first)
        #expect(all.x == 10 && all.width == Double(format.chartWidth))
        #expect(all.title.hasPrefix("all (") && all.title.hasSuffix(", 100.00%)"))
        // Every root span is a frame, so the frame box spans the whole width.
        #expect(all.children.count == 1)
        #expect(all.children.first?.width == all.width)
        let boxes = expectTiled(all)
        #expect(boxes > 10)
    }

    @Test("hover titles give label, time and share; labels are escaped and cut to fit")
    func titlesAndLabels() throws {
        let roots = try BoxParser.parse(FlameGraphSVG().render(SyntheticApp.profile(frames: 30)))
        let boxes = allBoxes(try #require(roots.first))
        let title = try Regex(#"^.+ \([0-9.]+ (ns|µs|ms|s), [0-9]{1,3}\.[0-9]{2}%\)$"#)
        for box in boxes {
            #expect(box.title.wholeMatch(of: title) != nil, "title: \(box.title)")
        }
        #expect(boxes.contains { $0.title.hasPrefix("body[Weird;name <&>\"' \u{FFFD}] (") })
        #expect(boxes.contains { $0.title.hasPrefix("body[漢字ビュー] (") })
        #expect(boxes.contains { $0.text?.hasSuffix("..") == true })
        for box in boxes {
            if let text = box.text {
                // About 7.08 px per character at 12 px, 6 px of padding.
                #expect(Double(text.count) * 7.08 <= box.width - 6 + 1e-6, "\(text) overflows its box")
            }
        }
    }

    @Test("python's XML parser agrees it is well-formed", .enabled(if: Python.hasXML))
    func pythonParses() throws {
        let path = try TemporaryFile.write(FlameGraphSVG().render(SyntheticApp.profile(frames: 5)), name: "flame.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == '{http://www.w3.org/2000/svg}svg', root.tag
            print(len(root.findall('.//{http://www.w3.org/2000/svg}g')))
            """
        let result = Python.run(["-c", script, path])
        #expect(result.status == 0, "\(result.output)")
        #expect((Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 10)
    }

    @Test("boxes narrower than the minimum are left out with their children")
    func minimumWidth() throws {
        let profile = SyntheticApp.profile(frames: 10)
        let roots = try BoxParser.parse(FlameGraphSVG(minimumBoxWidth: 200).render(profile))
        let boxes = allBoxes(try #require(roots.first))
        #expect(boxes.allSatisfy { $0.width >= 200 })
        expectTiled(try #require(roots.first))
    }

    @Test("label fitting: whole, cut with .., or nothing")
    func fitting() {
        let characterWidth: UInt64 = 708
        #expect(FlameGraphSVG.fitted("layout", width: 10_000, characterWidth: characterWidth) == "layout")
        #expect(FlameGraphSVG.fitted("body[ContentView]", width: 6_000, characterWidth: characterWidth) == "body[..")
        #expect(FlameGraphSVG.fitted("body", width: 2_000, characterWidth: characterWidth) == "")
        #expect(FlameGraphSVG.fitted("漢字ビュー", width: 5_000, characterWidth: characterWidth) == "漢字..")
    }

    @Test("an empty profile is a well-formed image with no boxes")
    func empty() throws {
        let svg = FlameGraphSVG().render(.empty)
        #expect(try BoxParser.parse(svg).isEmpty)
        #expect(svg.contains("No spans recorded"))
        let path = TemporaryFile.path("empty.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FlameGraphSVG().write(.empty, toFile: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == svg)
    }
}
