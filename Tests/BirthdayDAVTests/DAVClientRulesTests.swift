import Foundation
import Testing

@testable import BirthdayDAV

@Suite struct DAVClientRulesTests {
  @Test(arguments: [
    ("http://127.0.0.1:8080/cal/", true), ("http://127.1.2.3/", true), ("http://localhost/", true),
    ("http://[::1]:5232/", true), ("https://dav.example.com/", true),
    ("http://dav.example.com/", false), ("http://127.0.0.1.example.com/", false),
    ("ftp://127.0.0.1/", false), ("http://10.0.0.1/", false),
  ])
  func plainHTTPOnlyToLoopback(_ text: String, _ allowed: Bool) {
    let url = URL(string: text)!
    if allowed {
      #expect(throws: Never.self) { try DAVClient.checkURL(url) }
    } else {
      #expect(throws: DAVError.self) { try DAVClient.checkURL(url) }
    }
  }

  @Test func xmlTextIsEscaped() {
    #expect(DAVRequestBody.escaped("a<b>&\"'\u{1}") == "a&lt;b&gt;&amp;&quot;&apos;\u{FFFD}")
    let body = String(decoding: DAVRequestBody.eventsWithUID("x</c:text-match>"), as: UTF8.self)
    #expect(body.contains("x&lt;/c:text-match&gt;</c:text-match>"))
  }
}

@Suite struct RetryPolicyTests {
  let policy = RetryPolicy.standard

  @Test func lockedGetsMoreAttemptsAndALongerBackoff() {
    #expect(policy.attempts(for: 423) == 8)
    #expect(policy.attempts(for: 503) == 4)
    #expect(policy.attempts(for: nil) == 4)
    let locked = (1..<8).map { policy.delay(after: $0, status: 423, retryAfter: nil) }
    #expect(locked == [1, 2, 4, 8, 8, 8, 8])
    let failing = (1..<4).map { policy.delay(after: $0, status: 503, retryAfter: nil) }
    #expect(failing == [0.5, 1, 2])
  }

  @Test func lockedBackoffIsStretchedByUpToHalfAtRandom() {
    #expect(policy.delay(after: 1, status: 423, retryAfter: nil, jitter: 1) == 1.5)
    #expect(policy.delay(after: 4, status: 423, retryAfter: nil, jitter: 0.5) == 10)
    #expect(policy.delay(after: 4, status: 423, retryAfter: nil, jitter: 7) == 12)
    // Other statuses keep their exact backoff.
    #expect(policy.delay(after: 2, status: 503, retryAfter: nil, jitter: 1) == 1)
  }

  @Test func retryAfterIsHonouredUpToTheMaximum() {
    #expect(policy.delay(after: 1, status: 423, retryAfter: 5, jitter: 1) == 5)
    #expect(policy.delay(after: 1, status: 429, retryAfter: 0) == 0)
    #expect(policy.delay(after: 1, status: 423, retryAfter: 1000) == 60)
    #expect(policy.delay(after: 1, status: 503, retryAfter: -3) == 0)
  }
}

@Suite struct RunBudgetTests {
  @Test func eachWaitIsCutToTheRunsWaitingAndNothingIsGrantedPastIt() {
    let budget = RunBudget(time: 3600, waiting: 5)
    #expect(budget.grant(60) == 5)
    #expect(budget.grant(1) == nil)
    #expect(budget.grant(0) == 0)  // Retry-After: 0 costs nothing
    #expect(budget.refusal(1).contains("waited 5 s of the 5 s"))
  }

  @Test func noWaitIsGrantedThatWouldEndAfterTheRunsTime() {
    let budget = RunBudget(time: 10, waiting: 300)
    #expect(budget.grant(30) == nil)
    #expect(budget.refusal(30).contains("would end after the run's time (10 s)"))
    #expect(budget.grant(2) == 2)
    #expect(!budget.isOver)
    #expect(RunBudget(time: 0, waiting: 1).isOver)
  }

  @Test func secondsAreWrittenShort() {
    #expect(RunBudget.seconds(30) == "30 s")
    #expect(RunBudget.seconds(0.5) == "0.5 s")
  }
}
