/// A picture as pixels: width × height RGBA values, 8 bits a channel, rows
/// top to bottom, alpha not premultiplied.
///
/// Made from PNG or JPEG data (``init(data:)``, decoded by libpng and
/// libjpeg-turbo) or from pixels you computed (``init(width:height:rgba:)``),
/// and shown by ``Image``.
///
/// ```swift
/// let logo = try PixelImage(data: pngBytes)
/// let dot = try PixelImage(width: 1, height: 1, rgba: [255, 0, 0, 255])
/// ```
///
/// Images are values: two with the same pixels are equal, and
/// ``contentID`` names the pixels (a terminal that keeps images, such as
/// kitty, is sent each content once).
public struct PixelImage: Hashable, Sendable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel,
    /// row by row from the top.
    public let rgba: [UInt8]
    /// A 64-bit hash of the size and pixels (FNV-1a): equal images have
    /// equal ids, and different ones almost never do.
    public let contentID: UInt64

    /// The largest width or height accepted (decoded or made from pixels).
    public static let maximumDimension = 16_384
    /// The most pixels an image may have: 32 Mi pixels, 128 MiB of RGBA.
    /// Checked before anything is allocated, so a file that claims to be
    /// huge costs nothing.
    public static let maximumPixelCount = 32 * 1024 * 1024

    /// Why an image could not be made.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The data is neither PNG nor JPEG (by its first bytes).
        case unrecognizedFormat
        /// The data is not a well-formed image of its format (truncated,
        /// corrupt, a bad checksum); the decoder's message.
        case malformed(String)
        /// Wider or taller than ``PixelImage/maximumDimension``, more than
        /// ``PixelImage/maximumPixelCount`` pixels, or 0 wide or high.
        case unsupportedSize(width: Int, height: Int)
        /// The decoder ran out of memory.
        case outOfMemory
        /// The pixels given are not `width * height * 4` bytes.
        case pixelCountMismatch(expected: Int, actual: Int)

        public var description: String {
            switch self {
            case .unrecognizedFormat: return "not a PNG or JPEG image"
            case .malformed(let message): return "malformed image: \(message)"
            case .unsupportedSize(let w, let h): return "unsupported image size \(w)×\(h)"
            case .outOfMemory: return "out of memory decoding the image"
            case .pixelCountMismatch(let e, let a): return "expected \(e) bytes of RGBA, got \(a)"
            }
        }
    }

    /// An image of the given pixels (`width * height * 4` bytes of RGBA).
    ///
    /// - Throws: ``Error/unsupportedSize(width:height:)`` outside the limits,
    ///   ``Error/pixelCountMismatch(expected:actual:)`` when `rgba` is not
    ///   the right length.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(Error) {
        try Self.checkSize(width: width, height: height)
        guard rgba.count == width * height * 4 else {
            throw .pixelCountMismatch(expected: width * height * 4, actual: rgba.count)
        }
        self.init(checkedWidth: width, height: height, rgba: rgba)
    }

    /// An image whose size and pixels are known to be consistent.
    init(checkedWidth width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
        contentID = Self.hash(width: width, height: height, rgba: rgba)
    }

    static func checkSize(width: Int, height: Int) throws(Error) {
        guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension,
            width * height <= maximumPixelCount
        else { throw .unsupportedSize(width: width, height: height) }
    }

    private static func hash(width: Int, height: Int, rgba: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ byte: UInt8) {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: width >> shift)) }
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: height >> shift)) }
        rgba.withUnsafeBufferPointer { bytes in
            for byte in bytes { mix(byte) }
        }
        return h
    }

    /// The pixel at (`x`, `y`) as red, green, blue, alpha.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    public static func == (a: PixelImage, b: PixelImage) -> Bool {
        a.contentID == b.contentID && a.width == b.width && a.height == b.height && a.rgba == b.rgba
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(contentID) }
}
