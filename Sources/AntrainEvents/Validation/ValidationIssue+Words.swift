import AntrainLog
/// A validation problem said in the words of the person who typed the value, not the event's
/// field names: "reps must be a whole number from 1 to 999, not 0" rather than
/// "performance.reps is 0" (issue 20). Commands print this; the field path stays for tests,
/// imports and callers that react per field.
extension ValidationIssue {
    /// The problem as a sentence: what, what is allowed, what was given.
    public var sentence: String {
        "\(Self.words(forField: field)) must be \(allowed), not \(value)"
    }

    /// The field's path in words: its last name from `fieldWords` (or its camel case split),
    /// after the places of the lists it sits in ("week 2, day 3: the template").
    public static func words(forField path: String) -> String {
        var places: [String] = []
        var perHundredGrams = false
        let parts = path.split(separator: ".").map(String.init)
        for part in parts.dropLast() {
            if part == "per100g" { perHundredGrams = true; continue }
            guard let open = part.firstIndex(of: "["), let index = Int(part[part.index(after: open)...].dropLast()) else { continue }
            let list = String(part[..<open])
            places.append("\(singular(list)) \(index + 1)")
        }
        let last = parts.last.map { name -> String in
            guard let open = name.firstIndex(of: "[") else { return name }
            return String(name[..<open])
        } ?? path
        var words = fieldWords[last] ?? last.camelCaseWords
        if perHundredGrams { words += " per 100 g" }
        return places.isEmpty ? words : places.joined(separator: ", ") + ": " + words
    }

    /// The fields people meet in commands, as they would name them.
    static let fieldWords: [String: String] = [
        "reps": "reps", "weight": "the weight", "rpe": "RPE", "restSeconds": "the rest (seconds)",
        "durationSeconds": "the duration (seconds)", "distanceMetres": "the distance (metres)",
        "paceSecondsPerKilometre": "the pace (seconds per km)", "amountGrams": "the amount (g)",
        "caloriesKcal": "the energy (kcal)", "proteinG": "protein (g)", "carbsG": "carbs (g)", "fatsG": "fat (g)",
        "servingSizeG": "the serving size (g)", "heightCentimetres": "the height (cm)", "youTubeURL": "the video link",
        "name": "the name", "foodName": "the food's name", "notes": "the notes", "brand": "the brand",
        "description": "the description", "rounds": "rounds", "result": "the result", "dateOfBirth": "the date of birth",
        "timeZone": "the time zone", "suggestedRPE": "the suggested RPE", "volumeModifier": "the volume modifier",
        "intensityModifier": "the intensity modifier", "volumeOverride": "the volume", "intensityOverride": "the intensity",
        "muscleGroups": "the muscle groups", "categoryIDs": "the categories", "durationWeeks": "the number of weeks",
        "dayOfWeek": "the weekday", "repsPerSet": "reps per set", "sets": "sets", "weeks": "the weeks", "days": "the days",
        "items": "the items", "entryIDs": "the entries", "goals": "the goals", "phase": "the phase", "number": "the number",
        "week": "the week", "position": "the position", "newProgramID": "the new program",
    ]


    /// "weeks" as "week", "days" as "day", "items" as "item".
    private static func singular(_ list: String) -> String {
        list.hasSuffix("s") ? String(list.dropLast()) : list
    }
}

extension String {
    /// A camel-case identifier in lower-case words: "caloriesKcal" is "calories kcal",
    /// "notStarted" "not started". How field names and enumeration values reach people.
    package var camelCaseWords: String {
        var words = ""
        for character in self {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }
}
