// Replies to the session's queries: DA1, DECXCPR, kitty keyboard flags,
// the colour scheme (mode 2031), in-band resize (mode 2048), the pixel
// sizes of `CSI 14 t` / `CSI 16 t`, XTSMGRAPHICS, the colours of OSC
// 10/11, the palette (OSC 4), the clipboard (OSC 52) and kitty graphics
// (APC G). (DECRPM and CPR without `?` are read in
// InputDecoder+ControlSequence.swift.)

extension InputDecoder {
    /// `CSI ? … c` (DA1), `CSI ? row ; column [; page] R` (DECXCPR),
    /// `CSI ? flags u` (kitty keyboard flags).
    mutating func privateReply(final: UInt8, into events: inout [InputEvent]) {
        guard !parameters.hasSubparameters else { return dropSequence() }
        switch final {
        case InputSequence.deviceAttributes:
            let count = parameters.fieldCount
            var values: [Int] = []
            values.reserveCapacity(count)
            for i in 0..<count { values.append(parameters.value(i) ?? 0) }
            deliverEvent(.reply(.primaryDeviceAttributes(values)), into: &events)
        case InputSequence.cursorPositionReport:
            guard (2...3).contains(parameters.fieldCount), let row = parameters.value(0),
                  let column = parameters.value(1)
            else { return dropSequence() }
            deliverEvent(.reply(.cursorPosition(row: row, column: column)), into: &events)
        case InputSequence.kittyKey:
            guard parameters.fieldCount <= 1 else { return dropSequence() }
            deliverEvent(.reply(.keyboardFlags(parameters.value(0) ?? 0)), into: &events)
        case InputSequence.graphicsAttributes:
            // XTSMGRAPHICS: item, status, and one value (registers) or two (geometry).
            guard (2...4).contains(parameters.fieldCount), let item = parameters.value(0),
                  let status = parameters.value(1)
            else { return dropSequence() }
            var values: [Int] = []
            for i in 2..<parameters.fieldCount {
                guard let value = parameters.value(i) else { return dropSequence() }
                values.append(value)
            }
            deliverEvent(.reply(.graphicsAttribute(item: item, status: status, values: values)), into: &events)
        case InputSequence.deviceStatusReport:
            guard parameters.fieldCount == 2, parameters.value(0) == InputSequence.colorSchemeReport,
                  let scheme = parameters.value(1), scheme == 1 || scheme == 2
            else { return dropSequence() }
            deliverEvent(.reply(.colorScheme(isDark: scheme == 1)), into: &events)
        default:
            dropSequence()
        }
    }

    /// `CSI 48 ; rows ; columns ; height ; width t` (in-band resize),
    /// `CSI 6 ; height ; width t` (a cell's pixels) and `CSI 4 ; height ;
    /// width t` (the text area's). Other window reports, and sizes of no
    /// cells or pixels, are dropped.
    mutating func windowSizeReport(into events: inout [InputEvent]) {
        if !parameters.hasSubparameters, parameters.fieldCount == 3, let kind = parameters.value(0),
           kind == InputSequence.cellPixelsReport || kind == InputSequence.textAreaPixelsReport
        {
            guard let height = parameters.value(1), let width = parameters.value(2), height > 0, width > 0 else {
                return dropSequence()
            }
            let reply: TerminalReply = kind == InputSequence.cellPixelsReport
                ? .cellPixelSize(width: width, height: height) : .textAreaPixelSize(width: width, height: height)
            return deliverEvent(.reply(reply), into: &events)
        }
        guard !parameters.hasSubparameters, parameters.fieldCount == 5,
              parameters.value(0) == InputSequence.inBandResize,
              let rows = parameters.value(1), let columns = parameters.value(2), rows > 0, columns > 0
        else { return dropSequence() }
        let reply = TerminalReply.windowSize(rows: rows, columns: columns, pixelHeight: parameters.value(3) ?? 0,
                                             pixelWidth: parameters.value(4) ?? 0)
        deliverEvent(.reply(reply), into: &events)
    }

    // MARK: OSC colour replies

    /// The longest OSC string kept to be read as a reply (`4;255;rgb:ffff/ffff/ffff`
    /// is 26 bytes); a longer one is dropped whole, unread.
    static let maximumReplyStringLength = 64

    /// The longest OSC 52 reply kept (`52;c;` and the base64 of up to
    /// 100,000 bytes, as much as ``TerminalActions/maximumCopyLength`` lets
    /// an app copy, is 133,341 bytes); a longer one is dropped whole, unread.
    public static let maximumClipboardReplyLength = 140_000

    /// Whether the OSC string read so far is a clipboard reply (`52;`).
    @inline(__always)
    var isClipboardReply: Bool {
        replyString.count >= 3 && replyString[0] == 0x35 && replyString[1] == 0x32 && replyString[2] == 0x3B
    }

    /// A byte of an OSC string: kept while the string may still be a
    /// colour reply, or a clipboard reply up to its own limit.
    @inline(__always)
    mutating func keepReplyStringByte(_ byte: UInt8) {
        let limit = isClipboardReply ? Self.maximumClipboardReplyLength : Self.maximumReplyStringLength
        guard introducer == InputSequence.osc || introducer == InputSequence.apc, replyString.count < limit else {
            replyString.removeAll(keepingCapacity: true)
            replyStringTooLong = true
            return
        }
        if !replyStringTooLong { replyString.append(byte) }
    }

