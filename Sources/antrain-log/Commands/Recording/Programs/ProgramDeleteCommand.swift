import AntrainProjections

/// `antrain-log program delete`: removes a program you made or copied.
typealias ProgramDeleteCommand = LibraryDeleteCommand<ProgramDeletion>

/// The words of `program delete`.
enum ProgramDeletion: LibraryDeletion {
    static let words = LibraryDeletionWords(.program, "program delete",
                                            abstract: "Delete a program you made or copied (presets stay).",
                                            example: "\"My 5x5\"") { .deleteProgram(programID: $0) }
}
