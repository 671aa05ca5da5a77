import Journeys

/// The steps of one action with this text (number 1 unless given).
func steps(_ text: String, number: Int = 1) -> [JourneyStep] {
    JourneyAction.split(JourneyFile.Action(number: number, text: text, line: 1, column: 1))
}

/// The forms of the steps of one action.
func forms(_ text: String) -> [JourneyForm] {
    steps(text).map(\.form)
}

/// The form of an action that must hold one step (a second step shows as an `.unrecognised` marker).
func form(_ text: String) -> JourneyForm {
    let all = forms(text)
    return all.count == 1 ? all[0] : .unrecognised("\(all.count) steps: \(all)")
}

/// The error `JourneyFile.parse` throws for `text`, or nil when it parses.
func parseError(_ text: String) -> JourneyFileError? {
    do {
        _ = try JourneyFile.parse(text)
        return nil
    } catch {
        return error
    }
}

/// `Verify the <place> screen shows the text "T"`: that place is shown, and the screen shows T.
func screen(_ place: String, shows text: String) -> JourneyCheck {
    JourneyCheck([
        JourneyConjunct(JourneyClaim(.place(place), .shown)),
        JourneyConjunct(JourneyClaim(.screen, .contains(.text(text)))),
    ])
}

/// One conjunct of one claim.
func conjunct(_ subject: JourneySubject, _ predicate: JourneyPredicate, negative: Bool = false) -> JourneyConjunct {
    JourneyConjunct(JourneyClaim(subject, predicate, negative: negative))
}
