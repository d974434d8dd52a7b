#!/usr/bin/env bash
# MaterialFields: one entry point for people and CI.
#   ./run.sh [catalog options]   install what is missing, build (release), open the catalog;
#                                without a display: render catalog.png under a private Xvfb
#   ./run.sh example [options]   build (release) and open signin-form, the sign-in form written on the
#                                public API; without a display: render signin-form.png under Xvfb
#   ./run.sh test                install what the tests need and run every test (unit + UI on Xvfb),
#                                two test processes at a time (RUN_TEST_JOBS=N for N), then a 60 s
#                                soak; a compiler warning fails the run too (arguments,
#                                e.g. --filter X, run swift test alone). It also installs the pinned
#                                materialyoucolor from PyPI in .build/m3-reference-venv, which the
#                                dynamic-colour tests run live (without PyPI: the committed table only)
#   ./run.sh shots [--update] [--junit PATH] [NAME...]  render the golden screenshots (Tests/Shots/*.qa,
#                                or only the scripts NAME...) and compare them with Tests/Goldens (--update
#                                rewrites the goldens); the run's report is .build/shots/report/index.html
#   ./run.sh soak SECONDS [--seed N]  drive the catalog with random input on a private Xvfb
#   ./run.sh bench [--only PARTS] [--json PATH]  issue 28's goals beside Tk, wish and GTK on a private
#                                Xvfb (Scripts/bench.py; --only keys,memory runs a subset)
#   ./run.sh injected-typing [--runs N] [--load N]  xdotool typing what the keymap lacks into the
#                                debug and release catalogs, a GTK 3 and a Tk entry, side by side
#                                (Scripts/injected_typing.py)
#   ./run.sh memcheck            a scripted catalog session under valgrind (Scripts/memcheck.sh)
#   ./run.sh fuzz [SEED [OPS]]   the model fuzzer (release build): replays SEED, or a seed from the
#                                clock (printed); OPS operations, 100,000 by default
# Progress, installs and build output go to standard error; standard output carries the result
# (the PNG's path headless, the tests' and tools' reports), so `png=$(./run.sh)` works.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)

# Every release build: functions in sections of their own, which the catalog's link orders
# (Package.swift's catalogLinking; not a package setting, so apps can depend on the library).
RELEASE_BUILD=(-c release -Xswiftc -Xfrontend -Xswiftc -function-sections)

say() { printf 'run.sh: %s\n' "$*" >&2; }

# The Swift toolchain does not come from apt; find it where the official tarball installs.
if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$candidate/swift" ] && PATH="$candidate:$PATH"
    done
fi
if ! command -v swift >/dev/null 2>&1; then
    say "the Swift toolchain (swift 6.0 or newer) is not on PATH; install it from swift.org and run again"
    exit 1
fi

# libatk1.0-dev and libatk-bridge2.0-dev: each field is an accessible object, which the bridge
# gives screen readers over AT-SPI.
BUILD_PACKAGES=(pkg-config libx11-dev libxft-dev libxrender-dev libfontconfig-dev libfreetype-dev libpng-dev libharfbuzz-dev libfribidi-dev
    libatk1.0-dev libatk-bridge2.0-dev)
