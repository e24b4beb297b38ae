import AntrainProjections
import Foundation

/// How SQLite orders and stores column values, for a store that must answer range reads as
/// SQLite does (https://sqlite.org/datatype3.html, "Sort Order" and "Type Affinity").
enum SQLiteOrder {
    /// NULL first, then numbers (integers and doubles by value), then text (by its UTF-8
    /// bytes, the BINARY collation), then bytes.
    static func compare(_ left: StateColumnValue, _ right: StateColumnValue) -> ComparisonResult {
        let (leftClass, rightClass) = (storageClass(left), storageClass(right))
        if leftClass != rightClass { return leftClass < rightClass ? .orderedAscending : .orderedDescending }
        switch (left, right) {
        case let (.integer(a), .integer(b)): return order(a, b)
        case (.integer, .real), (.real, .integer), (.real, .real): return order(left.real!, right.real!)
        case let (.text(a), .text(b)): return bytes(Array(a.utf8), Array(b.utf8))
        case let (.blob(a), .blob(b)): return bytes(a, b)
        default: return .orderedSame
        }
    }

    /// `value` as a column of `type` keeps it: an integral double in an INTEGER column is an
    /// integer, an integer in a REAL column a double, a number in a TEXT column text.
    static func withAffinity(_ value: StateColumnValue, _ type: StateColumnType) -> StateColumnValue {
        switch (type, value) {
        case let (.integer, .real(number)) where number.rounded() == number && abs(number) < 9.2e18:
            return .integer(Int64(number))
        case let (.real, .integer(number)): return .real(Double(number))
        case let (.text, .integer(number)): return .text(String(number))
        default: return value
        }
    }

    private static func storageClass(_ value: StateColumnValue) -> Int {
        switch value {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .blob: 3
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    private static func bytes(_ a: [UInt8], _ b: [UInt8]) -> ComparisonResult {
        if a == b { return .orderedSame }
        return a.lexicographicallyPrecedes(b) ? .orderedAscending : .orderedDescending
    }
}
