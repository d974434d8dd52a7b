// swift-tools-version:6.0
import PackageDescription

// Where this file is: the catalog's release link reads its symbol order from the package.
let packageDirectory = String(#filePath.dropLast("Package.swift".count))

// Release builds put each function in a section of its own, so the linker can lay out the
// functions the catalog runs side by side (`catalogLinking`): run.sh passes
// `-Xswiftc -Xfrontend -Xswiftc -function-sections` to every release build. Not a setting here:
// SwiftPM refuses a versioned dependency whose library products' targets carry unsafe flags, and
// an app that depends on MaterialFields must be able to. (The catalog's own link flags below are
// an executable's, which no dependent builds.)

// How the release catalog is linked (what `./run.sh` opens and `./run.sh bench` measures), each
// for its resident memory and start (ARCHITECTURE.md, "Start and memory"):
// - the Swift runtime statically: only the pages the catalog touches become resident, and the
//   loader has no Swift libraries to map and relocate at start (nothing uses Foundation);
// - with lld, in the order of Scripts/textfield-catalog.order (the functions a session runs,
//   recorded by Scripts/generate_symbol_order.py) first: they share pages, where otherwise the
//   kernel's fault-around makes 64 KB resident around each one, scattered over 7 MB of code;
//   Scripts/textfield-catalog.ld gathers Swift's private functions (no symbol to order) beside
//   them, and moves code and data no session reads (the regex libraries' code, Unicode's scalar
//   names, the emoji data) out of their way;
// - relative relocations packed (DT_RELR), not 28,000 RELA entries read at every start;
// - no symbols exported: nothing looks the catalog's own symbols up, and the loader searches
//   the executable's table first for every symbol a library binds;
// - libstdc++ (which the Swift runtime needs) from its static archive: Scripts/static-libstdc++
//   holds a `libstdc++.so` that is a linker script naming `libstdc++.a`, found before the
//   compiler's own folder, so the shared library and its symbol tables are not loaded.
let catalogLinking: [LinkerSetting] = [.unsafeFlags([
    "-static-stdlib", "-use-ld=lld", "-L", "\(packageDirectory)Scripts/static-libstdc++",
    "-Xlinker", "--symbol-ordering-file=\(packageDirectory)Scripts/textfield-catalog.order",
    "-Xlinker", "--no-warn-symbol-ordering",
    "-Xlinker", "-T", "-Xlinker", "\(packageDirectory)Scripts/textfield-catalog.ld",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xlinker", "--no-export-dynamic",
], .when(configuration: .release))]

let package = Package(
    name: "MaterialFields",
    products: [
        .library(name: "MaterialFields", targets: ["MaterialFields"]),
        .library(name: "XftHost", targets: ["XftHost"]),
        .executable(name: "textfield-catalog", targets: ["Catalog"]),
        .executable(name: "materialfields-example", targets: ["PublicAPIExample"]),
        .executable(name: "signin-form", targets: ["SigninForm"]),
        .executable(name: "catalog-soak", targets: ["CatalogSoak"]),
        .executable(name: "materialfields-fuzz", targets: ["FuzzTool"]),
    ],
    targets: [
        // Xlib, Xft, fontconfig, XRender and libpng headers, plus inline wrappers for the
        // variadic calls Swift cannot make.
        .systemLibrary(
            name: "CXlib",
            pkgConfig: "xft",
            providers: [.apt(["libx11-dev", "libxft-dev", "libfontconfig-dev", "libxrender-dev", "libpng-dev"])]
        ),
        // HarfBuzz (shaping on the FreeType faces Xft opened) and FriBidi (bidi levels, UAX #9).
        .systemLibrary(
            name: "CShaping",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfribidi-dev"])]
        ),
        // ATK and GLib, whose main context the AT-SPI bridge runs on: the window host makes each
        // field an accessible object for screen readers. Only GLib is linked. ATK and GObject
        // are opened (dlopen) once a bus can be reached, and called through pointers resolved
        // then (shim.h); so is the bridge for ATK objects (atk-bridge, which speaks D-Bus and
        // registers the application). A process nobody can listen to loads none of them. The
        // pkg-config file is the package's own (by its path): ATK's headers without its libraries.
        .systemLibrary(
            name: "CAtk",
            pkgConfig: packageDirectory + "Sources/CAtk/atk-headers.pc",
            providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]
        ),
        // The editing core: the field editor (the editing value, the edit pipeline and its policy
        // chain, the caret commands, pointer selection), the command vocabulary, text storage,
        // edits, undo, text layout (wrapping, bidi, queries, scrolling), the measuring protocol
        // and geometry values. No dependencies by design: it imports neither MaterialFields nor
        // anything of X11.
        .target(name: "TextEditing"),
        // Pure Swift: model, layout, motion, theme, rendering to an abstract canvas. Never imports X11.
        .target(name: "MaterialFields", dependencies: ["TextEditing"]),
        // The only code that talks to the X server.
        .target(name: "XftHost", dependencies: ["MaterialFields", "CXlib", "CShaping", "CAtk"]),
        // QA tooling on top of a host: scripted sessions on a virtual clock, screenshots compared
        // with goldens, the fonts a rendering used.
        .target(name: "QATools", dependencies: ["MaterialFields", "XftHost"]),
        // Linked for a small resident set and a quick start in release builds (`catalogLinking`).
        .executableTarget(name: "Catalog", dependencies: ["MaterialFields", "XftHost", "QATools", "PhoneNumberFormat"],
                          linkerSettings: catalogLinking),
        // A program that uses only the public API; the UI tests run it.
        .executableTarget(name: "PublicAPIExample", dependencies: ["MaterialFields", "XftHost"]),
        // `signin-form` (`./run.sh example`): a sign-in form written as app code on the public API
        // only, with a controller that is its fields' delegate; a UI test types into it.
        .executableTarget(name: "SigninForm", dependencies: ["MaterialFields", "XftHost", "PhoneNumberFormat"],
                          path: "Sources/Examples/SigninForm"),
        // The live phone formatter both example apps use (the catalog's phone field, the form's).
        .target(name: "PhoneNumberFormat", path: "Sources/Examples/PhoneNumberFormat"),
        // The model fuzzer: random operations on the public API checked against a reference
        // model; pure Swift, shared by its test and `./run.sh fuzz`.
        .target(name: "MaterialFieldsFuzz", dependencies: ["MaterialFields"]),
        .executableTarget(name: "FuzzTool", dependencies: ["MaterialFieldsFuzz"]),
        // `storage-bench`: what a large text costs a text area's model (no X server), for A/B runs.
        .executableTarget(name: "StorageBench", dependencies: ["MaterialFields"], path: "Tests/StorageBench"),
        // Starts private X servers and runs commands for the tests that need a display.
        .target(name: "TestHarness", dependencies: ["QATools", "CXlib"], path: "Tests/TestHarness"),
        // The X DAMAGE extension, for the UI tests only (which regions a repaint touched).
        .systemLibrary(
            name: "CXDamage",
            path: "Tests/CXDamage",
            pkgConfig: "xdamage",
            providers: [.apt(["libxdamage-dev"])]
        ),
        // The XTEST extension, for the soak and the UI and host tests: real key, button and motion
        // events on a private server, faster than one xdotool process per event.
        .systemLibrary(
            name: "CXTest",
            path: "Tests/CXTest",
            pkgConfig: "xtst",
            providers: [.apt(["libxtst-dev"])]
        ),
        // The X-Resource extension, for the UI tests only (how many pixmaps, pictures, GCs, ... a
        // client holds on the server).
        .systemLibrary(
            name: "CXRes",
            path: "Tests/CXRes",
            pkgConfig: "xres",
            providers: [.apt(["libxres-dev"])]
        ),
        // `./run.sh soak SECONDS`: the catalog on a private Xvfb under seeded random input.
        .executableTarget(name: "CatalogSoak", dependencies: ["CXTest", "TestHarness"], path: "Tests/CatalogSoak"),
        // Fixtures: tables the tests read from the source tree (m3-tonal-spot-2021.tsv, made by
        // Scripts/m3_scheme_reference.py).
        .testTarget(name: "MaterialFieldsTests", dependencies: ["MaterialFields"], exclude: ["Fixtures"]),
        .testTarget(name: "FuzzTests", dependencies: ["MaterialFieldsFuzz", "MaterialFields"]),
        .testTarget(name: "QAToolsTests", dependencies: ["QATools", "XftHost", "MaterialFields", "TestHarness"]),
        .testTarget(name: "XftHostTests", dependencies: ["XftHost", "CXlib", "CXTest", "TestHarness", "MaterialFields"]),
        .testTarget(name: "CatalogUITests", dependencies: ["XftHost", "CXlib", "CXDamage", "CXTest", "CXRes", "TestHarness"]),
    ],
    // Tools 6.0 (Swift 6's `Synchronization` module is needed); the code stays in the Swift 5 language mode.
    swiftLanguageModes: [.v5]
)