# Roboto for text; DejaVu, Noto Color Emoji, Noto CJK (Chinese, Japanese, Korean) and Noto's
# core families (Arabic, Hebrew, Devanagari and the other scripts the catalog's international
# fields show) for the fallback; Material Icons for the field icons. Resources/fonts.conf, which
# the binaries pin, accepts exactly these packages' files (Scripts/generate_fonts_conf.py reads
# this line).
FONT_PACKAGES=(fonts-roboto fonts-dejavu-core fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core fonts-material-design-icons-iconfont)
HEADLESS_PACKAGES=(xvfb xauth)
# libxdamage-dev: the UI tests watch repaints through the DAMAGE extension; libx11-data holds the
# Compose tables Xlib's built-in input method reads (the dead-key test); libxtst-dev: the key-burst
# test and the soak type through the XTEST extension; libxres-dev: the X-Resource extension, with
# which a UI test counts the catalog's server-side resources; xclip: the other program the
# desktop-editing tests copy to and paste from; x11-xkb-utils (setxkbmap): the international tests
# give their server a Hebrew keyboard layout and type Hebrew on it; unicode-data: the Unicode
# Character Database the bidi-class table is checked against; xsettingsd: the XSETTINGS manager
# the desktop-settings tests change settings through, live (blinking, theme, dpi); dbus,
# at-spi2-core, python3-pyatspi and gir1.2-atspi-2.0: the accessibility tests read the catalog as
# a screen reader does, on a private session bus that activates the accessibility bus and the
# AT-SPI registry; python3 and python3-venv: the venv the dynamic-colour reference is installed in
# (install_m3_reference).
TEST_PACKAGES=(xvfb xauth xdotool libxdamage-dev libx11-data libxtst-dev libxres-dev xclip x11-xkb-utils unicode-data xsettingsd
    dbus at-spi2-core python3-pyatspi gir1.2-atspi-2.0 cinnamon-settings-daemon xcompmgr
    ibus ibus-hangul ibus-libpinyin python3-gi gir1.2-gtk-3.0
    python3 python3-venv)
# libxtst-dev: the soak injects its input through the XTEST extension.
SOAK_PACKAGES=(xvfb xauth libxtst-dev)
# xclip serves the text the benchmark pastes; libxtst6 and libxdamage1: its keys go in through
# XTEST and what reaches the window comes back through X DAMAGE (Scripts/key_latency.py).
BENCH_PACKAGES=(xvfb xdotool python3 libxdamage1 libxtst6 xclip)
# python3 drives the session and sends WM_DELETE_WINDOW through libX11 (ctypes).
MEMCHECK_PACKAGES=(valgrind xvfb xdotool python3)
# What ../shared/bench-peers needs to run Tk, GTK and wish (tk: pure Tcl/Tk, no Python) beside us.
PEER_PACKAGES=(python3-tk python3-gi gir1.2-gtk-3.0 python3-gi-cairo x11-utils imagemagick time tk)
# xdotool types, xclip reads back what each program got (PRIMARY); the GTK 3 and Tk entries beside
# the catalog are Python's (Scripts/injected_typing.py holds them).
INJECTED_TYPING_PACKAGES=(xvfb xdotool xclip python3 python3-tk python3-gi gir1.2-gtk-3.0)

# Installs the Debian packages among "$@" that are not installed yet: apt-get as root, sudo
# otherwise, and a clear message when neither is possible.
ensure_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "not a Debian system: make sure these (or your distribution's equivalents) are installed: $*"
        return 0
    fi
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local runner=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && { [ -t 0 ] || sudo -n true 2>/dev/null; }; then
            runner=(sudo)
        else
            say "missing packages: ${missing[*]}"
            say "install them as root: apt-get install ${missing[*]}"
            exit 1
        fi
    fi
    say "installing ${missing[*]}"
    "${runner[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The reference Material 3's dynamic colour is checked against (DynamicSchemeTests): the
# materialyoucolor package from PyPI at this version, in a venv of Debian's python3 under .build
# (Scripts/m3_scheme_reference.py made the committed table with it; the tests also run it live on
# seeds the table lacks). --no-deps: pillow, its one dependency, serves only image quantizing,
# which the script does not use. Without PyPI the run goes on, the tests using the table alone.
M3_REFERENCE_VERSION=3.0.4
install_m3_reference() {
    local venv="$ROOT/.build/m3-reference-venv"
    "$venv/bin/python3" -c "import sys, materialyoucolor; sys.exit(materialyoucolor.__version__ != '$M3_REFERENCE_VERSION')" \
        2>/dev/null && return 0
    local python=/usr/bin/python3
    [ -x "$python" ] || python=$(command -v python3 || true)
    # A venv left by an earlier run without PyPI is reused; one that is broken is made anew.
    if [ ! -x "$venv/bin/python3" ] || ! "$venv/bin/python3" -m pip --version >/dev/null 2>&1; then
        rm -rf "$venv"
        [ -n "$python" ] && "$python" -m venv "$venv" >/dev/null 2>&1 || python=
    fi
    if [ -z "$python" ] ||
        ! "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check --no-deps --timeout 15 --retries 1 \
            "materialyoucolor==$M3_REFERENCE_VERSION" >/dev/null 2>&1; then
        say "materialyoucolor $M3_REFERENCE_VERSION could not be installed (PyPI unreachable, or no python3 venv): the dynamic-colour tests check the committed table only"
        return 0
    fi
    say "installed materialyoucolor $M3_REFERENCE_VERSION in .build/m3-reference-venv (the dynamic-colour reference)"
}

