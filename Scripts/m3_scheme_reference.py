#!/usr/bin/env python3
"""The reference for Material 3's dynamic colour: the tonal-spot scheme of the 2021 spec at
standard contrast (contrast level 0), light and dark, as the `materialyoucolor` package from PyPI
computes it (a Python port of Google's material-color-utilities), one line per seed, theme and
role.

    python3 Scripts/m3_scheme_reference.py > Tests/MaterialFieldsTests/Fixtures/m3-tonal-spot-2021.tsv
    python3 Scripts/m3_scheme_reference.py '#123456' '#ABCDEF'     (those seeds only, same format)
    python3 Scripts/m3_scheme_reference.py --spec 2025 > Tests/MaterialFieldsTests/Fixtures/m3-tonal-spot-2025.tsv
    python3 Scripts/m3_scheme_reference.py --solver-grid > Tests/MaterialFieldsTests/Fixtures/hct-solver-grid.tsv
        (the HCT solver alone: the colour of hue, chroma and tone on a grid, in gamut and out)

Roles are named as Material Web's md-sys-color tokens (ColorRole's raw values). `./run.sh test`
installs the pinned version in .build/m3-reference-venv; DynamicSchemeTests compares the Swift
scheme with the committed table, and with this script run live on seeds the table does not hold.
"""
import re
import sys

PINNED_VERSION = "3.0.4"

# The committed table's seeds: Material's own (#6750A4), the sRGB primaries and secondaries at
# full saturation, near-greys, very light and very dark colours, and hues around the circle.
TABLE_SEEDS = [
    "#6750A4", "#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#00FFFF", "#FF00FF",
    "#000000", "#FFFFFF", "#808080", "#7F7F82", "#8A8F88", "#F8F8F5", "#FFF8E1",
    "#0A0A12", "#1B1B3A", "#FF9800", "#4CAF50", "#2196F3", "#9C27B0", "#E91E63",
    "#795548", "#009688", "#FFC107", "#3F51B5", "#CDDC39", "#B3261E", "#006A6A",
    "#FF5722", "#607D8B",
]

try:
    import materialyoucolor
    from materialyoucolor.dynamiccolor.color_spec import COLOR_NAMES
    from materialyoucolor.dynamiccolor.material_dynamic_colors import MaterialDynamicColors
    from materialyoucolor.hct import Hct
    from materialyoucolor.scheme.scheme_tonal_spot import SchemeTonalSpot
except ImportError as error:
    sys.exit(f"m3_scheme_reference.py: materialyoucolor is not installed ({error}); "
             f"pip install materialyoucolor=={PINNED_VERSION}")

if materialyoucolor.__version__ != PINNED_VERSION:
    sys.exit(f"m3_scheme_reference.py: materialyoucolor {materialyoucolor.__version__} is installed, "
             f"the table is made with {PINNED_VERSION}")


def token_name(name):
    """surfaceContainerHigh -> surface-container-high (Material Web's md-sys-color name)."""
    return re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower()


def solver_grid():
    """The solver's colour for every 15 degrees of hue, 9 chromas (up to 200: beyond any sRGB
    colour) and tones 0.5 to 99.5."""
    print(f"# materialyoucolor {PINNED_VERSION} (PyPI): Hct.from_hct(hue, chroma, tone)")
    print("# made by: python3 Scripts/m3_scheme_reference.py --solver-grid")
    print("# hue\tchroma\ttone\tcolor")
    for hue in range(0, 360, 15):
        for chroma in (1, 5, 12, 24, 36, 48, 72, 100, 200):
            for tone in (0.5, 3, 10, 25, 40, 50, 60, 75, 90, 97, 99.5):
                argb = Hct.from_hct(float(hue), float(chroma), float(tone)).to_int()
                print(f"{hue}\t{chroma}\t{tone}\t#{argb & 0xFFFFFF:06X}")


def main(arguments):
    if arguments == ["--solver-grid"]:
        solver_grid()
        return
    spec = "2021"
    if arguments[:1] == ["--spec"] and len(arguments) >= 2 and arguments[1] in ("2021", "2025"):
        spec, arguments = arguments[1], arguments[2:]
    seeds = arguments or TABLE_SEEDS
    for seed in seeds:
        if not re.fullmatch(r"#[0-9A-Fa-f]{6}", seed):
            sys.exit(f"m3_scheme_reference.py: '{seed}' is not a colour; write it #RRGGBB")
    colors = MaterialDynamicColors(spec=spec)
    # Every role of the spec but the 2025 spec's *-dim ones (no md-sys-color token, None in 2021),
    # and the palettes' key colours (primary-palette-key-color...: TonalPalette.keyColor).
    roles = [(name, getattr(colors, name)) for name in COLOR_NAMES
             if getattr(colors, name) is not None
             and name not in ("primaryDim", "secondaryDim", "tertiaryDim", "errorDim")]
    command = "python3 Scripts/m3_scheme_reference.py" + (" --spec 2025" if spec == "2025" else "") \
        + "".join(" '" + s + "'" for s in arguments)
    print(f"# materialyoucolor {PINNED_VERSION} (PyPI): SchemeTonalSpot, spec_version=\"{spec}\", "
          f"contrast_level=0.0 (standard), platform phone")
    print(f"# made by: {command}")
    print("# seed\ttheme\trole\tcolor")
    for seed in seeds:
        source = Hct.from_int(0xFF000000 | int(seed[1:], 16))
        for theme in ("light", "dark"):
            scheme = SchemeTonalSpot(source, theme == "dark", 0.0, spec_version=spec)
            for name, color in roles:
                argb = color.get_argb(scheme)
                print(f"{seed.upper()}\t{theme}\t{token_name(name)}\t#{argb & 0xFFFFFF:06X}")


if __name__ == "__main__":
    main(sys.argv[1:])
