/// libFuzzer target: an IRC line parsed, written and parsed again is the same message.
@_cdecl("LLVMFuzzerTestOneInput")
public func ircRoundTripFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let message = IRCMessage(parsing: bytes) else { return 0 }
    guard let line = try? message.serializedLine() else { return 0 }
    let wire = Array(line.utf8)
    fuzzCheck(
        !wire.contains(0x0D) && !wire.contains(0x0A) && !wire.contains(0x00),
        "a line break on the wire: \(line.debugDescription)")
    guard let again = IRCMessage(parsing: wire) else {
        fuzzCheck(false, "\(line.debugDescription) does not parse")
        return 0
    }
    fuzzCheck(again == message, "\(Array(bytes)) became \(line.debugDescription): \(message) ≠ \(again)")
    return 0
}
