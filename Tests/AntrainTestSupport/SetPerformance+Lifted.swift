import AntrainEvents

extension SetPerformance {
    /// A working set in kilograms, done unless said otherwise.
    package static func lifted(_ weight: Double, _ reps: Int, completed: Bool = true) -> SetPerformance {
        SetPerformance(reps: reps, weight: .kilograms(weight), completed: completed)
    }
}