    /// The control string ended (BEL or ST, counted in the sequence): a
    /// colour, clipboard or kitty graphics reply is delivered, anything
    /// else dropped.
    mutating func endControlString(into events: inout [InputEvent]) {
        defer {
            replyString.removeAll(keepingCapacity: true)
            replyStringTooLong = false
        }
        guard !replyStringTooLong, !overflowed else { return dropSequence() }
        let reply: TerminalReply?
        switch introducer {
        case InputSequence.osc:
            reply = isClipboardReply ? Self.clipboardReply(replyString) : Self.colorReply(replyString)
        case InputSequence.apc:
            reply = Self.kittyGraphicsReply(replyString)
        default:
            reply = nil
        }
        guard let reply else { return dropSequence() }
        deliverEvent(.reply(reply), into: &events)
    }

    /// `G<key=value,…>;<message>` with an `i=<id>` key: the kitty graphics
    /// protocol's answer. nil without an id, with keys that are not
    /// `letter=digits`, or a message that is empty or not printable ASCII.
    static func kittyGraphicsReply(_ bytes: [UInt8]) -> TerminalReply? {
        guard bytes.first == InputSequence.kittyGraphics else { return nil }
        let fields = bytes.dropFirst().split(separator: 0x3B, maxSplits: 1, omittingEmptySubsequences: false)
        guard fields.count == 2, !fields[1].isEmpty, fields[1].allSatisfy({ (0x20...0x7E).contains($0) }) else {
            return nil
        }
        var id: Int?
        for pair in fields[0].split(separator: 0x2C, omittingEmptySubsequences: false) {
            guard (3...12).contains(pair.count), pair[pair.startIndex + 1] == 0x3D else { return nil }
            let key = pair[pair.startIndex]
            guard (0x41...0x5A).contains(key) || (0x61...0x7A).contains(key) else { return nil }
            var value = 0
            for d in pair.dropFirst(2) {
                guard (0x30...0x39).contains(d) else { return nil }
                value = value * 10 + Int(d - 0x30)
            }
            if key == 0x69 { id = value }  // i
        }
        guard let id else { return nil }
        return .kittyGraphics(id: id, message: String(decoding: fields[1], as: UTF8.self))
    }

    /// `10;rgb:R/G/B` or `11;rgb:R/G/B` with 1–4 hex digits a channel;
    /// nil for anything else.
    /// `4;index;rgb:R/G/B` (a palette entry, index 0…255) likewise.
    static func colorReply(_ bytes: [UInt8]) -> TerminalReply? {
        let fields = bytes.split(separator: 0x3B, omittingEmptySubsequences: false)
        guard let code = decimal(fields[0]) else { return nil }
        if code == 4 {
            guard fields.count == 3, let index = decimal(fields[1]), index <= 255,
                  let (red, green, blue) = rgbSpecification(fields[2])
            else { return nil }
            return .paletteColor(index: index, red: red, green: green, blue: blue)
        }
        guard fields.count == 2, code == 10 || code == 11, let (red, green, blue) = rgbSpecification(fields[1]) else {
            return nil
        }
        return .color(code: code, red: red, green: green, blue: blue)
    }

    /// `rgb:R/G/B`, 1–4 hex digits a channel, each scaled to 16 bits.
    private static func rgbSpecification(_ spec: ArraySlice<UInt8>) -> (UInt16, UInt16, UInt16)? {
        let prefix = Array("rgb:".utf8)
        guard spec.count > prefix.count, spec.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        let channels = spec.dropFirst(prefix.count).split(separator: 0x2F, omittingEmptySubsequences: false)
        guard channels.count == 3, let red = scaledHex(channels[0]), let green = scaledHex(channels[1]),
              let blue = scaledHex(channels[2])
        else { return nil }
        return (red, green, blue)
    }

    /// `52;<selections>;<base64>`: the clipboard's text, the answer to
    /// `OSC 52 ; c ; ?`. nil for the query itself (`?`), selections other
    /// than letters and digits, data that is not base64, or bytes that are
    /// not UTF-8.
    static func clipboardReply(_ bytes: [UInt8]) -> TerminalReply? {
        let fields = bytes.split(separator: 0x3B, maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[1].count <= 16,
              fields[1].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }),
              let data = Base64.decode(fields[2]),
              let text = String(validating: data, as: UTF8.self)
        else { return nil }
        return .clipboard(text)
    }

    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard (1...3).contains(digits.count) else { return nil }
        var value = 0
        for d in digits {
            guard (0x30...0x39).contains(d) else { return nil }
            value = value * 10 + Int(d - 0x30)
        }
        return value
    }

    /// 1–4 hex digits scaled to 16 bits, as XParseColor reads them (`h` is h/15, `hh` h/255 …).
    private static func scaledHex(_ digits: ArraySlice<UInt8>) -> UInt16? {
        guard (1...4).contains(digits.count) else { return nil }
        var value: UInt32 = 0
        for d in digits {
            let nibble: UInt32
            switch d {
            case 0x30...0x39: nibble = UInt32(d - 0x30)
            case 0x41...0x46: nibble = UInt32(d - 0x41 + 10)
            case 0x61...0x66: nibble = UInt32(d - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | nibble
        }
        let maximum: UInt32 = (1 << (4 * UInt32(digits.count))) - 1
        return UInt16((value * 65535 + maximum / 2) / maximum)
    }
}
