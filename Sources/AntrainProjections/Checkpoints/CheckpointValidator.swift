import AntrainEvents

/// Decides, projection by projection, whether its checkpoint can be used: it must exist,
/// read whole, come from the projection's current version, and sit on this very log (the
/// block ending at its offset has the hash it recorded). Anything else starts the
/// projection from zero and says why.
struct CheckpointValidator {
    let log: EventLog
    let store: CheckpointStore?

    func restore(_ projections: [any ProjectionHost]) async throws -> [ProjectionStart] {
        var starts: [ProjectionStart] = []
        var logEnd: UInt64?
        for projection in projections {
            await projection.reset()
            guard let store else {
                starts.append(ProjectionStart(name: projection.name, kind: .fresh))
                continue
            }
            let checkpoint: Checkpoint
            do {
                guard let found = try store.load(projection.name) else {
                    starts.append(ProjectionStart(name: projection.name, kind: .fresh))
                    continue
                }
                checkpoint = found
            } catch {
                starts.append(ProjectionStart(name: projection.name, kind: .rebuilt(reason: "its checkpoint cannot be used: \(error.reason)")))
                continue
            }
            if logEnd == nil { logEnd = try await log.end().nextOffset }
            if let reason = try await problem(with: checkpoint, version: projection.version, logEnd: logEnd ?? 0) {
                starts.append(ProjectionStart(name: projection.name, kind: .rebuilt(reason: reason)))
                continue
            }
            do {
                try await projection.restore(checkpoint)
                starts.append(ProjectionStart(name: projection.name, kind: .restored(checkpoint.position)))
            } catch {
                await projection.reset()
                starts.append(ProjectionStart(name: projection.name,
                                              kind: .rebuilt(reason: "its checkpoint's state does not decode (\(error))")))
            }
        }
        return starts
    }

    /// Why a checkpoint cannot be used, or nil when it can.
    func problem(with checkpoint: Checkpoint, version: Int, logEnd: UInt64) async throws -> String? {
        guard checkpoint.version == version else {
            return "its checkpoint was written by version \(checkpoint.version) of the projection; this is version \(version)"
        }
        let offset = checkpoint.position.offset
        if offset == 0 {
            return checkpoint.position.chainHash == .zero ? nil : "its checkpoint at offset 0 names a block hash"
        }
        guard offset <= logEnd else {
            return "its checkpoint reflects \(offset) events but the log holds \(logEnd): the log was replaced or cut"
        }
        for try await block in log.blocks(ReadFilter(startOffset: offset - 1, endOffset: offset)) {
            guard block.header.endOffset == offset else {
                return "its checkpoint's offset \(offset) falls inside a block of this log (\(block.header.firstOffset)..<\(block.header.endOffset)): the log was replaced"
            }
            guard block.header.blockHash == checkpoint.position.chainHash else {
                return "the log's block ending at offset \(offset) is not the one its checkpoint was built on (chain hash differs): the log was replaced"
            }
            return nil
        }
        return "the log has no block ending at offset \(offset): the log was replaced"
    }
}
