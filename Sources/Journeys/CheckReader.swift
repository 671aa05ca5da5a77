/// Reads the body of a check — what follows `Verify`, `Check that`, `If` — as a person does (spec/08
/// §2.4.2–§2.4.4): conjuncts cut at `and`, `,`, `but`, `nor` where both sides name something, each with
/// its own polarity, subject, property and value; a conjunct with no subject of its own continues the
/// one before it (`is unsigned and reads 100,000 sats`), one with no verb shares the verb before it
/// (`shows the bell (id …) and no intro (id …)`).
enum CheckReader {
    static func read(_ written: String) -> JourneyCheck {
        var body = Prose.possessivesApart(written.trimmingSpaces())
        for lead in ["that ", "sure that ", "sure ", "whether ", "if "] where body.lowercased().hasPrefix(lead) {
            // `that row …` is a referent, not the conjunction.
            if lead == "that ",
                body.lowercased().contains(Pattern(##"^that\s+(?:row|one|element|button|card|identity|rows)\b"##))
            {
                continue
            }
            body = String(body.dropFirst(lead.count))
        }
        var source = JourneyCheck.Source.screen
        if let match = body.firstMatch(
            of: Pattern(
                ##",?\s*\b(?:from|in|on)\s+the\s+(?:latest\s+|last\s+)?(?:snapshot|layout\s+dump|dump)\s*,?\s*"##,
                ignoringCase: true))
        {
            source = .snapshot
            body = (String(body[..<match.range.lowerBound]) + " " + String(body[match.range.upperBound...]))
                .trimmingSpaces()
            for lead in ["that ", "…", "... "] where body.lowercased().hasPrefix(lead) {
                body = String(body.dropFirst(lead.count)).trimmingSpaces()
            }
        }
        var whileRunning: JourneyProcess?
        if let match = body.firstMatch(
            of:
                Pattern(
                    ##"\s+while\s+(.+?)\s+(?:is|are)\s+(?:still\s+)?(?:pending|running|in\s+flight|in\s+progress|underway)\b"##,
                    ignoringCase: true)),
            let process = JourneyProcess(named: String(match[1]))
        {
            whileRunning = process
            body = String(body[..<match.range.lowerBound]) + String(body[match.range.upperBound...])
        }
        // `while Pubky Choice is still shown`: a place conjunct.
        body = body.replacing(
            Pattern(
                ##"\s+while\s+(?=[^,]+?\s+(?:is|are)\s+(?:still\s+)?(?:shown|visible|open|displayed))"##,
                ignoringCase: true),
            with: " and ")
        body = withoutDefinition(body)
        var conjuncts: [JourneyConjunct] = []
        var previous: Reading?
        for part in conjunctTexts(body) {
            var alternatives: [JourneyClaim] = []
            var extra: [JourneyConjunct] = []
            for (offset, alternative) in alternativeTexts(part.text).enumerated() {
                var reading = readConjunct(alternative, negative: part.negative, previous: previous)
                if offset == 0 {
                    extra = reading.objects.map { JourneyConjunct($0) }
                    previous = reading
                }
                reading.objects = []
                if let claim = reading.claim { alternatives.append(claim) }
            }
            if !alternatives.isEmpty { conjuncts.append(JourneyConjunct(alternatives, text: part.text)) }
            conjuncts += extra.map { JourneyConjunct($0.alternatives, text: part.text) }
        }
        return JourneyCheck(conjuncts, source: source, whileRunning: whileRunning)
    }

    /// `text` with what stands inside quotes blanked (`"x"`), for reading its own words.
    static func unquoted(_ text: String) -> String {
        var out = ""
        var inside: Character?
        for character in text {
            if let close = inside {
                if character == close {
                    inside = nil
                    out.append(character)
                } else if out.last != "x" || out.last == "\"" {
                    out.append("x")
                }
                continue
            }
            if character == "\"" || character == "\u{201C}" { inside = character == "\"" ? "\"" : "\u{201D}" }
            out.append(character)
        }
        return out
    }

    // MARK: Cutting

    /// Text after a top-level `: ` that only describes a derived value (`four characters each side of
    /// "..."`) is a definition, not checked.
    private static func withoutDefinition(_ body: String) -> String {
        let characters = Array(body)
        let topLevel = Prose.topLevelOffsets(characters)
        guard
            let colon = characters.indices.first(where: {
                $0 + 1 < characters.count && topLevel[$0] && characters[$0] == ":" && characters[$0 + 1] == " "
            })
        else { return body }
        let after = String(characters[(colon + 2)...])
        // `nothing changes: no second adoption`: the effects are part of the check.
        if String(characters[..<colon]).lowercased().contains(Pattern(##"\bnothing\s+(?:else\s+)?changes?\b"##)) {
            return body
        }
        // `contains the text: "TKRQ"`: the value itself.
        if after.trimmingSpaces().wholeMatch(of: Pattern(##"["\x{201C}][^"\x{201D}]*["\x{201D}]"##)) != nil {
            return String(characters[..<colon]) + " " + after
        }
        let describes =
            ElementMention.all(in: after).isEmpty
            && after.firstMatch(of: mainVerb) == nil
        return describes ? String(characters[..<colon]) : String(characters[..<colon]) + ", and " + after
    }

    struct Part {
        var text: String
        var negative: Bool
    }

    /// Conjuncts: cut at `, and `, ` and `, `, `, ` but `, ` nor `, `; ` (outside quotes and parentheses)
    /// where both sides name something; `neither A nor B` makes both negative, `A but not B` and `A
    /// without B` only B.
    static func conjunctTexts(_ body: String) -> [Part] {
        var text = body
        var neither = false
        if let match = text.prefixMatch(of: Pattern(##"neither\s+"##, ignoringCase: true)) {
            neither = true
            text = String(text[match.range.upperBound...])
        }
        let characters = Array(text)
        let topLevel = Prose.topLevelOffsets(characters)
        let separators = [
            ", and ", ", but not ", ", but ", " but not ", " but ", ", nor ", " nor ", " and ", "; ", ", ", " without ",
        ]
        var parts: [Part] = []
        var start = 0
        var offset = 0
        var negativeNext = false
        func has(_ needle: String, at position: Int) -> Bool { Prose.has(needle, at: position, in: characters) }
        while offset < characters.count {
            guard topLevel[offset] else {
                offset += 1
                continue
            }
            var cut = false
            for separator in separators where has(separator, at: offset) {
                let left = String(characters[start..<offset])
                let right = String(characters[(offset + separator.count)...])
                guard namesSomething(left), namesSomething(rightUntilNextCut(right)) else { continue }
                parts.append(Part(text: left.trimmingSpaces(), negative: negativeNext || neither))
                negativeNext = separator.contains("not") || separator.contains("nor") || separator == " without "
                // `neither A nor B, but C`: the neither ends at the first cut that is not a `nor`.
                if !separator.contains("nor") { neither = false }
                offset += separator.count
                start = offset
                cut = true
                break
            }
            if !cut { offset += 1 }
        }
        parts.append(Part(text: String(characters[start...]).trimmingSpaces(), negative: negativeNext || neither))
        return parts.filter { !$0.text.isEmpty }
    }

    private static func rightUntilNextCut(_ text: String) -> String {
        guard let range = text.firstMatch(of: Pattern(##",\s|\s(?:and|but|nor)\s"##))?.range else { return text }
        return String(text[..<range.lowerBound])
    }

    /// `A or B`, `either A or B`: alternatives, where both sides name something.
    static func alternativeTexts(_ conjunct: String) -> [String] {
        var text = conjunct
        if let match = text.prefixMatch(of: Pattern(##"either\s+"##, ignoringCase: true)) {
            text = String(text[match.range.upperBound...])
        }
        let characters = Array(text)
        let topLevel = Prose.topLevelOffsets(characters)
        var parts: [String] = []
        var start = 0
        var offset = 0
        while offset + 4 <= characters.count {
            if topLevel[offset], Prose.has(" or ", at: offset, in: characters) {
                let left = String(characters[start..<offset])
                let right = String(characters[(offset + 4)...])
                if namesSomething(left), namesSomething(right) {
                    parts.append(left.trimmingSpaces())
                    offset += 4
                    start = offset
                    continue
                }
            }
            offset += 1
        }
        parts.append(String(characters[start...]).trimmingSpaces())
        return parts.count > 1 ? parts : [conjunct]
    }

    /// Whether a side of a cut names an id, a quoted text, a referent, a place or a property.
    static func namesSomething(_ side: String) -> Bool {
        if !ElementMention.all(in: side).isEmpty || side.contains("\"") || side.contains("\u{201C}") { return true }
        let lower = side.lowercased()
        if lower.contains(referentWords) || lower.contains(propertyWords) { return true }
        return JourneyPlaces.checkPlace(in: lower) != nil
    }

    private static var referentWords: Pattern {
        Pattern(
            ##"\b(?:it|its|that\s+(?:row|one|element|button|card)|the\s+(?:tapped|first|second|third|last)\s+row|rows?|them|those|these|each|every|all|no|none|any|only|another|different|neither|deleted|noted)\b"##
        )
    }

    private static var propertyWords: Pattern {
        Pattern(
            ##"\b(?:title|titled|caption|captioned|label|labell?ed|enabled|disabled|tappable|spinner|progress\s+indicator|avatar|unsigned|sats|shown|visible|hidden|missing|absent|gone|key|name|reads|shows|names)\b"##
        )
    }

    // MARK: One conjunct

    /// What one conjunct says, and what the next one may inherit from it.
    struct Reading {
        var claim: JourneyClaim?
        /// Claims about elements named after the verb (`Home shows the bell (id …)`).
        var objects: [JourneyClaim] = []
        var subject: JourneySubject?
        var verb: String?
        /// What was said of the subject, for an elliptical `and the second row is not`.
        var predicate: JourneyPredicate?
    }

    private static var mainVerb: Pattern {
        Pattern(
            ##"\b(is|are|was|were|shows|show|keeps|keep|has|have|stays|stay|remains|remain|reads|read|names|lists|list|offers|offer|displays|display|contains|contain|appears|appear|disappears|disappear|disappeared|says|say|ignores|ignore|replaced|titled|captioned|labell?ed|replaces|gives\s+way|does|do|did|cannot|can't|can|looks|look)\b"##,
            ignoringCase: true)
    }

    static func readConjunct(_ written: String, negative inherited: Bool, previous: Reading?) -> Reading {
        let text = written.trimmingSpaces()
        var negative = inherited
        let mentions = ElementMention.mentionRanges(in: text)
        // The main verb: the first top-level verb after a `whose …` filter and outside quotes and mentions.
        var filter: JourneyRowFilter?
        var searchFrom = text.startIndex
        if let whose = text.firstMatch(of: Pattern(##"\bwhose\s+"##, ignoringCase: true)) {
            let (read, end) = rowFilter(in: text[whose.range.upperBound...])
            filter = read
            searchFrom = end
        }
        let topLevel = Prose.topLevelOffsets(Array(text))
        var verbRange: Range<String.Index>?
        for match in text[searchFrom...].matches(of: mainVerb) {
            let offset = text.distance(from: text.startIndex, to: match.range.lowerBound)
            if topLevel[offset], !mentions.contains(where: { $0.range.contains(match.range.lowerBound) }) {
                verbRange = match.range
                break
            }
        }
        // `the row (id "X") showing "T"`: after a mention, `showing` checks the row's text.
        if verbRange == nil || mentions.first.map({ verbRange!.lowerBound > $0.range.upperBound }) == true,
            let first = mentions.first,
            let showing = text[first.range.upperBound...].firstMatch(
                of: Pattern(##"\b(?:showing|with)\s+(?=")"##, ignoringCase: true)),
            verbRange.map({ showing.range.lowerBound < $0.lowerBound }) ?? true
        {
            verbRange = showing.range
        }
        let subjectPart = verbRange.map { String(text[..<$0.lowerBound]) } ?? text
        let predicatePart = verbRange.map { String(text[$0.lowerBound...]) } ?? ""
        let verb = verbRange.map { text[$0].lowercased() }
        // The subject's words, its mentions blanked out (`(no testTag; titled "…")` is no negation).
        var bare = subjectPart
        for mention in ElementMention.mentionRanges(in: subjectPart).reversed() {
            bare.replaceSubrange(mention.range, with: "id")
        }
        // Keywords are read outside quoted texts (`shows the text "No pending payment requests."`).
        let subjectLower = Self.unquoted(bare).lowercased()
        let predicateLower = Self.unquoted(predicatePart).lowercased()
        let subjectMentions = mentions.filter { verbRange == nil || $0.range.upperBound <= verbRange!.lowerBound }
            .map(\.mention)
        let objectMentions = mentions.filter { verbRange != nil && $0.range.lowerBound >= verbRange!.lowerBound }
            .map(\.mention)
        let quoted = Prose.quotedTexts(in: text, excluding: mentions.map(\.range))
        let subjectQuoted = Prose.quotedTexts(
            in: subjectPart, excluding: ElementMention.mentionRanges(in: subjectPart).map(\.range))

        // Polarity before the subject's mention (`no create card (id …)`, `not the spinner …`).
        if subjectLower.contains(Pattern(##"(?:^|\b)(?:no|not|never|none\s+of|without|neither|nor)\b"##)),
            !subjectLower.contains(
                Pattern(
                    ##"\b(?:no|any)\s+(?:row|rows|element|elements|card|cards|identity|identities)\s+(?:whose|shows|has|is)\b"##
                )
            ),
            !subjectLower.hasPrefix("no row"), !subjectLower.hasPrefix("none of the rows")
        {
            negative.toggle()
        }

        // The subject.
        var field = JourneyField(possessiveIn: subjectLower)
        var subject: JourneySubject?
        let quantifier = quantifierIn(subjectLower, filter: filter)
        var referent = referentIn(subjectLower)
        if case .showing? = referent, let shown = subjectQuoted.first { referent = .showing(shown) }
        let within = subjectMentions.first
        if let quantifier, subjectMentions.count <= 1 {
            subject = .rows(quantifier, within: within ?? (quantifier.isOnePer ? objectMentions.first : nil))
        } else if let referent, subjectMentions.count <= 1 {
            subject = .referent(referent, within: within)
        } else if !subjectMentions.isEmpty {
            subject = .elements(subjectMentions, showing: subjectQuoted.first)
        } else if subjectLower.contains(Pattern(##"\bthe\s+deleted\b"##)) {
            subject = .deleted
        } else if let place = JourneyPlaces.checkPlace(in: subjectLower) {
            subject = .place(place)
        } else if subjectLower.trimmingSpaces().isEmpty {
            subject = nil
        } else if subjectLower.contains(Pattern(##"\b(?:the\s+)?(?:screen|page|text|sheet|dialog|view)\b"##)) {
            subject = .screen
        } else if subjectLower.contains(Pattern(##"^\s*its\b"##)) {
            subject = nil
        } else if let first = subjectQuoted.first {
            // `"PubkyChoiceRing_" rows`: an id prefix; `"Continue" is greyed out`: a label; `"Satoshi" is
            // shown`: a text of the screen.
            if subjectLower.contains(Pattern(##""\s+(?:rows|elements|ids|buttons)\b"##)) {
                subject = .idPrefix(first)
            } else if text.lowercased().contains(
                Pattern(##"\b(?:disabled|enabled|tappable|greyed|grayed|titled|captioned)\b"##))
            {
                subject = .label(first)
            } else {
                subject = .screen
            }
        } else if let label = unquotedLabel(subjectPart) {
            subject = .label(label)
        } else if verb != nil, !objectMentions.isEmpty,
            previous == nil || !subjectLower.contains(Pattern(##"^\s*its\b"##))
        {
            // `both Ring identities are listed (id …) (id …)`: the elements named after the verb.
            subject = .elements(objectMentions, showing: nil)
        }
        if field == nil, subjectLower.contains(Pattern(##"^\s*its\s+(?:title|caption|label)\b"##)) {
            field = JourneyField(possessiveIn: subjectLower)
        }

        // `nothing changes[: no second adoption]`: the screen as before the last tap, and no such effect.
        if text.lowercased().contains(
            Pattern(##"\bnothing\s+(?:else\s+)?(?:changes|changed|has\s+changed|happens|happened)\b"##))
        {
            return Reading(claim: JourneyClaim(.screen, .unchanged(effects: effects(in: written))), subject: .screen)
        }
        // A conjunct with a subject of its own that names nothing readable inherits none: a person reads it.
        let inherits =
            subject == nil && (subjectLower.trimmingSpaces().isEmpty || subjectLower.contains(Pattern(##"^\s*its\b"##)))
        if subject == nil, !inherits, verb != nil || (objectMentions.isEmpty && quoted.isEmpty) {
            return Reading(claim: JourneyClaim(.screen, .needsEyes(written)))
        }
        var reading = Reading(subject: subject ?? (inherits ? previous?.subject : nil), verb: verb ?? previous?.verb)
        // No verb: the objects of the verb before (`… and no intro (id "ProfileIntro")`).
        if verb == nil, let previous, subject.map({ if case .elements = $0 { true } else { false } }) ?? true,
            previous.subject.map(isScreenLike) ?? false || subject == nil
        {
            if !subjectMentions.isEmpty {
                reading.claim = JourneyClaim(
                    .elements(subjectMentions, showing: subjectQuoted.first), .shown, negative: negative)
                reading.subject = previous.subject
                return reading
            }
        }
        guard let claimSubject = reading.subject ?? (subjectLower.trimmingSpaces().isEmpty ? .screen : nil) else {
            reading.claim = nil
            return reading
        }

        // The predicate.
        let predicateText = verb == nil ? subjectLower : predicateLower
        var predicate = JourneyPredicate.shown
        var consumedNegation = false
        if predicateText.contains(Pattern(##"missing\s+from\s+targets"##)) {
            predicate = .missingFromTargets
            consumedNegation = true
        } else if predicateText.contains(
            Pattern(
                ##"\b(?:has\s+not|hasn't|have\s+not|did\s+not|does\s+not|doesn't|never)\s+(?:come\s+back|reappear(?:ed|s)?)\b"##
            )
        ) {
            predicate = .reappeared
            negative.toggle()
            consumedNegation = true
        } else if let place = replacedPlace(predicateText) {
            // `<screen> gives way to P` / `X replaced P`: that one gone, the other shown.
            let gone = JourneyClaim(.place(place.gone ?? ""), .shown, negative: true)
            if place.gone != nil {
                reading.objects.append(gone)
            }
            if let shown = place.shown {
                reading.claim = JourneyClaim(.place(shown), .shown)
                if case .place = claimSubject {
                    reading.objects.insert(JourneyClaim(claimSubject, .shown, negative: true), at: 0)
                }
                return reading
            }
            reading.claim = JourneyClaim(claimSubject, .shown)
            return reading
        } else if predicateText.contains(
            Pattern(##"\b(?:spinner|progress\s+indicator|loading\s+indicator|activity\s+indicator)\b"##))
            || (objectMentions.isEmpty
                && subjectLower.contains(Pattern(##"\b(?:its|their)\s+(?:spinner|progress\s+indicator)\b"##)))
        {
            predicate = .spinner(objectMentions.first)
        } else if predicateText.contains(Pattern(##"\b(?:avatars?|key\s+icons?|pictures?|profile\s+images?)\b"##)) {
            predicate = .avatar
        } else if predicateText.contains(looksWords) {
            predicate = .needsEyes(written)
        } else if predicateText.contains(Pattern(##"\bunsigned\b"##)) {
            predicate = .unsigned
        } else if predicateText.contains(
            Pattern(
                ##"\b(?:not\s+enabled|not\s+tappable|disabled|cannot\s+be\s+(?:used|tapped|pressed)|can't\s+be\s+(?:used|tapped)|ignores?\s+taps|gr[ae]yed\s+out)\b"##
            )
        ) {
            predicate = .disabled
            if predicateText.contains(Pattern(##"\bnot\s+(?:enabled|tappable)\b"##))
                || predicateText.contains(Pattern(##"\bcannot\b|can't"##))
            {
                consumedNegation = true
            }
        } else if predicateText.contains(Pattern(##"\b(?:enabled|tappable)\b"##)) {
            predicate = .enabled
        } else if let valueField = JourneyField(predicateIn: predicateText) ?? field,
            let value = value(in: predicatePart.isEmpty ? subjectPart : predicatePart, quoted: quoted)
        {
            predicate = .field(valueField, value)
        } else if let value = value(
            in: predicatePart,
            quoted: Prose.quotedTexts(
                in: predicatePart, excluding: ElementMention.mentionRanges(in: predicatePart).map(\.range)))
        {
            predicate = .contains(value)
        } else if !objectMentions.isEmpty, claimSubject != .elements(objectMentions, showing: nil) {
            // `Home shows the bell (id …)`, `Pubky Choice lists … (id …)`: the place is shown, and the elements.
            let objectNegative = predicateLower.contains(Pattern(##"\b(?:no|not|never|without)\b"##))
            // `one row per Ring identity (id "…_<ring-pubky>")`: counted per member; several ids: each shown.
            let onePer = objectMentions.count == 1 ? onePerIn(predicateLower) : nil
            let objectSubject: JourneySubject =
                onePer.map { .rows($0, within: objectMentions.first) }
                ?? .elements(objectMentions, showing: nil)
            if case .place = claimSubject {
                reading.claim = JourneyClaim(claimSubject, .shown)
                reading.objects = [JourneyClaim(objectSubject, .shown, negative: objectNegative)]
            } else if case .screen = claimSubject {
                reading.claim = JourneyClaim(objectSubject, .shown, negative: objectNegative)
            } else {
                reading.claim = JourneyClaim(claimSubject, .shown, negative: negative)
                reading.objects = [JourneyClaim(objectSubject, .shown, negative: objectNegative)]
            }
            reading.subject = claimSubject
            return reading
        }
        // `… and the second row is not` / `… and B is too`: the predicate before, negated or not.
        if let previous = previous?.predicate, predicate == .shown,
            predicateText.trimmingSpaces().wholeMatch(
                of:
                    Pattern(
                        ##"(?:is|are|does|do|has|have)(?:\s+(?:not|n't))?|(?:is|are)n't|doesn't|don't|(?:is|are|does|do)\s+too|as\s+well|too"##
                    )
            )
                != nil
        {
            predicate = previous
        }
        // Polarity never crosses a comma: `names the saved contact, never text the issuer sent`.
        let predicateCore = predicateText.prefix { $0 != "," }
        if !consumedNegation,
            predicateCore.contains(
                Pattern(
                    ##"\b(?:not|never|no\s+longer|any\s*more|is\s+gone|are\s+gone|gone|disappears?|disappeared|hidden|missing|absent|isn't|aren't|doesn't|don't|didn't|no)\b"##
                )
            )
        {
            negative.toggle()
        }
        if case .screen = claimSubject, case .shown = predicate, !quoted.isEmpty {
            predicate = .contains(.text(quoted[0]))
        }
        if case .place = claimSubject, predicate != .shown {
            // `the Create Profile screen shows the text "…"`: that screen is shown, and shows the text.
            reading.objects = [JourneyClaim(.screen, predicate, negative: negative)]
            reading.claim = JourneyClaim(claimSubject, .shown)
            return reading
        }
        reading.claim = JourneyClaim(claimSubject, predicate, negative: negative)
        reading.predicate = predicate
        return reading
    }

    private static var looksWords: Pattern {
        Pattern(
            ##"\b(?:colou?rs?|colou?red|layout|laid\s+out|animat(?:ion|ions|es|ed|ing)|images?|photos?|looks?|aligned|alignment|fonts?|blurr?ed)\b"##
        )
    }

    private static func isScreenLike(_ subject: JourneySubject) -> Bool {
        switch subject {
        case .place, .screen: true
        default: false
        }
    }

    /// The value a predicate compares with: a quoted text first, else a derived value (§2.4.4).
    static func value(in text: String, quoted: [String]) -> JourneyValue? {
        if let first = quoted.first { return .text(first) }
        let lower = text.lowercased()
        if let sats = lower.firstMatch(of: Pattern(##"(\d[\d,\x{00A0}\x{202F} ]*)\s*sats?\b"##)) {
            return .sats(String(sats[1].filter(\.isNumber)))
        }
        if lower.contains(Pattern(##"\btruncated\s+key\b"##)) {
            return .truncatedKey(
                upperCase: lower.contains(
                    Pattern(##"\b(?:in\s+capitals|capitali[sz]ed|upper\s*case|uppercase|in\s+upper\s*case)\b"##)))
        }
        if lower.contains(Pattern(##"\bpublished\s+name\b|\bprofile\s+name\b"##)) { return .publishedName }
        if let contact = lower.firstMatch(of: Pattern(##"\bthe\s+saved\s+(?:([\w-]+)\s+)?contact\b"##)) {
            return .savedContact(contact.optional(1).map(String.init) ?? "")
        }
        if let noted = lower.firstMatch(of: Pattern(##"\bthe\s+noted\s+([\w-]+(?:\s+[\w-]+)?)"##)) {
            return .noted(String(noted[1]))
        }
        if lower.contains(Pattern(##"\b(?:its|the|their)\s+(?:bare\s+|full\s+)?(?:key|pubky)\b"##)) { return .key }
        return nil
    }

    /// `<effects>` after `nothing changes:` (`no second adoption`).
    private static func effects(in text: String) -> [String] {
        guard let colon = text.firstRange(of: ": ") else { return [] }
        return String(text[colon.upperBound...]).split(separator: ",").map { String($0).trimmingSpaces() }
            .filter { !$0.isEmpty }
    }

    /// `gives way to P` (`gone`: the subject's place) / `replaced P` / `is replaced by P`.
    private static func replacedPlace(_ predicate: String) -> (gone: String?, shown: String?)? {
        if let match = predicate.firstMatch(of: Pattern(##"\bgives?\s+way\s+to\s+(.+)$"##)) {
            return (nil, JourneyPlaces.checkPlace(in: String(match[1])))
        }
        if let match = predicate.firstMatch(of: Pattern(##"\breplaced\s+(.+)$"##)), !predicate.contains("replaced by") {
            return (JourneyPlaces.checkPlace(in: String(match[1])), nil)
        }
        return nil
    }

    // MARK: Referents and quantifiers

    static func referentIn(_ lower: String) -> JourneyReferent? {
        if let match = lower.firstMatch(of: Pattern(##"\bthe\s+row\s+showing\s+"([^"]*)""##)) {
            return .showing(String(match[1]))
        }
        if lower.contains(
            Pattern(
                ##"\b(?:a\s+different|another)\s+(?:row|one|card|identity)\b|\bone\s+of\s+the\s+other\s+(?:rows|cards|identities)\b|\bthe\s+other\s+row\b"##
            )
        ) {
            return .different
        }
        if lower.contains(
            Pattern(
                ##"\bthe\s+(?:tapped|pressed|selected|picked)\s+(?:row|one|card|identity)\b|\bthe\s+row\s+(?:i|you|we)\s+(?:tapped|pressed)\b"##
            )
        ) {
            return .lastTap
        }
        if lower.contains(
            Pattern(##"\bthe\s+named\s+(?:identity|pubky|row)\b|\bthe\s+row\s+(?:for|of)\s+the\s+named\b"##))
        {
            return .forKey("<named-ring-pubky>")
        }
        if let match = lower.firstMatch(
            of: Pattern(##"\bthe\s+(?:row|card|identity)\s+(?:for|of)\s+(<[^<>]+>|pubky[a-z0-9]{52}|[a-z0-9]{52})"##))
        {
            return .forKey(String(match[1]))
        }
        let ordinals = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]
        if let match = lower.firstMatch(
            of: Pattern(##"\bthe\s+(first|second|third|fourth|fifth|last)\s+(?:row|one|card|identity|element)\b"##))
        {
            return .ordinal(ordinals[String(match[1])] ?? 1)
        }
        if lower.contains(Pattern(##"\b(?:those|these)\s+rows\b|\bthem\b|\bthey\b"##)) { return .lastPlural }
        if lower.contains(
            Pattern(
                ##"(?:^|\b)(?:it|its|that\s+(?:row|one|element|button|card|identity)|this\s+(?:row|one|element|button|card))\b"##
            )
        ) {
            return .focus
        }
        return nil
    }

    static func quantifierIn(_ lower: String, filter: JourneyRowFilter?) -> JourneyQuantifier? {
        if lower.contains(
            Pattern(##"\b(?:screen|sheet|profile|settings|choice|dialog)\s+actions\b|\b(?:its|the)\s+actions\b"##))
        {
            return .actions
        }
        if lower.contains(Pattern(##"\bonly\s+the\s+(?:tapped|pressed|selected)\s+row\b"##)) { return .only(.lastTap) }
        if let onePer = onePerIn(lower) { return onePer }
        if lower.contains(
            Pattern(##"(?:^|\b)(?:no|none\s+of\s+the)\s+(?:rows?|elements?|cards?|identities|identity|buttons?)\b"##))
        {
            return .none(filter)
        }
        if lower.contains(
            Pattern(
                ##"\b(?:each|every|all|any|a)\s+(?:of\s+the\s+)?(?:rows?|cards?|identities|identity|elements?)\b|\ball\s+(?:the\s+)?rows\b|\bthe\s+rows\b(?!\s*\()"##
            )
        ) {
            return .every(filter)
        }
        return nil
    }

    /// `one row per Ring identity`: the set its noun names (`ring-pubky`; `pubky` for contacts).
    static func onePerIn(_ lower: String) -> JourneyQuantifier? {
        guard
            let match = lower.firstMatch(
                of: Pattern(##"\bone\s+[\w-]+(?:\s+[\w-]+)?\s+per\s+(?:saved\s+)?([\w-]+(?:\s+[\w-]+)?)"##))
        else {
            return nil
        }
        let noun = match[1]
        return .onePer(set: noun.contains("contact") ? "pubky" : "ring-pubky")
    }

    /// `whose P`: the filter and where it ends (the main verb is searched after it).
    static func rowFilter(in text: Substring) -> (JourneyRowFilter, String.Index) {
        let lower = text.lowercased()
        func end(_ length: Int) -> String.Index { text.index(text.startIndex, offsetBy: min(length, text.count)) }
        if let match = lower.prefixMatch(
            of:
                Pattern(
                    ##"(?:pubky|identity|key|profile)\s+(?:has\s+no|lacks\s+an?|lacks|is\s+without\s+an?|has\s+not\s+published\s+an?)\s+(?:published\s+)?(?:profile\s+)?name\b"##
                )
        ) {
            return (.noPublishedName(true), end(match.text.count))
        }
        if let match = lower.prefixMatch(
            of: Pattern(##"(?:pubky|identity|key|profile)\s+has\s+an?\s+(?:published\s+)?name\b"##))
        {
            return (.noPublishedName(false), end(match.text.count))
        }
        if let match = lower.prefixMatch(
            of:
                Pattern(
                    ##"(?:profile\s+)?lookup\s+(?:runs|is\s+(?:still\s+)?running|still\s+runs|is\s+in\s+flight|is\s+pending|has\s+not\s+finished|hasn't\s+finished)\b"##
                )
        ) {
            return (.lookupRunning(true), end(match.text.count))
        }
        if let match = lower.prefixMatch(
            of: Pattern(
                ##"(?:profile\s+)?lookup\s+(?:finished|has\s+finished|is\s+done|ended|has\s+ended|completed)\b"##))
        {
            return (.lookupRunning(false), end(match.text.count))
        }
        if let match = lower.prefixMatch(
            of: Pattern(
                ##"(?:published\s+)?name\s+(?:has\s+not|hasn't|did\s+not|didn't)\s+(?:yet\s+)?arrived(?:\s+yet)?\b"##))
        {
            return (.nameNotArrived, end(match.text.count))
        }
        // Unknown: up to the next verb of a conjunct (`… shows`, `… is`).
        if let verb = lower.firstMatch(of: Pattern(##"\s(?:shows|show|is|are|has|keeps|stays|reads)\s"##)) {
            let length = lower.distance(from: lower.startIndex, to: verb.range.lowerBound)
            return (.other(String(text.prefix(length))), end(length))
        }
        return (.other(String(text)), text.endIndex)
    }

    /// `Save is disabled`: a capitalised label of one to three words before the verb.
    private static func unquotedLabel(_ subject: String) -> String? {
        let words = subject.split(separator: " ").map(String.init)
        guard (1...3).contains(words.count), words.allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        let label = words.joined(separator: " ")
        return ["The", "It", "This", "That", "They"].contains(words[0]) ? nil : label
    }
}

extension JourneyField {
    /// `each row's caption`, `that row's title`, `its label`: the field a subject names.
    init?(possessiveIn lower: String) {
        guard
            let match = lower.firstMatch(
                of: Pattern(##"(?:\s'\s?s|\bits|\btheir)\s+(title|caption|label|subtitle)\b"##))
        else {
            return nil
        }
        self =
            match[1] == "caption" || match[1] == "subtitle"
            ? .caption : match[1] == "title" ? .title : .label
    }

    /// `is titled …`, `captioned with …`, `as (its) title`, `keeps … as its caption`.
    init?(predicateIn lower: String) {
        if lower.contains(Pattern(##"\btitled\b|\bas\s+(?:its\s+|the\s+)?title\b|\btitle\s+(?:is|reads|shows)\b"##)) {
            self = .title
        } else if lower.contains(
            Pattern(##"\bcaptioned\b|\bas\s+(?:its\s+|the\s+)?caption\b|\bcaption\s+(?:is|reads|shows)\b"##))
        {
            self = .caption
        } else if lower.contains(Pattern(##"\blabell?ed\b|\bas\s+(?:its\s+|the\s+)?label\b"##)) {
            self = .label
        } else {
            return nil
        }
    }
}

extension JourneyQuantifier {
    var isOnePer: Bool {
        if case .onePer = self { true } else { false }
    }
}

extension JourneyProcess {
    /// `adoption`, `the lookups`, `the row lookups`, `deletion`, `the sync`, `Paykit sync`.
    public init?(named text: String) {
        let lower = text.lowercased()
        if lower.contains(Pattern(##"\badopt(?:ion|ing)\b|\bsign-?in\b"##)) {
            self = .adoption
        } else if lower.contains(Pattern(##"\blook-?ups?\b|\blooking\s+up\b"##)) {
            self = .lookups
        } else if lower.contains(Pattern(##"\bdelet(?:ion|ing)\b"##)) {
            self = .deletion
        } else if lower.contains(Pattern(##"\bsync(?:ing|hroni[sz]ation)?\b"##)) {
            self = .sync
        } else {
            return nil
        }
    }
}
