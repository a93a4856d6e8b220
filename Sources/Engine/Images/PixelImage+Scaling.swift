/// Resampling: an area (box) filter when shrinking, so every source pixel
/// counts and thin lines do not alias away; bilinear when enlarging; or the
/// nearest pixel. Colours are averaged premultiplied by alpha, so a
/// transparent pixel's colour does not bleed into its neighbours.
extension PixelImage {
    /// How pixels are picked when an image is drawn at another size
    /// (SwiftUI's `Image.Interpolation`).
    public enum Interpolation: Sendable, Hashable {
        /// The nearest pixel: hard edges (pixel art).
        case none
        /// Area averaging down, bilinear up (all three).
        case low
        case medium
        case high
    }

    /// This image at `width` × `height` pixels (each at least 1).
    ///
    /// - Complexity: O(source pixels + result pixels × scale factor), in two
    ///   passes (horizontal, then vertical).
    public func resized(width newWidth: Int, height newHeight: Int, interpolation: Interpolation = .high) -> PixelImage {
        let w = Swift.max(1, Swift.min(newWidth, Self.maximumDimension))
        let h = Swift.max(1, Swift.min(newHeight, Self.maximumDimension))
        if w == width && h == height { return self }
        if interpolation == .none { return nearest(width: w, height: h) }
        // Premultiplied floats, resampled along x then along y.
        var source = [Float](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let a = Float(rgba[i * 4 + 3]) / 255
            source[i * 4] = Float(rgba[i * 4]) * a
            source[i * 4 + 1] = Float(rgba[i * 4 + 1]) * a
            source[i * 4 + 2] = Float(rgba[i * 4 + 2]) * a
            source[i * 4 + 3] = a
        }
        let across = Self.weights(from: width, to: w)
        var middle = [Float](repeating: 0, count: w * height * 4)
        for y in 0..<height {
            for x in 0..<w {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (sx, weight) in across[x] {
                    let i = (y * width + sx) * 4
                    acc.0 += source[i] * weight
                    acc.1 += source[i + 1] * weight
                    acc.2 += source[i + 2] * weight
                    acc.3 += source[i + 3] * weight
                }
                let o = (y * w + x) * 4
                (middle[o], middle[o + 1], middle[o + 2], middle[o + 3]) = acc
            }
        }
        let down = Self.weights(from: height, to: h)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (sy, weight) in down[y] {
                    let i = (sy * w + x) * 4
                    acc.0 += middle[i] * weight
                    acc.1 += middle[i + 1] * weight
                    acc.2 += middle[i + 2] * weight
                    acc.3 += middle[i + 3] * weight
                }
                let o = (y * w + x) * 4
                let alpha = Swift.min(Swift.max(acc.3, 0), 1)
                if alpha > 0 {
                    out[o] = Self.byte(acc.0 / alpha)
                    out[o + 1] = Self.byte(acc.1 / alpha)
                    out[o + 2] = Self.byte(acc.2 / alpha)
                }
                out[o + 3] = Self.byte(alpha * 255)
            }
        }
        return PixelImage(checkedWidth: w, height: h, rgba: out)
    }

    @inline(__always)
    private static func byte(_ v: Float) -> UInt8 { UInt8(Swift.min(Swift.max(v.rounded(), 0), 255)) }

    private func nearest(width w: Int, height h: Int) -> PixelImage {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let sy = Swift.min(height - 1, (2 * y + 1) * height / (2 * h))
            for x in 0..<w {
                let sx = Swift.min(width - 1, (2 * x + 1) * width / (2 * w))
                let s = (sy * width + sx) * 4, o = (y * w + x) * 4
                out[o] = rgba[s]
                out[o + 1] = rgba[s + 1]
                out[o + 2] = rgba[s + 2]
                out[o + 3] = rgba[s + 3]
            }
        }
        return PixelImage(checkedWidth: w, height: h, rgba: out)
    }

    /// For each of `n` output samples along an axis of `m` source samples,
    /// the source samples it reads and their weights (summing to 1): the
    /// overlap of the output sample's span with each source pixel when
    /// shrinking, the two nearest centres when enlarging.
    static func weights(from m: Int, to n: Int) -> [[(Int, Float)]] {
        var result: [[(Int, Float)]] = []
        result.reserveCapacity(n)
        let scale = Double(m) / Double(n)
        for i in 0..<n {
            if n < m {
                let start = Double(i) * scale, end = Double(i + 1) * scale
                var taps: [(Int, Float)] = []
                var s = Int(start)
                while Double(s) < end && s < m {
                    let overlap = Swift.min(end, Double(s + 1)) - Swift.max(start, Double(s))
                    if overlap > 0 { taps.append((s, Float(overlap / scale))) }
                    s += 1
                }
                result.append(taps)
            } else {
                // Centre-aligned: output centre i + 0.5 maps to source (i + 0.5) * scale - 0.5.
                let position = Swift.max(0, (Double(i) + 0.5) * scale - 0.5)
                let left = Swift.min(Int(position), m - 1)
                let right = Swift.min(left + 1, m - 1)
                let t = Float(position - Double(left))
                result.append(right == left ? [(left, Float(1))] : [(left, 1 - t), (right, t)])
            }
        }
        return result
    }
}
