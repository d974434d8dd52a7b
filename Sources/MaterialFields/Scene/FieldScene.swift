/// A scrollable window of fields placed by an app's `SceneLayout`: focus chain (Tab order),
/// pointer hit testing, hover, the wheel, and damage-limited drawing. Each render compares the
/// appearance of every field that may have changed with the one on screen and draws only what did.
public final class FieldScene: Scene {
    public weak var host: SceneHost?
    public let layout: SceneLayout
    public let metrics: MaterialMetrics
    /// Changing it repaints everything, decorations included (an app's layout colours them).
    public var scheme: ColorScheme {
        didSet {
            guard scheme != oldValue else { return }
            needsArrangement = true
            invalidateAll()
        }
    }
    public private(set) var focusChain: FocusChain
    public private(set) var scroll = ScrollContainer()
    public private(set) var size = Size(width: 0, height: 0)
    public private(set) var isWindowFocused = false

    public var fields: [TextField] { focusChain.fields }
    /// Keys neither the focused field nor the scene uses (an app's own shortcuts); true when handled.
    public var unhandledKeyHandler: ((EditingKey, KeyModifiers) -> Bool)?
    public var focusedField: TextField? { focusChain.focusedField }
    /// The field whose container is under the pointer, whether or not it shows hover (a disabled
    /// field or the one being edited does not).
    public private(set) var hoveredField: TextField?
    /// Drawn over the fields in every repainted region, such as a `FieldInspector`; nil costs nothing.
    public var overlay: SceneOverlay? {
        didSet {
            guard overlay !== oldValue else { return }
            overlayNeedsUpdate = true
            host?.setNeedsRender()
        }
    }
    /// How many renders drew something since the scene was made.
    public private(set) var drawnFrameCount = 0

    private var measurer: TextMeasuring?
    private var frames: [ObjectIdentifier: Rect] = [:]
    private var decorations: [Decoration] = []
    private var drawn: [ObjectIdentifier: FieldAppearance] = [:]
    /// What the overlay showed at the last render; nil while there is none.
    private var drawnOverlay: OverlayContent?
    /// The overlay may show something new that no field's change asks to draw (it was set or
    /// removed, the pointer moved to another field).
    private var overlayNeedsUpdate = false
    /// Fields whose appearance may differ from what was drawn for a reason other than time.
    private var staleFields: Set<ObjectIdentifier> = []
    private var lastRenderTime = -Double.infinity
    private var pendingDamage: Rect?
    private var needsArrangement = false
    private var revealsFocusedField = false
    /// A field changed since hover and the pointer shape were last worked out.
    private var needsHoverUpdate = false
    private var pointerField: TextField?
    /// The pointer changed the selection of the field it pressed in since the button went down,
    /// so the release offers PRIMARY only for a selection it made.
    private var pointerChangedSelection = false
    /// How keys name commands.
    public var keyBindings = KeyBindings.standard
    /// Where the pointer was last seen in the window, for hover after the content moves under it.
    private var pointerLocation: Point?
    private var lastEventTime = 0.0
    /// Now: the host's clock for what happens outside an event (an app's timer focusing a
    /// field), so an animation starts from the frame it is seen at.
    private var currentTime: Double { max(lastEventTime, host?.now ?? 0) }
    private var pointerShape = PointerShape.arrow
    /// Where a held drag last was (window pixels): held beyond a field's text band, the selection
    /// keeps extending and the text keeps scrolling on a timer, as text views do.
    private var dragLocation: Point?
    private var lastAutoscroll = 0.0
    /// Seconds between autoscroll steps while a drag is held beyond the text.
    static let autoscrollInterval = 0.06
    private var inputSpot: Rect?
    /// While settled (screenshots) the caret is drawn solid regardless of the blink phase.
    private var isSettled = false

