import MaterialFields
import PhoneNumberFormat

/// The catalog's content: every variant, filled beside outlined, under headings and captions.
/// Field ids are `<style>-<variant>` (the README lists them).
enum CatalogScreen {
    private struct Variant {
        var slug: String
        var caption: String
        var label: String = ""
        var placeholder: String = ""
        var text: String = ""
        var kind: FieldKind = .textField
        /// Sets what the memberwise values above do not cover.
        var configure: (TextField) -> Void = { _ in }
        /// Makes the field, with the values above, when it is a subclass (one overriding UIKit's
        /// hooks); nil: a `TextField`.
        var make: ((_ variant: Variant, _ identifier: String, _ style: FieldStyle) -> TextField)? = nil
    }

    private static let variants = [
        Variant(slug: "label", caption: "Plain, with label", label: "Name"),
        Variant(slug: "placeholder", caption: "Label and placeholder", label: "Email", placeholder: "name@example.com"),
        Variant(slug: "prefilled", caption: "Prefilled text", label: "City", text: "Lisboa"),
        Variant(slug: "note", caption: "Characters from fallback fonts: symbols, emoji, CJK", label: "Note", text: "Mañana ✓ → ☕ 🎉 東京 ひらがな 한글"),
        Variant(slug: "no-label", caption: "Placeholder only, no label", placeholder: "Search"),
        Variant(slug: "helper", caption: "Helper text", label: "Postal code") { field in
            field.helperText = "As on your letters, e.g. 1100-053"
        },
        Variant(slug: "counter", caption: "Character counter, at most 20", label: "Username") { field in
            field.maximumLength = 20
        },
        Variant(slug: "error", caption: "Error with message", label: "Card number", text: "4111 1111") { field in
            field.helperText = "16 digits"
            field.applyErrorTheme(message: "The number is too short")
        },
        Variant(slug: "email", caption: "Validates an e-mail address when you leave it", label: "Work email") { field in
            field.helperText = "Leave the field to check it"
            field.observe { field, event in
                switch event {
                case .didEndEditing:
                    if field.text.isEmpty || isPlausibleEmailAddress(field.text) {
                        field.clearError()
                    } else {
                        field.applyErrorTheme(message: "Enter an address like name@example.com")
                    }
                case .textChanged where field.isInError && isPlausibleEmailAddress(field.text):
                    field.clearError()
                default:
                    break
                }
            }
        },
        Variant(slug: "disabled", caption: "Disabled", label: "Account", text: "Read only") { field in
            field.isEnabled = false
        },
        Variant(slug: "leading-icon", caption: "Leading icon", label: "Contact") { field in
            field.leadingIcon = .person
        },
        Variant(slug: "password", caption: "Secure entry with its eye: show or hide the password", label: "Password",
                text: "hunter2") { field in
            field.isSecureTextEntry = true
            field.showsSecureTextToggle = true
        },
        Variant(slug: "search", caption: "Trailing search icon: click it or press Enter", label: "Search the docs") { field in
            field.trailingIcon = .search
            field.trailingIconAction = search
            searchesOnReturn(field)
        },
        Variant(slug: "clear", caption: "Clear button while editing", label: "Destination", text: "Porto") { field in
            field.clearButtonMode = .whileEditing
        },
        Variant(slug: "prefix-suffix", caption: "Prefix and suffix", label: "Price", text: "12.50") { field in
            field.prefixText = "$"
            field.suffixText = "USD"
        },
        Variant(slug: "dense", caption: "Dense", label: "Code", text: "A-113") { field in
            field.verticalDensity = 1
        },
        Variant(slug: "disappears", caption: "Label that disappears instead of floating", label: "Nickname",
                placeholder: "What friends call you") { field in
            field.labelBehavior = .disappears
        },
        Variant(slug: "long", caption: "Long prefilled text", label: "Address",
                text: "Rua Augusta 274, 1100-053 Lisboa, Portugal, third floor on the left, ring twice"),
        Variant(slug: "area", caption: "Text area, 2 to 4 rows", label: "Message", kind: .textArea) { field in
            field.helperText = "Enter starts a new line"
        },
        Variant(slug: "area-long", caption: "Text area prefilled past its rows", label: "Description",
                text: "Material text areas grow with their text from the minimum number of rows to the maximum, "
                    + "then scroll to keep the caret in view.\nThis one starts with more text than four rows hold, "
                    + "so it scrolls: use the wheel over it, or click and move the caret with the arrow keys.",
                kind: .textArea),
    ]

