import Foundation
import Testing
import XCTest

/// Where a kit assertion was written: the caller's `#fileID`, `#filePath`,
/// `#line` and `#column`, so a failure points at the test, not at the kit.
public struct TestSourcePlace: Sendable {
    public var fileID: String
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The test file's path, as a string.
    public var path: String { "\(filePath)" }

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: path, line: Int(line), column: Int(column))
    }
}

/// Reports kit failures and warnings to whichever test library runs the
/// test: Swift Testing (`Issue.record`, with the caller's source location)
/// when a Swift Testing test is running, XCTest (`XCTFail`) otherwise.
enum TestReporter {
    /// True inside a Swift Testing test.
    static var inSwiftTesting: Bool { Test.current != nil }

    /// Records a failure of the current test.
    static func fail(_ message: String, at place: TestSourcePlace) {
        if inSwiftTesting {
            Issue.record(Comment(rawValue: message), sourceLocation: place.sourceLocation)
        } else {
            XCTFail(message, file: place.filePath, line: place.line)
        }
    }

    /// Records something the test should show but that does not fail it
    /// (a check skipped for want of an emulator): a Swift Testing warning,
    /// or a line on standard error under XCTest.
    static func warn(_ message: String, at place: TestSourcePlace) {
        if inSwiftTesting {
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: place.sourceLocation)
        } else {
            FileHandle.standardError.write(Data("\(place.path):\(place.line): warning: \(message)\n".utf8))
        }
    }
}
