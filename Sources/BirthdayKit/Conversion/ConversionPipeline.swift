import Dispatch
import Foundation

/// Runs conversion batches on several threads while the calling thread reads the next batches
/// and commits finished ones in input order.
///
/// Rounds overlap: while round *k* converts on its threads, the calling thread reads round *k+1*
/// and commits round *k−1*, so both cores stay busy with the parsing and rendering that dominate,
/// and at most two rounds are in memory. Output buffers go back to a pool once committed.
enum ConversionPipeline {
  /// - Parameters:
  ///   - threads: batches per round.
  ///   - next: the next batch, read on the calling thread; `nil` at the end.
  ///   - convert: returns the work for one round (called on the calling thread when the round
  ///     starts, so it can take a snapshot of state); the work runs on the round's threads.
  ///   - commit: called on the calling thread for each batch, in input order.
  ///   - roundCommitted: called after each committed round (progress).
  static func run<Batch: Sendable, Converted>(
    threads: Int,
    next: () throws -> Batch?,
    convert: ([Batch]) -> @Sendable (Int, ByteBuffer) -> Converted,
    commit: (Batch, Converted) throws -> Void,
    roundCommitted: () -> Void = {}
  ) throws {
    var spareOutputs: [ByteBuffer] = []
    let workers = WorkerThreads(count: max(threads, 1))
    var running: (batches: [Batch], outputs: [ByteBuffer], round: ConcurrentRound<Converted>)?
    // On an error, let the running round end before returning: it holds this call's batches.
    defer {
      _ = running?.round.wait()
      workers.stop()
    }
    repeat {
      var batches: [Batch] = []
      while batches.count < max(threads, 1), let batch = try next() { batches.append(batch) }
      var started: (batches: [Batch], outputs: [ByteBuffer], round: ConcurrentRound<Converted>)?
      if !batches.isEmpty {
        let outputs = batches.indices.map { _ in
          spareOutputs.popLast() ?? ByteBuffer(capacity: 1 << 18)
        }
        let work = convert(batches)
        started = (
          batches, outputs, ConcurrentRound(batches.count, on: workers) { work($0, outputs[$0]) }
        )
      }
      let finished = running
      running = started  // from here on, the round to wait for if a commit throws
      if let finished {
        for (index, converted) in finished.round.wait().enumerated() {
          try commit(finished.batches[index], converted)
          finished.outputs[index].removeAll()
          spareOutputs.append(finished.outputs[index])
        }
        roundCommitted()
      }
    } while running != nil
  }
}

/// Work for `0..<count` running on worker threads while the caller does something else.
final class ConcurrentRound<Value>: @unchecked Sendable {
  private let results: SegmentResults<Value>
  private let group = DispatchGroup()

  /// Hands each item to `workers`.
  init(_ count: Int, on workers: WorkerThreads, _ work: @escaping @Sendable (Int) -> Value) {
    let results = SegmentResults<Value>(count: count)
    self.results = results
    for index in 0..<count {
      group.enter()
      workers.submit { [group] in
        results.store(work(index), at: index)
        group.leave()
      }
    }
  }

  /// Waits for every item and returns the results, in order.
  func wait() -> [Value] {
    group.wait()
    return results.all
  }
}

/// Threads that live for one conversion and run the jobs handed to them, first in, first out.
///
/// Plain threads, started once per conversion: Dispatch's global pool on Linux starts its threads
/// lazily (both `concurrentPerform` and `async` were seen running a round's segments one after
/// another), and a new thread for every batch costs more than it needs to.
final class WorkerThreads: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  private var next = 0
  private var stopped = false

  init(count: Int) {
    for _ in 0..<count {
      let thread = Thread { [self] in serve() }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  func submit(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the threads end once the jobs already submitted are done.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func serve() {
    while true {
      condition.lock()
      while next == jobs.count && !stopped { condition.wait() }
      guard next < jobs.count else {
        condition.unlock()
        return
      }
      let job = jobs[next]
      next += 1
      if next == jobs.count {  // drained: drop the finished jobs
        jobs.removeAll(keepingCapacity: true)
        next = 0
      }
      condition.unlock()
      job()
    }
  }
}

/// Per-segment results written by concurrent threads, each to its own slot.
private final class SegmentResults<Value>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<Value?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: max(count, 1))
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  /// Safe without a lock: every thread writes a different slot, and nobody reads until all
  /// threads are done (the caller waits for them).
  func store(_ value: Value, at index: Int) {
    slots[index] = value
  }

  var all: [Value] { (0..<count).map { slots[$0]! } }
}
