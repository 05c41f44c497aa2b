#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Monotonic time in nanoseconds (`CLOCK_MONOTONIC`).
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Summary statistics of a set of samples.
struct Percentiles {
    let sorted: [Double]

    init(_ samples: [Double]) { sorted = samples.sorted() }

    /// The nearest-rank percentile, `p` in 0...100.
    func callAsFunction(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { self(50) }
}

/// Peak resident set size of this process in MiB, read from `/proc/self/status` (VmHWM).
func peakRSSMegabytes() -> Double {
    guard let file = fopen("/proc/self/status", "r") else { return .nan }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
            let digits = text.filter(\.isNumber)
            return (Double(digits) ?? .nan) / 1024
        }
    }
    return .nan
}

/// Prints `figures` as one JSON object (keys in the given order) or as a two-column table.
func report(_ figures: [(String, Double)], json: Bool, title: String) {
    func format(_ value: Double) -> String {
        if value.isNaN { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(format3(value))
    }
    if json {
        let body = figures.map { "\"\($0.0)\": \(format($0.1))" }.joined(separator: ", ")
        print("{\(body)}")
    } else {
        print(title)
        let width = figures.map(\.0.count).max() ?? 0
        for (key, value) in figures {
            print(key + String(repeating: " ", count: width - key.count) + "  " + format(value))
        }
    }
}

/// `value` with three decimals, without Foundation.
func format3(_ value: Double) -> String {
    let scaled = (value * 1000).rounded()
    let sign = scaled < 0 ? "-" : ""
    let magnitude = Int(abs(scaled))
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
