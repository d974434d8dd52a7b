#!/usr/bin/env python3
"""Writes Resources/fonts.conf: the fontconfig configuration the goldens are drawn with.

The catalog (and the example programs) point FONTCONFIG_FILE at it, so fontconfig reads this
file alone: no /etc/fonts/conf.d, no ~/.config/fontconfig, no fonts a machine happens to have
besides the Debian packages run.sh installs (FONT_PACKAGES there). What it pins:

- the fonts: exactly the font files of those packages (`dpkg -L`), each accepted by its path,
  every other file in their folders rejected (fonts-dejavu-extra, fonts-noto-extra or
  fonts-noto-ui-core put theirs in the same folders and would reorder the fallback list);
- the fallback order: the families a request gets after its own (Noto Sans, then DejaVu Sans,
  what Debian's conf.d leaves of its sans-serif lists once the fonts above are all there is)
  and the language matched for, English whatever the locale (a zh_CN locale would put Noto Sans
  CJK SC before JP for Han characters);
- the rasterizer's settings: antialiasing on, hinting on with the slight style, no autohinter,
  grey antialiasing (no subpixel order, so an X resource or a desktop's Xft.rgba cannot add
  one), the default LCD filter; DejaVu unhinted below 7.5 pixels (its hints are poor there),
  the colour emoji's bitmaps scaled to the size asked for, and bold and oblique synthesized for
  faces that lack them.

Run it by hand on Debian when the packages change (python3 Scripts/generate_fonts_conf.py),
then check the goldens (./run.sh shots) and commit both. Standard-library Python only.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT_SUFFIXES = (".ttf", ".ttc", ".otf")
# The Material icons also come as WOFF files with the same family: the TrueType one is the
# face the goldens use, so the WOFF folder is left out.
FOLDER_ORDER = [
    # The order fontconfig reads /usr/share/fonts in (folders sorted, breadth first): fonts that
    # tie on everything else sort in this order, so it is kept.
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/truetype/material-design-icons-iconfont",
    "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/truetype/roboto/unhinted",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF",
]


def font_packages():
    text = open(os.path.join(ROOT, "run.sh"), encoding="utf-8").read()
    match = re.search(r"^FONT_PACKAGES=\(([^)]*)\)", text, re.M)
    if not match:
        sys.exit("generate_fonts_conf.py: run.sh has no FONT_PACKAGES=(...) line")
    return match.group(1).split()


def font_files(package, seen):
    """The package's font files; a package with none (fonts-roboto) gives its fonts-* dependencies'."""
    if package in seen:
        return []
    seen.add(package)
    listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
    if listing.returncode != 0:
        sys.exit(f"generate_fonts_conf.py: {package} is not installed (./run.sh installs it)")
    files = [line for line in listing.stdout.splitlines()
             if line.endswith(FONT_SUFFIXES) and os.path.dirname(line) in FOLDER_ORDER]
    if files:
        return files
    depends = subprocess.run(["dpkg-query", "-W", "-f=${Depends}", package], capture_output=True, text=True).stdout
    result = []
    for alternative in depends.split(","):
        name = alternative.split("|")[0].split("(")[0].strip()
        if name.startswith("fonts-"):
            result += font_files(name, seen)
    return result


def version(package):
    return subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True).stdout.strip()


def main():
    packages = font_packages()
    seen = set()
    files = []
    for package in packages:
        files += font_files(package, seen)
    files = sorted(set(files))
    folders = [folder for folder in FOLDER_ORDER if any(os.path.dirname(f) == folder for f in files)]
    # A folder's subfolders are read with it: only the outermost ones are listed.
    listed = [folder for folder in folders if not any(folder.startswith(other + "/") for other in folders)]
    versions = ", ".join(f"{package} {version(package)}" for package in sorted(seen))
    lines = []
    add = lines.append
    add('<?xml version="1.0"?>')
    add('<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">')
    add("<!--")
    add("  MaterialFields: the fonts and rasterizer settings the goldens are drawn with.")
    add("  Written by Scripts/generate_fonts_conf.py from the Debian packages run.sh installs; edit")
    add("  that script, not this file. Read alone (FONTCONFIG_FILE): no system or user configuration.")
    add(f"  Packages: {versions}.")
    add("-->")
    add("<fontconfig>")
    add("  <description>MaterialFields: the faces and settings the goldens were drawn with</description>")
    add("")
    add("  <!-- The packages' folders, in the order fontconfig reads /usr/share/fonts. -->")
    for folder in listed:
        add(f"  <dir>{folder}</dir>")
    add("  <!-- Caches only save scanning; they never change which fonts are there. -->")
    add("  <cachedir>/var/cache/fontconfig</cachedir>")
    add('  <cachedir prefix="xdg">fontconfig</cachedir>')
    add("")
    add("  <!-- Exactly the packages' files: other packages put fonts in the same folders. -->")
    add("  <selectfont>")
    add("    <rejectfont>")
    for folder in listed:
        add(f"      <glob>{folder}/*</glob>")
    add("    </rejectfont>")
    add("    <acceptfont>")
    # A folder read with its parent is judged as a file is: accepted by name.
    for folder in folders:
        if folder not in listed:
            add(f"      <glob>{folder}</glob>")
    for path in files:
        add(f"      <glob>{path}</glob>")
    add("    </acceptfont>")
    add("  </selectfont>")
    add("")
    add("  <!-- The fallback order: after the family asked for, Noto Sans, then DejaVu Sans. -->")
    add('  <match target="pattern">')
    add('    <test qual="all" name="family" compare="not_eq"><string>serif</string></test>')
    add('    <test qual="all" name="family" compare="not_eq"><string>monospace</string></test>')
    add('    <edit name="family" mode="append_last" binding="weak">')
    add("      <string>Noto Sans</string>")
    add("      <string>DejaVu Sans</string>")
    add("    </edit>")
    add("  </match>")
    add('  <match target="pattern">')
    add('    <test qual="any" name="family"><string>serif</string></test>')
    add('    <edit name="family" mode="append_last" binding="weak"><string>DejaVu Serif</string><string>Noto Serif</string></edit>')
    add("  </match>")
    add('  <match target="pattern">')
    add('    <test qual="any" name="family"><string>monospace</string></test>')
    add('    <edit name="family" mode="append_last" binding="weak"><string>DejaVu Sans Mono</string></edit>')
    add("  </match>")
    add("  <!-- Fonts are ranked for English whatever the locale says. -->")
    add('  <match target="pattern">')
    add('    <edit name="lang" mode="assign" binding="strong"><string>en</string></edit>')
    add("  </match>")
    add("")
    add("  <!-- The rasterizer: set on every request, so no X resource or desktop setting adds its own. -->")
    add('  <match target="pattern">')
    add('    <edit name="antialias" mode="assign"><bool>true</bool></edit>')
    add('    <edit name="hinting" mode="assign"><bool>true</bool></edit>')
    add('    <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>')
    add('    <edit name="autohint" mode="assign"><bool>false</bool></edit>')
    add('    <edit name="rgba" mode="assign"><const>unknown</const></edit>')
    add('    <edit name="lcdfilter" mode="assign"><const>lcddefault</const></edit>')
    add('    <edit name="embolden" mode="assign"><bool>false</bool></edit>')
    add("  </match>")
    add("  <!-- DejaVu's hints are poor at small sizes: unhinted below 7.5 pixels, as Debian's configuration has it. -->")
    for family in ("DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"):
        add('  <match target="font">')
        add(f'    <test name="family"><string>{family}</string></test>')
        add('    <test name="pixelsize" compare="less"><double>7.5</double></test>')
        add('    <edit name="hinting" mode="assign"><bool>false</bool></edit>')
        add("  </match>")
    add("  <!-- A bitmap face (the colour emoji) is scaled from its size to the size asked for. -->")
    add('  <match target="font">')
    add('    <test name="outline" compare="eq"><bool>false</bool></test>')
    add('    <edit name="pixelsizefixupfactor" mode="assign">')
    add('      <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>')
    add("    </edit>")
    add("  </match>")
    add('  <match target="font">')
    add('    <test name="outline" compare="eq"><bool>false</bool></test>')
    add('    <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>')
    add('    <edit name="matrix" mode="assign">')
    add("      <times><name>matrix</name><matrix><name>pixelsizefixupfactor</name><double>0</double>")
    add("        <double>0</double><name>pixelsizefixupfactor</name></matrix></times>")
    add("    </edit>")
    add('    <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>')
    add("  </match>")
    add("  <!-- Italic asked of a face without one: slanted. Bold asked of a face without one: emboldened. -->")
    add('  <match target="font">')
    add('    <test name="slant"><const>roman</const></test>')
    add('    <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>')
    add('    <edit name="matrix" mode="assign">')
    add("      <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>")
    add("    </edit>")
    add('    <edit name="slant" mode="assign"><const>oblique</const></edit>')
    add('    <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>')
    add("  </match>")
    add('  <match target="font">')
    add('    <test name="weight" compare="less_eq"><const>medium</const></test>')
    add('    <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>')
    add('    <edit name="embolden" mode="assign"><bool>true</bool></edit>')
    add('    <edit name="weight" mode="assign"><const>bold</const></edit>')
    add("  </match>")
    add("</fontconfig>")
    os.makedirs(os.path.join(ROOT, "Resources"), exist_ok=True)
    path = os.path.join(ROOT, "Resources", "fonts.conf")
    with open(path, "w", encoding="utf-8") as output:
        output.write("\n".join(lines) + "\n")
    print(f"{path}: {len(files)} font files from {len(seen)} packages")


if __name__ == "__main__":
    main()
