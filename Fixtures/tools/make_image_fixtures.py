#!/usr/bin/env python3
"""Writes the image fixtures the decoding tests read (python3 stdlib, and
cjpeg from libjpeg-turbo-progs for the JPEG):

    python3 Fixtures/tools/make_image_fixtures.py

Fixtures/images/
- rgba-4x3.png: RGBA, 8 bits, pixel (x, y) = (60x, 80y, 200, 255 - 60x)
- gray-3x2.png: 8-bit greyscale, values 0, 100, 200 / 50, 150, 250
- palette-2x1.png: a palette image (red, green) with tRNS making green half transparent
- huge-header.png: a well-formed header claiming 100000 x 100000 pixels
- halves-16x8.jpg: left half red, right half blue, quality 95
"""

import os
import struct
import subprocess
import tempfile
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "images")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, color_type, rows, extra=b"", idat=None):
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    body = zlib.compress(raw, 9) if idat is None else idat
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def main():
    os.makedirs(HERE, exist_ok=True)
    rows = []
    for y in range(3):
        row = []
        for x in range(4):
            row += [60 * x, 80 * y, 200, 255 - 60 * x]
        rows.append(row)
    write("rgba-4x3.png", png(4, 3, 6, rows))
    write("gray-3x2.png", png(3, 2, 0, [[0, 100, 200], [50, 150, 250]]))
    palette = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0])) + chunk(b"tRNS", bytes([255, 128]))
    write("palette-2x1.png", png(2, 1, 3, [[0, 1]], extra=palette))
    write("huge-header.png", png(100000, 100000, 6, [], idat=zlib.compress(b"\x00" * 16)))
    ppm = b"P6 16 8 255\n" + b"".join(bytes([255, 0, 0] if x < 8 else [0, 0, 255]) for _ in range(8) for x in range(16))
    with tempfile.NamedTemporaryFile(suffix=".ppm") as source:
        source.write(ppm)
        source.flush()
        out = subprocess.run(["cjpeg", "-quality", "95", source.name], check=True, capture_output=True).stdout
    write("halves-16x8.jpg", out)


if __name__ == "__main__":
    main()
