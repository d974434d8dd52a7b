#!/usr/bin/env python3
"""Writes Sources/MaterialFields/Theme/M3TextFieldTokens.swift from Material Web's token files.

Reads, at one version of Material Web's tokens (v0_192), the filled and outlined text field
components (`_md-comp-filled-text-field.scss`, `_md-comp-outlined-text-field.scss`) and the system
tokens they refer to (`_md-sys-state.scss` for state-layer opacities, `_md-sys-shape.scss` for
corner radii, `_md-sys-typescale.scss` for type sizes), and writes one Swift enum per component:
every colour token as a `ColorRole` at an opacity (its `-opacity` partner folded in), every size
in pixels at scale 1, and the two tables by token name the tests read. Then, named `web...`,
Material Web's own additions to each component (`tokens/_md-comp-*-text-field.scss`, outside the
token versions: the paddings it lays the field out with, and the focused line it draws 3px where
v0_192 says 2px), with the commit they were read at.

Usage: python3 Scripts/m3_tokens.py [--repo GIT_DIR] [--ref REF] [--check]
  --repo   Material Web as a git directory (default: the mirror at
           /work/.mirror/material-components+material-web/repo) or a work tree.
  --ref    the commit to read (default HEAD).
  --check  write nothing; exit 1 when the Swift file differs from what would be written.

Standard-library Python; run by hand when the token version changes. Any token it cannot
classify stops it with a message naming the file and token, so nothing is dropped silently.
"""

import argparse
import os
import re
import subprocess
import sys

VERSION = "v0_192"
TOKEN_DIR = f"tokens/versions/{VERSION}"
DEFAULT_REPO = "/work/.mirror/material-components+material-web/repo"
OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                      "Sources", "MaterialFields", "Theme", "M3TextFieldTokens.swift")
COMPONENTS = [
    ("filled-text-field", "M3FilledTextFieldTokens"),
    ("outlined-text-field", "M3OutlinedTextFieldTokens"),
]
# CSS's rem, as Material Web's typescale is written: the browser default of 16 px.
REM = 16.0


class TokenError(Exception):
    pass


def read(repo, ref, name, directory=TOKEN_DIR):
    """The text of directory/name, from a git directory or a work tree."""
    path = f"{directory}/{name}"
    if os.path.isfile(os.path.join(repo, path)):
        with open(os.path.join(repo, path), encoding="utf-8") as handle:
            return handle.read()
    try:
        return subprocess.run(["git", "-C", repo, "show", f"{ref}:{path}"], check=True,
                              capture_output=True, text=True).stdout
    except OSError as error:
        raise TokenError(f"{repo}: cannot run git: {error}") from error
    except subprocess.CalledProcessError as error:
        reason = (error.stderr or "").strip().splitlines()
        raise TokenError(f"{repo}: cannot read {path} at {ref}" + (f" ({reason[0]})" if reason else "")) from error


def entries(text, name):
    """The `'token': value` entries of the file's `@return ( ... );`, in order, values on one line."""
    start = text.find("@return (")
    end = text.rfind(");")
    if start < 0 or end < start:
        raise TokenError(f"{name}: no '@return (' map")
    body = text[start + len("@return ("):end]
    # Entries start at the map's own indentation; a value may run over several lines.
    parts = re.split(r"^    '([a-z0-9-]+)':", body, flags=re.M)
    result = []
    for index in range(1, len(parts), 2):
        value = parts[index + 1]
        value = re.sub(r"/\*.*?\*/", "", value, flags=re.S)
        value = " ".join(value.split()).rstrip(",").strip()
        result.append((parts[index], value))
    if not result:
        raise TokenError(f"{name}: an empty token map")
    return result


HARDCODED = re.compile(r"^if\(\$exclude-hardcoded-values, null, \(?(.*?)\)?\)$")
REFERENCE = re.compile(r"^map\.get\(\$deps, '([a-z-]+)', '([a-z0-9-]+)'\)$")


def hardcoded(value):
    match = HARDCODED.match(value)
    return match.group(1) if match else None


def pixels(literal, where):
    """A CSS length as pixels: `4px`, `1.5rem`."""
    match = re.fullmatch(r"(-?[0-9.]+)(px|rem)", literal.strip())
    if not match:
        raise TokenError(f"{where}: '{literal}' is not a length in px or rem")
    number = float(match.group(1))
    return number * REM if match.group(2) == "rem" else number