    /// Something, an @, and something with a dot after it: enough to catch a typo, not an RFC.
    static func isPlausibleEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    /// Fields with UIKit's behaviours (delegates, Return, traits, alignment, the font that
    /// shrinks) and UIKit's plain border styles. Ids are `uikit-<slug>` and `plain-<style>`.
    private static let uikitVariants = [
        Variant(slug: "digits", caption: "Digits only: the delegate refuses anything else", label: "PIN") { field in
            field.style = .outlined
            field.delegate = CatalogDelegates.digitsOnly
        },
        Variant(slug: "phone", caption: "Phone pad with a live formatter in the delegate", label: "Phone") { field in
            field.keyboardType = .phonePad
            field.leadingIcon = .phone
            field.delegate = CatalogDelegates.phoneFormatter
        },
        Variant(slug: "quantity", caption: "Will not let you leave until it is 1 to 99 (or empty)", label: "Quantity") { field in
            field.style = .outlined
            field.keyboardType = .numberPad
            field.helperText = "Tab, Return or a click elsewhere checks it"
            field.delegate = CatalogDelegates.quantity
        },
        Variant(slug: "code", caption: "Clears when editing begins", label: "One-time code", text: "482913") { field in
            field.clearsOnBeginEditing = true
        },
        Variant(slug: "insertion", caption: "The first key typed replaces the text", label: "Nickname", text: "Replace me") { field in
            field.style = .outlined
            field.clearsOnInsertion = true
        },
        Variant(slug: "email", caption: "E-mail keyboard: no spaces, one @", label: "Email", placeholder: "name@example.com") { field in
            field.keyboardType = .emailAddress
        },
        Variant(slug: "words", caption: "Capitalizes each word as you type", label: "Full name") { field in
            field.style = .outlined
            field.autocapitalizationType = .words
            // Its context menu has an Uppercase item (the delegate's editMenuForCharactersIn).
            field.delegate = CatalogDelegates.uppercaseMenu
        },
        Variant(slug: "sentences", caption: "Capitalizes sentences", label: "Status", kind: .textArea) { field in
            field.autocapitalizationType = .sentences
        },
        Variant(slug: "center", caption: "Centred text and placeholder", label: "Table", placeholder: "No. 12") { field in
            field.style = .outlined
            field.textAlignment = .center
        },
        Variant(slug: "right", caption: "Right-aligned, with a decimal pad", label: "Amount", text: "1250.00") { field in
            field.textAlignment = .right
            field.keyboardType = .decimalPad
            field.suffixText = "EUR"
        },
        Variant(slug: "shrink", caption: "Font shrinks to fit, down to 10 px, then scrolls", label: "Headline",
                text: "Material text fields on the Linux desktop, as faithful as the ones on a phone") { field in
            field.style = .outlined
            field.adjustsFontSizeToFitWidth = true
            field.minimumFontSize = 10
        },
    ]

    /// UIKit's plain fields, one per border style. Ids are `plain-<slug>`.
    private static let plainVariants = [
        Variant(slug: "none", caption: "Border style none", placeholder: "Borderless") { $0.borderStyle = .none },
        Variant(slug: "line", caption: "Border style line", placeholder: "A thin line") { $0.borderStyle = .line },
        Variant(slug: "bezel", caption: "Border style bezel", placeholder: "A sunken bezel") { $0.borderStyle = .bezel },
        Variant(slug: "rounded", caption: "Border style rounded rect, with a clear button", placeholder: "A rounded rectangle") { field in
            field.borderStyle = .roundedRect
            field.clearButtonMode = .whileEditing
        },
    ]

