/// A place a journey opens or checks by meaning (spec/08 §2.4.6): the phrases that name it, the route
/// each app really has to it, and the screens that show it. The places themselves are the data of
/// `JourneyPlaces.table`.
public struct JourneyPlace: Sendable, Equatable {
    /// One step of a route, performed on the screen the step before reached.
    public enum Step: Sendable, Equatable {
        /// Tap the element with this id (iOS id / Ring testID), which must be on the current screen.
        case tap(String)
        /// Another place's route first (`on Home …`).
        case place(String)
        /// An app command that is itself the app's route (`home`: the back stack emptied; Ring's `settings`).
        case command([String])
    }

    public let name: String
    /// Normalised phrases (lowercase; no articles, `my`, `your`, `existing` or trailing `screen`).
    public let phrases: [String]
    /// The route in each app that has one; a place without a route is only checked.
    public let routes: [JourneyApp: [Step]]
    /// The screens that show it in each app: route names, or `sheet:<id>`.
    public let shownAs: [JourneyApp: [String]]
    /// `existing` (`Open your existing profile`): the route must end on one of these routes.
    public let existing: [String]

    public init(
        _ name: String, phrases: [String], routes: [JourneyApp: [Step]] = [:], shownAs: [JourneyApp: [String]],
        existing: [String] = []
    ) {
        self.name = name
        self.phrases = phrases
        self.routes = routes
        self.shownAs = shownAs
        self.existing = existing
    }
}

extension JourneyPlaces {
    /// The place a navigation phrase names, after dropping articles, `my`, `your`, `existing` and a
    /// trailing `screen`; nil when the table has none.
    public static func place(named phrase: String) -> JourneyPlace? {
        let key = normalised(phrase)
        return table.first { $0.phrases.contains(key) } ?? routeNames.first { $0.phrases.contains(key) }
    }

    /// The place named by a check's subject (`Pubky Choice`, `the Pay Contacts screen`, `Home`): its name.
    static func checkPlace(in subject: String) -> String? {
        let key = normalised(subject)
        guard !key.isEmpty else { return nil }
        return (table.first { $0.phrases.contains(key) } ?? routeNames.first { $0.phrases.contains(key) })?.name
    }

    /// The place with this name (table first, then the apps' route names).
    public static func place(withName name: String) -> JourneyPlace? {
        table.first { $0.name == name } ?? routeNames.first { $0.name == name }
    }

    /// Lowercase, articles, `my`, `your`, `existing`, `still`, `now` and a trailing `screen|page|tab` dropped.
    static func normalised(_ phrase: String) -> String {
        var words = phrase.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        words.removeAll { ["the", "a", "an", "my", "your", "existing", "its", "app's", "again"].contains($0) }
        if let last = words.last, ["screen", "page", "tab", "view"].contains(last), words.count > 1 {
            words.removeLast()
        }
        return words.joined(separator: " ")
    }

    /// Every route name of the simulated apps as a check-only place (`the createProfile screen`, `the
    /// payment request detail screen`): its camelCase words.
    static let routeNames: [JourneyPlace] = {
        var places: [JourneyPlace] = []
        for (app, route) in screenRoutes {
            let words = route.replacing(Pattern(##"([a-z])([A-Z])"##), with: "$1 $2").lowercased()
            var phrases = [words]
            if words.hasSuffix(" screen") { phrases.append(String(words.dropLast(" screen".count))) }
            // One place per name, shown by that route in each app that has it (`onboarding`).
            if let index = places.firstIndex(where: { $0.name == route }) {
                var shownAs = places[index].shownAs
                shownAs[app] = [route]
                places[index] = JourneyPlace(route, phrases: phrases, shownAs: shownAs)
            } else {
                places.append(JourneyPlace(route, phrases: phrases, shownAs: [app: [route]]))
            }
        }
        return places
    }()
}
