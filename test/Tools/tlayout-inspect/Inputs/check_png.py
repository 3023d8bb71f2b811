"""Checks a screenshot: a PNG of the expected size that is not blank, and
how many of its pixels have the peak marker's red (#d62728). Standard
library only (zlib decodes the image data)."""

import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, header
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


width, height, channels, rows = read_png(sys.argv[1])
print("size %dx%d" % (width, height))
non_white = red = 0
for line in rows:
    for x in range(0, len(line), channels):
        r, g, b = line[x], line[x + 1], line[x + 2]
        if (r, g, b) != (255, 255, 255):
            non_white += 1
        if abs(r - 0xd6) < 12 and abs(g - 0x27) < 12 and abs(b - 0x28) < 12:
            red += 1
print("not blank" if non_white > width * height // 50 else "blank")
print("peak marker" if red >= 50 else "no peak marker (%d red pixels)" % red)
