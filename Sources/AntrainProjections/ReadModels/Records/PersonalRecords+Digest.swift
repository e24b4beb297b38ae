import AntrainEvents

extension LegacyPersonalRecords: DigestingReadModel {
    /// The records without the sets they were folded from: each exercise's name, flags,
    /// current records and timeline, and the exercise totals worked out from the sets,
    /// which is all that the queries read.
    ///
    /// The model keeps every set so that a correction can take a record back; on a large log
    /// that is nearly all of its checkpoint, and none of it is asked for. The digest is a
    /// `LegacyPersonalRecords` too, so every query of this file answers from either.
    public func digest() -> LegacyPersonalRecords {
        var digest = LegacyPersonalRecords()
        digest.totals = exerciseTotals()
        digest.books = books
        for index in digest.books.values.indices { digest.books.values[index] = books.values[index].answers }
        return digest
    }
}

extension ExerciseRecordBook {
    /// The book without its sets, sessions and indexes: what the queries read.
    var answers: ExerciseRecordBook {
        var book = ExerciseRecordBook(name: name)
        book.isBodyweight = isBodyweight
        book.isDeleted = isDeleted
        book.current = current
        book.slots = slots
        book.timeline = timeline
        return book
    }
}
