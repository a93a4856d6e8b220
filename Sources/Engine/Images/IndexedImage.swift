/// An image as palette indices: what a terminal with colour registers
/// (sixel) draws. Made by ``init(_:colors:)`` from RGBA pixels.
///
/// **How colours are chosen.** When the opaque pixels have at most
/// `colors` distinct colours they are the palette, exactly, and no pixel
/// changes (interface graphics, charts and pixel art stay crisp). Otherwise
/// the palette is a *median cut* of the image's colours: a histogram of
/// 15-bit colours (5 bits a channel, so the cut's work does not grow with
/// the image) is split, box by box, at the median of the box's longest
/// channel until there are `colors` boxes, each giving its mean colour.
/// Pixels are then mapped to the nearest palette colour with
/// Floyd–Steinberg error diffusion, which trades banding for fine noise.
/// Median cut adapts the palette to the picture (a sunset gets its oranges,
/// a forest its greens), which a fixed palette (6×6×6 and greys) cannot;
/// the nearest colour of each 15-bit colour is looked up once and cached.
///
/// Pixels under half opacity are transparent: ``transparent``, no palette
/// entry, and they neither take nor pass on diffused error.
struct IndexedImage: Equatable {
    /// Width and height in pixels.
    let width: Int
    let height: Int
    /// The colours, red, green, blue; at most the `colors` asked for.
    let palette: [RGB]
    /// One index into ``palette`` per pixel, row by row, or ``transparent``.
    let indices: [UInt16]

    /// The index of a transparent pixel.
    static let transparent = UInt16.max

