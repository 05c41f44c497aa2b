import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Records a PulseAudio source (the null sink's monitor) with `parec` and says when a loud
/// sample was heard, on this process's monotonic clock.
///
/// `parec` writes raw mono s16le at ``sampleRate`` to a pipe, in fragments of about a
/// millisecond. Sample `n` was captured at `T0 + n / rate`; a fragment that ends with sample
/// `N` reaches this process at `T0 + N / rate + delay`, with `delay ≥ 0`. So the sample clock's
/// origin is the smallest `arrival − N / rate` among the fragments that delivered the sample
/// or came in the 50 ms after it (local, so a dropped or doubled stretch elsewhere cannot
/// shift it). What is left is a constant: the time
/// from the sink rendering a sample to the monitor delivering it, which the audio suite
/// measures with a click of known latency before it trusts the method.
///
/// ```swift
/// let recorder = try MonitorRecorder(source: "earshot_null.monitor", environment: pulse.environment)
/// let begin = monotonicNanoseconds()
/// // … make a sound …
/// let heard = recorder.firstLoud(after: begin, timeoutSeconds: 5)
/// recorder.stop()
/// ```
/// Unchecked, guarded by hand: `samples`, `arrivals` and `ended` are touched only with
/// `condition` locked; `reader` is set once in `init`; the rest never changes after it.
final class MonitorRecorder: @unchecked Sendable {
    /// One read from the pipe: when it arrived and how many samples had been recorded by then.
    private struct Arrival {
        var nanoseconds: UInt64
        var samples: Int
    }

    let sampleRate: Int
    /// A sample louder than this (absolute s16 value) counts as heard: −30 dBFS.
    let threshold: Int16
    private let process: ChildProcess
    private let condition = NSCondition()
    private var samples: [Int16] = []
    private var arrivals: [Arrival] = []
    private var ended = false
    private var reader: Thread?

    init(
        source: String, environment: [String: String], sampleRate: Int = 48_000, threshold: Int16 = 1_000,
        fragmentMilliseconds: Int = 1
    ) throws {
        self.sampleRate = sampleRate
        self.threshold = threshold
        samples.reserveCapacity(sampleRate * 600)
        process = try ChildProcess(
            "/usr/bin/parec",
            [
                "--device=\(source)", "--raw", "--format=s16le", "--rate=\(sampleRate)", "--channels=1",
                "--latency-msec=\(fragmentMilliseconds)", "--client-name=earshot-bench-recorder",
            ],
            environment: environment, stdout: .pipe)
        let thread = Thread { [self] in readLoop() }
        thread.name = "monitor-recorder"
        thread.qualityOfService = .userInteractive
        reader = thread
        thread.start()
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var carry: UInt8?
        while true {
            let count = retryingOnInterrupt {
                buffer.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
            }
            let now = monotonicNanoseconds()
            guard count > 0 else { break }
            condition.lock()
            var index = 0
            if let low = carry {
                samples.append(Int16(bitPattern: UInt16(low) | UInt16(buffer[0]) << 8))
                carry = nil
                index = 1
            }
            while index + 1 < count {
                samples.append(Int16(bitPattern: UInt16(buffer[index]) | UInt16(buffer[index + 1]) << 8))
                index += 2
            }
            if index < count { carry = buffer[index] }
            arrivals.append(Arrival(nanoseconds: now, samples: samples.count))
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// Samples recorded so far.
    var count: Int { condition.withLock { samples.count } }

    /// Waits until `count` samples have been recorded; false on timeout or end.
    func waitForSamples(_ count: Int, timeoutSeconds: Double) -> Bool {
        let deadline = Date() + timeoutSeconds
        condition.lock()
        defer { condition.unlock() }
        while samples.count < count {
            if ended || !condition.wait(until: deadline) { return samples.count >= count }
        }
        return true
    }

    /// Waits for the recording to start (fragments arriving steadily).
    func waitUntilRecording(timeoutSeconds: Double = 30) throws {
        guard waitForSamples(sampleRate / 2, timeoutSeconds: timeoutSeconds) else {
            throw Failure("parec recorded nothing from the null sink's monitor in \(Int(timeoutSeconds)) s")
        }
    }

    /// The sample clock's origin (the capture time of sample 0, in nanoseconds) as seen from
    /// sample `index`: the earliest `arrival − N / rate` among the fragments that delivered it
    /// or came within the next `window` samples (lock held). Only arrivals after the sample
    /// count, so samples the sink wrote twice before it (a rewind, when a stream starts)
    /// cannot make it look earlier than it was.
    private func origin(near index: Int, window: Int? = nil) -> Double? {
        let window = window ?? sampleRate / 20
        let perSample = 1e9 / Double(sampleRate)
        var origin = Double.infinity
        // Arrivals are in order of sample count: find the first that delivered `index`.
        var low = 0
        var high = arrivals.count
        while low < high {
            let middle = (low + high) / 2
            if arrivals[middle].samples <= index { low = middle + 1 } else { high = middle }
        }
        var position = low
        while position < arrivals.count, arrivals[position].samples <= index + window {
            let arrival = arrivals[position]
            origin = min(origin, Double(arrival.nanoseconds) - Double(arrival.samples) * perSample)
            position += 1
        }
        return origin.isFinite ? origin : nil
    }

    /// When sample `index` was captured, on the monotonic clock (lock held).
    private func time(ofSample index: Int) -> UInt64? {
        guard let origin = origin(near: index) else { return nil }
        return UInt64(max(0, origin + Double(index) * 1e9 / Double(sampleRate)))
    }

    /// The index of the first sample captured at or after `nanoseconds` (lock held).
    private func index(at nanoseconds: UInt64) -> Int {
        guard let last = arrivals.last, let origin = origin(near: max(0, last.samples - sampleRate), window: sampleRate)
        else { return 0 }
        let offset = (Double(nanoseconds) - origin) * Double(sampleRate) / 1e9
        return max(0, Int(offset.rounded(.up)))
    }

    /// The capture time of the first loud sample at or after `nanoseconds − earlyMilliseconds`,
    /// waiting up to `timeoutSeconds` for it. `nil` when nothing loud came.
    func firstLoud(after nanoseconds: UInt64, earlyMilliseconds: Double = 5, timeoutSeconds: Double) -> UInt64? {
        let deadline = Date() + timeoutSeconds
        condition.lock()
        defer { condition.unlock() }
        let early = UInt64(earlyMilliseconds * 1e6)
        var next = index(at: nanoseconds > early ? nanoseconds - early : 0)
        while true {
            while next < samples.count {
                let sample = samples[next]
                if sample > threshold || sample < -threshold {
                    // Let the next 50 ms arrive, so the time rests on every fragment after it.
                    let settled = Date() + 1
                    while samples.count < next + sampleRate / 20 && !ended && condition.wait(until: settled) {}
                    return time(ofSample: next)
                }
                next += 1
            }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    /// Waits until the last `milliseconds` of the recording have been quiet; false on timeout.
    func waitForQuiet(milliseconds: Double, timeoutSeconds: Double) -> Bool {
        let deadline = Date() + timeoutSeconds
        let span = Int(milliseconds * Double(sampleRate) / 1000)
        condition.lock()
        defer { condition.unlock() }
        var lastLoud = -1
        var scanned = 0
        while true {
            while scanned < samples.count {
                let sample = samples[scanned]
                if sample > threshold || sample < -threshold { lastLoud = scanned }
                scanned += 1
            }
            if samples.count - lastLoud > span && samples.count >= span { return true }
            if ended || !condition.wait(until: deadline) { return false }
        }
    }

    /// Stops `parec` and its reader.
    func stop() {
        process.terminate()
        condition.lock()
        let deadline = Date() + 10
        while !ended && condition.wait(until: deadline) {}
        condition.unlock()
        process.closePipes()
    }
}