def system_tables(repo, ref):
    """md-sys-state opacities, md-sys-shape radii (four corners) and md-sys-typescale lengths."""
    state = {}
    for token, value in entries(read(repo, ref, "_md-sys-state.scss"), "_md-sys-state.scss"):
        literal = hardcoded(value)
        if literal is None:
            raise TokenError(f"_md-sys-state.scss: {token}: '{value}' is not a number")
        state[token] = float(literal)
    shape = {}
    for token, value in entries(read(repo, ref, "_md-sys-shape.scss"), "_md-sys-shape.scss"):
        literal = hardcoded(value)
        if literal is None:
            raise TokenError(f"_md-sys-shape.scss: {token}: '{value}' is not a length")
        radii = [pixels(part, f"_md-sys-shape.scss: {token}") for part in literal.split()]
        if len(radii) == 1:
            radii = radii * 4
        if len(radii) != 4:
            raise TokenError(f"_md-sys-shape.scss: {token}: {len(radii)} radii")
        shape[token] = (radii, literal)
    typescale = {}
    for token, value in entries(read(repo, ref, "_md-sys-typescale.scss"), "_md-sys-typescale.scss"):
        literal = hardcoded(value)
        # Lengths only: sizes, line heights, tracking. Fonts and weights are references.
        if literal is not None and re.fullmatch(r"-?[0-9.]+(px|rem)", literal):
            typescale[token] = (pixels(literal, f"_md-sys-typescale.scss: {token}"), literal)
    return state, shape, typescale


