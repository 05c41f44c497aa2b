/// libFuzzer target: the key decoder never traps, and chunking does not change the keys.
///
/// The first byte picks a chunk size; the rest is fed in chunks of that size, then the
/// pending escape is flushed. The same bytes fed at once must give the same events (CR LF
/// aside, see below).
@_cdecl("LLVMFuzzerTestOneInput")
public func keyDecoderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = input.first else { return 0 }
    // CR LF in one read is one Enter, split across reads it is two (the decoder cannot wait
    // for an LF that may never come), so the chunking check leaves CR LF out.
    var bytes: [UInt8] = []
    for byte in input.dropFirst() where !(byte == 0x0A && bytes.last == 0x0D) { bytes.append(byte) }
    let chunk = Int(first % 16) + 1

    var whole = KeyDecoder()
    var expected = whole.feed(bytes)
    expected += whole.flushPendingEscape()

    var pieces = KeyDecoder()
    var events: [KeyEvent] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + chunk)
        events += pieces.feed(Array(bytes[start..<end]))
        start = end
    }
    events += pieces.flushPendingEscape()
    fuzzCheck(
        normalized(events) == normalized(expected),
        "chunking changed the keys: \(input)\n whole: \(normalized(expected))\n chunked: \(normalized(events))")
    return 0
}

/// The events with runs of characters joined into one string of scalars, so text that forms
/// grapheme clusters differently across chunks still compares equal.
func normalized(_ events: [KeyEvent]) -> [String] {
    var result: [String] = []
    var text = ""
    for event in events {
        if case .character(let character) = event {
            text.unicodeScalars.append(contentsOf: character.unicodeScalars)
            continue
        }
        if !text.isEmpty {
            result.append("text:" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ","))
        }
        text = ""
        result.append("\(event)")
    }
    if !text.isEmpty {
        result.append("text:" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ","))
    }
    return result
}
