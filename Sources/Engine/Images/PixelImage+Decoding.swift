import CImageCodecs

/// Decoding PNG (libpng's simplified API) and JPEG (libjpeg-turbo) data,
/// through the C target `CImageCodecs`: its functions return status codes,
/// and libjpeg's error exits longjmp only inside the C.
extension PixelImage {
    /// The formats ``PixelImage/init(data:)`` reads.
    public enum Format: Sendable {
        case png
        case jpeg

        /// The format `data` starts like, or `nil`: PNG's 8-byte signature,
        /// JPEG's start-of-image marker (`FF D8 FF`).
        public init?(sniffing data: [UInt8]) {
            if data.starts(with: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) {
                self = .png
            } else if data.starts(with: [0xff, 0xd8, 0xff]) {
                self = .jpeg
            } else {
                return nil
            }
        }
    }

    /// An image decoded from PNG or JPEG `data` (told apart by their first
    /// bytes). PNG's colour types, bit depths, palettes and transparency
    /// become RGBA8; JPEG's greyscale, RGB and CMYK become opaque RGBA8.
    ///
    /// - Throws: ``Error/unrecognizedFormat``; ``Error/malformed(_:)`` for
    ///   truncated or corrupt data (a checksum failure, or any warning from
    ///   the decoder — libjpeg would otherwise fill a truncated file with
    ///   grey); ``Error/unsupportedSize(width:height:)`` when the header
    ///   claims more than the limits (checked before the pixels are
    ///   allocated); ``Error/outOfMemory``.
    public init(data: [UInt8]) throws(Error) {
        guard let format = Format(sniffing: data) else { throw .unrecognizedFormat }
        try self.init(data: data, format: format)
    }

    /// An image decoded from `data` in `format`.
    public init(data: [UInt8], format: Format) throws(Error) {
        typealias Info = (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
                          UnsafeMutablePointer<CChar>?, Int) -> Int32
        typealias Decode = (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int,
                            UnsafeMutablePointer<CChar>?, Int) -> Int32
        let info: Info, decode: Decode
        switch format {
        case .png: (info, decode) = (cic_png_info, cic_png_decode)
        case .jpeg: (info, decode) = (cic_jpeg_info, cic_jpeg_decode)
        }
        var message = [CChar](repeating: 0, count: 256)
        var w: UInt32 = 0, h: UInt32 = 0
        let headerStatus = data.withUnsafeBufferPointer { bytes in
            info(bytes.baseAddress, bytes.count, &w, &h, &message, message.count)
        }
        try Self.check(headerStatus, message)
        let width = Int(w), height = Int(h)
        try Self.checkSize(width: width, height: height)
        var status: Int32 = 0
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            status = data.withUnsafeBufferPointer { bytes in
                decode(bytes.baseAddress, bytes.count, buffer.baseAddress, buffer.count, &message, message.count)
            }
            // Every byte is written when the decode succeeds; otherwise the
            // array is dropped, so zero it rather than expose garbage.
            if Int(status) != CIC_OK { buffer.initialize(repeating: 0) }
            count = buffer.count
        }
        try Self.check(status, message)
        self.init(checkedWidth: width, height: height, rgba: rgba)
    }

    private static func check(_ status: Int32, _ message: [CChar]) throws(Error) {
        switch Int(status) {
        case CIC_OK: return
        case CIC_OUT_OF_MEMORY: throw .outOfMemory
        default:
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .malformed(text.isEmpty ? "the decoder rejected the data" : text)
        }
    }
}