    /// - Parameter fields: every field, in Tab order.
    public init(fields: [TextField], layout: SceneLayout, scheme: ColorScheme, metrics: MaterialMetrics = MaterialMetrics()) {
        self.focusChain = FocusChain(fields)
        self.layout = layout
        self.scheme = scheme
        self.metrics = metrics
        for field in fields {
            field.invalidationHandler = { [weak self] field, invalidation in self?.fieldInvalidated(field, invalidation) }
            field.owner = self
            field.observeSelection { [weak self] field, cause in
                // What the user selected becomes PRIMARY: from the keyboard (Shift with a motion,
                // Ctrl+A) at once, with the pointer when the button is released.
                switch cause {
                case .keyboard: self?.offerSelectionAsPrimary(of: field)
                case .pointer: self?.pointerChangedSelection = true
                case .program, .edit: break
                }
            }
            field.observeWithoutReadingText { [weak self] field, event in
                switch event {
                case .editRefused:
                    // A refused edit (full, filtered, vetoed) is heard, as GTK and Qt entries do.
                    self?.host?.ringBell()
                case .didEndEditing:
                    // A field that stops editing under the pointer shows hover again.
                    self?.updateHover()
                default:
                    break
                }
            }
        }
    }

    /// A scene of fields stacked one under another.
    public convenience init(fields: [TextField], scheme: ColorScheme = .light, metrics: MaterialMetrics = MaterialMetrics()) {
        self.init(fields: fields, layout: StackLayout(fields: fields), scheme: scheme, metrics: metrics)
    }

    private func fieldInvalidated(_ field: TextField, _ invalidation: TextField.Invalidation) {
        if invalidation == .layout {
            needsArrangement = true
            // The field being edited stays in view once the page is arranged, whichever field's
            // height moved it.
            if focusedField != nil { revealsFocusedField = true }
        }
        staleFields.insert(ObjectIdentifier(field))
        needsHoverUpdate = true
        // Appearances are compared at the next render; the host only needs to know one is due.
        host?.setNeedsRender()
    }

    /// The field's frame in window pixels (after scrolling): its container's top-left and width,
    /// and its whole height, the assistive row included.
    public func frame(of field: TextField) -> Rect? {
        frames[ObjectIdentifier(field)]?.offsetBy(dx: 0, dy: -scroll.offset)
    }

    // MARK: Layout

    /// The largest window side drawn: X carries coordinates in 16 bits, so a larger size (which no
    /// X window has) is drawn as this much rather than sending positions X would wrap.
    public static let maximumSide = 32_767.0

    public func resize(to newSize: Size, measurer: TextMeasuring) {
        func side(_ value: Double) -> Double { value.isFinite ? min(max(0, value), Self.maximumSide) : 0 }
        size = Size(width: side(newSize.width), height: side(newSize.height))
        self.measurer = measurer
        arrange()
        invalidateAll()
        if let field = focusedField { revealCaret(of: field) }
    }

    private func arrange() {
        guard let measurer else { return }
        needsArrangement = false
        let arrangement = layout.arrange(in: size, metrics: metrics, scheme: scheme, measurer: measurer)
        frames = [:]
        // A frame an app computed as NaN or infinite leaves its field out rather than poisoning drawing.
        for (field, frame) in arrangement.fieldFrames where frame.isFinite { frames[ObjectIdentifier(field)] = frame }
        decorations = arrangement.decorations.filter { $0.frame.isFinite && $0.baseline.isFinite }
        scroll.update(contentHeight: arrangement.contentHeight.isFinite ? arrangement.contentHeight : 0, viewport: size)
        updateHover()
    }

    /// Asks the app's layout to arrange everything again at the next render, as when its
    /// decorations or the set of fields it places changed.
    public func setNeedsArrangement() {
        needsArrangement = true
        host?.setNeedsRender()
    }

    public func invalidateAll() {
        staleFields = Set(fields.map(ObjectIdentifier.init))
        pendingDamage = Rect(x: 0, y: 0, width: size.width, height: size.height)
        host?.setNeedsRender()
    }

    /// Arranges the page now if a field's height changed since, so frames are current.
    private func arrangeIfNeeded() {
        guard needsArrangement else { return }
        arrange()
        invalidateAll()
        let reveals = revealsFocusedField
        revealsFocusedField = false
        if reveals, let field = focusedField { reveal(field) }
    }

