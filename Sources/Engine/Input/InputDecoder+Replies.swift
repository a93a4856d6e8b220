// Replies to the session's queries: DA1, DECXCPR, kitty keyboard flags.
// (DECRPM and CPR without `?` are read in InputDecoder+ControlSequence.swift.)

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
        default:
            dropSequence()
        }
    }
}
