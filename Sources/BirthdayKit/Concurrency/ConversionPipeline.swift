import Dispatch
import Foundation
import Synchronization

/// Runs conversion batches on worker threads while the calling thread reads the next batches
/// and commits finished ones in input order.
///
/// Batches flow through a queue rather than in rounds: up to `depth` are in flight, so a worker
/// that finishes one starts the next at once, while the calling thread commits the oldest
/// finished batch and reads one more. Output buffers go back to a pool once committed; memory is
/// bounded by the batches in flight, whatever the input size.
enum ConversionPipeline {
  /// - Parameters:
  ///   - threads: worker threads.
  ///   - depth: the batches read and not yet committed at most (at least `threads + 1`).
  ///   - next: the next batch, read on the calling thread; `nil` at the end.
  ///   - convert: returns the work for one batch (called on the calling thread when the batch is
  ///     handed out, so it can take a snapshot of state); the work runs on a worker thread.
  ///   - commit: called on the calling thread for each batch, in input order; returns `false` to
  ///     stop (the batches after it are dropped unread).
  ///   - committed: called after each commit (progress).
  static func run<Batch: Sendable, Converted: Sendable>(
    threads: Int,
    depth: Int,
    next: () throws -> Batch?,
    convert: (Batch) -> @Sendable (OutputBuffer) -> Converted,
    commit: (Batch, Converted) throws -> Bool,
    committed: () -> Void = {}
  ) throws {
    let workers = WorkerThreads(count: max(threads, 1))
    let depth = max(depth, threads + 1)
    var inFlight: [(batch: Batch, output: OutputBuffer, job: PendingJob<Converted>)] = []
    var spareOutputs: [OutputBuffer] = []
    // On an error, let the batches in flight end before returning: they hold this call's data.
    defer {
      for batch in inFlight { _ = batch.job.wait() }
      workers.stop()
    }
    var exhausted = false
    while true {
      while !exhausted, inFlight.count < depth {
        guard let batch = try next() else {
          exhausted = true
          break
        }
        let output = spareOutputs.popLast() ?? OutputBuffer(capacity: 1 << 18)
        let work = convert(batch)
        inFlight.append((batch, output, PendingJob(on: workers) { work(output) }))
      }
      guard !inFlight.isEmpty else { return }
      let oldest = inFlight.removeFirst()
      let converted = oldest.job.wait()
      guard try commit(oldest.batch, converted) else { return }
      oldest.output.removeAll()
      spareOutputs.append(oldest.output)
      // Freeing a batch and what was made of it (a CSV segment's celebrations: many small
      // strings) is work of its own, about a tenth of this thread's: a worker does it.
      workers.submit { withExtendedLifetime((oldest.batch, converted)) {} }
      committed()
    }
  }
}

/// One piece of work handed to worker threads, and its result once done.
final class PendingJob<Value: Sendable>: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let value = Mutex<Value?>(nil)

  init(on workers: WorkerThreads, _ work: @escaping @Sendable () -> Value) {
    workers.submit { [self] in
      let result = work()
      value.withLock { $0 = result }
      done.signal()
    }
  }

  /// Waits for the work to end and returns its result. Call it once.
  func wait() -> Value {
    done.wait()
    guard let result = value.withLock({ $0.take() }) else {
      preconditionFailure("a job's value is set before it signals")
    }
    return result
  }
}

/// Threads that live for one conversion and run the jobs handed to them, first in, first out.
///
/// Plain threads, started once per conversion: Dispatch's global pool on Linux starts its threads
/// lazily (both `concurrentPerform` and `async` were seen running a file's segments one after
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
      jobs[next] = {}  // let go of what the job holds (a batch and its output) once taken
      next += 1
      if next == jobs.count || next >= 64 {  // drop the jobs already taken
        jobs.removeFirst(next)
        next = 0
      }
      condition.unlock()
      job()
    }
  }
}
