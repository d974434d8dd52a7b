import Foundation
import MaterialFields
import XftHost

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("textfield-catalog: \(message)\n".utf8))
    exit(status)
}

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as CommandLineOptions.UsageError {
    FileHandle.standardError.write(Data("textfield-catalog: \(error.message)\n\n\(CommandLineOptions.usage)\n".utf8))
    exit(2)
}
if options.showsHelp {
    print(CommandLineOptions.usage)
    exit(0)
}

// The catalog is the program, so it may set the locale the input method composes in.
WindowHost.adoptUserLocale()

let host: WindowHost
do {
    host = try WindowHost(displayName: options.displayName, fontFamily: options.fontFamily) { warning in
        FileHandle.standardError.write(Data("textfield-catalog: \(warning)\n".utf8))
    }
} catch {
    fail("\(error)", status: 1)
}

let scene = CatalogScreen.makeScene(scheme: options.theme == .dark ? .dark : .light,
                                    metrics: MaterialMetrics(scale: options.scale),
                                    animationSlowdown: options.animationSlowdown)
let controls = CatalogControls(scene: scene, theme: options.theme, animationSlowdown: options.animationSlowdown)

if let screenshotPath = options.screenshotPath {
    do {
        let image = try host.renderSettled(scene, size: options.size)
        try image.writePNG(to: screenshotPath)
        if let qaStatePath = options.qaStatePath {
            QAStateWriter(path: qaStatePath, controls: controls).update()
        }
    } catch {
        fail("\(error)", status: 1)
    }
    exit(0)
}

let qaState = options.qaStatePath.map { QAStateWriter(path: $0, controls: controls) }
do {
    let status = try host.run(scene, options: WindowOptions(title: "Material text fields", instanceName: "textfield-catalog",
                                                           className: "MaterialFields", size: options.size)) {
        qaState?.update()
    }
    exit(status)
} catch {
    fail("\(error)", status: 1)
}