    /// RAGTextField's family: floating placeholder modes, hints and text backgrounds. Ids are `rag-<slug>`.
    private static let ragVariants = [
        Variant(slug: "editing", caption: "Scales when editing (the default), underline from the centre",
                placeholder: "First name") { field in
            field.placeholderScaleWhenEditing = 0.75
            field.textBackground = .underline(UnderlineBackground())
            field.textPadding = EdgeInsets(top: 4, bottom: 4)
            field.hint = "As on your passport"
            field.hintFont = FontSpec(pixelSize: 12)
            field.hintOffset = 4
        },
        Variant(slug: "not-empty", caption: "Scales when not empty, underline from the left", placeholder: "Last name") { field in
            field.placeholderMode = .scalesWhenNotEmpty
            field.placeholderScaleWhenEditing = 0.75
            field.textBackground = .underline(UnderlineBackground(expandMode: .expandsFromLeft))
            field.textPadding = EdgeInsets(top: 4, bottom: 4)
        },
        Variant(slug: "always", caption: "Always scaled, underline that does not animate", placeholder: "City") { field in
            field.placeholderMode = .scalesAlways
            field.placeholderScaleWhenEditing = 0.75
            field.scaledPlaceholderOffset = 2
            field.textBackground = .underline(UnderlineBackground(focusedLineWidth: 2, expandMode: .notExpanding))
            field.textPadding = EdgeInsets(top: 4, bottom: 4)
        },
        Variant(slug: "simple", caption: "Simple: a UIKit placeholder, with a hint", placeholder: "Search terms") { field in
            field.placeholderMode = .simple
            field.textBackground = .underline(UnderlineBackground(expandMode: .expandsFromRight))
            field.textPadding = EdgeInsets(top: 4, bottom: 4)
            field.hintFont = FontSpec(pixelSize: 12)
            field.hintOffset = 4
            field.hint = ""
            field.observe { field, event in
                if case .textChanged = event { field.hint = field.text.isEmpty ? "" : "\(field.text.split(separator: " ").count) word(s)" }
            }
        },
        Variant(slug: "outline", caption: "Outline around text and placeholder, transformed colour",
                placeholder: "Company") { field in
            field.placeholderScaleWhenEditing = 0.8
            field.textPaddingMode = .textAndPlaceholder
            field.textPadding = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12)
            field.textBackground = .outline(OutlineBackground(cornerRadius: 8))
            field.transformedPlaceholderColor = Color(red: 0.10, green: 0.46, blue: 0.82)
        },
        Variant(slug: "padded", caption: "Filled outline around everything, multi-line hint",
                placeholder: "Street and number") { field in
            field.placeholderScaleWhenEditing = 0.8
            field.textPaddingMode = .textAndPlaceholderAndHint
            field.textPadding = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
            field.hintOffset = 4
            field.hintFont = FontSpec(pixelSize: 12)
            field.textBackground = .outline(OutlineBackground(cornerRadius: 12, fillColor: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.08)))
            field.hint = "We deliver to the door: add the floor and the side, and a landmark if the street is hard to find."
        },
        Variant(slug: "right", caption: "Right-aligned: the placeholder shrinks toward the right",
                placeholder: "Amount", text: "42") { field in
            field.textAlignment = .right
            field.placeholderScaleWhenEditing = 0.75
            field.keyboardType = .decimalPad
            field.textBackground = .underline(UnderlineBackground())
            field.textPadding = EdgeInsets(top: 4, bottom: 4)
            field.layoutAlwaysIncludesHint = true
        },
    ]

    /// Right-to-left fields, mirrored, with label and text in their script.
    private static let rightToLeftVariants = [
        Variant(slug: "hebrew", caption: "Hebrew, right to left: icon, label, notch and helper mirrored",
                label: "שם מלא", text: "שלום עולם") { field in
            field.style = .outlined
            field.layoutDirection = .rightToLeft
            field.leadingIcon = .person
            field.helperText = "כפי שמופיע בתעודה"
            field.maximumLength = 30
        },
        Variant(slug: "arabic", caption: "Arabic, right to left: joined letters, clear button on the left",
                label: "الاسم الكامل", text: "مرحبا بالعالم") { field in
            field.layoutDirection = .rightToLeft
            field.clearButtonMode = .whileEditing
            field.helperText = "كما في جواز السفر"
        },
        Variant(slug: "hebrew-area", caption: "Hebrew text area: lines wrap right to left, numbers and Latin inside",
                label: "הערות", text: "זוהי הערה ארוכה שנכתבת מימין לשמאל ושוברת שורות בקצה. יש בה מספר 2026 ומילה באנגלית, Linux, באמצע.",
                kind: .textArea) { field in
            field.layoutDirection = .rightToLeft
        },
    ]

    /// Text that needs a shaper or the bidi algorithm in a left-to-right field.
    private static let shapingVariants = [
        Variant(slug: "mixed", caption: "Latin with Arabic inside: each reads in its own direction", label: "Order note",
                text: "Order 42 for مرحبا بكم today"),
        Variant(slug: "devanagari", caption: "Devanagari conjuncts and vowel signs, one cluster each", label: "Hindi",
                text: "नमस्ते क्षमा कीजिए"),
        Variant(slug: "emoji", caption: "Emoji sequences as one glyph: family, skin tone, flags", label: "Reactions",
                text: "👨‍👩‍👧 👍🏽 🇵🇹 🇯🇵 done") { field in
            field.style = .outlined
        },
    ]

    /// UIKit's styled text (`attributedText`, `attributedPlaceholder`, `typingAttributes`), ids `styled-<slug>`.
    private static let attributedVariants = [
        Variant(slug: "fonts", caption: "attributedText: bold, italic, a serif family and a larger size in one line",
                label: "Headline") { field in
            // The first run plain: setting attributedText gives `font` and `textColor` its keys, as UIKit does.
            field.attributedText = styled([("Set in ", .none), ("bold", TextAttributes(fontWeight: .bold)), (", ", .none),
                                           ("italic", TextAttributes(isItalic: true)), (", ", .none),
                                           ("serif", TextAttributes(fontFamily: "Noto Serif")), (" and ", .none),
                                           ("larger", TextAttributes(fontSize: 20))])
        },
        Variant(slug: "marks", caption: "Colour, a highlight, underlines, a strikethrough and kerning", label: "Proofread") { field in
            field.attributedText = styled([("A ", .none), ("pink", TextAttributes(foregroundColor: accent)), (" ", .none),
                                           ("marker", TextAttributes(foregroundColor: ink, backgroundColor: highlight)), (" ", .none),
                                           ("under", TextAttributes(underlineStyle: .single)), (" ", .none),
                                           ("twice", TextAttributes(underlineStyle: .double, underlineColor: accent)), (" ", .none),
                                           ("struck", TextAttributes(strikethroughStyle: .single, strikethroughColor: strike)), (" ", .none),
                                           ("spaced", TextAttributes(kern: 2))])
        },
        Variant(slug: "arabic", caption: "Arabic: a bold and a coloured run inside words, still joined",
                label: "العنوان") { field in
            field.layoutDirection = .rightToLeft
            // "Welcome to the world": bold in the middle of the first word, colour inside the second.
            field.attributedText = styled([("مر", .none), ("حب", TextAttributes(fontWeight: .bold)), ("ا بال", .none),
                                           ("عال", TextAttributes(foregroundColor: accent)), ("م", .none)])
        },
        Variant(slug: "placeholder", caption: "attributedPlaceholder: styled, grey where a run sets no colour") { field in
            field.attributedPlaceholder = styled([("Search ", .none), ("titles", TextAttributes(isItalic: true)), (" or ", .none),
                                                  ("#tags", TextAttributes(fontWeight: .bold, foregroundColor: accent))])
        },
        Variant(slug: "area", caption: "Text area with styled runs: they wrap with the words", label: "Review",
                kind: .textArea) { field in
            field.attributedText = styled([("The ", .none), ("verdict", TextAttributes(fontWeight: .bold)), (": ", .none),
                                           ("a calm, careful read", TextAttributes(isItalic: true)),
                                           (" whose second act ", .none),
                                           ("drags a little", TextAttributes(foregroundColor: ink, backgroundColor: highlight)),
                                           (", then lands. ", .none), ("See the notes", TextAttributes(underlineStyle: .single)),
                                           (" for the ", .none), ("old", TextAttributes(strikethroughStyle: .single)),
                                           (" new ending.", .none)])
        },
    ]

    /// The catalog's styled rows' colours: a pink as far from both containers as one colour gets
    /// (3.6:1 on the light filled container, 3.2:1 on the dark one), a marker yellow with
    /// near-black ink on it in both themes, and a red for what is struck.
    private static let accent = Color(hex: 0xE91E63)
    private static let highlight = Color(hex: 0xFFE082)
    private static let ink = Color(hex: 0x1C1B1F)
    private static let strike = Color(hex: 0xE53935)

    /// Text made of (string, attributes) parts, in order.
    private static func styled(_ parts: [(String, TextAttributes)]) -> AttributedText {
        parts.reduce(AttributedText()) { $0 + AttributedText($1.0, attributes: $1.1) }
    }

    /// Styles a user edits (`allowsEditingTextAttributes`: Ctrl+B, Ctrl+I, Ctrl+U, HTML copy and paste), ids `styled-<slug>`.
    private static let editableStyleVariants = [
        Variant(slug: "editable", caption: "Editable styles: Ctrl+B, Ctrl+I, Ctrl+U; copy and paste keep them",
                label: "Message") { field in
            field.allowsEditingTextAttributes = true
            field.attributedText = AttributedText("Meet at ") + AttributedText("noon", attributes: TextAttributes(fontWeight: .bold))
                + AttributedText(", ") + AttributedText("not", attributes: TextAttributes(isItalic: true))
                + AttributedText(" later, ") + AttributedText("please", attributes: TextAttributes(underlineStyle: .single))
            field.helperText = "Select, then Ctrl+B bold, Ctrl+I italic, Ctrl+U underline"
        },
        Variant(slug: "editable-notes", caption: "Styled notes: a paste from a browser keeps its styles",
                label: "Notes", kind: .textArea) { field in
            field.allowsEditingTextAttributes = true
            // The same accent and ink-on-highlight pair as the marks row: both read in light and dark.
            let marker = TextAttributes(foregroundColor: ink, backgroundColor: Color(hex: 0xFFF59D))
            field.attributedText = AttributedText("Paste styled text here: ")
                + AttributedText("bold", attributes: TextAttributes(fontWeight: .bold)) + AttributedText(", ")
                + AttributedText("colour", attributes: TextAttributes(foregroundColor: accent)) + AttributedText(" and ")
                + AttributedText("highlight", attributes: marker) + AttributedText(" stay.")
            field.helperText = "Styles a field cannot show are dropped"
        },
        Variant(slug: "plain", caption: "Styles not allowed (UIKit's default): a paste keeps only the text",
                label: "Subject", text: "Plain text only") { field in
            field.helperText = "Ctrl+B, Ctrl+I and Ctrl+U do nothing here"
        },
    ]

    /// Plain fields drawn with UIKit's `background` and `disabledBackground` images, ids `custom-<slug>`.
    private static let backgroundVariants = [
        Variant(slug: "paper", caption: "Background image in place of the line border: its corners never stretch",
                placeholder: "Write on paper", text: "Dear diary") { field in
            field.background = CatalogImages.paper
            field.disabledBackground = CatalogImages.paperDisabled
            field.accessibilityLabel = "Diary"
            inkOnPaper(field)
        },
        Variant(slug: "paper-disabled", caption: "Disabled: the greyed disabled background", text: "Read only") { field in
            field.accessibilityLabel = "Notes"
            field.background = CatalogImages.paper
            field.disabledBackground = CatalogImages.paperDisabled
            inkOnPaper(field)
            field.isEnabled = false
        },
    ]

    /// The paper replaces a line border (UIKit draws the image in place of the border), so the
    /// text keeps a bordered field's 8-point inset; the paper is light in any scheme, so its
    /// text is ink whatever the scheme's text colour.
    private static func inkOnPaper(_ field: TextField) {
        field.borderStyle = .line
        field.textColor = Color(hex: 0x3B3224)
        field.placeholderColor = Color(hex: 0x6B604C)
        field.colorOverrides[.text, .disabled] = Color(hex: 0x8A8780)
    }

    /// The most of a query the search rows echo in their helper text, in graphemes.
    static let searchEchoLength = 40

    /// The catalog's search: the helper text says what was searched for, or asks for a query.
    static func search(_ field: TextField) {
        field.helperText = field.text.isEmpty ? "Type something to search for" : "Searched for “\(searchEcho(field.text))”"
    }

    /// Return searches and stays in the field rather than moving on; a result that no longer
    /// matches the text is not shown.
    static func searchesOnReturn(_ field: TextField) {
        field.observe { field, event in
            switch event {
            case .returnPressed: search(field)
            case .textChanged: field.helperText = ""
            default: break
            }
        }
        field.delegate = CatalogDelegates.staysOnReturn
    }

    /// A query as the search rows' helper echoes it: whole up to `searchEchoLength` graphemes,
    /// else its first ones and "…" (a pasted page would otherwise make a helper wider than any window).
    static func searchEcho(_ query: String) -> String {
        query.count > searchEchoLength ? query.prefix(searchEchoLength) + "…" : query
    }

    /// Fields whose geometry and drawing an app customizes (`textRect(forBounds:)` and the other hooks), ids `custom-<slug>`.
    /// The catalog's last field is the currency one: Return there ends editing (UIKitBehaviourUITests).
    private static let hookVariants = [
        Variant(slug: "search-hint", caption: "Drawn by the app: a magnifier beside the text, an Enter key-cap with the placeholder",
                placeholder: "Search the catalog", configure: { searchesOnReturn($0) },
                make: { SearchHintField(identifier: $1, style: $2, placeholder: $0.placeholder) }),
        Variant(slug: "currency", caption: "Text and clear-button rectangles moved: a drawn € badge; while editing, the clear button first",
                placeholder: "Amount", text: "1 250,00", configure: { field in
            field.clearButtonMode = .whileEditing
            field.textAlignment = .right
            // The € is drawn, not text: the name says it.
            field.accessibilityLabel = "Amount in euros"
        }, make: { CurrencyField(identifier: $1, style: $2, placeholder: $0.placeholder, text: $0.text) }),
    ]

    /// A variant's field, id `<prefix>-<slug>`, as the catalog builds it.
    private static func makeField(_ prefix: String, _ style: FieldStyle, _ variant: Variant, animationSlowdown: Double) -> TextField {
        let identifier = "\(prefix)-\(variant.slug)"
        let field = variant.make?(variant, identifier, style)
            ?? TextField(identifier: identifier, style: style, kind: variant.kind, label: variant.label,
                         placeholder: variant.placeholder, text: variant.text)
        field.animationSlowdown = animationSlowdown
        variant.configure(field)
        return field
    }

    /// Every field's id in focus order, with a maker of a fresh one as the catalog builds it (the
    /// state matrix makes one per image).
    static var fieldMakers: [(id: String, make: () -> TextField)] {
        let groups: [(String, FieldStyle, [Variant])] = FieldStyle.material.map { ($0.name, $0, variants) }
            + [("uikit", .filled, uikitVariants), ("plain", .filled, plainVariants), ("rag", .rag, ragVariants),
               ("intl", .filled, rightToLeftVariants), ("intl", .filled, shapingVariants),
               ("styled", .filled, attributedVariants), ("styled", .filled, editableStyleVariants),
               ("custom", .plain(.none), backgroundVariants), ("custom", .plain(.roundedRect), hookVariants)]
        return groups.flatMap { prefix, style, variants in
            variants.map { variant in ("\(prefix)-\(variant.slug)", { makeField(prefix, style, variant, animationSlowdown: 1) }) }
        }
    }

    static func makeScene(scheme: ColorScheme, metrics: MaterialMetrics, animationSlowdown: Double) -> FieldScene {
        /// A caption and a field for each variant, ids `<prefix>-<slug>`.
        func items(_ prefix: String, _ style: FieldStyle, _ variants: [Variant]) -> [CatalogLayout.Item] {
            variants.flatMap { variant -> [CatalogLayout.Item] in
                [.caption(variant.caption), .field(makeField(prefix, style, variant, animationSlowdown: animationSlowdown))]
            }
        }
        let material = FieldStyle.material.map { style in
            CatalogLayout.Column(items: [.heading(style == .filled ? "Filled" : "Outlined")] + items(style.name, style, variants))
        }
        let uikit = CatalogLayout.Column(items: [.heading("UIKit behaviour")] + items("uikit", .filled, uikitVariants)
                                            + items("plain", .filled, plainVariants))
        let rag = CatalogLayout.Column(items: [.heading("RAGTextField")] + items("rag", .rag, ragVariants))
        let rightToLeft = CatalogLayout.Column(items: [.heading("Right to left")] + items("intl", .filled, rightToLeftVariants))
        let shaping = CatalogLayout.Column(items: [.heading("Shaping and mixed text")] + items("intl", .filled, shapingVariants))
        let styled = CatalogLayout.Column(items: [.heading("Styled text")] + items("styled", .filled, attributedVariants)
                                             + items("styled", .filled, editableStyleVariants))
        let custom = CatalogLayout.Column(items: [.heading("Backgrounds and custom geometry")]
                                             + items("custom", .plain(.none), backgroundVariants)
                                             + items("custom", .plain(.roundedRect), hookVariants))
        let layout = CatalogLayout(sections: [material, [uikit, rag], [rightToLeft, shaping], [styled, custom]],
                                   sectionNames: CatalogLayout.sectionNames)
        return FieldScene(fields: layout.fields, layout: layout, scheme: scheme, metrics: metrics)
    }
}

