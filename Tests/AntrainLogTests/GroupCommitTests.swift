import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Group commit and concurrency")
struct GroupCommitTests {
    @Test("concurrent durable appends are merged into fewer blocks, all acknowledged, gapless and in stream order")
    func concurrentAppendsShareBlocks() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path)  // everyAppend: one fsync per group
        let tasks = 16
        let perTask = 25
        let offsets = try await withThrowingTaskGroup(of: [UInt64].self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var mine: [UInt64] = []
                    for index in 0..<perTask {
                        let result = try await log.append([Sample.event(index)], to: "athlete-\(task)",
                                                          expectedVersion: index == 0 ? .noStream : .exact(UInt64(index - 1)))
                        mine += result.offsets
                    }
                    return mine
                }
            }
            return try await group.reduce(into: [UInt64]()) { $0 += $1 }
        }
        #expect(offsets.sorted() == Array(0..<UInt64(tasks * perTask)))
        let info = try await log.info()
        #expect(info.events == UInt64(tasks * perTask))
        #expect(info.blocks < tasks * perTask, "group commit should put several appends in one block")
        for task in 0..<tasks {
            let stream = try await log.allRecords(ReadFilter(streamID: "athlete-\(task)"))
            #expect(stream.map(\.streamVersion) == Array(0..<UInt64(perTask)))
        }
        #expect(try await log.verify().ok)
        try await log.close()
    }

    @Test("racing appends with the same expected version: exactly one wins, each loser gets the actual version")
    func conflictsReportedOnce() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path)
        try await log.append([Sample.event(0)], to: "program", expectedVersion: .noStream)
        let outcomes = await withTaskGroup(of: Result<AppendResult, any Error>.self) { group in
            for index in 0..<10 {
                group.addTask {
                    do {
                        return .success(try await log.append([Sample.event(index)], to: "program", expectedVersion: .exact(0)))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: [Result<AppendResult, any Error>]()) { $0.append($1) }
        }
        let wins = outcomes.filter { if case .success = $0 { return true } else { return false } }
        #expect(wins.count == 1)
        for outcome in outcomes {
            if case let .failure(error) = outcome {
                #expect(error as? LogError == .wrongExpectedVersion(stream: "program", expected: .exact(0), actual: 1))
            }
        }
        #expect(try await log.allRecords().count == 2)
        try await log.close()
    }

    @Test("a subscription sees history, then live events, each once and in order")
    func subscription() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 2048, durability: .none))
        try await log.append(Sample.events(0..<30), to: "history")
        let reader = Task {
            var seen: [UInt64] = []
            for try await record in log.subscribe(ReadFilter(startOffset: 10), pollInterval: .seconds(5)) {
                seen.append(record.offset)
                if seen.count == 70 { break }
            }
            return seen
        }
        for index in 30..<80 {
            try await log.append([Sample.event(index)], to: "live")
            if index % 10 == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        let seen = try await reader.value
        #expect(seen == Array(10..<80))
        try await log.close()
    }

    @Test("a second writer on the same directory fails at once, naming the path and this process")
    func secondWriterIsLockedOut() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path)
        await #expect(throws: LogError.locked(path: directory.path, holderPID: getpid())) {
            _ = try await EventLog.open(at: directory.filePath)
        }
        try await log.close()
        let again = try await reopenForWriting(directory.path)
        try await again.close()
    }
}