    /// Air kept around what is revealed: the outlined label above a field, a little below.
    private var revealMargin: Double { 24 * metrics.scale }

    /// The page rectangle that shows `field`'s caret (in content coordinates), with air around it.
    private func caretTarget(of field: TextField, frame: Rect) -> Rect? {
        guard let caret = field.caretRect else { return nil }
        return Rect(x: frame.minX, y: frame.minY + caret.minY - revealMargin, width: frame.width,
                    height: caret.height + 2 * revealMargin)
    }

    /// Scrolls the page as little as possible to show `target` (content coordinates).
    private func scrollToShow(_ target: Rect) {
        guard scroll.reveal(target) else { return }
        invalidateAll()
        updateHover()
    }

    /// Scrolls the page, if it must, to show the caret of the field being edited, as after typing
    /// into a field scrolled out of view.
    private func revealCaret(of field: TextField) {
        arrangeIfNeeded()
        guard let frame = frames[ObjectIdentifier(field)], let target = caretTarget(of: field, frame: frame) else { return }
        scrollToShow(target)
    }

    /// Scrolls the page to show `field`; a field taller than the window shows the part with the caret.
    private func reveal(_ field: TextField) {
        arrangeIfNeeded()
        guard let frame = frames[ObjectIdentifier(field)] else { return }
        var target = Rect(x: frame.minX, y: frame.minY - revealMargin, width: frame.width, height: frame.height + 2 * revealMargin)
        if target.height > size.height, let caret = caretTarget(of: field, frame: frame) { target = caret }
        scrollToShow(target)
    }

    /// The enabled field under a window point, and the point in its coordinates.
    private func field(at windowPoint: Point) -> (TextField, Point)? {
        for field in fields {
            guard let frame = frame(of: field), frame.contains(windowPoint) else { continue }
            return (field, Point(x: windowPoint.x - frame.minX, y: windowPoint.y - frame.minY))
        }
        return nil
    }

    // MARK: Events

