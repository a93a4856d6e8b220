import Foundation
import Testing

@testable import Engine

/// The fixtures Fixtures/tools/make_image_fixtures.py writes.
func imageFixture(_ name: String) throws -> [UInt8] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return Array(try Data(contentsOf: root.appendingPathComponent("Fixtures/images/\(name)")))
}

@Suite("PixelImage decoding")
struct PixelImageDecodingTests {
    @Test func rgbaPNGDecodesEveryPixel() throws {
        let image = try PixelImage(data: imageFixture("rgba-4x3.png"))
        #expect(image.width == 4 && image.height == 3)
        for y in 0..<3 {
            for x in 0..<4 {
                let p = image[x, y]
                #expect([p.red, p.green, p.blue, p.alpha] == [UInt8(60 * x), UInt8(80 * y), 200, UInt8(255 - 60 * x)])
            }
        }
    }

    @Test func greyAndPalettePNGsBecomeRGBA() throws {
        let grey = try PixelImage(data: imageFixture("gray-3x2.png"))
        #expect(grey.width == 3 && grey.height == 2)
        #expect(grey[1, 0] == (100, 100, 100, 255))
        #expect(grey[2, 1] == (250, 250, 250, 255))
        let palette = try PixelImage(data: imageFixture("palette-2x1.png"))
        #expect(palette[0, 0] == (255, 0, 0, 255))
        #expect(palette[1, 0] == (0, 255, 0, 128))
    }

    @Test func jpegDecodesToOpaqueRGBA() throws {
        let image = try PixelImage(data: imageFixture("halves-16x8.jpg"))
        #expect(image.width == 16 && image.height == 8)
        let left = image[2, 4], right = image[13, 4]
        #expect(left.red > 230 && left.green < 30 && left.blue < 30 && left.alpha == 255)
        #expect(right.blue > 230 && right.red < 30 && right.green < 30 && right.alpha == 255)
    }

