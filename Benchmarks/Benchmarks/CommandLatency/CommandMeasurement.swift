import Benchmark
import Foundation

/// What one iteration of a command benchmark does and records.
enum CommandMeasurement {
    /// Runs the case's appends, then times its command (spawn to exit) and records the
    /// child's peak memory. A command that fails fails the benchmark: a figure for an error
    /// message is no figure.
    static func measure(_ item: CommandCase, in session: CommandSession, _ benchmark: Benchmark) throws {
        for arguments in item.before { try session.must(arguments) }
        benchmark.startMeasurement()
        let outcome = try session.run(item.command)
        benchmark.stopMeasurement()
        guard outcome.status == 0 else { throw session.failure(item.command, outcome) }
        benchmark.measurement(Metric.peakResidentMB, outcome.peakKilobytes / 1024)
    }

    /// Times `rebuild --format json` and records its rates, peak memory and state size.
    static func rebuild(in session: CommandSession, _ benchmark: Benchmark) throws {
        let arguments = ["rebuild", "--format", "json"]
        benchmark.startMeasurement()
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = try session.run(arguments)
        let end = DispatchTime.now().uptimeNanoseconds
        benchmark.stopMeasurement()
        guard outcome.status == 0 else { throw session.failure(arguments, outcome) }
        let printed = session.output()
        guard let object = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any],
              let events = object["events"] as? Int, let reported = object["eventsPerSecond"] as? Int else {
            throw ChildProcessError("rebuild --format json printed \(printed.debugDescription)")
        }
        benchmark.measurement(Metric.eventsPerSecond, Int((Double(events) * 1e9 / Double(end - start)).rounded()))
        benchmark.measurement(Metric.reportedEventsPerSecond, reported)
        benchmark.measurement(Metric.peakResidentMB, outcome.peakKilobytes / 1024)
        benchmark.measurement(Metric.stateMB, ((object["stateBytes"] as? Int) ?? 0) >> 20)
    }
}
