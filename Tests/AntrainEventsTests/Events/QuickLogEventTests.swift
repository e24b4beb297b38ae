import AntrainEvents
import Foundation
import Testing

@Suite("Cardio and metcon quick logs")
struct QuickLogEventTests {
    typealias Check = NutritionEventChecks

    static let workoutID = UUID(uuidString: "5B0E4C1A-7D2F-4E8B-9A61-3C5D7E9F1B2D")!
    static let start = Timestamp("2025-09-15T07:48:00Z")!

    /// 5 km at 5:00 per km in 25:00: pace and duration agree exactly.
    static let run = CardioLogged(workoutID: workoutID, activity: .run, startedAt: start, name: "Morning run",
                                  distanceMetres: 5000, durationSeconds: 1500, paceSecondsPerKilometre: 300,
                                  notes: "Easy, negative split")
    static let metcon = MetconLogged(workoutID: workoutID, format: .amrap, startedAt: start, name: "Cindy", rounds: 12,
                                     durationSeconds: 1200, result: "12 rounds + 5 reps", notes: "Scaled pull-ups")

    // MARK: - Cardio validation

    @Test("A complete cardio log, a minimal one and every activity are valid")
    func validCardio() {
        #expect(Check.rejectedFields(Self.run) == [])
        for activity in CardioActivity.allCases {
            #expect(Check.rejectedFields(CardioLogged(workoutID: Self.workoutID, activity: activity, startedAt: Self.start,
                                                      durationSeconds: 60)) == [])
        }
        Check.expectAccepted(Self.run) { $0.durationSeconds = 86_400; $0.distanceMetres = nil }
        Check.expectAccepted(Self.run) { $0.notes = String(repeating: "n", count: 500) }
        Check.expectAccepted(Self.run) { $0.notes = "line one\nline two\ttabbed" }
        Check.expectAccepted(Self.run) { $0.name = "  " + String(repeating: "x", count: 100) + "  " }
    }

    @Test("Cardio durations, distances and paces out of range are rejected by field")
    func cardioRanges() {
        Check.expectRejected(Self.run, for: ["durationSeconds"]) { $0.durationSeconds = 0 }
        Check.expectRejected(Self.run, for: ["durationSeconds"]) { $0.durationSeconds = -1500 }
        Check.expectRejected(Self.run, for: ["durationSeconds"]) { $0.durationSeconds = 86_400.5; $0.distanceMetres = nil }
        Check.expectRejected(Self.run, for: ["distanceMetres"]) { $0.distanceMetres = 0 }
        Check.expectRejected(Self.run, for: ["distanceMetres"]) { $0.distanceMetres = -5000 }
        Check.expectRejected(Self.run, for: ["paceSecondsPerKilometre"]) { $0.paceSecondsPerKilometre = 0 }
        Check.expectRejected(Self.run, for: ["paceSecondsPerKilometre"]) { $0.paceSecondsPerKilometre = -300 }
    }

    @Test("Non-finite cardio numbers are rejected by field", arguments: NutritionEventChecks.nonFinite)
    func cardioNonFinite(bad: Double) {
        Check.expectRejected(Self.run, for: ["durationSeconds"]) { $0.durationSeconds = bad }
        Check.expectRejected(Self.run, for: ["distanceMetres"]) { $0.distanceMetres = bad }
        Check.expectRejected(Self.run, for: ["paceSecondsPerKilometre"]) { $0.paceSecondsPerKilometre = bad }
    }

    @Test("Bad names and notes are rejected by field")
    func cardioText() {
        Check.expectRejected(Self.run, for: ["name"]) { $0.name = "" }
        Check.expectRejected(Self.run, for: ["name"]) { $0.name = " \t\n " }
        Check.expectRejected(Self.run, for: ["name"]) { $0.name = String(repeating: "x", count: 101) }
        Check.expectRejected(Self.run, for: ["name"]) { $0.name = "Run\u{7}" }
        Check.expectRejected(Self.run, for: ["notes"]) { $0.notes = String(repeating: "n", count: 501) }
        Check.expectRejected(Self.run, for: ["notes"]) { $0.notes = "bell \u{7}" }
        Check.expectRejected(Self.run, for: ["timeZone"]) { $0.timeZone = "" }
        Check.expectRejected(Self.run, for: ["timeZone"]) { $0.timeZone = "Mountain Time" }
        Check.expectAccepted(Self.run) { $0.timeZone = "America/Phoenix" }
        Check.expectRejected(Self.run, for: ["name", "durationSeconds", "notes"]) {
            $0.name = ""
            $0.durationSeconds = .nan
            $0.notes = String(repeating: "n", count: 501)
        }
    }

    @Test("A pace and a distance must agree with the duration, within the larger of 2 s and 1 %")
    func paceAgreement() throws {
        // 1 % of 1514 s is 15.14 s; 300 s/km over 5 km makes 1500 s.
        Check.expectAccepted(Self.run) { $0.durationSeconds = 1514 }
        Check.expectAccepted(Self.run) { $0.durationSeconds = 1486 }
        Check.expectRejected(Self.run, for: ["paceSecondsPerKilometre"]) { $0.durationSeconds = 1520 }
        Check.expectRejected(Self.run, for: ["paceSecondsPerKilometre"]) { $0.durationSeconds = 1480 }
        Check.expectRejected(Self.run, for: ["paceSecondsPerKilometre"]) { $0.paceSecondsPerKilometre = 330 }
        // Short efforts get 2 s: 100 m at 300 s/km makes 30 s.
        Check.expectAccepted(Self.run) { $0.distanceMetres = 100; $0.durationSeconds = 32 }
        Check.expectRejected(Self.run, for: ["paceSecondsPerKilometre"]) { $0.distanceMetres = 100; $0.durationSeconds = 32.5 }
        // Either one alone has nothing to agree with.
        Check.expectAccepted(Self.run) { $0.distanceMetres = nil; $0.durationSeconds = 4000 }
        Check.expectAccepted(Self.run) { $0.paceSecondsPerKilometre = nil; $0.durationSeconds = 4000 }
        // A number bad on its own is one issue, not two.
        Check.expectRejected(Self.run, for: ["distanceMetres"]) { $0.distanceMetres = 0 }
        Check.expectRejected(Self.run, for: ["durationSeconds"]) { $0.durationSeconds = 100_000 }

        var slow = Self.run
        slow.durationSeconds = 1520
        let issue = try #require(Check.validationError(slow)?.issues.first)
        #expect(issue.value == "300 s/km over 5000 m, which makes a duration of 1500 s")
        #expect(issue.allowed == "a pace whose duration over the distance is within 15.2 s of durationSeconds (1520 s)")
        #expect(Check.validationError(slow)?.description
            == "CardioLogged is invalid: paceSecondsPerKilometre is 300 s/km over 5000 m, which makes a duration of 1500 s; "
            + "allowed: a pace whose duration over the distance is within 15.2 s of durationSeconds (1520 s)")
    }

    @Test("A computed duration is shown to a tenth of a second")
    func paceMessageRounding() throws {
        var event = Self.run
        event.distanceMetres = 4217.3
        event.paceSecondsPerKilometre = 287.31
        event.durationSeconds = 1300
        let issue = try #require(Check.validationError(event)?.issues.first)
        #expect(issue.field == "paceSecondsPerKilometre")
        #expect(issue.value.hasSuffix("which makes a duration of 1211.7 s"))
    }

    // MARK: - Metcon validation

    @Test("A complete metcon log, a minimal one and every format are valid")
    func validMetcon() {
        #expect(Check.rejectedFields(Self.metcon) == [])
        for format in MetconFormat.allCases {
            #expect(Check.rejectedFields(MetconLogged(workoutID: Self.workoutID, format: format, startedAt: Self.start,
                                                      durationSeconds: 600)) == [])
        }
        Check.expectAccepted(Self.metcon) { $0.rounds = 1 }
        Check.expectAccepted(Self.metcon) { $0.rounds = 999 }
        Check.expectAccepted(Self.metcon) { $0.durationSeconds = 86_400 }
        Check.expectAccepted(Self.metcon) { $0.result = String(repeating: "r", count: 200) }
        Check.expectAccepted(Self.metcon) { $0.notes = String(repeating: "n", count: 500) }
    }

    @Test("Metcon rounds, durations, results and notes out of range are rejected by field")
    func metconRanges() {
        Check.expectRejected(Self.metcon, for: ["rounds"]) { $0.rounds = 0 }
        Check.expectRejected(Self.metcon, for: ["rounds"]) { $0.rounds = 1000 }
        Check.expectRejected(Self.metcon, for: ["rounds"]) { $0.rounds = .min }
        Check.expectRejected(Self.metcon, for: ["durationSeconds"]) { $0.durationSeconds = 0 }
        Check.expectRejected(Self.metcon, for: ["durationSeconds"]) { $0.durationSeconds = 86_401 }
        Check.expectRejected(Self.metcon, for: ["result"]) { $0.result = String(repeating: "r", count: 201) }
        Check.expectRejected(Self.metcon, for: ["notes"]) { $0.notes = String(repeating: "n", count: 501) }
        Check.expectRejected(Self.metcon, for: ["name"]) { $0.name = "   " }
        Check.expectRejected(Self.metcon, for: ["timeZone"]) { $0.timeZone = "" }
        Check.expectRejected(Self.metcon, for: ["timeZone"]) { $0.timeZone = "Mars/Olympus_Mons" }
        Check.expectRejected(Self.metcon, for: ["name"]) { $0.name = String(repeating: "x", count: 101) }
        Check.expectRejected(Self.metcon, for: ["name", "rounds", "durationSeconds", "result", "notes"]) {
            $0.name = ""
            $0.rounds = -1
            $0.durationSeconds = -.infinity
            $0.result = "\u{0}"
            $0.notes = String(repeating: "n", count: 501)
        }
    }

    @Test("Non-finite metcon durations are rejected", arguments: NutritionEventChecks.nonFinite)
    func metconNonFinite(bad: Double) {
        Check.expectRejected(Self.metcon, for: ["durationSeconds"]) { $0.durationSeconds = bad }
    }

    // MARK: - Streams and codec

    @Test("Quick logs belong to their workout's stream")
    func streams() {
        let stream = "workout-5b0e4c1a-7d2f-4e8b-9a61-3c5d7e9f1b2d"
        #expect(Self.run.streamID == stream)
        #expect(Self.metcon.streamID == stream)
        // Version 2: each names the time zone it was done in.
        #expect(CardioLogged.eventType == "CardioLogged" && CardioLogged.schemaVersion == 2)
        #expect(MetconLogged.eventType == "MetconLogged" && MetconLogged.schemaVersion == 2)
    }

    static var cardioEdges: [CardioLogged] {
        CardioActivity.allCases.map { CardioLogged(workoutID: UUID(), activity: $0, startedAt: Check.earliest, durationSeconds: 0.001) }
            + [run,
               CardioLogged(workoutID: UUID(), activity: .swim, startedAt: Check.latest, name: Check.nonASCII(100),
                            distanceMetres: .greatestFiniteMagnitude, durationSeconds: .leastNonzeroMagnitude,
                            paceSecondsPerKilometre: 1.0 / 3, notes: Check.nonASCII(500)),
               CardioLogged(workoutID: UUID(), activity: .bike, startedAt: start, name: "", distanceMetres: -0.0,
                            durationSeconds: -.greatestFiniteMagnitude, paceSecondsPerKilometre: 4_503_599_627_370_497,
                            notes: "")]
    }

    static var metconEdges: [MetconLogged] {
        MetconFormat.allCases.map { MetconLogged(workoutID: UUID(), format: $0, startedAt: Check.latest, durationSeconds: 1) }
            + [metcon,
               MetconLogged(workoutID: UUID(), format: .forTime, startedAt: Check.earliest, name: Check.nonASCII(100), rounds: .max,
                            durationSeconds: .greatestFiniteMagnitude, result: Check.nonASCII(200), notes: Check.nonASCII(500)),
               MetconLogged(workoutID: UUID(), format: .emom, startedAt: start, name: "", rounds: .min,
                            durationSeconds: -1e-300, result: "", notes: "")]
    }

    @Test("Quick logs round-trip through the binary and JSON forms")
    func roundTrips() throws {
        for event in Self.cardioEdges { try Check.expectRoundTrips(event) }
        for event in Self.metconEdges { try Check.expectRoundTrips(event) }
    }

    @Test("Quick logs cut short at any length fail to decode")
    func truncation() throws {
        for event in Self.cardioEdges { try Check.expectTruncationsFail(event) }
        for event in Self.metconEdges { try Check.expectTruncationsFail(event) }
    }
}