# Where goldens are drawn (the tests, the shots), the binaries pin the repository's
# Resources/fonts.conf themselves, found from the build; a FONTCONFIG_FILE or
# MATERIALFIELDS_RESOURCES left in the caller's shell would draw them with another configuration.
pin_golden_fonts() {
    unset FONTCONFIG_FILE MATERIALFIELDS_RESOURCES
}

# Runs every test class of the XCTest bundle $1 (SwiftPM names it after the package), $3
# processes at a time, each process's output printed whole once it ends, then a summary line;
# $2 is a scratch folder. A class is the unit (a process per CatalogUITests class; the other
# modules' classes eight to a process, as they are many and short), handed out longest-first by
# module: the fuzzer, the UI tests, the host and QA-tool tests, the model's unit tests. The
# modules that need no display (MaterialFieldsTests, FuzzTests) run under nice, so the processes
# that answer within a time (the UI tests' catalogs, the soak's) get the CPU first.
run_test_classes() {
    local bundle=$1 work=$2 jobs=$3 listing
    case "$jobs" in ''|*[!0-9]*|0) say "RUN_TEST_JOBS must be a number of processes (1 or more), not '$jobs'"; return 2 ;; esac
    listing=$("$bundle" --list-tests) || { say "could not list the tests of $bundle"; return 1; }
    # "Module.Class/testName" lines; everything else in the listing is its heading.
    printf '%s\n' "$listing" | grep -E '^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*/' >"$work/tests" || true
    local expected
    expected=$(wc -l <"$work/tests")
    [ "$expected" -gt 0 ] || { say "$bundle lists no tests"; return 1; }
    # One line per process: its rank, whether it runs niced, its classes (comma-separated).
    sed 's,/.*,,' "$work/tests" | awk '!seen[$0]++' | awk -F. '
        function flush() { if (group != "") print rank[module] " " nice[module] " " group; group = ""; count = 0 }
        BEGIN { rank["FuzzTests"] = 0; rank["CatalogUITests"] = 1; rank["MaterialFieldsTests"] = 3
                nice["FuzzTests"] = "nice"; nice["MaterialFieldsTests"] = "nice" }
        {
            if (!($1 in rank)) rank[$1] = 2
            if (!($1 in nice)) nice[$1] = "-"
            if ($1 != module || count == (module == "CatalogUITests" ? 1 : 8)) flush()
            module = $1; group = group (group == "" ? "" : ",") $0; count++
        }
        END { flush() }' | sort -s -n -k1,1 | cut -d' ' -f2- >"$work/items"
    local processes
    processes=$(wc -l <"$work/items")
    say "$expected tests of $(sed 's,/.*,,' "$work/tests" | sort -u | wc -l) classes in $processes processes, $jobs at a time"
    mkdir -p "$work/logs"
    # Each process's output goes to a file of its own and is printed in one piece under a lock, so
    # two processes' lines never mix; its status is kept beside it.
    export RUN_TESTS_BUNDLE=$bundle RUN_TESTS_WORK=$work
    # shellcheck disable=SC2016
    nl -ba -w1 -s' ' "$work/items" | xargs -P "$jobs" -L 1 bash -c '
        number=$1 niced=$2 classes=$3 log="$RUN_TESTS_WORK/logs/$1"
        if [ "$niced" = nice ]; then runner=(nice -n 10); else runner=(); fi
        status=0
        "${runner[@]}" "$RUN_TESTS_BUNDLE" "$classes" >"$log" 2>&1 </dev/null || status=$?
        echo "$status" >"$log.status"
        flock "$RUN_TESTS_WORK/print.lock" cat "$log"
        exit 0' _ || true
    # The verdict: every listed test ran, and every process ended with status 0.
    local ran failures=0 failed_processes=0 number status
    ran=$(cat "$work"/logs/[0-9]* 2>/dev/null | grep -cE "^Test Case '[^']*' (passed|failed|skipped)" || true)
    for number in $(seq 1 "$processes"); do
        status=$(cat "$work/logs/$number.status" 2>/dev/null || echo "no status")
        [ "$status" = 0 ] && continue
        failed_processes=$((failed_processes + 1))
        say "the process for $(sed -n "${number}p" "$work/items" | cut -d' ' -f2) ended with status $status"
    done
    failures=$(cat "$work"/logs/[0-9]* 2>/dev/null | grep -E "^Test Case '[^']*' failed" | sed -E "s/^Test Case '([^']*)' failed.*/\1/" | sort -u || true)
    [ -z "$failures" ] || say "failed: $(printf '%s\n' "$failures" | paste -sd' ')"
    say "$ran of $expected tests ran; $(printf '%s' "$failures" | grep -c . || true) failed"
    [ "$failed_processes" -eq 0 ] && [ "$ran" -eq "$expected" ]
}

