#!/usr/bin/env python3
"""Draws the catalog's background images (UIKit's `background` and `disabledBackground`) into
Resources/Images/: a sheet of warm paper with a 1-point border, rounded corners, a soft shadow
under it and a highlight along its top, and the same sheet greyed for a disabled field. The
paper's border stands 3:1 against a white surface (WCAG 1.4.11, which the catalog's audit measures).

Each is 24 x 36 points drawn at 2x (48 x 72 pixels): the catalog declares scale 2 and cap insets
of 8 points on every side, so the corners never stretch and the 36-point plain field shows the
vertical shading at its own size. Shapes are antialiased by 8 x 8 supersampling.

Pure Python (zlib and struct): python3 Scripts/make_background_images.py
"""
import os
import struct
import zlib

SCALE = 2
WIDTH, HEIGHT = 24, 36          # points
RADIUS = 6.0                    # points
SAMPLES = 8


def inside_rounded(x, y, left, top, right, bottom, radius):
    """Whether the point (points) is inside the rounded rectangle."""
    if x < left or x > right or y < top or y > bottom:
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def coverage(px, py, shape):
    hits = 0
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            x = (px + (sx + 0.5) / SAMPLES) / SCALE
            y = (py + (sy + 0.5) / SAMPLES) / SCALE
            hits += shape(x, y)
    return hits / (SAMPLES * SAMPLES)


def over(dst, colour, alpha):
    """Straight-alpha `colour` with `alpha` over straight-alpha `dst` (r, g, b, a in 0...1)."""
    r, g, b, a = dst
    out = alpha + a * (1 - alpha)
    if out == 0:
        return (0, 0, 0, 0)
    mix = lambda c, d: (c * alpha + d * a * (1 - alpha)) / out
    return (mix(colour[0], r), mix(colour[1], g), mix(colour[2], b), out)


def hex_colour(text):
    return tuple(int(text[i:i + 2], 16) / 255 for i in (1, 3, 5))


def lerp(c1, c2, t):
    return tuple(a + (b - a) * t for a, b in zip(c1, c2))


def draw(top_fill, bottom_fill, border, shadow_alpha, highlight_alpha):
    body = lambda x, y: inside_rounded(x, y, 0, 0, WIDTH, HEIGHT - 1, RADIUS)
    inner = lambda x, y: inside_rounded(x, y, 1, 1, WIDTH - 1, HEIGHT - 2, RADIUS - 1)
    shadow = lambda x, y: inside_rounded(x, y, 0, 1, WIDTH, HEIGHT, RADIUS)
    highlight = lambda x, y: inner(x, y) and y < 2 and not inside_rounded(x, y + 1, 1, 1, WIDTH - 1, HEIGHT - 2, RADIUS - 1)
    rows = []
    for py in range(HEIGHT * SCALE):
        row = bytearray([0])  # filter type None
        t = min(max(((py + 0.5) / SCALE - 1) / (HEIGHT - 3), 0), 1)
        fill = lerp(top_fill, bottom_fill, t)
        for px in range(WIDTH * SCALE):
            pixel = (0.0, 0.0, 0.0, 0.0)
            if shadow_alpha:
                pixel = over(pixel, (0.24, 0.2, 0.12), shadow_alpha * coverage(px, py, shadow))
            pixel = over(pixel, border, coverage(px, py, body))
            pixel = over(pixel, fill, coverage(px, py, inner))
            if highlight_alpha:
                pixel = over(pixel, (1, 1, 1), highlight_alpha * coverage(px, py, highlight))
            row += bytes(int(round(c * 255)) for c in pixel)
        rows.append(bytes(row))
    return b"".join(rows)


def write_png(path, pixels, width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as out:
        out.write(data)


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "Images")
    os.makedirs(root, exist_ok=True)
    images = {
        "paper@2x.png": draw(hex_colour("#fffdf7"), hex_colour("#f5efe1"), hex_colour("#9e8f70"), 0.10, 0.9),
        "paper-disabled@2x.png": draw(hex_colour("#f3f3f2"), hex_colour("#ecebe9"), hex_colour("#d5d3cf"), 0.0, 0.0),
    }
    for name, pixels in images.items():
        write_png(os.path.join(root, name), pixels, WIDTH * SCALE, HEIGHT * SCALE)
        print(os.path.join("Resources", "Images", name))


if __name__ == "__main__":
    main()
