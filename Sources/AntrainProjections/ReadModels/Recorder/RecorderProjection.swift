import AntrainEvents
import Foundation

/// Folds what the command rules need of workouts and no other model answers: each workout's
/// type, status and event offsets, which workout is active, and that workout's exercises and
/// sets.
///
/// The library, the active program and the units come from their own models, and stream
/// versions from the log's writer; see ``RecorderFacts``. An event touches the key of its
/// workout (and, while it is the active workout, its contents); the contents are dropped when
/// the workout ends or another starts, so no value grows with the history.
///
/// Events of a workout that was never started or quick-logged change nothing, as in the
/// rules' legacy state: the workout exists from its first `WorkoutStarted`, `CardioLogged` or
/// `MetconLogged` on.
struct RecorderProjection: KeyedReadModel {
    static let name = "recorder"
    /// 2: the workouts' table keeps each row whole under its key (``StateKeyspace/smallValues``).
    /// 3: a quick log into the active workout completes it, as history shows it.
    /// 4: the active workout's entries follow `ExercisesReordered`, as history shows them.
    /// 5: a second `WorkoutStarted` of an id that exists changes nothing, as in history.
    /// 6: a deleted workout stays deleted, whatever ending follows, as in history.
    /// 7: the active workout's entries and sets follow history's rule of identity: an entry
    ///    goes at its position, a repeated entry or set id and a set of no entry change nothing.
    static let version = 7
    /// Every workout, by id; columns: type, status (active, completed, cancelled, deleted,
    /// logged), first_offset, last_offset. A value is a few bytes.
    static let workouts = StateKeyspace(projection: name, name: "workouts",
                                        columns: [StateColumn("type", .text), StateColumn("status", .text),
                                                  StateColumn("first_offset", .integer), StateColumn("last_offset", .integer)],
                                        smallValues: true)
    /// The entries and sets of the active workout, under its id; columns: entries, sets, completed_sets.
    static let live = StateKeyspace(projection: name, name: "live",
                                    columns: [StateColumn("entries", .integer), StateColumn("sets", .integer),
                                              StateColumn("completed_sets", .integer)])
    /// One key, `active`: the workout started last and not ended since; column: workout_id.
    static let current = StateKeyspace(projection: name, name: "current", columns: [StateColumn("workout_id", .blob)])
    static let keyspaces = [workouts, live, current]
    static let handledEvents: [any DomainEvent.Type] = [
        WorkoutStarted.self, WorkoutCompleted.self, WorkoutCancelled.self, WorkoutDeleted.self, CardioLogged.self,
        MetconLogged.self, ExerciseAddedToWorkout.self, ExerciseRemovedFromWorkout.self, SetLogged.self,
        SetCorrected.self, SetRemoved.self, ExercisesReordered.self, WorkoutNotesChanged.self, WorkoutRPERecorded.self
    ]
    static let activeKey: NameKey = "active"

    private var workouts: KeyedTable<RecordedWorkout>
    private var live: KeyedTable<WorkoutContents>
    private var current: KeyedTable<ActiveWorkout>

    init(context: FoldContext) {
        workouts = KeyedTable(Self.workouts, context: context)
        live = KeyedTable(Self.live, context: context)
        current = KeyedTable(Self.current, context: context)
    }

    // MARK: Starting and ending