case "${1:-}" in
test)
    shift
    pin_golden_fonts
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    install_m3_reference
    # The code builds without a compiler warning: a whole run fails on one (after the tests), so
    # CI's build from clean keeps it that way.
    build_log=$(mktemp)
    swift build --build-tests 2>&1 | tee "$build_log" >&2
    warnings=$(grep -c ': warning: ' "$build_log" || true)
    rm -f "$build_log"
    # Every test is XCTest: without this flag the Swift Testing runner ends the output with a
    # "0 tests" line that reads like nothing ran.
    if [ $# -gt 0 ]; then
        # A filtered or otherwise narrowed run is someone working on a few tests: no soak.
        [ "$warnings" -eq 0 ] || say "the build gave $warnings compiler warning(s) (above)"
        exec swift test --disable-swift-testing "$@"
    fi
    # The whole run: the test bundle's classes in RUN_TEST_JOBS processes at a time (2 by
    # default: most UI tests wait on other processes, so one process alone leaves a core idle),
    # then the 60 s soak, alone, as its latencies and memory are measured without the tests' load.
    bin=$(swift build --show-bin-path)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    tests_status=0
    run_test_classes "$bin/MaterialFieldsPackageTests.xctest" "$work" "${RUN_TEST_JOBS:-2}" || tests_status=$?
    # The soak runs even when a test failed: both verdicts are worth having from one run.
    soak_status=0
    "$bin/catalog-soak" 60 || soak_status=$?
    [ "$tests_status" -eq 0 ] || say "the tests failed (status $tests_status)"
    [ "$soak_status" -eq 0 ] || say "the soak failed (status $soak_status)"
    [ "$warnings" -eq 0 ] || say "the build gave $warnings compiler warning(s) (above): the code builds without any"
    [ "$tests_status" -eq 0 ] && [ "$soak_status" -eq 0 ] && [ "$warnings" -eq 0 ] || exit 1
    ;;
shots)
    shift
    pin_golden_fonts
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}" "${HEADLESS_PACKAGES[@]}"
    # The debug build, as ./run.sh test compares the goldens with it (no second, release compile).
    swift build --product textfield-catalog >&2
    # Every step of every chosen script runs, and the run's page is .build/shots/report/index.html.
    shot_arguments=(--goldens Tests/Goldens --failures "$ROOT/.build/shots" --scripts-dir Tests/Shots
                    --keep-going --report "$ROOT/.build/shots/report")
    while [ $# -gt 0 ]; do
        case "$1" in
        --update) shot_arguments+=(--update-goldens) ;;
        --junit) [ $# -ge 2 ] || { say "--junit needs a path"; exit 2; }; shot_arguments+=(--junit "$2"); shift ;;
        -*) say "usage: ./run.sh shots [--update] [--junit PATH] [NAME...]  (NAME: a script of Tests/Shots, e.g. states)"; exit 2 ;;
        # A name (states, states.qa) or a path; the catalog resolves it in Tests/Shots and names
        # the scripts there when it is none of them.
        *) shot_arguments+=(--script "$1") ;;
        esac
        shift
    done
    # Always a private Xvfb: a desktop's own Xft settings (subpixel order, hinting, DPI) would
    # draw different pixels than the goldens were drawn with.
    exec env -u DISPLAY "$(swift build --show-bin-path)/textfield-catalog" "${shot_arguments[@]}"
    ;;
