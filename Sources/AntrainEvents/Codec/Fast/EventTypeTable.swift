import Foundation

/// Finds a value by an event type's UTF-8 bytes, in place: no `String` is built and the
/// standard `Hasher` (SipHash, tens of nanoseconds) is not run.
///
/// The catalog looks up every record's type this way. The table is open-addressed with
/// linear probing and at most a quarter full, so a lookup is a hash of two words, usually one
/// slot and one `memcmp`-sized comparison of the name.
struct EventTypeTable<Value: Sendable>: Sendable {
    /// Each slot's name, at `nameStarts[slot]` in one buffer: a probe compares bytes in
    /// place, where slots holding their own arrays cost a retain and a release of the name
    /// (and of the value) per lookup, a tenth of a replay's reading time in all.
    private let names: [UInt8]
    private let nameStarts: [Int]
    /// Each slot's name length; -1 for an empty slot.
    private let nameLengths: [Int]
    private let values: [Value?]
    private let mask: Int

    /// A table of `pairs`; a later pair with the same name replaces an earlier one.
    init(_ pairs: [(name: [UInt8], value: Value)]) {
        var capacity = 16
        while capacity < pairs.count * 4 { capacity *= 2 }
        var slotNames = [[UInt8]?](repeating: nil, count: capacity)
        var values = [Value?](repeating: nil, count: capacity)
        for pair in pairs {
            var index = pair.name.withUnsafeBytes { Self.slot(of: $0, mask: capacity - 1) }
            while let taken = slotNames[index], taken != pair.name { index = (index + 1) & (capacity - 1) }
            slotNames[index] = pair.name
            values[index] = pair.value
        }
        var names: [UInt8] = []
        var nameStarts: [Int] = []
        var nameLengths: [Int] = []
        for name in slotNames {
            nameStarts.append(names.count)
            nameLengths.append(name?.count ?? -1)
            names += name ?? []
        }
        self.names = names
        self.nameStarts = nameStarts
        self.nameLengths = nameLengths
        self.values = values
        mask = capacity - 1
    }

    /// The value stored under the name whose bytes are `name`, or nil.
    @inline(__always)
    func value(for name: UnsafeRawBufferPointer) -> Value? {
        var index = Self.slot(of: name, mask: mask)
        return names.withUnsafeBytes { names in
            while nameLengths[index] >= 0 {
                if nameLengths[index] == name.count,
                   name.isEmpty || memcmp(names.baseAddress! + nameStarts[index], name.baseAddress!, name.count) == 0 {
                    return values[index]
                }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// The value stored under `name`, or nil.
    func value(for name: String) -> Value? {
        var name = name
        return name.withUTF8 { value(for: UnsafeRawBufferPointer($0)) }
    }

    /// The first slot to probe: a multiplicative mix of the length and of the first and last
    /// eight bytes (overlapping for short names), which tell the catalog's names apart well.
    @inline(__always)
    private static func slot(of name: UnsafeRawBufferPointer, mask: Int) -> Int {
        let count = name.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8 {
            head = name.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            tail = name.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for byte in name { head = head << 8 | UInt64(byte) }
        }
        var hash = (head ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 32) ^ tail) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: hash >> 32) & mask
    }
}
