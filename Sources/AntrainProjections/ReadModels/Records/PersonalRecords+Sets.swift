import AntrainEvents
import Foundation

extension LegacyPersonalRecords {
    /// Queues the set to be filed with the other new sets and entries (see
    /// LegacyPersonalRecords+Pending.swift).
    public mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        let set = RecordSet(setID: event.setID, session: 0, entry: 0, performance: event.performance,
                            loggedAt: event.loggedAt, offset: stored.offset)
        pendingLifts.append(.set(workoutID: event.workoutID, entryID: event.entryID, set))
        if pendingLifts.count >= Self.liftRun { fileLifts() }
    }

    /// Files a set in its exercise's book and offers it to the records; `set` has its
    /// performance, but not yet its session, entry or bodyweight.
    ///
    /// The common path hashes no UUID. A workout's sets come together, and an exercise's
    /// within it, so the set filed before usually names the same entry, or at least the same
    /// workout: its entry and session are checked first, and the entry and workout are
    /// looked up only when they differ. Whether the id was logged before is asked of the
    /// workout's few dozen set ids, which this workout's earlier sets just brought into cache.
    mutating func file(_ set: RecordSet, workoutID: UUID, entryID: UUID) {
        let previous = setPlaces.last.map { (book: Int($0.book), set: books.values[Int($0.book)].sets[Int($0.position)]) }
        guard let entry = entryNumber(entryID, previous: previous?.set) else { return }
        let exercise = Int(entryExercises[entry])
        var book = Int(bookOfExercise[exercise])
        var session = -1, workout = -1
        if let previous, books.values[previous.book].sessions[Int(previous.set.session)].workoutID == workoutID {
            workout = Int(books.values[previous.book].sessions[Int(previous.set.session)].workout)
            if previous.book == book { session = Int(previous.set.session) }
        } else {
            workout = workouts.index(forKey: workoutID) ?? -1
        }
        if workout >= 0 {
            if workouts.values[workout].deleted { return }
            if let number = workouts.values[workout].sets.number(of: set.setID) {
                // A set id logged again in its workout is ignored, but corrections now look
                // in this exercise's book.
                setPlaces[number].exercise = Int32(exercise)
                return
            }
        } else {
            workout = workouts.slot(for: workoutID, default: WorkoutSessions())
        }
        if book < 0 { book = self.book(ofExercise: exercise) }
        if session < 0 { session = self.session(of: workout, workoutID, in: book) }
        let number = setPlaces.count
        workouts.values[workout].sets.add(set.setID, number: number)
        let position = books.values[book].sets.count
        if entryFirstSets[entry] < 0 { entryFirstSets[entry] = Int32(number) }
        setPlaces.append(SetPlace(exercise: Int32(exercise), book: Int32(book), position: Int32(position)))
        var set = set
        set.session = Int32(session)
        set.entry = Int32(entry)
        // Weigh-ins are not held back for queued sets: the bodyweight is looked up now, with
        // every weigh-in so far, which is the value those weigh-ins would have given the set.
        if books.values[book].isBodyweight { set.bodyweightKg = bodyweights.kilograms(on: set.day) }
        books.values[book].append(set)
    }

    public mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        fileLifts()
        guard let (book, position) = place(of: event.setID, in: event.workoutID) else { return }
        books.values[book].sets[position].update(event.performance, offset: stored.offset)
        markStale(book, from: position)
    }

    public mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        fileLifts()
        guard let (book, position) = place(of: event.setID, in: event.workoutID) else { return }
        books.values[book].sets[position].removed = true
        books.values[book].sets[position].counts = false
        markStale(book, from: position)
    }

    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        fileLifts()
        guard let entry = entries.firstIndex(of: event.entryID) else { return }
        let book = Int(bookOfExercise[Int(entryExercises[entry])])
        let firstSet = Int(entryFirstSets[entry])
        guard book >= 0, firstSet >= 0 else { return }
        // The entry's sets in this book come after its first set, when that is in this book;
        // otherwise (the entry moved to another exercise between its sets) the whole book is read.
        let place = setPlaces[firstSet]
        let start = place.book == Int32(book) ? Int(place.position) : 0
        let number = Int32(entry)
        if let first = books.values[book].removeSets(from: start, where: { $0.entry == number }) {
            markStale(book, from: first)
        }
    }

    public mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) {
        fileLifts()
        let workout = workouts.slot(for: event.workoutID, default: WorkoutSessions())
        guard !workouts.values[workout].deleted else { return }
        workouts.values[workout].deleted = true
        for ref in workouts.values[workout].sessions {
            let book = Int(ref.book), session = ref.session
            let start = Int(books.values[book].sessions[Int(session)].firstPosition)
            if let first = books.values[book].removeSets(from: start, where: { $0.session == session }) {
                markStale(book, from: first)
            }
        }
    }

    /// The number of an entry: an exercise's sets come one after another, so it is most often
    /// the entry of the set filed before, which is checked before hashing the id.
    private func entryNumber(_ entryID: UUID, previous: RecordSet?) -> Int? {
        if let previous, entries[Int(previous.entry)] == entryID { return Int(previous.entry) }
        return entries.firstIndex(of: entryID)
    }

    /// The book and position of a set that a correction or removal may change: one accepted
    /// in the workout named (which is not deleted), not removed, and last logged for its own
    /// exercise.
    private func place(of setID: UUID, in workoutID: UUID) -> (book: Int, position: Int)? {
        guard let workout = workouts.index(forKey: workoutID), !workouts.values[workout].deleted,
              let number = workouts.values[workout].sets.number(of: setID) else { return nil }
        let place = setPlaces[number]
        let book = Int(place.book), position = Int(place.position)
        guard bookOfExercise[Int(place.exercise)] == place.book, !books.values[book].sets[position].removed else { return nil }
        return (book, position)
    }

    /// The index of the workout's session in the book, opened for the set that comes next
    /// when this is the workout's first set of the exercise.
    private mutating func session(of workout: Int, _ workoutID: UUID, in book: Int) -> Int {
        // A workout has a session in only a few books: a short search.
        if let ref = workouts.values[workout].sessions.first(where: { $0.book == Int32(book) }) { return Int(ref.session) }
        let session = books.values[book].openSession(workoutID: workoutID, workout: workout)
        workouts.values[workout].sessions.append(SessionRef(book: Int32(book), session: Int32(session)))
        return session
    }
}
