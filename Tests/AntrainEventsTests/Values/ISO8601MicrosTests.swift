@testable import AntrainEvents
import Foundation
import Glibc
import Testing

/// `ISO8601Micros`, the one formatter of instants: its six-digit and zone-offset forms (the
/// command-line tool's times) write what the C library's `gmtime_r` and `localtime_r` give,
/// which the tool printed before it used this formatter.
@Suite("Values: ISO 8601 text of microsecond instants")
struct ISO8601MicrosTests {
    /// The text the C library gives for `micros`, at UTC or in the local zone.
    static func libc(_ micros: Int64, local: Bool) -> String {
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 { seconds -= 1; fraction += 1_000_000 }
        var time = time_t(seconds)
        var parts = tm()
        if local { localtime_r(&time, &parts) } else { gmtime_r(&time, &parts) }
        func pad(_ value: Int, _ width: Int) -> String { String(format: "%0\(width)d", value) }
        var text = "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))"
        text += "T\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(Int(fraction), 6))"
        guard local else { return text + "Z" }
        let offset = Int(parts.tm_gmtoff)
        return text + (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) % 3600 / 60, 2)
    }

    /// Instants from year 1 to 9999, before and after 1970, whole seconds and fractions.
    static let instants: [Int64] = {
        var generator = SystemRandomNumberGenerator()
        let edges: [Int64] = [0, -1, 1, 999_999, -999_999, 1_000_000, -1_000_000, 1_740_830_400_123_456, 1_740_830_400_000_000,
                              Timestamp.validMicroseconds.lowerBound, Timestamp.validMicroseconds.upperBound]
        return edges + (0..<20_000).map { _ in Int64.random(in: Timestamp.validMicroseconds, using: &generator) }
    }()

    @Test("Six fractional digits at UTC: as gmtime_r gives them")
    func utc() {
        for micros in Self.instants {
            #expect(ISO8601Micros.format(micros, fraction: .sixDigits) == Self.libc(micros, local: false), "\(micros)")
        }
    }

    /// In the process's own zone (setting `TZ` here would change it under the tests running
    /// beside this one), then at fixed offsets east and west of UTC.
    @Test("Local time with its offset: as localtime_r gives it")
    func local() {
        #expect(ISO8601Micros.format(1_740_830_400_000_001, fraction: .sixDigits, offsetSeconds: 3600) == "2025-03-01T13:00:00.000001+01:00")
        #expect(ISO8601Micros.format(1_740_830_400_000_000, fraction: .sixDigits, offsetSeconds: -19_800) == "2025-03-01T06:30:00.000000-05:30")
        #expect(ISO8601Micros.format(0, fraction: .sixDigits, offsetSeconds: 0) == "1970-01-01T00:00:00.000000+00:00")
        for micros in Self.instants {
            var seconds = micros / 1_000_000
            if micros % 1_000_000 < 0 { seconds -= 1 }
            var time = time_t(seconds)
            var parts = tm()
            localtime_r(&time, &parts)
            #expect(ISO8601Micros.format(micros, fraction: .sixDigits, offsetSeconds: Int(parts.tm_gmtoff)) == Self.libc(micros, local: true),
                    "\(micros)")
        }
    }

    @Test("The JSON form's instants drop the fraction's trailing zeros, and parse back to the microsecond")
    func trimmed() {
        #expect(ISO8601Micros.format(1_740_830_400_000_000) == "2025-03-01T12:00:00Z")
        #expect(ISO8601Micros.format(1_740_830_400_120_000) == "2025-03-01T12:00:00.12Z")
        for micros in Self.instants {
            #expect(ISO8601Micros.parse(ISO8601Micros.format(micros)) == micros)
            #expect(ISO8601Micros.parse(ISO8601Micros.format(micros, fraction: .sixDigits)) == micros)
        }
    }
}
