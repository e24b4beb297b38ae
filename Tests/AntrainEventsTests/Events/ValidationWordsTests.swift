import AntrainEvents
import AntrainLog
import Testing

/// Validation problems in the words of the person who typed them (issue 20).
@Suite struct ValidationWordsTests {
    @Test func fieldPathsBecomeWords() {
        #expect(ValidationIssue.words(forField: "performance.reps") == "reps")
        #expect(ValidationIssue.words(forField: "items[2].durationSeconds") == "item 3: the duration (seconds)")
        #expect(ValidationIssue.words(forField: "weeks[1].days[0].suggestedRPE") == "week 2, day 1: the suggested RPE")
        #expect(ValidationIssue.words(forField: "per100g.proteinG") == "protein (g) per 100 g")
        #expect(ValidationIssue.words(forField: "someNewField") == "some new field", "a field without words of its own is split")
    }

    @Test func aRefusedSetSaysWhatWhatIsAllowedAndWhatWasGiven() throws {
        var validator = Validator()
        validator.integer(0, "reps", 1...999)
        let issue = try #require(validator.issues.first)
        #expect(issue.sentence == "reps must be a whole number from 1 to 999, not 0")
    }
}
