/// Moving the cursor: by cluster, by word, to the ends of the line or the
/// text, and between lines at the same visual column.
extension TextEditingState {
    /// Moves the cursor by `motion`, extending the selection when
    /// `selecting` (Shift held).
    ///
    /// Without `selecting`, an existing selection is dropped; Left and Right
    /// then collapse it to its start or end instead of moving. Up and Down
    /// keep a goal column across consecutive presses; Up on the first line
    /// goes to the start of the text, Down on the last line to its end.
    ///
    /// With a `wrapWidth` (a multi-line editor whose lines soft-wrap), Up,
    /// Down, Home and End work on the rows the lines wrap into (see
    /// <doc:TextEditing>): Home goes to the start of the row, End
    /// to its end — before the row's last cluster when the line goes on in
    /// the next row, since the position after it is the next row's start.
    ///
    /// Every motion ends the undo step being grouped (``TextEditingHistory``).
    ///
    /// - Returns: ``Outcome/moved``, or ``Outcome/unchanged`` when neither the
    ///   cursor nor the selection changed.
    @discardableResult
    public mutating func move(_ motion: TextEditingCommand.Motion, selecting: Bool, multiline: Bool,
                              wrapWidth: Int? = nil) -> Outcome {
        history.endGroup()
        let before = (cursor, selectionAnchor)
        let goal = goalColumn
        goalColumn = nil
        let wrapWidth = multiline ? wrapWidth.map { Swift.max($0, 1) } : nil
        if selecting {
            if selectionAnchor == nil { selectionAnchor = cursor }
        } else if let selected = selection, motion == .left || motion == .right {
            cursor = motion == .left ? selected.lowerBound : selected.upperBound
            selectionAnchor = nil
            return .moved
        } else {
            selectionAnchor = nil
        }
        switch motion {
        case .left:
            if cursor > text.startIndex { cursor = text.index(before: cursor) }
        case .right:
            if cursor < text.endIndex { cursor = text.index(after: cursor) }
        case .wordLeft:
            cursor = wordStart(before: cursor)
        case .wordRight:
            cursor = wordEnd(after: cursor)
        case .lineStart:
            if let width = wrapWidth {
                cursor = wrappedRow(of: cursor, width: width).row.lowerBound
            } else {
                cursor = multiline ? lineStart(of: cursor) : text.startIndex
            }
        case .lineEnd:
            if let width = wrapWidth {
                let (row, isLast) = wrappedRow(of: cursor, width: width)
                cursor = isLast || row.isEmpty ? row.upperBound : text.index(before: row.upperBound)
            } else {
                cursor = multiline ? lineEnd(of: cursor) : text.endIndex
            }
        case .textStart:
            cursor = text.startIndex
        case .textEnd:
            cursor = text.endIndex
        case .up, .down:
            if let width = wrapWidth {
                moveByRow(up: motion == .up, goal: goal, width: width)
                break
            }
            let start = lineStart(of: cursor)
            let column = goal ?? cellWidth(from: start, to: cursor)
            goalColumn = column
            if motion == .up {
                if start == text.startIndex {
                    cursor = text.startIndex
                } else {
                    let previous = lineStart(of: text.index(before: start))
                    cursor = index(atColumn: column, inLineFrom: previous)
                }
            } else {
                let end = lineEnd(of: cursor)
                if end == text.endIndex {
                    cursor = text.endIndex
                } else {
                    cursor = index(atColumn: column, inLineFrom: text.index(after: end))
                }
            }
        }
        if selectionAnchor == cursor && before.1 == nil { selectionAnchor = nil }
        return (cursor, selectionAnchor) == before ? .unchanged : .moved
    }

    // MARK: Words

    /// Whether `c` belongs to a word: a letter or a digit (any script).
    @inline(__always)
    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    /// The start of the word before `i`: skips non-word clusters backward,
    /// then word clusters.
    func wordStart(before i: String.Index) -> String.Index {
        var j = i
        while j > text.startIndex {
            let previous = text.index(before: j)
            if Self.isWordCharacter(text[previous]) { break }
            j = previous
        }
        while j > text.startIndex {
            let previous = text.index(before: j)
            if !Self.isWordCharacter(text[previous]) { break }
            j = previous
        }
        return j
    }

    /// The end of the word after `i` (Emacs' Alt-F): skips non-word clusters
    /// forward, then word clusters.
    func wordEnd(after i: String.Index) -> String.Index {
        var j = i
        while j < text.endIndex && !Self.isWordCharacter(text[j]) { j = text.index(after: j) }
        while j < text.endIndex && Self.isWordCharacter(text[j]) { j = text.index(after: j) }
        return j
    }

    // MARK: Lines

    /// The start of the line holding `i`: just after the last LF byte
    /// before it (always a cluster boundary: Unicode breaks after LF).
    ///
    /// - Complexity: O(line length) in bytes.
    func lineStart(of i: String.Index) -> String.Index {
        let utf8 = text.utf8
        var j = i
        while j > utf8.startIndex {
            let previous = utf8.index(before: j)
            if utf8[previous] == 0x0A { return j }
            j = previous
        }
        return utf8.startIndex
    }

    /// The end of the line holding `i`: the index of its line break
    /// (`"\n"` or `"\r\n"`), or `endIndex` on the last line.
    ///
    /// - Complexity: O(line length) in bytes.
    func lineEnd(of i: String.Index) -> String.Index {
        let utf8 = text.utf8
        var j = i
        while j < utf8.endIndex {
            if utf8[j] == 0x0A {
                // CR LF is one cluster: the line ends before its CR.
                if j > i {
                    let previous = utf8.index(before: j)
                    if utf8[previous] == 0x0D { return previous }
                }
                return j
            }
            j = utf8.index(after: j)
        }
        return utf8.endIndex
    }

    /// The number of line breaks before `i` (its 0-based line).
    ///
    /// - Complexity: O(i) in bytes.
    func lineNumber(of i: String.Index) -> Int {
        var count = 0
        for byte in text.utf8[..<i] where byte == 0x0A { count += 1 }
        return count
    }

    /// The boundary in the line starting at `start` whose column is the
    /// greatest not after `column` (a wide cluster straddling `column` is
    /// not entered); the line's end if the line is shorter.
    func index(atColumn column: Int, inLineFrom start: String.Index) -> String.Index {
        var i = start
        var x = 0
        while i < text.endIndex {
            let c = text[i]
            if Self.isLineBreak(c) { break }
            let next = text.index(after: i)
            let w = cellWidth(from: i, to: next)
            if x + w > column { break }
            x += w
            i = next
        }
        return i
    }
}
