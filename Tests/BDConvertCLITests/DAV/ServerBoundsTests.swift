import Foundation
import TestSupport
import Testing

/// What a misbehaving server (`Tests/DAV/hostile_server.py`) may cost a run: `--timeout` bounds
/// each exchange whole, `--max-time` the run, `--max-wait` its waiting before retries;
/// answers past the 64 MiB cap end at once; large answers below it are read; credentials in
/// files others can read are named.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerBoundsTests {
  /// The hang guard: a bound far above what each run takes, far below what it took before.
  static let guardSeconds = 40.0

  @Test func aServerSendingOneByteASecondIsCutAtTheTimeout() throws {
    let server = try HostileServer(["--fault", "slow"])
    let (result, seconds) = try runBDConvert(
      ["list", server.calendar, "--timeout", "2", "--max-wait", "1"], killedAfter: Self.guardSeconds
    )
    #expect(result.status == 75, "\(result.stderr)")
    #expect(
      result.stderr.contains("timed out after 2 s; trying again in 0.5 s"), "\(result.stderr)")
    #expect(result.stderr.contains("not tried again: the run has waited 0.5 s"), "\(result.stderr)")
    #expect(!result.stderr.contains("-1001"))
    #expect(seconds < Self.guardSeconds)
    #expect(server.requests.count == 2, "\(server.requests)")
  }

  @Test func theRunStopsAtItsTimeEvenInTheMiddleOfAnAnswer() throws {
    let server = try HostileServer(["--fault", "slow"])
    let (result, seconds) = try runBDConvert(
      ["list", server.calendar, "--timeout", "600", "--max-time", "2"],
      killedAfter: Self.guardSeconds)
    #expect(result.status == 75, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "no whole answer before the run's time (2 s) was up (--max-time, --max-wait)"),
      "\(result.stderr)")
    #expect(seconds < Self.guardSeconds)
  }

  @Test func aHugeContentLengthIsRefusedWithoutReadingIt() throws {
    let server = try HostileServer(["--fault", "huge-length", "--fault-method", "REPORT"])
    // It read the 10 GB before (32 s here, up to 51 s in the runs).
    let (result, seconds) = try runBDConvert(
      ["list", server.calendar, "--timeout", "30"], killedAfter: 15)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("the answer is too large"))
    #expect(seconds < 15)
  }

  @Test func anEndlessAnswerEndsAtTheCap() throws {
    let server = try HostileServer(["--fault", "endless", "--fault-method", "REPORT"])
    let (result, seconds) = try runBDConvert(
      ["list", server.calendar, "--timeout", "30"], killedAfter: Self.guardSeconds)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("the answer is too large"))
    #expect(seconds < Self.guardSeconds)
  }

  @Test(arguments: [503, 423])
  func aLongRetryAfterCostsNoMoreThanTheRunsWaiting(_ status: Int) throws {
    // The server asks each PUT to come back in a day: each wait is cut to --max-wait (here
    // 2 s, the run's whole waiting), then nothing is tried again, and the run says what it
    // could not do.
    let server = try HostileServer([
      "--events", "0", "--fault", "status", "--status", String(status), "--retry-after", "86400",
      "--fault-method", "PUT",
    ])
    let folder = try TemporaryDirectory()
    let file = try folder.write(
      "contacts.vcf", DAVFixture.contacts([("Ann", "1985-04-12"), ("Bob", "1990-01-02")]))
    let (result, seconds) = try runBDConvert(
      ["sync", file, "--to", server.calendar, "--max-wait", "2"], killedAfter: Self.guardSeconds,
      environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    #expect(result.status == 75, "\(result.stderr)")
    #expect(result.stderr.contains("trying again in 2.0 s"), "\(result.stderr)")
    #expect(
      result.stderr.components(separatedBy: "not tried again: the run has waited 2 s of the 2 s")
        .count == 3, "\(result.stderr)")
    #expect(result.stderr.contains("2 failed"))
    #expect(server.requests.filter { $0.hasPrefix("PUT") }.count == 3, "\(server.requests)")
    #expect(seconds < Self.guardSeconds)
  }

  @Test func aCalendarOfAHundredThousandEventsIsListed() throws {
    // The PROPFIND answer listing 100,000 members is 15 MB: libxml2, handed it whole, stopped
    // at 10,000,000 bytes ("malformed multistatus XML"). The members are then read 200 at a
    // time; this server still has the first 300 when they are read (the others answer 404, as
    // events deleted meanwhile do), which keeps the test's own work small.
    let server = try HostileServer(["--events", "100000", "--stored", "300"])
    let result = try runBDConvert(["list", server.calendar])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 300)
    #expect(result.stdout.contains("uid-000299\t"))
    #expect(server.requests.filter { $0.hasPrefix("REPORT") }.count == 500)
  }

  @Test func aPasswordFileOrNetrcOthersCanReadIsNamed() throws {
    let server = try HostileServer(["--auth", "me:s3cret"])
    let folder = try TemporaryDirectory()
    let passwordFile = try folder.write("password", "s3cret\n")
    chmod(passwordFile, 0o644)
    let result = try runBDConvert(
      ["list", server.calendar, "--user", "me", "--password-file", passwordFile])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "warning: the password file '\(passwordFile)' can be read by other users (mode 0644); "
          + "chmod 600"), "\(result.stderr)")
    chmod(passwordFile, 0o600)
    let quiet = try runBDConvert(
      ["list", server.calendar, "--user", "me", "--password-file", passwordFile])
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")

    // curl's quoted syntax: the password is `a b"c`.
    let quoted = try HostileServer(["--auth", "me:a b\"c"])
    let netrc = try folder.write(".netrc", "machine 127.0.0.1 login me password \"a b\\\"c\"\n")
    chmod(netrc, 0o640)
    let fromNetrc = try runBDConvert(
      ["list", quoted.calendar], environment: ["HOME": folder.url.path])
    #expect(fromNetrc.status == 0, "\(fromNetrc.stderr)")
    #expect(fromNetrc.stderr.contains("/.netrc can be read by other users (mode 0640)"))
    #expect(!fromNetrc.stderr.contains("a b"))
  }
}
