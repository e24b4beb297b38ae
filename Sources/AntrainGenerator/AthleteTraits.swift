import AntrainEvents
import Foundation

/// Who one generated athlete is: what stays the same for the whole run. Drawn once from
/// the athlete's own random numbers.
struct AthleteTraits: Sendable {
    /// Time zones without daylight saving time, with their fixed offsets in minutes, so a
    /// local hour maps to one instant all year without a time zone database.
    static let zones: [(identifier: String, offsetMinutes: Int)] = [
        ("UTC", 0), ("Africa/Lagos", 60), ("Africa/Johannesburg", 120), ("Asia/Kolkata", 330),
        ("Asia/Singapore", 480), ("Asia/Tokyo", 540), ("America/Sao_Paulo", -180), ("America/Phoenix", -420),
    ]
    /// The largest offsets of `zones`: a local day's events fall in these bounds around the UTC day.
    static let earliestOffsetMinutes = 540
    static let latestOffsetMinutes = 420

    let number: Int
    let timeZone: String
    let offsetMinutes: Int
    let unit: MassUnit
    let sex: Sex
    let heightCentimetres: Double
    let birthYearsBefore: Int
    let startingBodyweightKg: Double
    /// Kilograms per week the bodyweight trends by (negative while cutting).
    let bodyweightDriftKg: Double
    /// Multiplies every ``TypicalLoads`` weight: how strong the athlete is, from sex, size
    /// and training age (1 for a trained man of 82 kg).
    let strength: Double
    /// Fraction the working weights grow by per week of training, before the program's modifiers.
    let weeklyGain: Double
    /// Local minute of the day the athlete usually lifts at on weekdays (early morning or after work).
    let trainingMinute: Int
    /// Local minute of the day the athlete lifts at on weekends (late morning).
    let weekendMinute: Int
    /// Chance of doing a planned program day.
    let adherence: Double
    /// Cardio sessions per week on rest days, on average.
    let cardioPerWeek: Double
    /// Metcons per week, on average.
    let metconPerWeek: Double
    /// Chance of logging food on a given day.
    let diaryDiligence: Double
    /// Chance of weighing in on a given morning.
    let weighInChance: Double
    /// Index of the program the athlete starts with.
    let firstProgram: Int
    /// Foods the athlete eats most of the time (indexes into the library's foods).
    let staples: [Int]

    init(number: Int, random: inout GeneratorRandom, programCount: Int, foodCount: Int) {
        self.number = number
        let zone = random.pick(Self.zones)
        timeZone = zone.identifier
        offsetMinutes = zone.offsetMinutes
        unit = random.chance(0.25) ? .pounds : .kilograms
        sex = random.chance(0.45) ? .female : (random.chance(0.97) ? .male : .other)
        let female = sex == .female
        heightCentimetres = (random.normal(mean: female ? 165 : 178, spread: 6) * 10).rounded() / 10
        birthYearsBefore = random.int(18...55)
        startingBodyweightKg = random.normal(mean: female ? 64 : 82, spread: 9)
        bodyweightDriftKg = random.double(-0.4...0.3)
        // Women lift about two thirds of what men of the same training lift; heavier people
        // lift a little more (the cube root of the bodyweight ratio, within ±10%).
        let size = min(1.1, max(0.9, cbrt(startingBodyweightKg / (female ? 64 : 82))))
        strength = random.double(0.8...1.15) * (female ? 0.65 : 1) * size
        // Trained adults gain slowly: 8 to 21% over half a year.
        weeklyGain = random.double(0.003...0.008)
        trainingMinute = random.chance(0.4) ? random.int(360...450) : random.int(1_020...1_140)
        adherence = random.double(0.8...0.97)
        cardioPerWeek = random.double(0...2.5)
        metconPerWeek = random.chance(0.3) ? random.double(0.3...1.5) : 0
        diaryDiligence = random.double(0.75...0.98)
        weighInChance = random.double(0.6...0.95)
        firstProgram = random.int(0...(programCount - 1))
        staples = (0..<min(15, foodCount)).map { _ in random.int(0...(foodCount - 1)) }
        // Drawn last, so that the draws before it (and the program each seed picks) stay as they were.
        weekendMinute = random.int(540...660)
    }

    /// The local minute the athlete starts a session on `day`, give or take `spread` minutes:
    /// always between 05:00 and 22:00 local time.
    func startMinute(on day: CalendarDay, spread: Int, _ random: inout GeneratorRandom) -> Int {
        let usual = day.weekday >= 6 ? weekendMinute : trainingMinute
        return min(22 * 60 - 60, max(5 * 60, usual + random.int(-spread...spread)))
    }

    /// The instant of a local minute of `day`, in microseconds since 1970.
    func instant(_ day: CalendarDay, minute: Int) -> Timestamp {
        Timestamp(microsecondsSince1970: (Int64(day.daysSince1970) * 1_440 + Int64(minute - offsetMinutes)) * 60_000_000)
    }

    /// A mass of `kilograms` in the athlete's unit, rounded to what plates allow (2.5 kg, 5 lb).
    func plates(_ kilograms: Double) -> Mass {
        switch unit {
        case .kilograms: return .kilograms(max(0, (kilograms / 2.5).rounded() * 2.5))
        case .pounds: return .pounds(max(0, (kilograms / Mass.kilogramsPerPound / 5).rounded() * 5))
        }
    }

    /// A bodyweight in the athlete's unit, to a tenth.
    func scale(_ kilograms: Double) -> Mass {
        switch unit {
        case .kilograms: return .kilograms((kilograms * 10).rounded() / 10)
        case .pounds: return .pounds((kilograms / Mass.kilogramsPerPound * 10).rounded() / 10)
        }
    }
}
