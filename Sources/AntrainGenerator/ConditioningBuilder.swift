import AntrainEvents
import Foundation

/// Cardio and metcon quick logs: one event each, in a workout stream of its own, in the
/// athlete's time zone (as their workouts' starts name it).
enum ConditioningBuilder {
    /// A cardio session starting at `start` in `timeZone`, with a pace that agrees with its distance and duration.
    static func cardio(workout: UUID, start: Timestamp, timeZone: String, _ random: inout GeneratorRandom) -> CardioLogged {
        let activity: CardioActivity = random.pick([.run, .run, .bike, .row, .walk, .swim, .elliptical])
        let (metresPerSecond, minutes): (ClosedRange<Double>, ClosedRange<Int>) = switch activity {
        case .run: (2.6...3.6, 20...70)
        case .bike: (5.5...8.5, 30...120)
        case .row: (3.4...4.4, 10...40)
        case .walk: (1.2...1.7, 30...90)
        case .swim: (0.7...1.1, 20...50)
        case .elliptical, .ski: (2.5...3.5, 20...45)
        }
        let duration = Double(random.int(minutes) * 60 + random.int(0...59))
        let name = random.chance(0.5) ? random.pick(GeneratorTexts.cardioNames) : nil
        // The elliptical has no real distance: duration only, as people log it.
        guard activity != .elliptical else {
            return CardioLogged(workoutID: workout, activity: activity, startedAt: start, name: name, durationSeconds: duration,
                                timeZone: timeZone)
        }
        let distance = (duration * random.double(metresPerSecond)).rounded()
        // Pace to a tenth of a second per km: within a second of the duration over any distance logged here.
        let pace = (duration / (distance / 1000) * 10).rounded() / 10
        return CardioLogged(workoutID: workout, activity: activity, startedAt: start, name: name, distanceMetres: distance,
                            durationSeconds: duration, paceSecondsPerKilometre: pace,
                            notes: random.chance(0.1) ? "Felt easy, kept the heart rate low." : nil, timeZone: timeZone)
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// A metcon starting at `start` in `timeZone`.
    static func metcon(workout: UUID, start: Timestamp, timeZone: String, _ random: inout GeneratorRandom) -> MetconLogged {
        let format: MetconFormat = random.pick([.amrap, .emom, .forTime])
        let minutes = random.int(8...30)
        let rounds = random.int(3...15)
        let result: String = switch format {
        case .amrap: "\(rounds) rounds + \(random.int(0...20)) reps"
        case .emom: "\(minutes) minutes completed"
        case .forTime: "\(minutes):" + twoDigits(random.int(0...59))
        }
        return MetconLogged(workoutID: workout, format: format, startedAt: start, name: random.pick(GeneratorTexts.metconNames),
                            rounds: format == .emom ? nil : rounds, durationSeconds: Double(minutes * 60), result: result,
                            notes: random.chance(0.15) ? "Scaled the pull-ups to ring rows." : nil, timeZone: timeZone)
    }
}
