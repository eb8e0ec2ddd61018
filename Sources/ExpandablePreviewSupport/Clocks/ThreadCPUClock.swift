import Foundation

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): steadier than wall time for timing
/// one step on a shared machine.
package enum ThreadCPUClock {
  package static var seconds: Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
