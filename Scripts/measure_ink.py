#!/usr/bin/python3
"""Measures where a field's label and text ink sit, from a catalog screenshot and its QA state.
Usage: measure_ink.py PNG QA_JSON FIELD_ID [--scale N] [--threshold T] [--profile]
  e.g. textfield-catalog --screenshot s.png --qa-state s.json --size 760x900
       measure_ink.py s.png s.json filled-prefilled
  At scale 2, --size 1520x1800 --scale 2 keeps both columns of 680 px fields on screen.
Prints, in pixels from the container's top-left (its `frame` in the QA state), one line per
band of ink rows and a summary:
  label_ink_top=10 label_ink_bottom=... text_ink_top=... text_ink_bottom=39 ink_centre=... container_centre=28
Definitions (the fidelity issue's):
- A pixel is ink when a channel differs from its row's background (the most common colour in
  the row) by more than T (default 32 of 255, about a quarter of the label's full contrast).
- Rows where a rule crosses the field (underline, outline, the top outline beside a notch)
  are skipped: a rule row is one whose background differs from the container's.
- Columns: 8 px x scale in from each side, so the outline and rounded corners stay out.
- Rows: from 8 px x scale above the container (the outlined label rises above it) down to its
  bottom.
- Ink rows group into bands separated by at least one blank row. The first band is the
  label (floating or resting), the last the input text. "ink top" is a band's first row,
  "ink bottom" its last row (for text without descenders, such as "Lisboa", the row just
  above the baseline).
- ink_centre is the centre of a single band in edge coordinates, (top + bottom + 1) / 2:
  for a resting label of capitals and x-height letters only ("Name") the middle of the
  cap-height box. An ascender can reach above the capitals (the "l" of "Email" does by 1 px
  at scale 2). container_centre is height / 2. Both are printed only when the field has one
  band.
The rendering is hinted, so ink rows are crisp and the threshold hardly matters (0 and 32 give
the same rows for the catalog's fields).
Pure Python (zlib); reads 8-bit RGB or RGBA PNGs, as the catalog writes."""
import argparse, json, struct, zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "8-bit RGB(A), not interlaced"
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            upper_left = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        previous = line
    return rows


def mode(pixels):
    counts = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    return max(counts, key=counts.get)


def differs(a, b, threshold):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2])) > threshold


def measure(image, frame, scale, threshold, profile=False):
    x0, y0, width, height = frame
    left, right = x0 + int(8 * scale), x0 + width - int(8 * scale)
    first = max(0, y0 - int(8 * scale))
    container_background = mode(image[y0 + height // 2][left:right])
    ink_rows = []
    for y in range(first, y0 + height):
        row = image[y][left:right]
        background = mode(row)
        if differs(background, container_background, threshold) and y >= y0:
            kind = "rule"
        else:
            count = sum(1 for p in row if differs(p, background, threshold))
            kind = "ink" if count else "blank"
        if profile:
            strongest = max(max(abs(p[i] - background[i]) for i in range(3)) for p in row)
            print(f"row {y - y0:4d} {kind:5s} max_diff={strongest}")
        ink_rows.append((y - y0, kind))
    bands, current = [], None
    for y, kind in ink_rows:
        if kind == "ink":
            if current is None:
                current = [y, y]
            current[1] = y
        elif kind == "blank" and current is not None:
            bands.append(tuple(current))
            current = None
    if current is not None:
        bands.append(tuple(current))
    return bands


def main():
    parser = argparse.ArgumentParser(description="Label and text ink rows of one catalog field.")
    parser.add_argument("png")
    parser.add_argument("qa_json")
    parser.add_argument("field_id")
    parser.add_argument("--scale", type=float, default=1, help="the catalog's --scale (default 1)")
    parser.add_argument("--threshold", type=int, default=32, help="ink threshold, 0-255 (default 32)")
    parser.add_argument("--profile", action="store_true", help="print every row's kind and contrast")
    args = parser.parse_args()
    fields = {f["id"]: f for f in json.load(open(args.qa_json))["fields"]}
    frame = fields[args.field_id]["frame"]
    bands = measure(read_png(args.png), frame, args.scale, args.threshold, args.profile)
    for top, bottom in bands:
        print(f"band {top}...{bottom}")
    summary = {}
    if bands:
        summary["label_ink_top"], summary["label_ink_bottom"] = bands[0]
    if len(bands) > 1:
        summary["text_ink_top"], summary["text_ink_bottom"] = bands[-1]
    if len(bands) == 1:
        summary["ink_centre"] = (bands[0][0] + bands[0][1] + 1) / 2
        summary["container_centre"] = frame[3] / 2
    print(" ".join(f"{k}={v}" for k, v in summary.items()))


if __name__ == "__main__":
    main()
