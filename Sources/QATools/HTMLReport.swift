/// `--report DIR`: a run as one HTML page (DIR/index.html) that opens from disk in any browser:
/// every image is a `data:` URI, the style and the little script are inline, nothing is fetched.
/// A summary at the top; the scripts that failed first; each script's steps with their line,
/// text, result and virtual time; each screenshot with its verdict, and for a golden that differs
/// the expected, actual and diff images side by side and a slider that wipes from one to the other.
public enum HTMLReport {
    public static func html(_ results: [ScriptResult], title: String, subtitle: String) -> String {
        let failed = results.filter(\.hasFailed)
        let passed = results.filter { !$0.hasFailed }
        let failures = results.reduce(0) { $0 + $1.failureMessages.count }
        let steps = results.reduce(0) { $0 + $1.steps.count }
        let shots = results.flatMap(\.shots)
        let differing = shots.filter(\.verdict.isFailure).count
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(XMLText.escaped(title))</title>
            <style>\(style)</style></head>
            <body><header class="bar \(failed.isEmpty ? "ok" : "bad")"><h1>\(XMLText.escaped(title))</h1>
            <p>\(XMLText.escaped(subtitle))</p></header>
            <main>
            <section class="summary">
            \(card(failed.isEmpty ? "passed" : "failed", "\(passed.count) of \(results.count)", "scripts passed"))
            \(card(failures == 0 ? "passed" : "failed", "\(failures)", failures == 1 ? "failure" : "failures"))
            \(card("neutral", "\(steps)", "steps"))
            \(card(differing == 0 ? "neutral" : "failed", "\(shots.count)", differing == 0 ? "screenshots" : "screenshots, \(differing) failing"))
            </section>

            """
        if !failed.isEmpty {
            page += "<section class=\"card failures\"><h2>Failures</h2><ul>"
            for result in failed {
                for message in result.failureMessages {
                    page += "<li><a href=\"#\(anchor(result.file))\">\(XMLText.escaped(message))</a></li>"
                }
            }
            page += "</ul></section>\n"
        }
        var imageCount = 0
        for result in failed + passed { page += section(result, imageCount: &imageCount) }
        page += "</main><script>\(script)</script></body></html>\n"
        return page
    }

    private static func card(_ kind: String, _ figure: String, _ caption: String) -> String {
        "<div class=\"figure \(kind)\"><b>\(XMLText.escaped(figure))</b><span>\(XMLText.escaped(caption))</span></div>"
    }

    /// An id for a script's section: its path with anything but letters and digits as '-'.
    static func anchor(_ file: String) -> String {
        "script-" + String(file.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "-" })
    }

    private static func section(_ result: ScriptResult, imageCount: inout Int) -> String {
        let failed = result.hasFailed
        let status = failed ? "failed" : result.unjudgedReason != nil ? "unjudged" : "passed"
        let ran = result.steps.filter { $0.outcome != .notReached }.count
        var html = "<section class=\"card script \(status)\" id=\"\(anchor(result.file))\">"
        html += "<details\(failed ? " open" : "")><summary><span class=\"chip \(status)\">\(status)</span> "
            + "<code class=\"file\">\(XMLText.escaped(result.file))</code> <span class=\"meta\">\(ran) of \(counted(result.steps.count, "step")), "
            + "\(counted(result.shots.count, "screenshot")), \(milliseconds(result.virtualTime)) of virtual time"
            + (failed ? ", \(result.failureMessages.count) failing" : "") + "</span></summary>"
        if let parseFailure = result.parseFailure {
            html += "<p class=\"message failed\">\(XMLText.escaped(parseFailure))</p>"
        }
        if let reason = result.unjudgedReason {
            html += "<p class=\"message unjudged\">Screenshots not judged: \(XMLText.escaped(reason))</p>"
        }
        if !result.steps.isEmpty {
            html += "<table class=\"steps\"><thead><tr><th>Line</th><th>Step</th><th>Result</th><th>Time</th></tr></thead><tbody>"
            let failingShotLines = Set(result.shots.filter(\.verdict.isFailure).map(\.line))
            for step in result.steps {
                let (kind, label): (String, String)
                switch step.outcome {
                case .passed where failingShotLines.contains(step.line): (kind, label) = ("failed", "shot failed")
                case .passed: (kind, label) = ("passed", "ok")
                case .failed: (kind, label) = ("failed", "failed")
                case .couldNotRun: (kind, label) = ("failed", "could not run")
                case .notReached: (kind, label) = ("skipped", "not reached")
                }
                html += "<tr class=\"\(kind)\"><td class=\"line\">\(step.line)</td><td><code>\(XMLText.escaped(step.text))</code>"
                if let message = step.outcome.failureMessage {
                    html += "<div class=\"message failed\">\(XMLText.escaped(message))</div>"
                }
                html += "</td><td><span class=\"chip \(kind)\">\(label)</span></td>"
                    + "<td class=\"time\">\(step.outcome == .notReached ? "" : milliseconds(step.time))</td></tr>"
            }
            html += "</tbody></table>"
        }
        for shot in result.shots { html += shotFigure(shot, imageCount: &imageCount) }
        html += "</details></section>\n"
        return html
    }

    private static func shotFigure(_ shot: ScriptResult.Shot, imageCount: inout Int) -> String {
        let (kind, verdict): (String, String)
        switch shot.verdict {
        case .written(let path): (kind, verdict) = ("passed", "written to \(path)")
        case .golden(let outcome):
            switch outcome {
            case .matches: kind = "passed"
            case .updated: kind = "neutral"
            case .differs, .missing: kind = "failed"
            }
            verdict = outcome.message
        case .notJudged(let reason): (kind, verdict) = ("unjudged", "not judged: \(reason)")
        case .error(let message): (kind, verdict) = ("failed", message)
        }
        var html = "<div class=\"shot \(kind)\"><h3><span class=\"chip \(kind)\">\(kind == "passed" ? "ok" : kind)</span> "
            + "\(XMLText.escaped(shot.name)) <span class=\"meta\">line \(shot.line)</span></h3>"
            + "<p class=\"verdict\">\(XMLText.escaped(verdict))</p><div class=\"images\">"
        var ids: [String: String] = [:]
        let expectedCaption: String
        if case .golden(.matches) = shot.verdict { expectedCaption = "Golden (the actual render matches it)" } else { expectedCaption = "Expected (golden)" }
        for (role, caption, bytes) in [("expected", expectedCaption, shot.expectedPNG), ("actual", "Actual", shot.actualPNG),
                                       ("diff", "Diff", shot.diffPNG)] {
            guard let bytes else { continue }
            imageCount += 1
            let id = "img\(imageCount)"
            ids[role] = id
            html += "<figure class=\"\(role)\"><figcaption>\(caption)</figcaption>"
                + "<img id=\"\(id)\" alt=\"\(XMLText.escaped("\(shot.name): \(role)"))\" src=\"data:image/png;base64,\(Base64.encode(bytes))\"></figure>"
        }
        html += "</div>"
        if let expected = ids["expected"], let actual = ids["actual"] {
            // Two copies of images already on the page, filled in by the script (no bytes twice).
            html += "<div class=\"wipe\"><p class=\"meta\">Drag the slider: expected on the left, actual on the right. "
                + "<button type=\"button\" class=\"flip\">Show expected</button></p>"
                + "<div class=\"stack\"><img class=\"under\" data-from=\"\(actual)\" alt=\"actual\">"
                + "<div class=\"over\"><img data-from=\"\(expected)\" alt=\"expected\"></div></div>"
                + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"wipe between expected and actual\"></div>"
        }
        return html + "</div>"
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private static func milliseconds(_ seconds: Double) -> String {
        seconds.isFinite ? "\(Int((seconds * 1000).rounded())) ms" : "?"
    }

    private static let style = """
        :root{--primary:#6200ee;--ok:#1b7f3b;--bad:#b00020;--warn:#a15c00;--muted:#5f6368;--surface:#fff;--bg:#f3f1f7}
        *{box-sizing:border-box}body{margin:0;font:14px/1.45 Roboto,"Noto Sans","Segoe UI",sans-serif;background:var(--bg);color:#1c1b1f}
        .bar{padding:20px 32px;color:#fff;background:var(--primary)}.bar.bad{background:var(--bad)}.bar.ok{background:var(--ok)}
        .bar h1{margin:0;font-size:22px;font-weight:500}.bar p{margin:4px 0 0;opacity:.9}
        main{max-width:1400px;margin:0 auto;padding:16px 24px 48px}
        .summary{display:flex;gap:12px;flex-wrap:wrap;margin:8px 0 16px}
        .figure{background:var(--surface);border-radius:12px;padding:12px 20px;min-width:150px;box-shadow:0 1px 3px rgba(0,0,0,.15);border-top:4px solid var(--muted)}
        .figure b{display:block;font-size:26px;font-weight:500}.figure span{color:var(--muted)}
        .figure.passed{border-color:var(--ok)}.figure.failed{border-color:var(--bad)}.figure.failed b{color:var(--bad)}
        .card{background:var(--surface);border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.15);margin:12px 0;padding:8px 16px}
        .card.failed{border-left:6px solid var(--bad)}.card.passed{border-left:6px solid var(--ok)}.card.unjudged{border-left:6px solid var(--warn)}
        .failures h2{font-size:16px;font-weight:500;color:var(--bad);margin:8px 0}.failures li{font-family:"DejaVu Sans Mono",monospace;font-size:12.5px;margin:2px 0}
        .failures a{color:inherit}summary{cursor:pointer;padding:8px 0;font-size:15px}.file{font-weight:600}
        .meta{color:var(--muted);font-size:12.5px;font-weight:400}
        .chip{display:inline-block;border-radius:10px;padding:1px 9px;font-size:12px;font-weight:500;color:#fff;background:var(--muted)}
        .chip.passed{background:var(--ok)}.chip.failed{background:var(--bad)}.chip.unjudged{background:var(--warn)}.chip.skipped{background:#9e9e9e}
        table.steps{border-collapse:collapse;width:100%;margin:4px 0 12px}
        .steps th{text-align:left;font-weight:500;color:var(--muted);border-bottom:1px solid #ddd;padding:4px 8px}
        .steps td{border-bottom:1px solid #eee;padding:3px 8px;vertical-align:top}.steps tr.failed{background:#fdecee}.steps tr.skipped{color:#9e9e9e}
        .steps td.line,.steps td.time{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;color:var(--muted)}
        code{font-family:"DejaVu Sans Mono",monospace;font-size:12.5px;white-space:pre-wrap;word-break:break-all}
        .message{font-family:"DejaVu Sans Mono",monospace;font-size:12.5px;margin:2px 0}.message.failed{color:var(--bad)}.message.unjudged{color:var(--warn)}
        .shot{border-top:1px solid #eee;padding:8px 0}.shot h3{font-size:14px;font-weight:500;margin:4px 0}
        .verdict{margin:2px 0 8px;font-size:12.5px;color:var(--muted);word-break:break-all}.shot.failed .verdict{color:var(--bad)}
        .images{display:flex;gap:12px;flex-wrap:wrap;align-items:flex-start}
        figure{margin:0;max-width:100%}figcaption{font-size:12px;color:var(--muted);margin-bottom:2px}
        figure img,.stack img{max-width:100%;image-rendering:pixelated;border:1px solid #ccc;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
        .diff img{border-color:var(--bad)}
        .wipe{margin-top:8px}.stack{position:relative;display:inline-block;max-width:100%}.stack img{display:block;border:0}
        .stack .over{position:absolute;top:0;left:0;bottom:0;width:50%;overflow:hidden;border-right:2px solid var(--primary)}
        .stack .over img{max-width:none}.wipe input{display:block;margin:4px 0 0;padding:0;box-sizing:border-box}
        button.flip{font:inherit;font-size:12px;border:1px solid var(--primary);color:var(--primary);background:none;border-radius:12px;padding:1px 10px;cursor:pointer}
        """

    private static let script = """
        document.querySelectorAll('img[data-from]').forEach(function(i){i.src=document.getElementById(i.dataset.from).src;});
        document.querySelectorAll('.wipe').forEach(function(w){
          var over=w.querySelector('.over'),under=w.querySelector('.under'),range=w.querySelector('input'),flip=w.querySelector('.flip');
          // The slider exactly as wide as the image, so its ends are the image's edges.
          function size(){over.firstChild.style.width=under.clientWidth+'px';range.style.width=under.clientWidth+'px';}
          under.addEventListener('load',size);window.addEventListener('resize',size);size();
          range.addEventListener('input',function(){over.style.width=range.value+'%';});
          flip.addEventListener('click',function(){var all=range.value!=='100';range.value=all?100:0;over.style.width=range.value+'%';
            flip.textContent=all?'Show actual':'Show expected';});
        });
        """
}