    struct RGB: Hashable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
    }

    /// `image`'s pixels in at most `colors` colours (clamped to 1...4096).
    init(_ image: PixelImage, colors: Int) {
        let limit = Swift.min(Swift.max(colors, 1), 4096)
        width = image.width
        height = image.height
        if let (palette, indices) = Self.exactColors(image, limit: limit) {
            self.palette = palette
            self.indices = indices
        } else {
            let palette = Self.medianCut(image, limit: limit)
            self.palette = palette
            indices = Self.diffuse(image, palette: palette)
        }
    }

    @inline(__always)
    private static func isOpaque(_ rgba: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool { rgba[i &* 4 &+ 3] >= 128 }

    /// The palette and indices when the opaque pixels have at most `limit`
    /// colours (in the order they first appear), or nil.
    private static func exactColors(_ image: PixelImage, limit: Int) -> ([RGB], [UInt16])? {
        var index: [UInt32: UInt16] = [:]
        var palette: [RGB] = []
        var indices = [UInt16](repeating: transparent, count: image.width * image.height)
        let found = image.rgba.withUnsafeBufferPointer { rgba -> Bool in
            var last: (key: UInt32, index: UInt16)?
            for i in 0..<indices.count where isOpaque(rgba, i) {
                let key = UInt32(rgba[i * 4]) << 16 | UInt32(rgba[i * 4 + 1]) << 8 | UInt32(rgba[i * 4 + 2])
                if let last, last.key == key {
                    indices[i] = last.index
                    continue
                }
                let n: UInt16
                if let known = index[key] {
                    n = known
                } else {
                    guard palette.count < limit else { return false }
                    n = UInt16(palette.count)
                    index[key] = n
                    palette.append(RGB(red: rgba[i * 4], green: rgba[i * 4 + 1], blue: rgba[i * 4 + 2]))
                }
                indices[i] = n
                last = (key, n)
            }
            return true
        }
        return found ? (palette, indices) : nil
    }

    // MARK: Median cut

    /// A box of the 15-bit colour cube: the histogram bins it holds.
    private struct Box {
        var bins: [Int]
        var count: Int
        /// The widest channel (0 red, 1 green, 2 blue) and its range.
        var axis = 0
        var range = 0
    }

    @inline(__always)
    private static func channel(_ bin: Int, _ axis: Int) -> Int { (bin >> (10 - axis * 5)) & 31 }

    private static func measure(_ box: inout Box) {
        var lo = [31, 31, 31], hi = [0, 0, 0]
        for bin in box.bins {
            for axis in 0..<3 {
                let v = channel(bin, axis)
                lo[axis] = Swift.min(lo[axis], v)
                hi[axis] = Swift.max(hi[axis], v)
            }
        }
        box.axis = 0
        box.range = hi[0] - lo[0]
        for axis in 1..<3 where hi[axis] - lo[axis] > box.range {
            box.axis = axis
            box.range = hi[axis] - lo[axis]
        }
    }

    /// At most `limit` colours: the means of the median cut's boxes.
    private static func medianCut(_ image: PixelImage, limit: Int) -> [RGB] {
        var count = [Int](repeating: 0, count: 32768)
        var sums = [Int](repeating: 0, count: 32768 * 3)
        image.rgba.withUnsafeBufferPointer { rgba in
            for i in 0..<(image.width * image.height) where isOpaque(rgba, i) {
                let r = Int(rgba[i * 4]), g = Int(rgba[i * 4 + 1]), b = Int(rgba[i * 4 + 2])
                let bin = (r >> 3) << 10 | (g >> 3) << 5 | b >> 3
                count[bin] += 1
                sums[bin * 3] += r
                sums[bin * 3 + 1] += g
                sums[bin * 3 + 2] += b
            }
        }
        var first = Box(bins: [], count: 0)
        for bin in 0..<32768 where count[bin] > 0 {
            first.bins.append(bin)
            first.count += count[bin]
        }
        guard !first.bins.isEmpty else { return [] }
        measure(&first)
        var boxes = [first]
        while boxes.count < limit {
            // Split the box with the most pixels among those that can be split,
            // weighted by its spread (a big flat area needs no more colours).
            var best = -1, bestScore = 0
            for (i, box) in boxes.enumerated() where box.bins.count > 1 && box.range > 0 {
                let score = box.count * (box.range + 1)
                if score > bestScore {
                    bestScore = score
                    best = i
                }
            }
            guard best >= 0 else { break }
            var box = boxes[best]
            let axis = box.axis
            box.bins.sort { channel($0, axis) < channel($1, axis) }
            // The first bin past half the pixels, kept off both ends.
            var seen = 0, cut = 1
            for (i, bin) in box.bins.enumerated() {
                seen += count[bin]
                if seen * 2 >= box.count {
                    cut = i + 1
                    break
                }
            }
            cut = Swift.min(Swift.max(cut, 1), box.bins.count - 1)
            // Bins of one channel value stay together, so the two boxes do not overlap.
            let value = channel(box.bins[cut - 1], axis)
            while cut < box.bins.count && channel(box.bins[cut], axis) == value { cut += 1 }
            if cut == box.bins.count {
                cut -= 1
                while cut > 0 && channel(box.bins[cut - 1], axis) == channel(box.bins[cut], axis) { cut -= 1 }
            }
            var low = Box(bins: Array(box.bins[..<cut]), count: 0)
            var high = Box(bins: Array(box.bins[cut...]), count: 0)
            for bin in low.bins { low.count += count[bin] }
            high.count = box.count - low.count
            measure(&low)
            measure(&high)
            boxes[best] = low
            boxes.append(high)
        }
        return boxes.map { box in
            var r = 0, g = 0, b = 0
            for bin in box.bins {
                r += sums[bin * 3]
                g += sums[bin * 3 + 1]
                b += sums[bin * 3 + 2]
            }
            let n = Swift.max(box.count, 1)
            return RGB(red: UInt8((r + n / 2) / n), green: UInt8((g + n / 2) / n), blue: UInt8((b + n / 2) / n))
        }
    }

    // MARK: Mapping

    /// Each opaque pixel's nearest palette colour, with Floyd–Steinberg
    /// error diffusion (7/16 right, 3/16 below left, 5/16 below, 1/16
    /// below right).
    private static func diffuse(_ image: PixelImage, palette: [RGB]) -> [UInt16] {
        let w = image.width, h = image.height
        var indices = [UInt16](repeating: transparent, count: w * h)
        guard !palette.isEmpty else { return indices }
        // The nearest colour of each 15-bit colour, found once.
        var nearest = [Int16](repeating: -1, count: 32768)
        func lookup(_ r: Int, _ g: Int, _ b: Int) -> Int {
            let bin = (r >> 3) << 10 | (g >> 3) << 5 | b >> 3
            let cached = nearest[bin]
            if cached >= 0 { return Int(cached) }
            // The bin's centre.
            let cr = (r & ~7) + 4, cg = (g & ~7) + 4, cb = (b & ~7) + 4
            var best = 0, bestDistance = Int.max
            for (i, c) in palette.enumerated() {
                let dr = cr - Int(c.red), dg = cg - Int(c.green), db = cb - Int(c.blue)
                let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                if d < bestDistance {
                    bestDistance = d
                    best = i
                }
            }
            nearest[bin] = Int16(best)
            return best
        }
        // Errors in sixteenths, for this row and the next (one pixel of margin each side).
        var current = [Int](repeating: 0, count: (w + 2) * 3)
        var next = [Int](repeating: 0, count: (w + 2) * 3)
        func spread(_ error: Int, at e: Int) {
            current[e + 3] += error * 7
            next[e - 3] += error * 3
            next[e] += error * 5
            next[e + 3] += error
        }
        image.rgba.withUnsafeBufferPointer { rgba in
            for y in 0..<h {
                for i in 0..<next.count { next[i] = 0 }
                for x in 0..<w {
                    let p = (y * w + x) * 4
                    guard rgba[p + 3] >= 128 else { continue }
                    let e = (x + 1) * 3
                    let r = Swift.min(Swift.max(Int(rgba[p]) + current[e] / 16, 0), 255)
                    let g = Swift.min(Swift.max(Int(rgba[p + 1]) + current[e + 1] / 16, 0), 255)
                    let b = Swift.min(Swift.max(Int(rgba[p + 2]) + current[e + 2] / 16, 0), 255)
                    let index = lookup(r, g, b)
                    indices[y * w + x] = UInt16(index)
                    let c = palette[index]
                    spread(r - Int(c.red), at: e)
                    spread(g - Int(c.green), at: e + 1)
                    spread(b - Int(c.blue), at: e + 2)
                }
                swap(&current, &next)
            }
        }
        return indices
    }
}
