import ArgumentParser

/// `antrain-log template`: workout templates, the plans programs are made of.
struct TemplateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "List and show workout templates; add, edit or delete your own.",
        discussion: """
            Examples:
              antrain-log template list
              antrain-log template show "Push Day"
              antrain-log template add "Upper A" --item "Barbell Bench Press=5x5/3m" --item break=2m --item "Plank=60s"
              antrain-log template edit "Upper A" --notes "Add weight when all sets go"
              antrain-log template delete "Upper A"
            """,
        subcommands: [TemplateListCommand.self, TemplateShowCommand.self, TemplateAddCommand.self, TemplateEditCommand.self,
                      TemplateDeleteCommand.self]
    )
}
