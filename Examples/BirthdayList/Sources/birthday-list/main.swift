// birthday-list: a calendar of the birthdays in a vCard file, and the next few of them.
//
//   swift run --package-path Examples/BirthdayList birthday-list Samples/contacts.vcf > out.ics

import BirthdayKit
import Foundation

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: birthday-list FILE.vcf\n".utf8))
  exit(64)
}
let path = CommandLine.arguments[1]
do {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var options = ConversionOptions()
  options.includeAnniversaries = true
  options.calendar.calendarName = "Family birthdays"
  let (calendar, diagnostics) = try BirthdayCalendar.render(
    vCard: text, fileName: path, options: options)
  for diagnostic in diagnostics {
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
  }
  FileHandle.standardOutput.write(Data(calendar.utf8))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(65)
}
