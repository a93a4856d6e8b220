import Testing

@testable import Engine

/// The answers to the graphics queries: kitty's APC reply, XTSMGRAPHICS,
/// and the pixel sizes of `CSI 16 t` / `CSI 14 t`. Anything malformed is
/// dropped whole: never keys, never text.
@Suite("Graphics replies")
struct InputDecoderGraphicsReplyTests {
    @Test(arguments: [
        (#"\e_Gi=31;OK\e\\"#, TerminalReply.kittyGraphics(id: 31, message: "OK")),
        (#"\e_Gi=31,p=2;OK\e\\"#, .kittyGraphics(id: 31, message: "OK")),
        (#"\e_Gi=7;ENOENT:No such image\e\\"#, .kittyGraphics(id: 7, message: "ENOENT:No such image")),
        (#"\e_Gi=31;OK\x07"#, .kittyGraphics(id: 31, message: "OK")),
        (#"\e[?1;0;256S"#, .graphicsAttribute(item: 1, status: 0, values: [256])),
        (#"\e[?1;3;0S"#, .graphicsAttribute(item: 1, status: 3, values: [0])),
        (#"\e[?2;0;1000;800S"#, .graphicsAttribute(item: 2, status: 0, values: [1000, 800])),
        (#"\e[?1;1S"#, .graphicsAttribute(item: 1, status: 1, values: [])),
        (#"\e[6;20;10t"#, .cellPixelSize(width: 10, height: 20)),
        (#"\e[4;480;800t"#, .textAreaPixelSize(width: 800, height: 480)),
    ])
    func repliesAreRead(_ input: String, _ reply: TerminalReply) {
        let (events, decoder) = decodeAll(bytes(input) + bytes("x"))
        #expect(events == [.reply(reply), char("x")])
        #expect(decoder.bytesDropped == 0)
    }

    /// Hostile or broken answers: dropped whole, and what follows is read.
    @Test(arguments: [
        #"\e_G;OK\e\\"#,  // no id
        #"\e_Gi=31\e\\"#,  // no message
        #"\e_Gi=31;\e\\"#,  // empty message
        #"\e_Gi=x;OK\e\\"#,  // not a number
        #"\e_Gi=99999999999;OK\e\\"#,  // too long a value
        #"\e_Gi=31,==;OK\e\\"#,  // not key=value
        #"\e_Xi=31;OK\e\\"#,  // not G
        #"\e_Gi=31;\x01OK\e\\"#,  // a control in the message
        #"\e_Gi=31;OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK OK\e\\"#,  // past 64 bytes
        #"\ePGi=31;OK\e\\"#,  // a DCS, not an APC
        #"\e[?1S"#,  // XTSMGRAPHICS without a status
        #"\e[?1;0;1;2;3S"#,  // too many values
        #"\e[?1;0;2:5S"#,  // sub-parameters
        #"\e[6;0;10t"#,  // a cell of no pixels
        #"\e[6;20t"#,  // a missing width
        #"\e[6;20;10;5t"#,  // too many
        #"\e[6:1;20;10t"#,  // sub-parameters
        #"\e[5;20;10t"#,  // not a size report
    ])
    func malformedRepliesAreDropped(_ input: String) {
        let (events, _) = decodeAll(bytes(input) + bytes("x"))
        #expect(events == [char("x")])
    }

    /// Each reply goes back to bytes that decode to itself (what the pty drivers send).
    @Test func repliesRoundTrip() {
        let replies: [TerminalReply] = [
            .kittyGraphics(id: 31, message: "OK"), .graphicsAttribute(item: 1, status: 0, values: [1024]),
            .cellPixelSize(width: 9, height: 18), .textAreaPixelSize(width: 720, height: 432),
        ]
        for reply in replies {
            guard let encoded = InputEvent.reply(reply).terminalBytes() else {
                Issue.record("no bytes for \(reply)")
                continue
            }
            #expect(decodeAll(encoded).0 == [.reply(reply)])
        }
    }
}
