/// Where the outcome of a queued append goes: the one caller waiting for it, or its place
/// among the outcomes of a batch of appends (``DirectoryWriter/append(_:)``).
enum AppendCompletion: Sendable {
    case single(CheckedContinuation<AppendResult, any Error>)
    case batch(AppendOutcomes, Int)

    /// Hands the append its result.
    func resume(returning result: AppendResult) {
        switch self {
        case let .single(continuation): continuation.resume(returning: result)
        case let .batch(outcomes, index): outcomes.finish(index, .success(result))
        }
    }

    /// Hands the append its failure.
    func resume(throwing error: any Error) {
        switch self {
        case let .single(continuation): continuation.resume(throwing: error)
        case let .batch(outcomes, index): outcomes.finish(index, .failure(error))
        }
    }
}

/// The outcomes of a batch of appends, gathered as each is decided; the waiting caller is
/// resumed once the last one is.
final class AppendOutcomes: Sendable {
    private let state: Locked<(results: [Result<AppendResult, any Error>?], left: Int)>
    private let continuation: CheckedContinuation<[Result<AppendResult, any Error>], Never>

    init(count: Int, continuation: CheckedContinuation<[Result<AppendResult, any Error>], Never>) {
        state = Locked((Array(repeating: nil, count: count), count))
        self.continuation = continuation
    }

    /// Records the outcome of the append at `index`.
    func finish(_ index: Int, _ outcome: Result<AppendResult, any Error>) {
        let done: [Result<AppendResult, any Error>]? = state.withLock { state in
            precondition(state.results[index] == nil, "an append of a batch was decided twice")
            state.results[index] = outcome
            state.left -= 1
            return state.left == 0 ? state.results.map { $0! } : nil
        }
        if let done { continuation.resume(returning: done) }
    }
}
