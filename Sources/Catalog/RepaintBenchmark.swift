import MaterialFields
import XftHost

/// `--repaint-benchmark N` (left out of --help; a measurement, never a pass/fail): the catalog's
/// own rendering cost, drawn into an offscreen pixmap the size of the window.
///   - a full repaint: the whole catalog invalidated and drawn N times (after one warm-up
///     repaint that opens the fonts and fills the caches), as a resize or a theme switch draws it;
///   - a focus animation: focus moved along the Tab order N times, every frame drawn at 60 Hz
///     until every field has settled, as the window's loop paces them.
/// Each figure is the median: the process's CPU time, and the wall time including an XSync, so
/// the X server's compositing is counted there; with the coverage-mask cache's hits and misses.
/// Everything is measured with the pure-Swift rasterizer, then with the host's (FreeType's, which
/// the window uses), each twice: first with the mask cache off (every shape rasterized and
/// uploaded at every draw, as before the cache), then on. Last, the two rasterizers side by side
/// on the shapes the catalog drew: how far apart their masks are, and the CPU each takes.
enum RepaintBenchmark {
    /// `makeSession` gives each measurement a catalog of its own, so both start from the same state.
    static func run(host: WindowHost, size: Size, count: Int, makeSession: () -> CatalogSession) throws {
        let rasterizers: [(name: String, rasterizer: PathRasterizer)] = [("swift", SwiftPathRasterizer()),
                                                                        ("host", WindowHost.defaultRasterizer)]
        var shapes: [Path] = []
        for (name, rasterizer) in rasterizers {
            print("rasterizer: \(name == "host" ? "the host's (\(type(of: rasterizer)))" : "Swift")")
            for caches in [false, true] {
                print("masks cached: \(caches ? "yes" : "no")")
                let drawn = try run(host: host, scene: makeSession().scene, size: size, count: count, cachesMasks: caches,
                                    rasterizer: rasterizer)
                if caches { shapes = drawn }
            }
        }
        compareRasterizers(on: shapes, rasterizers.map(\.rasterizer), names: rasterizers.map(\.name))
    }

    /// The shapes' masks from both rasterizers: the largest difference of a pixel, how many pixels
    /// differ; then the CPU of rasterizing every shape with each, the median of 21 rounds.
    private static func compareRasterizers(on shapes: [Path], _ rasterizers: [PathRasterizer], names: [String]) {
        guard rasterizers.count == 2, !shapes.isEmpty else { return }
        var largest = 0, differing = 0, pixels = 0
        for path in shapes {
            let area = path.bounds.integral
            let masks = rasterizers.map { $0.rasterize(path, within: area) }
            func value(_ mask: CoverageMask?, _ x: Int, _ y: Int) -> Int {
                guard let mask, x >= mask.x, x < mask.x + mask.width, y >= mask.y, y < mask.y + mask.height else { return 0 }
                return Int(mask[x - mask.x, y - mask.y])
            }
            for y in Int(area.minY)..<Int(area.maxY) {
                for x in Int(area.minX)..<Int(area.maxX) {
                    let delta = abs(value(masks[0], x, y) - value(masks[1], x, y))
                    pixels += 1
                    if delta > 0 { differing += 1 }
                    largest = max(largest, delta)
                }
            }
        }
        let times = rasterizers.map { rasterizer in
            median((0..<21).map { _ in
                measure { for path in shapes { _ = rasterizer.rasterize(path, within: path.bounds.integral) } }.cpu
            })
        }
        let ratio = times[1] > 0 ? Int((times[0] / times[1]).rounded()) : 0
        print("rasterizers on the \(shapes.count) shapes drawn: \(names[1]) against \(names[0]): largest difference "
              + "\(largest)/255, \(differing) of \(pixels) pixels differ; CPU to rasterize them all, median of 21: "
              + "\(names[0]) \(milliseconds(times[0])) ms, \(names[1]) \(milliseconds(times[1])) ms (\(ratio)x)")
    }

    /// Returns the shapes rasterized while the cache was on: each once, as first drawn (again if evicted).
    private static func run(host: WindowHost, scene: FieldScene, size: Size, count: Int, cachesMasks: Bool,
                            rasterizer: PathRasterizer) throws -> [Path] {
        let surface = try OffscreenSurface(host: host, size: size)
        surface.rasterizer = rasterizer
        surface.cachesMasks = cachesMasks
        if cachesMasks { surface.rasterizedPaths = [] }
        surface.resize(to: size, scene: scene)
        scene.settle()
        var time = 100.0
        scene.invalidateAll()
        try surface.render(scene, at: time)

        var repaints: [(cpu: Double, wall: Double)] = []
        surface.resetMaskCounters()
        for _ in 0..<count {
            scene.invalidateAll()
            repaints.append(try measure { try surface.render(scene, at: time) })
        }
        let full = surface.maskStatistics
        print("  full repaint \(Int(size.width))x\(Int(size.height)), median of \(count): "
              + "\(milliseconds(median(repaints.map(\.cpu)))) ms CPU, \(milliseconds(median(repaints.map(\.wall)))) ms wall; "
              + "masks per repaint: \(perRun(full.hits, count)) hits, \(perRun(full.misses, count)) misses, "
              + "\(perRun(surface.rasterizations, count)) rasterized; cache \(full.entries) masks, \(full.bytes / 1024) KiB")

        let fields = scene.fields.filter(\.isEnabled)
        guard !fields.isEmpty else { return surface.rasterizedPaths ?? [] }
        var frames: [(cpu: Double, wall: Double)] = []
        surface.resetMaskCounters()
        var lastFrame = time
        for step in 0..<count {
            time += 1
            scene.focus(fields[step % fields.count], at: time)
            try surface.render(scene, at: time)
            lastFrame = time
            // Frames while anything animates, then the one at the end; the caret's blink is not a frame here.
            while scene.fields.contains(where: { $0.isAnimating(at: lastFrame) }) {
                time = WindowHost.nextFrame(wakeup: lastFrame, lastFrame: lastFrame)
                frames.append(try measure { try surface.render(scene, at: time) })
                lastFrame = time
            }
        }
        let animation = surface.maskStatistics
        let lookups = max(1, animation.hits + animation.misses)
        print("  focus animation, \(count) focus changes, \(frames.count) frames: median "
              + "\(milliseconds(median(frames.map(\.cpu)))) ms CPU, \(milliseconds(median(frames.map(\.wall)))) ms wall per frame; "
              + "masks: \(animation.hits) hits, \(animation.misses) misses (\(animation.hits * 100 / lookups)% hit), "
              + "\(surface.rasterizations) rasterized, \(animation.evictions) evicted")
        return surface.rasterizedPaths ?? []
    }

    private static func measure(_ body: () throws -> Void) rethrows -> (cpu: Double, wall: Double) {
        let cpu = ProcessClock.cpuSeconds(), wall = ProcessClock.wallSeconds()
        try body()
        return (ProcessClock.cpuSeconds() - cpu, ProcessClock.wallSeconds() - wall)
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func perRun(_ total: Int, _ runs: Int) -> String {
        let tenths = (total * 10 + runs / 2) / max(1, runs)
        return "\(tenths / 10).\(tenths % 10)"
    }
}
