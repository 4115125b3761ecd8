import Foundation
import Testing

@testable import BirthdayDAV

@Suite struct DAVMultistatusTests {
  private func parse(_ text: String) throws -> [DAVResponse] {
    try DAVMultistatus.parse(Data(text.utf8))
  }

  @Test func readsHrefsEtagsAndCalendarDataWhateverThePrefixes() throws {
    let responses = try parse(
      """
      <?xml version="1.0"?>
      <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:response>
          <D:href>/cal/a%20b.ics</D:href>
          <D:propstat><D:prop><D:getetag>"e1"</D:getetag>
            <C:calendar-data><![CDATA[BEGIN:VCALENDAR\r\n]]>END:VCALENDAR&#13;
      </C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
        </D:response>
        <response xmlns="DAV:"><href>/cal/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response>
      </D:multistatus>
      """)
    #expect(responses.count == 2)
    #expect(responses[0].href == "/cal/a%20b.ics")
    #expect(responses[0].etag == "\"e1\"")
    // CDATA and character references are joined into one text.
    #expect(
      responses[0].properties[.calendarData]?.text.unicodeScalars.map(\.value)
        == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".unicodeScalars.map(\.value))
    #expect(responses[1].status == 404)
    #expect(responses[1].properties.isEmpty)
  }

  @Test func propertiesInA404PropstatAreMissingNotEmpty() throws {
    let responses = try parse(
      """
      <multistatus xmlns="DAV:"><response><href>/p/</href>
        <propstat><prop><resourcetype><collection/><C:calendar xmlns:C="urn:ietf:params:xml:ns:caldav"/></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat>
        <propstat><prop><current-user-principal/></prop><status>HTTP/1.1 404 Not Found</status></propstat>
      </response></multistatus>
      """)
    #expect(responses[0].properties[.currentUserPrincipal] == nil)
    #expect(responses[0].properties[.resourcetype]?.children == [.collection, .calendar])
  }

  @Test func hrefsInsidePropertiesAreCollected() throws {
    let responses = try parse(
      """
      <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>/</d:href>
      <d:propstat><d:prop><d:current-user-principal><d:href> /principals/alice/ </d:href></d:current-user-principal>
      <c:calendar-home-set><d:href>/alice/</d:href></c:calendar-home-set></d:prop></d:propstat>
      </d:response></d:multistatus>
      """)
    #expect(responses[0].properties[.currentUserPrincipal]?.hrefs == ["/principals/alice/"])
    #expect(responses[0].properties[.calendarHomeSet]?.hrefs == ["/alice/"])
  }

  @Test(arguments: [
    "", "not xml", "<multistatus xmlns=\"DAV:\"><response>", "<html><body>Login</body></html>",
    "<multistatus><response/></multistatus>",  // no DAV: namespace
    // XMLParser traps on a processing instruction without data (the fuzzer's find); DAV answers
    // have no processing instructions and no DTD.
    "<?xml version=\"1.0\"?><?pi?><multistatus xmlns=\"DAV:\"/>",
    "<!DOCTYPE m><multistatus xmlns=\"DAV:\"/>", "<?xml?><multistatus xmlns=\"DAV:\"/>",
    "<?xml ver><?pi?><multistatus xmlns=\"DAV:\"/>",
  ])
  func malformedOrForeignAnswersThrow(_ text: String) {
    #expect(throws: MultistatusError.self) { try parse(text) }
  }

  @Test func invalidUTF8IsRefusedBeforeXMLParserTrapsOnIt() {
    // The fuzzer's find: XMLParser crashes on an element name with bytes that are not UTF-8.
    var bytes = Array("<".utf8) + [UInt8](repeating: 0xFF, count: 29)
    bytes += Array("multistatus xmlns=\"DAV:\"></multistatus>".utf8)
    #expect(throws: MultistatusError.self) { try DAVMultistatus.parse(Data(bytes)) }
  }

  @Test func markupInsideCDATAAndCommentsIsText() throws {
    let responses = try parse(
      """
      <?xml version="1.0"?><!-- <?x?> --><multistatus xmlns="DAV:"><response><href>/a</href>
      <propstat><prop><displayname><![CDATA[<?pi?><!DOCTYPE>]]></displayname></prop></propstat>
      </response></multistatus>
      """)
    #expect(responses.first?.properties[.displayname]?.text == "<?pi?><!DOCTYPE>")
  }

  @Test func statusLinesAreReadLeniently() {
    #expect(DAVMultistatus.statusCode("HTTP/1.1 412 Precondition Failed") == 412)
    #expect(DAVMultistatus.statusCode("HTTP/2 200") == 200)
    #expect(DAVMultistatus.statusCode("200 OK") == nil)
  }
}