    @discardableResult
    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        isSettled = false
        lastEventTime = time
        switch event {
        case .windowFocus(let focused):
            guard focused != isWindowFocused else { return false }
            isWindowFocused = focused
            if focused { focusedField?.restartCaretBlink(at: time) }
            return true
        case .scroll(let steps):
            // A text area with more rows than it shows scrolls under the pointer; the page otherwise.
            if let (field, _) = pointerLocation.flatMap({ field(at: $0) }), field.scrollText(by: steps * metrics.wheelStep) {
                return true
            }
            guard scroll.scroll(by: steps * metrics.wheelStep) else { return false }
            invalidateAll()
            updateHover()
            return true
        case .pointerDown(let point, let button, let clickCount, let modifiers):
            let hit = field(at: point)
            // The assistive row is text about the field, not the field: a click there does nothing.
            if let (field, local) = hit, field.part(at: local) == .assistiveRow { return false }
            guard let (field, local) = hit, field.isEnabled else {
                guard button == .primary else { return false }
                pointerField = nil
                return endEditing(at: time)
            }
            switch button {
            case .primary:
                // An icon with an action acts without taking focus; anything else moves focus here,
                // if both fields' delegates agree.
                let part = field.part(at: local)
                let iconActs = (part == .leadingIcon || part == .trailingIcon) && field.isActionable(part!)
                if iconActs {
                    // A button elsewhere takes the keyboard from the field being edited, as it would.
                    if let current = focusedField, current !== field, !current.endEditing(at: time) { return true }
                } else if !field.isFocused {
                    guard takeFocus(for: field, at: time) else { return true }
                }
                pointerChangedSelection = false
                field.pointerDown(at: local, extending: modifiers.contains(.shift), clickCount: clickCount, time: time)
                pointerField = field
                return true
            case .middle:
                // PRIMARY pastes where the middle button lands, as in every X application; the
                // middle button does not press buttons (the clear button, icons).
                guard field.part(at: local) == .text else { return false }
                guard field.isFocused || takeFocus(for: field, at: time) else { return true }
                field.pointerDown(at: local, extending: false, time: time)
                field.pointerUp()
                host?.requestSelectionText(.primary) { [weak field] text in
                    guard let field, let text, field.isFocused else { return }
                    field.paste(text, at: time)
                }
                return true
            case .secondary:
                return false
            }
        case .pointerMoved(let point, let buttonHeld):
            if buttonHeld, let field = pointerField, let frame = frame(of: field) {
                dragLocation = point
                lastAutoscroll = time
                return field.pointerDragged(to: Point(x: point.x - frame.minX, y: point.y - frame.minY), time: time)
            }
            pointerLocation = point
            return updateHover()
        case .pointerExited:
            pointerLocation = nil
            return updateHover()
        case .pointerUp(_, let button):
            guard button == .primary, let field = pointerField else { return false }
            field.pointerUp()
            pointerField = nil
            dragLocation = nil
            // Only a selection this press made is offered: a click on an icon of a field that kept
            // a selection (a password's eye) must not publish that selection again.
            if field.isFocused, pointerChangedSelection { offerSelectionAsPrimary(of: field) }
            pointerChangedSelection = false
            return false
        case .text(let text):
            guard let field = focusedField else { return false }
            // The edit shows the caret (`fieldDidFinishUserEdit`), whatever became of it.
            field.insert(text, at: time)
            return true
        case .inputMethodText(let text):
            guard let field = focusedField else { return false }
            field.insert(text, cause: .inputMethod, at: time)
            return true
        case .key(let key, let modifiers):
            if let command = keyBindings.command(for: key, modifiers: modifiers), perform(command, at: time) { return true }
            return unhandledKeyHandler?(key, modifiers) ?? false
        }
    }

    /// Does what `command` names in the focused field, or in the scene (the clipboard, Tab,
    /// Escape): what a key bound to it does. False when nothing took it.
    @discardableResult
    public func perform(_ command: TextCommand, at time: Double) -> Bool {
        isSettled = false
        lastEventTime = time
        switch command {
        case .focusNext, .focusPrevious:
            return moveFocus(backward: command == .focusPrevious, at: time)
        case .cancel:
            guard let field = focusedField else { return false }
            field.endEditing(at: time, reason: .cancelled)
            return true
        case .copy, .cut, .paste:
            guard let field = focusedField else { return false }
            performClipboardCommand(command, field: field, at: time)
            return true
        case .move, .delete, .selectAll, .undo, .redo, .return:
            guard let field = focusedField, field.perform(command, at: time) else { return false }
            // A motion shows where the caret went (an edit has shown it already).
            if field === focusedField, command != .return || field.kind == .textArea { revealCaret(of: field) }
            return true
        }
    }

    /// The focused field takes typed keys in runs (`TextField.takesTypedRuns`).
    public var acceptsTypedRuns: Bool { focusedField?.takesTypedRuns ?? false }

    @discardableResult
    public func handle(typedRun run: String, at time: Double) -> Bool {
        guard let field = focusedField, field.takesTypedRuns else {
            var changed = false
            for character in run {
                if handle(.text(String(character)), at: time) { changed = true }
            }
            return changed
        }
        isSettled = false
        lastEventTime = time
        field.insert(typedRun: run, at: time)
        return true
    }

    private func performClipboardCommand(_ command: TextCommand, field: TextField, at time: Double) {
        switch command {
        case .copy:
            if let text = field.copyableText { host?.setSelectionText(text, for: .clipboard) }
        case .cut:
            if let text = field.cut(at: time) { host?.setSelectionText(text, for: .clipboard) }
        default:
            host?.requestSelectionText(.clipboard) { [weak field] text in
                guard let field, let text, field.isFocused else { return }
                field.paste(text, at: time)
            }
        }
    }

    /// Hover and the pointer shape for what is under the pointer now; true when hover changed.
    @discardableResult
    private func updateHover() -> Bool {
        let hit = pointerLocation.flatMap { field(at: $0) }
        let part = hit.flatMap { $0.0.part(at: $0.1) }
        // Hover is the pointer over the container, not over the assistive text below it.
        let pointed = part != nil && part != .assistiveRow ? hit?.0 : nil
        if pointed !== hoveredField {
            hoveredField = pointed
            if overlay != nil {
                overlayNeedsUpdate = true
                host?.setNeedsRender()
            }
        }
        var changed = false
        for field in fields {
            let hovered = field === pointed && field.isEnabled && !field.isFocused
            if field.isHovered != hovered {
                field.isHovered = hovered
                changed = true
            }
        }
        var shape = PointerShape.arrow
        if let field = hit?.0, field.isEnabled, let part {
            shape = field.isActionable(part) ? .hand : part == .text ? .text : .arrow
        }
        setPointerShape(shape)
        return changed
    }

    private func setPointerShape(_ shape: PointerShape) {
        guard shape != pointerShape else { return }
        pointerShape = shape
        host?.setPointerShape(shape)
    }

    /// Ends editing in the focused field, if any.
    @discardableResult
    public func endEditing(at time: Double) -> Bool {
        guard let field = focusedField else { return false }
        field.endEditing(at: time)
        return true
    }

    /// Tab / Shift+Tab: the next or previous enabled field, wrapping around; a field whose
    /// delegate will not let it begin is passed over. A focused field whose delegate will not let
    /// go keeps focus.
    @discardableResult
    public func moveFocus(backward: Bool, at time: Double) -> Bool {
        let current = focusedField
        var candidate = focusChain.field(after: current, backward: backward)
        guard candidate != nil else { return false }
        // Each field is asked once: round the chain, then stop.
        var asked = Set<ObjectIdentifier>()
        while let next = candidate, asked.insert(ObjectIdentifier(next)).inserted {
            if next === current {
                // Back round to the field being edited (the only one that would begin): it stays,
                // and a text field selects its text as Tab into it would.
                if next.kind == .textField { next.selection = TextSelection(anchor: 0, head: next.count) }
                offerSelectionAsPrimary(of: next)
                return true
            }
            switch askToTakeFocus(next, at: time) {
            case .refusedToBegin: candidate = focusChain.field(after: next, backward: backward)
            case .keptByCurrent: return true
            case .granted:
                beginFromKeyboard(next, at: time)
                return true
            }
        }
        return true
    }

    /// What Return does once the delegate agreed: `editingDidEndOnExit`, then focus moves to
    /// the next field that will begin (passing over one whose delegate says no, as Tab does), or
    /// editing ends on the last one.
    package func fieldDidReturn(_ field: TextField, at time: Double) {
        field.sendActions(for: .editingDidEndOnExit)
        // A delegate or an action that moved focus itself (`becomeFirstResponder`,
        // `resignFirstResponder`) has had its way, as in UIKit.
        guard field.isFocused else { return }
        var next = focusChain.field(following: field)
        while let candidate = next {
            switch askToTakeFocus(candidate, at: time) {
            case .refusedToBegin: next = focusChain.field(following: candidate)
            case .keptByCurrent: return
            case .granted:
                beginFromKeyboard(candidate, at: time)
                return
            }
        }
        field.endEditing(at: time)
    }

    private enum FocusAnswer { case granted, refusedToBegin, keptByCurrent }

    /// UIKit's order when focus moves to `field`: may it begin, then may the focused field end
    /// (which it then does). Only `.granted` lets `field` begin.
    private func askToTakeFocus(_ field: TextField, at time: Double) -> FocusAnswer {
        guard field.approveBeginning() else { return .refusedToBegin }
        if let current = focusedField, current !== field, !current.endEditing(at: time) {
            field.withdrawApproval()
            return .keptByCurrent
        }
        return .granted
    }

    private func takeFocus(for field: TextField, at time: Double) -> Bool { askToTakeFocus(field, at: time) == .granted }

    /// Begins `field` as Tab or Return do: its text selected and offered as PRIMARY, the page
    /// scrolled to it.
    private func beginFromKeyboard(_ field: TextField, at time: Double) {
        guard field.focus(at: time) else { return }
        offerSelectionAsPrimary(of: field)
        reveal(field)
    }

    /// What the user selected (with the pointer, Shift, Ctrl+A, or Tab into a field that selects
    /// its text, as GTK's entries do) becomes PRIMARY; a caret or a password offers nothing. An
    /// app's own `focus(_:at:)` offers nothing: the user did not select anything.
    private func offerSelectionAsPrimary(of field: TextField) {
        guard let text = field.copyableText else { return }
        host?.setSelectionText(text, for: .primary)
    }

    /// Focuses `field` from the keyboard (its text selected) and scrolls it into view.
    public func focus(_ field: TextField, at time: Double) {
        guard focusChain.contains(field), field.isEnabled, takeFocus(for: field, at: time), field.focus(at: time) else { return }
        reveal(field)
    }

    // MARK: Time and drawing

    /// The field and point (field coordinates) of a drag held beyond its text band, if any.
    private var autoscrollTarget: (TextField, Point)? {
        guard let field = pointerField, let point = dragLocation, let frame = frame(of: field) else { return nil }
        let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
        return field.isBeyondTextBand(local) ? (field, local) : nil
    }

    public func nextWakeup(after time: Double) -> Double? {
        if pendingDamage != nil || needsArrangement || !staleFields.isEmpty || overlayNeedsUpdate { return time }
        if autoscrollTarget != nil { return max(time, lastAutoscroll + Self.autoscrollInterval) }
        // A field drawn mid-animation still owes its final frame, even when the animation has
        // ended by the time the host asks.
        if fields.contains(where: { $0.isAnimating(at: lastRenderTime) }) { return time }
        return fields.compactMap { $0.nextChange(after: time, windowFocused: isWindowFocused) }.min()
    }

    public func settle() {
        fields.forEach { $0.settle() }
        isSettled = true
        staleFields = Set(fields.map(ObjectIdentifier.init))
    }

    private func appearance(of field: TextField, at time: Double) -> FieldAppearance? {
        guard let frame = frame(of: field) else { return nil }
        let visible = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard let layout = field.layout, layout.paintBounds.offsetBy(dx: frame.minX, dy: frame.minY).intersects(visible) else {
            return nil
        }
        let caretOn = isWindowFocused && (isSettled || field.isCaretVisible(at: time))
        return field.appearance(at: time, origin: Point(x: frame.minX, y: frame.minY), scheme: scheme, showsCaret: caretOn,
                                windowIsActive: isWindowFocused)
    }

    /// Brings every field's motion to `time`, and a drag held beyond a field's text one
    /// autoscroll step on when one is due; true when that changed a selection.
    @discardableResult
    public func advance(to time: Double) -> Bool {
        arrangeIfNeeded()
        var changed = false
        if let (field, point) = autoscrollTarget, time >= lastAutoscroll + Self.autoscrollInterval {
            lastAutoscroll = time
            changed = field.pointerDragged(to: point, time: time)
        }
        for field in fields { field.advance(to: time) }
        return changed
    }

    public func render(on canvas: Canvas, at time: Double) -> [Rect] {
        arrangeIfNeeded()
        // What is under a still pointer may have changed with a field (focus showed the clear
        // button, an icon got an action): hover and the pointer shape follow before drawing.
        if needsHoverUpdate {
            needsHoverUpdate = false
            updateHover()
        }
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var damage = DamageRegion()
        if let pending = pendingDamage { damage.add(pending) }
        pendingDamage = nil
        var current: [ObjectIdentifier: FieldAppearance] = [:]
        for field in fields {
            let id = ObjectIdentifier(field)
            // Only time changes a field nobody touched: one that is neither editing (the caret
            // blinks) nor animating now or at the last frame looks as it did.
            let unchanged = !staleFields.contains(id) && !field.isFocused
                && !field.isAnimating(at: lastRenderTime) && !field.isAnimating(at: time)
            let appearance = unchanged ? drawn[id] : self.appearance(of: field, at: time)
            current[id] = appearance
            switch (drawn[id], appearance) {
            case (nil, nil): break
            case (let old?, nil): damage.add(old.bounds)
            case (nil, let new?): damage.add(new.bounds)
            case (let old?, let new?): if let change = new.damage(since: old) { damage.add(change) }
            }
        }
        drawn = current
        staleFields.removeAll(keepingCapacity: true)
        lastRenderTime = time
        updateInputMethodSpot()

        func visible(_ damage: DamageRegion) -> [Rect] { damage.rects.map { $0.integral.intersection(window) }.filter { !$0.isEmpty } }
        // Cleared whatever the overlay is now: one shown and hidden again between two renders
        // must not leave the scene asking for frames forever.
        overlayNeedsUpdate = false
        if overlay != nil || drawnOverlay != nil {
            var content = OverlayContent.empty
            if let overlay, let measurer {
                // The frame number shown is this frame's if it is drawn; a frame nothing else
                // draws keeps the number on screen, so an unchanged overlay repaints nothing.
                let quiet = visible(damage).isEmpty
                content = overlay.content(of: self, frame: drawnFrameCount + (quiet ? 0 : 1), at: time, measurer: measurer)
                if quiet && content != (drawnOverlay ?? .empty) {
                    content = overlay.content(of: self, frame: drawnFrameCount + 1, at: time, measurer: measurer)
                }
            }
            content.addDamage(since: drawnOverlay ?? .empty, to: &damage)
            drawnOverlay = overlay == nil ? nil : content
        }

        let regions = visible(damage)
        if !regions.isEmpty { drawnFrameCount += 1 }
        for region in regions {
            canvas.pushClip(region)
            canvas.fill(region, color: scheme.surface)
            for decoration in decorations {
                let frame = decoration.frame.offsetBy(dx: 0, dy: -scroll.offset)
                guard frame.intersects(region) else { continue }
                canvas.pushClip(frame)
                canvas.drawText(decoration.text, at: Point(x: frame.minX, y: decoration.baseline - scroll.offset),
                                font: decoration.font, color: decoration.color)
                canvas.popClip()
            }
            for field in fields {
                guard let appearance = current[ObjectIdentifier(field)], appearance.bounds.intersects(region) else { continue }
                FieldRenderer.draw(appearance, on: canvas)
            }
            if let thumb = scroll.indicator(scale: metrics.scale), thumb.intersects(region) {
                canvas.fill(.roundedRectangle(thumb, radii: CornerRadii(all: thumb.width / 2)), color: scheme.onSurface.withAlpha(0.38))
            }
            for layer in drawnOverlay?.layers ?? [] where layer.bounds.intersects(region) { layer.draw(on: canvas) }
            canvas.popClip()
        }
        return regions
    }

    /// Tells the host where the caret is when it moved, so input-method windows follow it.
    private func updateInputMethodSpot() {
        guard let field = focusedField, let caret = field.caretRect, let frame = frame(of: field) else { return }
        let spot = caret.offsetBy(dx: frame.minX, dy: frame.minY)
        guard spot != inputSpot else { return }
        inputSpot = spot
        host?.setInputMethodSpot(spot)
    }
}

// The scene as its fields' owner: their focus, their clock, Return moving on.
extension FieldScene: FieldOwner {
    package var now: Double? { currentTime }

    package func fieldWillBeginEditing(_ field: TextField) -> Bool {
        // One field edits at a time, even when the app focuses one directly; the other field's
        // delegate is asked, as when the user moves focus, and may take focus back.
        let time = currentTime
        guard fields.filter({ $0 !== field && $0.isFocused }).allSatisfy({ $0.endEditing(at: time) }) else { return false }
        return !fields.contains { $0 !== field && $0.isFocused }
    }

    package func fieldRequestsFocus(_ field: TextField) -> Bool {
        focus(field, at: currentTime)
        return field.isFocused
    }

    package func fieldDidFinishUserEdit(_ field: TextField) {
        guard field === focusedField else { return }
        revealCaret(of: field)
    }
}
