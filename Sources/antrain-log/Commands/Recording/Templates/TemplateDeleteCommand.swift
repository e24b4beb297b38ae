import AntrainProjections

/// `antrain-log template delete`: removes a template no program uses.
typealias TemplateDeleteCommand = LibraryDeleteCommand<TemplateDeletion>

/// The words of `template delete`.
enum TemplateDeletion: LibraryDeletion {
    static let words = LibraryDeletionWords(.template, "template delete",
                                            abstract: "Delete a template; refused while a program uses it (the message names them).",
                                            example: "\"Upper A\"") { .deleteTemplate(templateID: $0) }
}
