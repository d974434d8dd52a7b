#!/usr/bin/python3
"""Writes Sources/TextEditing/Bidi/BidiClassTable.swift, the model's table of Unicode
Bidi_Class values (UAX #9), from the Unicode Character Database's DerivedBidiClass.txt.

Usage: generate_bidi_classes.py [DERIVED_BIDI_CLASS_TXT [OUTPUT]]
The input defaults to Debian's unicode-data package (/usr/share/unicode/extracted/
DerivedBidiClass.txt), the output to the Swift file beside BidiClass.swift. Standard library only.

Every code point gets a class: first the file's @missing defaults (all L, then the right-to-left
and currency blocks, in the order the file gives them, a later line winning), then its data lines
(assigned characters, and the unassigned ones that default to BN). The table is two arrays:
the classes of U+0000...U+00FF by code point, and from U+0100 on one UInt32 per run of code
points of one class: the run's first code point shifted left 5 bits, or'ed with the class. Beside
it, a few spans outside which no code point has one of the classes that can open right-to-left
text (R, AL, AN, RLE, RLO, RLI), so the common check needs no search for most text."""
import os, re, sys

# BidiClass's raw values, in this order (Sources/TextEditing/Bidi/BidiClass.swift).
CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
           "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
LONG_NAMES = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN",
    "European_Separator": "ES", "European_Terminator": "ET", "Arabic_Number": "AN",
    "Common_Separator": "CS", "Nonspacing_Mark": "NSM", "Boundary_Neutral": "BN",
    "Paragraph_Separator": "B", "Segment_Separator": "S", "White_Space": "WS", "Other_Neutral": "ON",
    "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO",
    "Right_To_Left_Embedding": "RLE", "Right_To_Left_Override": "RLO",
    "Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI", "Right_To_Left_Isolate": "RLI",
    "First_Strong_Isolate": "FSI", "Pop_Directional_Isolate": "PDI",
}
# BidiClass.mayOpenRightToLeft's classes, and the gap below which two spans of them are one.
RIGHT_TO_LEFT_OPENERS = {"R", "AL", "AN", "RLE", "RLO", "RLI"}
SPAN_GAP = 256
CODE_POINTS = 0x110000
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_INPUT = "/usr/share/unicode/extracted/DerivedBidiClass.txt"
DEFAULT_OUTPUT = os.path.join(HERE, "..", "Sources", "TextEditing", "Bidi", "BidiClassTable.swift")


def parse_range(text):
    first, _, last = text.strip().partition("..")
    return int(first, 16), int(last or first, 16)


def read_classes(path):
    classes = [None] * CODE_POINTS
    version = None
    with open(path, encoding="utf-8") as source:
        lines = source.read().splitlines()
    header = re.match(r"# DerivedBidiClass-(\d+)\.(\d+)\.(\d+)\.txt", lines[0]) if lines else None
    if not header:
        sys.exit(f"{path}: the first line does not name DerivedBidiClass's Unicode version")
    version = tuple(int(part) for part in header.groups())
    missing = [line for line in lines if line.startswith("# @missing:")]
    if not missing:
        sys.exit(f"{path}: no @missing lines (the defaults of unassigned code points)")
    for line in missing:
        span, _, name = line[len("# @missing:"):].partition(";")
        first, last = parse_range(span)
        short = LONG_NAMES[name.strip()]
        for value in range(first, last + 1):
            classes[value] = short
    for line in lines:
        data = line.partition("#")[0].strip()
        if not data:
            continue
        span, _, short = data.partition(";")
        short = short.strip()
        if short not in CLASSES:
            sys.exit(f"{path}: unknown class {short!r} in {line!r}")
        first, last = parse_range(span)
        for value in range(first, last + 1):
            classes[value] = short
    if None in classes:
        sys.exit(f"{path}: U+{classes.index(None):04X} has no class")
    return version, classes


def runs(classes, start):
    result = []
    for value in range(start, CODE_POINTS):
        if not result or result[-1][1] != classes[value]:
            result.append((value, classes[value]))
    return result


def opener_spans(classes):
    spans = []
    for value in range(CODE_POINTS):
        if classes[value] in RIGHT_TO_LEFT_OPENERS:
            if spans and value - spans[-1][1] <= SPAN_GAP:
                spans[-1][1] = value
            else:
                spans.append([value, value])
    return spans


def swift_rows(items, per_row, indent="        "):
    rows = []
    for index in range(0, len(items), per_row):
        rows.append(indent + ", ".join(items[index:index + per_row]) + ",")
    return "\n".join(rows)


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_INPUT
    output = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_OUTPUT
    version, classes = read_classes(source)
    raw = {name: index for index, name in enumerate(CLASSES)}
    latin1 = [str(raw[classes[value]]) for value in range(0x100)]
    entries = [f"0x{(first << 5) | raw[name]:07X}" for first, name in runs(classes, 0x100)]
    spans = [f"0x{first:05X}...0x{last:05X}" for first, last in opener_spans(classes)]
    version_text = ".".join(str(part) for part in version)
    text = f"""// Generated by Scripts/generate_bidi_classes.py from DerivedBidiClass-{version_text}.txt
// (the Unicode Character Database, Unicode {version_text}). Do not edit: run the script again.

extension BidiClass {{
    /// The Unicode version of the table `BidiClass(_:)` reads.
    public static let tableUnicodeVersion = (major: {version[0]}, minor: {version[1]})

    /// The short names of the classes in raw-value order, as the table was generated with.
    package static let tableClassOrder = "{" ".join(CLASSES)}"

    /// The raw class of U+0000...U+00FF, by code point.
    static let latin1Classes: [UInt8] = [
{swift_rows(latin1, 32)}
    ]

    /// From U+0100 on, one entry per run of code points of one class, in order: the run's first
    /// code point shifted left 5 bits, or'ed with the class's raw value. A run ends where the
    /// next begins; the last runs to U+10FFFF. {len(entries)} runs.
    static let classRuns: [UInt32] = [
{swift_rows(entries, 10)}
    ]

    /// Outside these spans no code point is of a class that can open right-to-left text (R,
    /// AL, AN, RLE, RLO, RLI); inside them some are (spans closer than {SPAN_GAP} code points joined).
    static let rightToLeftOpenerSpans: [ClosedRange<UInt32>] = [
{swift_rows(spans, 4)}
    ]
}}
"""
    with open(output, "w", encoding="utf-8") as destination:
        destination.write(text)
    print(f"{os.path.relpath(output)}: Unicode {version_text}, {len(entries)} runs from U+0100")


if __name__ == "__main__":
    main()
