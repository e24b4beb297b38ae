import AntrainEvents
import Foundation

/// The notes of one set of a workout, under the offset of its `SetLogged` (its place in the
/// log, unique within the workout): a workout keeps its sets' notes in a list of these, in
/// the order of the offsets, so that each set stays a plain value (``SetFigures``).
struct SetNote: Sendable, Equatable {
    /// The offset of the set's `SetLogged`.
    var loggedOffset: UInt64
    /// Its notes.
    var text: String
}

extension [SetNote] {
    /// The notes of `set`, looked up only when it has some.
    func notes(of set: borrowing TrainingSet) -> String? {
        set.figures.hasNotes ? text(of: set.loggedOffset) : nil
    }

    /// The notes of the set logged at `offset`, if it has them.
    private func text(of offset: UInt64) -> String? {
        guard let index = place(of: offset), self[index].loggedOffset == offset else { return nil }
        return self[index].text
    }

    /// Gives the set logged at `offset` the notes `text` (nil: none).
    mutating func set(_ text: String?, of offset: UInt64) {
        let index = place(of: offset) ?? count
        let held = index < count && self[index].loggedOffset == offset
        switch (text, held) {
        case let (text?, true): self[index].text = text
        case let (text?, false): insert(SetNote(loggedOffset: offset, text: text), at: index)
        case (nil, true): remove(at: index)
        case (nil, false): break
        }
    }

    /// Where the note of `offset` is, or would go: the first note at or after it (nil: after all).
    private func place(of offset: UInt64) -> Int? {
        // A handful at most, and most often the last one is looked for or passed.
        if let last, last.loggedOffset < offset { return nil }
        return firstIndex { $0.loggedOffset >= offset }
    }
}
