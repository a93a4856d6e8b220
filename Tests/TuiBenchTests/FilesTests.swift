import Foundation
import Testing
@testable import tuibench

@Suite("tuibench says what is wrong with a file, and where")
struct FilesTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tuibench-test-\(getpid())-\(name)").path
    }

    func readError(_ path: String, limit: Int = InputFile.defaultByteLimit) -> String? {
        do {
            _ = try InputFile.read(path, limit: limit)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a directory, a missing file and an endless device are named with the reason")
    func unreadable() {
        #expect(readError("/tmp") == "/tmp: is a directory, not a file")
        #expect(readError("/nonexistent/x.tuiframes") == "/nonexistent/x.tuiframes: cannot open: No such file or directory")
        #expect(readError("/dev/zero", limit: 1 << 20) == "/dev/zero: larger than 1 MiB, the most tuibench reads from one file")
    }

    @Test("invalid UTF-8 is reported at its line and column")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("tuiframes 1\nsize 4 1\nframe\n|a".utf8) + [0xFF] + Array("\n".utf8)
        do {
            _ = try InputFile.text(bytes, path: "bad.tuiframes")
            Issue.record("decoded")
        } catch {
            #expect(error.description == "bad.tuiframes:4: invalid UTF-8 at column 3 (byte 0xFF)")
        }
        // An overlong encoding and a surrogate are ill-formed too.
        #expect(throws: FileError.self) { try InputFile.text([0x61, 0xC0, 0xAF], path: "x") }
        #expect(throws: FileError.self) { try InputFile.text([0x0A, 0xED, 0xA0, 0x80], path: "x") }
        #expect(try InputFile.text(Array("漢字 ok\n".utf8), path: "x") == "漢字 ok\n")
    }

    @Test("a pipe is read to its end")
    func pipe() throws {
        let path = temporaryPath("fifo")
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: path)
            handle?.write(Data("tuiframes 1\n".utf8))
            try? handle?.close()
        }
        writer.start()
        #expect(try InputFile.read(path) == Array("tuiframes 1\n".utf8))
    }

    @Test("output lost on a full device is an error, and the device stays a device")
    func fullDevice() throws {
        let file = try OutputFile("/dev/full")
        let bytes: [UInt8] = Array("frame bytes".utf8)
        bytes.withUnsafeBufferPointer { file.write($0) }
        do {
            try file.finish()
            Issue.record("no error")
        } catch {
            #expect(error.description == "/dev/full: cannot write: No space left on device")
        }
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("an output file gets every byte written")
    func written() throws {
        let path = temporaryPath("out")
        defer { unlink(path) }
        let file = try OutputFile(path)
        for part in ["a", "bc", "def"] { Array(part.utf8).withUnsafeBufferPointer { file.write($0) } }
        try file.finish()
        #expect(try InputFile.read(path) == Array("abcdef".utf8))
    }
}
