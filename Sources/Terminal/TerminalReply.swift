/// Asking a terminal something and reading its answer: the query is written with the input
/// quiet (answers read at once and not echoed), then what arrives on `input` is read until
/// `isComplete` says the answer is all there, or `timeoutMilliseconds` pass (for terminals that
/// answer nothing). One place for the background colour query and the probe alike.
///
/// ```swift
/// let bytes = TerminalReply.ask(query, input: fd, output: fd, timeoutMilliseconds: 500) {
///     BackgroundQuery.parse($0).complete
/// }
/// ```
enum TerminalReply {
    /// Runs `body` with the controlling terminal (`/dev/tty`, so it works while stdout is
    /// redirected) as its input and output; nil when there is none.
    static func withControllingTerminal<Result>(_ body: (Int32) -> Result) -> Result? {
        guard let terminal = Libc.openControllingTerminal() else { return nil }
        defer { Libc.close(terminal) }
        return body(terminal)
    }

    /// Writes `query` to `output` and reads the answer from `input`; nil when either is not a
    /// terminal, or the query could not be written. The terminal's settings are put back after.
    static func ask(
        _ query: [UInt8], input: Int32, output: Int32, timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool
    ) -> [UInt8]? {
        guard Libc.isTerminal(input), Libc.isTerminal(output), let saved = Libc.settings(of: input),
            Libc.apply(Libc.quiet(saved), to: input)
        else { return nil }
        defer { Libc.apply(saved, to: input) }
        guard query.withUnsafeBytes({ Libc.write(output, $0) }) == query.count else { return nil }
        return read(from: input, timeoutMilliseconds: timeoutMilliseconds, isComplete: isComplete)
    }

    static func read(from input: Int32, timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        let start = Libc.monotonicMilliseconds()
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let remaining = timeoutMilliseconds - (Libc.monotonicMilliseconds() - start)
            if remaining <= 0 { break }
            guard let ready = Libc.waitReadable([input], timeout: Int32(remaining)) else {
                if Libc.interrupted { continue }
                break
            }
            guard ready[0] else { break }
            let count = chunk.withUnsafeMutableBytes { Libc.read(input, into: $0) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            if isComplete(bytes) { break }
        }
        return bytes
    }
}
