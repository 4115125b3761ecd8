/// Usage lines of the commands, from their descriptions (``CommandSpec``).
enum HelpText {
  /// `usage: bdconvert <command> [options]   (see 'bdconvert --help')`.
  static var toolUsage: String { CommandCatalog.tool.usageText }

  /// The usage of the conversion command for `format`.
  static func convertUsage(_ format: InputFormat) -> String {
    (format == .vCard ? CommandSpec.vcfToICS : CommandSpec.csvToICS).usageText
  }
}