/// The catalog's delegates: objects, as UIKit delegates are, kept alive here because fields
/// hold their delegates weakly.
enum CatalogDelegates {
    static let staysOnReturn = StaysOnReturn()
    static let digitsOnly = DigitsOnly()
    static let phoneFormatter = PhoneNumberFormatter()
    static let quantity = QuantityValidator()
    static let uppercaseMenu = UppercaseMenu()

    final class StaysOnReturn: TextFieldDelegate {
        func textFieldShouldReturn(_ textField: TextField) -> Bool { false }
    }

    final class DigitsOnly: TextFieldDelegate {
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            string.allSatisfy { $0.isASCII && $0.isWholeNumber }
        }
    }

    /// Formats a 10-digit North American number as it is typed (`PhoneNumberFormat`, shared
    /// with the sign-in form): "(555) 123-4567", the caret after the digit it followed.
    final class PhoneNumberFormatter: TextFieldDelegate {
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            let caret = textField.selection.isCaret ? textField.selection.head : nil
            // An edit that changes no digit (a letter, an eleventh digit) is refused as it is.
            if let (text, caret) = PhoneNumberFormat.edit(textField.text, replacing: range, with: string, caret: caret) {
                textField.text = text
                textField.selection = TextSelection(caret: caret)
            }
            return false
        }
    }

    /// Adds Uppercase to the context menu, after Select All: the selection (or the whole text)
    /// in capitals, as one undoable edit through the field's pipeline.
    final class UppercaseMenu: TextFieldDelegate {
        func textField(_ textField: TextField, editMenuForCharactersIn range: Range<Int>,
                       suggestedActions: [MenuItem]) -> [MenuItem]? {
            var items = suggestedActions
            let uppercase = MenuItem(title: "Uppercase", identifier: MenuItem.Identifier("uppercase"), mnemonic: "u",
                                     isEnabled: textField.isFocused && !textField.text.isEmpty) { field in
                let selection = field.selection
                let range = selection.isCaret ? 0..<field.count : selection.range
                let characters = Array(field.text)
                let upper = String(characters[range]).uppercased()
                field.apply(TextEdit(range: range, replacement: upper,
                                     selectionAfter: TextSelection(anchor: range.lowerBound, head: range.lowerBound + upper.count),
                                     cause: .paste))
            }
            let position = items.firstIndex { $0.identifier == .selectAll }.map { $0 + 1 } ?? items.count
            items.insert(uppercase, at: position)
            return items
        }
    }

    /// Keeps editing until the text is a whole number from 1 to 99, or empty.
    final class QuantityValidator: TextFieldDelegate {
        func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
            guard textField.text.isEmpty || Int(textField.text).map({ (1...99).contains($0) }) == true else {
                textField.applyErrorTheme(message: "Enter a whole number from 1 to 99")
                return false
            }
            textField.clearError()
            return true
        }
    }
}
