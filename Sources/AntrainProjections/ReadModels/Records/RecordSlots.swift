/// Where each kind's current record sits in a book's `current` list: a table of ten small
/// numbers packed in one word, so that offering a set to a record reads one word instead of
/// searching the list, and costs no allocation.
///
/// Not encoded: it is worked out again from `current` whenever a book is decoded.
struct RecordSlots: Sendable, Equatable {
    /// Four bits per kind (by ``RecordKind/slot``): the index in `current`, 15 for none.
    private var bits: UInt64 = .max

    /// No kind has a record.
    init() {}

    /// The table of `current`, whose kinds are distinct.
    init(_ current: [PersonalRecord]) {
        for (index, record) in current.enumerated() { self[record.kind] = index }
    }

    /// The index in `current` of the record of `kind`, if it has one.
    @inline(__always)
    subscript(kind: RecordKind) -> Int? {
        get {
            let index = Int(truncatingIfNeeded: (bits >> UInt64(kind.slot * 4)) & 0xF)
            return index == 0xF ? nil : index
        }
        set {
            let shift = UInt64(kind.slot * 4)
            // `current` holds at most one record per kind, so an index never exceeds 9.
            bits = (bits & ~(0xF << shift)) | (UInt64(newValue ?? 0xF) << shift)
        }
    }
}
