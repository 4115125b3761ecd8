@testable import BirthdayKit

/// The planner's tests compare changes as short lines; the command line prints them its own way
/// (`SyncChange+Output` in BDConvertCLI).
extension SyncChange {
  /// `+ UID<TAB>TITLE<TAB>DATE`, `~ UID<TAB>TITLE<TAB>WHAT CHANGED`, `- UID<TAB>TITLE<TAB>DATE`.
  var textLine: String {
    let last = operation == .replace ? changed.joined(separator: ", ") : date
    return "\(operation.rawValue) \(uid)\t\(summary)\t\(last)"
  }
}
