import BirthdayDAV
import Foundation
import TestSupport
import Testing

/// A contact without a UID, renamed and re-dated, synced to a real server (Radicale, Xandikos,
/// sabre/dav on 127.0.0.1): the paired replacement (written with the new UID at the old event's
/// place) leaves exactly one event for the person (issue 30 item 1).
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerPairingTests {
  @Test(arguments: DAVTestServer.Kind.allCases) func aRenamedContactIsOneEventOnTheServer(
    _ kind: DAVTestServer.Kind
  ) throws {
    let dav = try DAVFixture(kind)
    let header = "First Name,Last Name,Birthday,E-mail 1 - Value\n"
    let file = try dav.folder.write(
      "google.csv", header + "Peggy,Smith,1980-03-14,peggy@example.com\nAnn,Lee,1985-04-12,\n")
    let first = try dav.sync(file)
    #expect(first.status == 0, "\(first.stderr)")
    try dav.folder.write(
      "google.csv", header + "Margaret,Jones,1980-03-15,peggy@example.com\nAnn,Lee,1985-04-12,\n")
    let second = try dav.sync(file)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("sync: 0 added, 1 updated, 0 removed, 1 unchanged"))
    let events = try dav.calendar.forEachBatchCollected()
    #expect(events.count == 2)
    #expect(events.filter { $0.contains("Margaret Jones") }.count == 1)
    #expect(!events.contains { $0.contains("Peggy") })
    let again = try dav.sync(file)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("sync: 0 added, 0 updated, 0 removed, 2 unchanged"))
  }
}