    /// A start makes a new workout the active one, with no contents. A workout still active
    /// that it replaces as the active one (only imports start one over another) keeps its
    /// status, and its contents are read back from the log from then on.
    ///
    /// A second start of an id that exists (only a raw `append` or an import writes one)
    /// changes nothing but the workout's range, as in the training model (docs/PROJECTIONS.md,
    /// "One rule of identity"): before version 5 it made a completed, cancelled or deleted
    /// workout active again for the rules alone, so that `workout set` went into a workout
    /// that `history` showed completed and the next `workout start` was refused.
    mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        guard workouts.slot(of: event.workoutID) == nil else {
            _ = touch(event.workoutID, stored)
            return
        }
        if let previous = current.value(of: Self.activeKey)?.id { live.remove(previous) }
        workouts.set(event.workoutID, RecordedWorkout(type: event.type, status: .active, firstOffset: stored.offset, lastOffset: stored.offset))
        live.set(event.workoutID, WorkoutContents())
        current.set(Self.activeKey, ActiveWorkout(id: event.workoutID))
    }

    mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) { end(event.workoutID, as: .completed, stored) }
    mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata) { end(event.workoutID, as: .cancelled, stored) }
    mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) { end(event.workoutID, as: .deleted, stored) }
    mutating func visit(_ event: CardioLogged, _ stored: EventMetadata) { quickLog(event.workoutID, .cardio, stored) }
    mutating func visit(_ event: MetconLogged, _ stored: EventMetadata) { quickLog(event.workoutID, .metcon, stored) }

    // MARK: Contents

    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        change(event.workoutID, stored) { $0.add(entry: event.entryID, exercise: event.exerciseID, position: event.position) }
    }
    mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        change(event.workoutID, stored) { $0.remove(entry: event.entryID) }
    }
    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        // The fields read first: a closure naming `event` took a copy of the whole event.
        let (setID, entryID, completed) = (event.setID, event.entryID, event.performance.completed)
        change(event.workoutID, stored) { $0.log(set: setID, entry: entryID, completed: completed) }
    }
    mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        let (setID, completed) = (event.setID, event.performance.completed)
        change(event.workoutID, stored) { $0.correct(set: setID, completed: completed) }
    }
    mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        change(event.workoutID, stored) { $0.remove(set: event.setID) }
    }
    mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata) {
        change(event.workoutID, stored) { $0.reorder(event.entryIDs) }
    }
    // These change nothing the rules read, but they are the workout's events: its range must
    // reach them.
    mutating func visit(_ event: WorkoutNotesChanged, _ stored: EventMetadata) { _ = touch(event.workoutID, stored) }
    mutating func visit(_ event: WorkoutRPERecorded, _ stored: EventMetadata) { _ = touch(event.workoutID, stored) }

    // MARK: Writing back

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        workouts.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        live.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        current.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int { workouts.residentBytes + live.residentBytes + current.residentBytes }

    // MARK: Helpers

    /// Moves the workout's last offset to this event; whether the workout exists and is active.
    private mutating func touch(_ workoutID: UUID, _ stored: EventMetadata) -> Bool {
        guard let slot = workouts.slot(of: workoutID) else { return false }
        workouts[slot].lastOffset = stored.offset
        return workouts[reading: slot].status == .active
    }

    /// Applies `body` to the contents of the active workout (any other's are read back from
    /// the log when needed).
    private mutating func change(_ workoutID: UUID, _ stored: EventMetadata, _ body: (inout WorkoutContents) -> Void) {
        guard touch(workoutID, stored), let slot = live.slot(of: workoutID) else { return }
        body(&live[slot])
    }

    /// The workout takes `status` and leaves the contents kept for active workouts; it is no
    /// longer the active one. A deleted workout stays deleted, as in history (before version 6
    /// a completion or cancellation written after the deletion brought it back for the rules).
    private mutating func end(_ workoutID: UUID, as status: RecordedWorkout.Status, _ stored: EventMetadata) {
        if let slot = workouts.slot(of: workoutID) {
            guard workouts[reading: slot].status != .deleted else { return }
            workouts[slot].status = status
            workouts[slot].lastOffset = stored.offset
        }
        live.remove(workoutID)
        if current.value(of: Self.activeKey)?.id == workoutID { current.remove(Self.activeKey) }
    }

    /// A quick log is a whole session: on an id of its own it is a logged workout; into the
    /// live session it names it completes that session, as the training models record it
    /// (one notion of "active" for history and for the rules: the next start is allowed, and
    /// `workout complete` no longer rewrites the session's length).
    private mutating func quickLog(_ workoutID: UUID, _ type: WorkoutType, _ stored: EventMetadata) {
        if workouts.slot(of: workoutID) == nil {
            workouts.set(workoutID, RecordedWorkout(type: type, status: .logged, firstOffset: stored.offset, lastOffset: stored.offset))
        } else if touch(workoutID, stored) {
            end(workoutID, as: .completed, stored)
        }
    }
}