soak)
    shift
    [ $# -ge 1 ] || { say "usage: ./run.sh soak SECONDS [--seed N] [--warm-up S] [--answer-within S]"; exit 2; }
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}" "${SOAK_PACKAGES[@]}"
    # The debug build, as ./run.sh test soaks it (no second, release compile).
    swift build --product textfield-catalog >&2
    swift build --product catalog-soak >&2
    exec "$(swift build --show-bin-path)/catalog-soak" "$@"
    ;;
example)
    shift
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}"
    swift build "${RELEASE_BUILD[@]}" --product signin-form >&2
    BINARY="$ROOT/.build/release/signin-form"
    case " $* " in *" --display "*|*" --screenshot "*|*" --help "*|*" -h "*) exec "$BINARY" "$@" ;; esac
    [ -n "${DISPLAY:-}" ] && exec "$BINARY" "$@"
    # No display: the form is a window to type into, so draw it once on a private Xvfb instead
    # (signin-form uses only the public API, which starts no server of its own; xvfb-run does).
    ensure_packages "${HEADLESS_PACKAGES[@]}"
    xvfb-run --auto-servernum --server-args="-screen 0 1024x768x24 -nolisten tcp" \
        "$BINARY" --screenshot "$ROOT/signin-form.png" "$@" >&2
    say "no display: signin-form drawn once, untouched; with DISPLAY set (or --display) it opens the window"
    echo "$ROOT/signin-form.png"
    ;;
fuzz)
    shift
    # Pure Swift, no X: nothing to install beyond the toolchain.
    swift build "${RELEASE_BUILD[@]}" --product materialfields-fuzz >&2
    exec "$ROOT/.build/release/materialfields-fuzz" "$@"
    ;;
bench)
    shift
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}" "${BENCH_PACKAGES[@]}"
    [ -d ../shared/bench-peers ] && ensure_packages "${PEER_PACKAGES[@]}"
    swift build "${RELEASE_BUILD[@]}" --product textfield-catalog >&2
    exec python3 Scripts/bench.py "$@"
    ;;
injected-typing)
    shift
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}" "${INJECTED_TYPING_PACKAGES[@]}"
    swift build --product textfield-catalog >&2
    swift build "${RELEASE_BUILD[@]}" --product textfield-catalog >&2
    exec python3 Scripts/injected_typing.py "$(swift build --show-bin-path)/textfield-catalog" \
        "$(swift build "${RELEASE_BUILD[@]}" --show-bin-path)/textfield-catalog" "$@"
    ;;
memcheck)
    shift
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}" "${MEMCHECK_PACKAGES[@]}"
    swift build "${RELEASE_BUILD[@]}" --product textfield-catalog >&2
    exec Scripts/memcheck.sh "$@"
    ;;
*)
    ensure_packages "${BUILD_PACKAGES[@]}" "${FONT_PACKAGES[@]}"
    swift build "${RELEASE_BUILD[@]}" --product textfield-catalog >&2
    BINARY="$ROOT/.build/release/textfield-catalog"
    # Scripts and screenshots asked for on the command line run as asked (with no display the
    # catalog starts its own Xvfb); so does everything when there is a display.
    case " $* " in *" --script "*|*" --screenshot "*|*" --help "*|*" -h "*) headless_request=yes ;; *) headless_request=no ;; esac
    if [ -n "${DISPLAY:-}" ] || [ "$headless_request" = yes ]; then
        [ "$headless_request" = yes ] && ensure_packages "${HEADLESS_PACKAGES[@]}"
        exec "$BINARY" "$@"
    fi
    ensure_packages "${HEADLESS_PACKAGES[@]}"
    # With no display the catalog starts a private Xvfb of its own for the screenshot. Standard
    # output carries only the result, the PNG's path (`png=$(./run.sh)`); the rest is progress.
    "$BINARY" --screenshot "$ROOT/catalog.png" "$@" >&2
    echo "$ROOT/catalog.png"
    ;;
esac