    @Test func aHeaderClaimingAHugeImageThrowsBeforeDecoding() throws {
        #expect(throws: PixelImage.Error.unsupportedSize(width: 100_000, height: 100_000)) {
            try PixelImage(data: imageFixture("huge-header.png"))
        }
    }

    @Test func dataThatIsNeitherFormatThrows() {
        #expect(throws: PixelImage.Error.unrecognizedFormat) { try PixelImage(data: Array("GIF89a".utf8)) }
        #expect(throws: PixelImage.Error.unrecognizedFormat) { try PixelImage(data: []) }
    }

    /// Every truncation of each fixture throws (none decodes, none crashes).
    @Test(arguments: ["rgba-4x3.png", "gray-3x2.png", "palette-2x1.png", "halves-16x8.jpg"])
    func everyTruncationThrows(name: String) throws {
        let data = try imageFixture(name)
        // The last bytes of a JPEG (the EOI marker) and a PNG's IEND may be
        // missing without losing a pixel: decoders accept those.
        let whole = name.hasSuffix(".png") ? data.count - 12 : data.count - 2
        for length in 0..<whole {
            #expect(throws: PixelImage.Error.self, "length \(length)") {
                try PixelImage(data: Array(data[..<length]))
            }
        }
    }

    /// Every single-bit flip of a PNG before its end chunk throws: chunk
    /// CRCs cover every byte after the signature, and a flipped signature
    /// is not PNG. (libpng stops reading once the pixels are in, so a
    /// flip in the 12-byte IEND chunk leaves the same image.)
    @Test(arguments: ["rgba-4x3.png", "palette-2x1.png"])
    func everyBitFlipOfAPNGThrows(name: String) throws {
        let data = try imageFixture(name)
        let original = try PixelImage(data: data)
        var decoded = 0
        for i in 0..<data.count {
            for bit in 0..<8 {
                var flipped = data
                flipped[i] ^= UInt8(1 << bit)
                do {
                    let image = try PixelImage(data: flipped)
                    decoded += 1
                    #expect(i >= data.count - 12 && image == original, "byte \(i) bit \(bit)")
                } catch {}
            }
        }
        #expect(decoded <= 12 * 8)
    }

    /// JPEG has no checksums: a flipped bit in the entropy-coded data may
    /// decode to other pixels. What must hold: no crash, and either an
    /// error or an image of the size the header gives.
    @Test func bitFlippedJPEGsThrowOrDecodeNeverCrash() throws {
        let data = try imageFixture("halves-16x8.jpg")
        var thrown = 0
        for i in 0..<data.count {
            var flipped = data
            flipped[i] ^= UInt8(1 << (i % 8))
            do {
                let image = try PixelImage(data: flipped)
                #expect(image.rgba.count == image.width * image.height * 4)
            } catch {
                thrown += 1
            }
        }
        #expect(thrown > 0)
    }

    @Test func rawPixelsAreCheckedAgainstTheSize() throws {
        let dot = try PixelImage(width: 1, height: 1, rgba: [1, 2, 3, 4])
        #expect(dot[0, 0] == (1, 2, 3, 4))
        #expect(throws: PixelImage.Error.pixelCountMismatch(expected: 8, actual: 4)) {
            try PixelImage(width: 2, height: 1, rgba: [1, 2, 3, 4])
        }
        #expect(throws: PixelImage.Error.unsupportedSize(width: 0, height: 1)) {
            try PixelImage(width: 0, height: 1, rgba: [])
        }
        #expect(throws: PixelImage.Error.unsupportedSize(width: 20_000, height: 1)) {
            try PixelImage(width: 20_000, height: 1, rgba: [])
        }
    }

    @Test func contentIDFollowsThePixels() throws {
        let a = try PixelImage(width: 2, height: 1, rgba: [1, 2, 3, 4, 5, 6, 7, 8])
        let b = try PixelImage(width: 2, height: 1, rgba: [1, 2, 3, 4, 5, 6, 7, 8])
        let c = try PixelImage(width: 2, height: 1, rgba: [1, 2, 3, 4, 5, 6, 7, 9])
        let d = try PixelImage(width: 1, height: 2, rgba: [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(a == b && a.contentID == b.contentID)
        #expect(a.contentID != c.contentID && a != c)
        #expect(a.contentID != d.contentID)
    }
}

@Suite("PixelImage scaling")
struct PixelImageScalingTests {
    /// A 1-pixel checkerboard shrunk by 2 is flat grey (an area filter), not
    /// one of its colours (what point sampling would alias to).
    @Test func shrinkingAveragesTheArea() throws {
        var rgba: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<4 {
                let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                rgba += [v, v, v, 255]
            }
        }
        let small = try PixelImage(width: 4, height: 4, rgba: rgba).resized(width: 2, height: 2)
        for y in 0..<2 {
            for x in 0..<2 {
                #expect(small[x, y] == (128, 128, 128, 255))
            }
        }
        let nearest = try PixelImage(width: 4, height: 4, rgba: rgba).resized(width: 2, height: 2, interpolation: .none)
        #expect(nearest[0, 0].red == 255 || nearest[0, 0].red == 0)
    }

    @Test func enlargingIsBilinearBetweenCentres() throws {
        let pair = try PixelImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 200, 200, 200, 255])
        let wide = pair.resized(width: 4, height: 1)
        // Output centres 0.5, 1.5, 2.5, 3.5 map to source -0.25 (clamped), 0.25, 0.75, 1.25 (clamped).
        #expect([wide[0, 0].red, wide[1, 0].red, wide[2, 0].red, wide[3, 0].red] == [0, 50, 150, 200])
    }

    /// A transparent pixel's colour does not bleed into an opaque neighbour's.
    @Test func averagingIsPremultiplied() throws {
        let pair = try PixelImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 255, 0, 0])
        let one = pair.resized(width: 1, height: 1)
        #expect(one[0, 0] == (255, 0, 0, 128))
    }
}
