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

/// One piece of work handed to worker threads or a thread of its own, and its result once done:
/// the one future of the package.
package final class PendingJob<Value: Sendable>: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let value = Mutex<Value?>(nil)

  init(on workers: WorkerThreads, _ work: @escaping @Sendable () -> Value) {
    workers.submit { [self] in finish(work()) }
  }

  /// Runs `work` on a thread of its own (8 MiB of stack), for work that runs beside the
  /// calling thread's rather than in a pool.
  package init(onThreadOfItsOwn work: @escaping @Sendable () -> Value) {
    let thread = Thread { [self] in finish(work()) }
    thread.stackSize = 8 << 20
    thread.start()
  }

  private func finish(_ result: Value) {
    value.withLock { $0 = result }
    done.signal()
  }

  /// Waits for the work to end and returns its result. Call it once.
  package func wait() -> Value {
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
final class WorkerThreads: Sendable {
  /// The jobs not yet taken, and whether the threads may end once there are none.
  private let queue = Mutex<(jobs: [@Sendable () -> Void], next: Int, stopped: Bool)>(
    ([], 0, false))
  /// Signalled once for each job submitted, and once for each thread when stopping.
  private let wakeUps = DispatchSemaphore(value: 0)
  private let count: Int

  init(count: Int) {
    self.count = count
    for _ in 0..<count {
      let thread = Thread { [self] in serve() }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  func submit(_ job: @escaping @Sendable () -> Void) {
    queue.withLock { $0.jobs.append(job) }
    wakeUps.signal()
  }

  /// Lets the threads end once the jobs already submitted are done.
  func stop() {
    queue.withLock { $0.stopped = true }
    for _ in 0..<count { wakeUps.signal() }
  }

  /// Runs jobs until stopped with none left: each wake-up is a job, or a thread's last one.
  private func serve() {
    while true {
      wakeUps.wait()
      let job = queue.withLock { queue -> (@Sendable () -> Void)? in
        guard queue.next < queue.jobs.count else { return nil }
        let job = queue.jobs[queue.next]
        // Let go of what the job holds (a batch, its output) once taken.
        queue.jobs[queue.next] = {}
        queue.next += 1
        if queue.next == queue.jobs.count || queue.next >= 64 {  // drop the jobs already taken
          queue.jobs.removeFirst(queue.next)
          queue.next = 0
        }
        return job
      }
      guard let job else { return }
      job()
    }
  }
}
