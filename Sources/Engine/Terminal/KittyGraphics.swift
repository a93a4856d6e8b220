/// The kitty graphics protocol's commands, as bytes
/// (https://sw.kovidgoyal.net/kitty/graphics-protocol/): an APC
/// `ESC _ G <key=value,…> [; <payload>] ESC \`.
///
/// Every command carries `q=2`: the terminal answers nothing, so no reply
/// lands in the input stream.
enum KittyGraphics {
    /// The largest base64 payload of one command (the protocol's limit).
    static let chunkSize = 4096

    /// Kitty's 32-bit image id for `image`: its content id folded, never 0.
    static func imageID(_ image: PixelImage) -> UInt32 {
        let folded = UInt32(truncatingIfNeeded: image.contentID) ^ UInt32(truncatingIfNeeded: image.contentID >> 32)
        return folded == 0 ? 1 : folded
    }

    /// Transmits `image` as id `id`, RGBA (`f=32`), in chunks of at most
    /// ``chunkSize`` base64 bytes: the first carries the keys, each but the
    /// last `m=1`, the last `m=0`.
    static func transmit(_ image: PixelImage, id: UInt32, into out: inout ByteBuffer) {
        let encoded = Base64.encode(image.rgba)
        var start = 0
        repeat {
            let end = Swift.min(start + chunkSize, encoded.count)
            out.append("\u{1B}_G")
            if start == 0 {
                out.append("a=t,f=32,s=")
                out.appendDecimal(image.width)
                out.append(",v=")
                out.appendDecimal(image.height)
                out.append(",i=")
                out.appendDecimal(Int(id))
                out.append(",q=2,")
            }
            out.append(end < encoded.count ? "m=1;" : "m=0;")
            encoded.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            out.append("\u{1B}\\")
            start = end
        } while start < encoded.count
    }

    /// Places image `id` as placement `placement` at the cursor, over
    /// `columns` × `rows` cells, showing the source rectangle `source` of
    /// the image (in its pixels); `C=1` leaves the cursor where it is.
    static func place(id: UInt32, placement: UInt32, source: Rect, columns: Int, rows: Int, into out: inout ByteBuffer) {
        out.append("\u{1B}_Ga=p,i=")
        out.appendDecimal(Int(id))
        out.append(",p=")
        out.appendDecimal(Int(placement))
        out.append(",x=")
        out.appendDecimal(source.x)
        out.append(",y=")
        out.appendDecimal(source.y)
        out.append(",w=")
        out.appendDecimal(source.width)
        out.append(",h=")
        out.appendDecimal(source.height)
        out.append(",c=")
        out.appendDecimal(columns)
        out.append(",r=")
        out.appendDecimal(rows)
        out.append(",C=1,q=2\u{1B}\\")
    }

    /// Deletes placement `placement` of image `id`, keeping the image's data
    /// (`d=i`, lower case).
    static func deletePlacement(id: UInt32, placement: UInt32, into out: inout ByteBuffer) {
        out.append("\u{1B}_Ga=d,d=i,i=")
        out.appendDecimal(Int(id))
        out.append(",p=")
        out.appendDecimal(Int(placement))
        out.append(",q=2\u{1B}\\")
    }

    /// Deletes image `id` and frees its data (`d=I`, upper case).
    static func deleteImage(id: UInt32, into out: inout ByteBuffer) {
        out.append("\u{1B}_Ga=d,d=I,i=")
        out.appendDecimal(Int(id))
        out.append(",q=2\u{1B}\\")
    }
}
