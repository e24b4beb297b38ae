// Antrain's binary event codec side by side with Foundation's JSONEncoder and JSONDecoder,
// on the same 10,000 events (EventMix). Benchmarks are named "C<bar> <what> - <codec>" after
// the codec bars in docs/BENCHMARKS.md; `--filter 'C2 .*'` runs one bar.
import AntrainEvents
import Benchmark
import BenchmarkSupport
import Foundation

enum Metric {
    /// Events encoded or decoded per second over one iteration (all 10,000 events).
    static let eventsPerSecond = BenchmarkMetric.custom("eventsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    /// Payload bytes per event, averaged over the mix and rounded to a tenth (reported ×10).
    static let bytesPerEventX10 = BenchmarkMetric.custom("bytesPerEventX10", polarity: .prefersSmaller, useScalingFactor: false)
}

let eventCount = 10_000

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, Metric.eventsPerSecond, Metric.bytesPerEventX10], timeUnits: .microseconds,
        units: [Metric.eventsPerSecond: .count, Metric.bytesPerEventX10: .count],
        warmupIterations: 2, maxDuration: .seconds(5), maxIterations: 200)
    let events = Box<[any DomainEvent]>([])
    let binary = Box<[(type: String, version: UInt16, bytes: [UInt8])]>([])
    let json = Box<[(type: String, data: Data)]>([])
    let setup: @Sendable () async throws -> Void = {
        events.value = EventMix.make(count: eventCount)
        binary.value = try events.value.map { (Swift.type(of: $0).eventType, Swift.type(of: $0).schemaVersion, try BinaryEventEncoder.encode($0)) }
        let encoder = JSONEncoder()
        json.value = try events.value.map { (Swift.type(of: $0).eventType, try encoder.encode($0)) }
    }

    func measure(_ benchmark: Benchmark, bytes: Int, _ body: () throws -> Void) rethrows {
        benchmark.startMeasurement()
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        let end = DispatchTime.now().uptimeNanoseconds
        benchmark.stopMeasurement()
        benchmark.measurement(Metric.eventsPerSecond, Int((Double(eventCount) * 1e9 / Double(end - start)).rounded()))
        benchmark.measurement(Metric.bytesPerEventX10, Int((Double(bytes) * 10 / Double(eventCount)).rounded()))
    }

    Benchmark("C1 encode 10k events - Antrain binary", configuration: configuration) { benchmark in
        var bytes = 0
        try measure(benchmark, bytes: binary.value.reduce(0) { $0 + $1.bytes.count }) {
            for event in events.value { bytes &+= try BinaryEventEncoder.encode(event).count }
        }
        blackHole(bytes)
    } setup: { try await setup() }

    Benchmark("C1 encode 10k events - Foundation JSONEncoder", configuration: configuration) { benchmark in
        let encoder = JSONEncoder()
        var bytes = 0
        try measure(benchmark, bytes: json.value.reduce(0) { $0 + $1.data.count }) {
            for event in events.value { bytes &+= try encoder.encode(event).count }
        }
        blackHole(bytes)
    } setup: { try await setup() }

    Benchmark("C2 decode 10k events - Antrain binary", configuration: configuration) { benchmark in
        let catalog = EventCatalog.standard
        var decoded = 0
        try measure(benchmark, bytes: binary.value.reduce(0) { $0 + $1.bytes.count }) {
            for item in binary.value {
                let payload = try item.bytes.withUnsafeBytes { try catalog.decode(eventType: item.type, schemaVersion: item.version, payload: $0) }
                if case .event = payload { decoded += 1 }
            }
        }
        if decoded != eventCount { benchmark.error("decoded \(decoded) of \(eventCount)") }
    } setup: { try await setup() }

    Benchmark("C2 decode 10k events - Foundation JSONDecoder", configuration: configuration) { benchmark in
        let catalog = EventCatalog.standard
        let decoder = JSONDecoder()
        var decoded = 0
        try measure(benchmark, bytes: json.value.reduce(0) { $0 + $1.data.count }) {
            for item in json.value {
                _ = try catalog.decodeJSON(eventType: item.type, from: item.data, decoder: decoder)
                decoded += 1
            }
        }
        if decoded != eventCount { benchmark.error("decoded \(decoded) of \(eventCount)") }
    } setup: { try await setup() }
}
