import Foundation
import Testing

/// Issue 38: a template's and a program day's notes are read where the athlete looks when the
/// workout begins (`workout start`) and in `program` status.
@Suite struct PlanNotesTests {
    /// A seeded log with a noted template, and a one-week program doing it every day of the
    /// week (so that today, whatever day it is, is a training day), with notes on its days and
    /// its week; the program followed from today.
    private static func notedProgram() async throws -> Scratch {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Noted squats", "--notes", "Keep the bar path vertical",
                                      "--item", "barbell back squat=3x5"])
        let days = (1...7).map { #"{"dayOfWeek": \#($0), "name": "Squat day", "template": "Noted squats", "notes": "Pause the first rep"}"# }
        let file = scratch.url.appendingPathComponent("block.json")
        try Data(#"{"weeks": [{"number": 1, "notes": "Find your working weights", "days": [\#(days.joined(separator: ", "))]}]}"#.utf8)
            .write(to: file)
        _ = try await scratch.record(["program", "add", "Noted block", "--weeks", "1", "--file", file.path])
        _ = try await scratch.record(["program", "activate", "Noted block"])
        return scratch
    }

    @Test func aTemplatesNotesShowAsItsWorkoutStarts() async throws {
        let scratch = try await Self.notedProgram()
        let started = try await scratch.runOnLog(["workout", "start", "--template", "noted squats"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.hasSuffix("\ntemplate notes: Keep the bar path vertical\n"), "\(started.stdout)")
        #expect(!started.stdout.contains("day notes"))
        _ = try await scratch.record(["workout", "cancel"])
        let json = try await scratch.record(["workout", "start", "--template", "noted squats"])
        #expect((json["notes"] as? [String: Any])?["template"] as? String == "Keep the bar path vertical")
    }

    @Test func aProgramDaysNotesShowAsItStartsAndInTheStatus() async throws {
        let scratch = try await Self.notedProgram()
        let status = try await scratch.runOnLog(["program"])
        #expect(status.stdout.contains("\nday notes:    Pause the first rep\nweek notes:   Find your working weights\n"), "\(status.stdout)")
        let json = try await scratch.runOnLog(["program", "--format", "json"]).jsonObject()
        let next = try #require(json["next"] as? [String: Any])
        #expect(next["notes"] as? String == "Pause the first rep" && next["weekNotes"] as? String == "Find your working weights")
        let started = try await scratch.runOnLog(["workout", "start", "--program"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.hasSuffix("\ntemplate notes: Keep the bar path vertical\nday notes: Pause the first rep\n"
            + "week notes: Find your working weights\n"), "\(started.stdout)")
    }

    @Test func aPlanWithoutNotesSaysNothingOfThem() async throws {
        let scratch = try await seededScratch()
        let started = try await scratch.runOnLog(["workout", "start", "--template", "push day"])
        #expect(started.status == 0 && !started.stdout.contains("notes"), "\(started.stdout)")
        let json = try await scratch.record(["workout", "cancel"])
        #expect(json["notes"] == nil)
    }
}
