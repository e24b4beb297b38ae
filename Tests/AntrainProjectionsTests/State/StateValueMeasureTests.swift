import AntrainEvents
@testable import AntrainProjections
import Testing

/// A measure written in the state's compact forms reads back as the same double, sign and all.
@Suite("State values: measures")
struct StateValueMeasureTests {
    @Test("Every measure reads back bit for bit, -0.0 included, in the fewest bytes its form allows",
          arguments: [0.0, -0.0, 0.25, -2.5, 102.5, 0.001, -0.001, 61.235, 1e-9, -1e300, 0.1, 1_000_000.125])
    func roundTrip(value: Double) throws {
        var writer = StateValueWriter()
        writer.measure(value)
        let bytes = writer.bytes
        let read = try bytes.withUnsafeBytes { raw in
            var cursor = BinaryCursor(raw)
            let measure = try cursor.measure()
            #expect(cursor.isAtEnd)
            return measure
        }
        #expect(read.bitPattern == value.bitPattern, "\(value) came back as \(read)")
        if value.bitPattern == 0.25.bitPattern || value.bitPattern == 0.0.bitPattern { #expect(bytes.count == 1) }
        if value.bitPattern == (-0.0).bitPattern { #expect(bytes.count == 9) }
    }
}