def commit_of(repo, ref):
    """The commit `ref` names in a git directory; None for a work tree that is not one."""
    try:
        return subprocess.run(["git", "-C", repo, "rev-parse", f"{ref}^{{commit}}"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def web_additions(repo, ref, name, known):
    """Material Web's own tokens for the component (tokens/_md-comp-NAME.scss, outside the token
    versions): the spacing it adds and the values it overrides. Returns (token, kind, value, is_override)
    with kind 'size' (pixels) or 'color' (a role)."""
    file_name = f"_md-comp-{name}.scss"
    text = read(repo, ref, file_name, directory="tokens")
    start = text.find("@function values(")
    if start < 0:
        raise TokenError(f"tokens/{file_name}: no values function")
    body = text[start:]
    result = []
    for match in re.finditer(r"'([a-z0-9-]+)':\s*(if\(\$exclude-hardcoded-values, null, [^)]*\)|"
                             r"map\.get\(\$deps, 'md-sys-color', '[a-z-]+'\))", body):
        token, value = match.group(1), " ".join(match.group(2).split())
        where = f"tokens/{file_name}: {token}"
        literal = hardcoded(value)
        reference = REFERENCE.match(value)
        if literal is not None:
            result.append((token, "size", pixels(literal, where), token in known))
        elif reference:
            result.append((token, "color", reference.group(2), token in known))
    if not result:
        raise TokenError(f"tokens/{file_name}: no additions found")
    return result


def camel(token):
    head, *rest = token.split("-")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def component(repo, ref, name, systems):
    """The component's colours (token -> role, opacity, opacity's source), sizes and shapes."""
    state, shape, typescale = systems
    file_name = f"_md-comp-{name}.scss"
    colors, opacities, sizes, shapes = {}, {}, {}, {}
    for token, value in entries(read(repo, ref, file_name), file_name):
        where = f"{file_name}: {token}"
        reference = REFERENCE.match(value)
        literal = hardcoded(value)
        if reference and reference.group(1) == "md-sys-color":
            if not token.endswith("-color"):
                raise TokenError(f"{where}: a colour role in a token not named '-color'")
            colors[token] = reference.group(2)
        elif reference and reference.group(1) == "md-sys-state":
            if reference.group(2) not in state:
                raise TokenError(f"{where}: no md-sys-state '{reference.group(2)}'")
            opacities[token] = (state[reference.group(2)], f"md-sys-state {reference.group(2)}")
        elif reference and reference.group(1) == "md-sys-shape":
            if reference.group(2) not in shape:
                raise TokenError(f"{where}: no md-sys-shape '{reference.group(2)}'")
            radii, source = shape[reference.group(2)]
            shapes[token] = (radii, f"md-sys-shape {reference.group(2)} ({source})")
        elif reference and reference.group(1) == "md-sys-typescale":
            if reference.group(2) in typescale:
                length, source = typescale[reference.group(2)]
                sizes[token] = (length, f"md-sys-typescale {reference.group(2)} ({source})")
            elif not re.search(r"-(font|weight)$", reference.group(2)):
                raise TokenError(f"{where}: md-sys-typescale '{reference.group(2)}' is neither a length, a font nor a weight")
        elif literal is not None and re.fullmatch(r"[0-9.]+", literal):
            if not token.endswith("-opacity"):
                raise TokenError(f"{where}: a bare number in a token not named '-opacity'")
            opacities[token] = (float(literal), literal)
        elif literal is not None and re.fullmatch(r"-?[0-9.]+(px|rem)", literal):
            sizes[token] = (pixels(literal, where), literal)
        elif token.endswith("-type"):
            continue  # A composite font shorthand of the weight, size, line height and font above.
        else:
            raise TokenError(f"{where}: cannot classify '{value}'")
    # Each opacity belongs to the colour of the same name.
    table = {}
    for token, role in colors.items():
        partner = token[:-len("-color")] + "-opacity"
        opacity = opacities.pop(partner, None)
        table[token] = (role, opacity, partner)
    if opacities:
        raise TokenError(f"{file_name}: opacities with no colour: {', '.join(sorted(opacities))}")
    return table, sizes, shapes


def swift_role(role, where):
    if not re.fullmatch(r"[a-z]+(-[a-z]+)*", role):
        raise TokenError(f"{where}: '{role}' is not a role name")
    return "." + camel(role)


def swift_double(value):
    text = f"{value:.6f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def render(repo, ref, systems):
    commit = commit_of(repo, ref)
    lines = [
        f"// Generated by Scripts/m3_tokens.py from Material Web's tokens/versions/{VERSION}: do not edit.",
        "// The components' colours as roles at opacities (`_md-sys-state.scss` gives the state layers'),",
        "// their sizes in pixels at scale 1 (`_md-sys-shape.scss` the corners, `_md-sys-typescale.scss`",
        f"// the type at {REM:g} px to the rem). Regenerate with `python3 Scripts/m3_tokens.py`.",
        "// Material Web's own additions (tokens/_md-comp-*-text-field.scss, outside the token versions)",
        f"// read at commit {commit or 'of a work tree'}.",
        "",
        "/// The Material Web token version these tables follow.",
        f'let m3TokenVersion = "{VERSION}"',
    ]
    for name, type_name in COMPONENTS:
        colors, sizes, shapes = component(repo, ref, name, systems)
        lines += ["", f"/// `md.comp.{name}` of Material Web's tokens {VERSION}.", f"enum {type_name} {{",
                  "    // MARK: Colours"]
        for token in sorted(colors):
            role, opacity, partner = colors[token]
            where = f"{name}: {token}"
            if opacity is None:
                lines.append(f"    /// `{token}`: {role}.")
                lines.append(f"    static let {camel(token)} = M3ColorToken({swift_role(role, where)})")
            else:
                value, source = opacity
                cited = swift_double(value) if source == str(value) or re.fullmatch(r"[0-9.]+", source) else \
                    f"{source} ({swift_double(value)})"
                lines.append(f"    /// `{token}`: {role}, at `{partner}`: {cited}.")
                lines.append(f"    static let {camel(token)} = M3ColorToken({swift_role(role, where)}, "
                             f"opacity: {swift_double(value)})")
        lines.append("")
        lines.append("    // MARK: Sizes, in pixels at scale 1")
        for token in sorted(sizes):
            length, source = sizes[token]
            lines.append(f"    /// `{token}`: {source}.")
            lines.append(f"    static let {camel(token)} = {swift_double(length)}")
        for token in sorted(shapes):
            radii, source = shapes[token]
            lines.append(f"    /// `{token}`: {source}, clockwise from the top left.")
            lines.append(f"    static let {camel(token)} = CornerRadii(topLeft: {swift_double(radii[0])}, "
                         f"topRight: {swift_double(radii[1])}, bottomRight: {swift_double(radii[2])}, "
                         f"bottomLeft: {swift_double(radii[3])})")
        additions = web_additions(repo, ref, name, set(colors) | set(sizes) | set(shapes))
        lines.append("")
        lines.append(f"    // MARK: Material Web's own additions (tokens/_md-comp-{name}.scss), not tokens of {VERSION}")
        for token, kind, value, is_override in additions:
            swift_name = "web" + camel(token)[:1].upper() + camel(token)[1:]
            if kind == "size":
                note = f", in place of {VERSION}'s {sizes[token][0]:g}px" if is_override and token in sizes else ""
                lines.append(f"    /// `{token}`: {value:g}px{note}.")
                lines.append(f"    static let {swift_name} = {swift_double(value)}")
            else:
                lines.append(f"    /// `{token}`: {value}.")
                lines.append(f"    static let {swift_name} = M3ColorToken({swift_role(value, token)})")
        lines.append("")
        lines.append("    /// Every colour token by its name.")
        lines.append("    static let colors: [String: M3ColorToken] = [")
        lines += [f'        "{token}": {camel(token)},' for token in sorted(colors)]
        lines.append("    ]")
        lines.append("    /// Every size token by its name (pixels at scale 1).")
        lines.append("    static let sizes: [String: Double] = [")
        lines += [f'        "{token}": {camel(token)},' for token in sorted(sizes)]
        lines.append("    ]")
        lines.append("    /// Material Web's own size tokens by name (pixels at scale 1).")
        lines.append("    static let webSizes: [String: Double] = [")
        lines += [f'        "{token}": web{camel(token)[:1].upper() + camel(token)[1:]},'
                  for token, kind, _, _ in sorted(additions) if kind == "size"]
        lines.append("    ]")
        lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", default=DEFAULT_REPO)
    parser.add_argument("--ref", default="HEAD")
    parser.add_argument("--check", action="store_true")
    arguments = parser.parse_args()
    try:
        text = render(arguments.repo, arguments.ref, system_tables(arguments.repo, arguments.ref))
    except TokenError as error:
        print(f"m3_tokens.py: {error}", file=sys.stderr)
        return 1
    output = os.path.normpath(OUTPUT)
    if arguments.check:
        try:
            with open(output, encoding="utf-8") as handle:
                current = handle.read()
        except OSError:
            current = None
        if current != text:
            print(f"m3_tokens.py: {output} is not what the tokens give; run python3 Scripts/m3_tokens.py",
                  file=sys.stderr)
            return 1
        return 0
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
