/// libFuzzer target: no wrapped line is wider than its width.
///
/// The first byte picks the width (1…64); the rest is the text, any bytes. Each line is
/// measured as the renderer draws it: decoded on its own, invalid UTF-8 as U+FFFD. Only a
/// lone two-cell character on a line one cell wide may exceed.
@_cdecl("LLVMFuzzerTestOneInput")
public func lineWrapperFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = input.first else { return 0 }
    let width = Int(first % 64) + 1
    let bytes = Array(input.dropFirst())
    let lines = LineWrapper.wrap(bytes, width: width)
    fuzzCheck(!lines.isEmpty, "no lines")
    fuzzCheck(lines.count == LineWrapper.lineCount(bytes, width: width), "lineCount disagrees")
    var previousEnd = 0
    for range in lines {
        fuzzCheck(range.lowerBound >= previousEnd && range.upperBound <= bytes.count, "lines out of order")
        let gap = bytes[previousEnd..<range.lowerBound]
        fuzzCheck(gap.isEmpty || gap == [0x20] || gap == [0x0A], "dropped \(Array(gap))")
        previousEnd = range.upperBound
        let piece = String(decoding: bytes[range], as: UTF8.self)
        let cells = DisplayWidth.of(piece)
        if cells > width {
            var cursor = DisplayWidth.Cursor()
            let glyphs = piece.unicodeScalars.filter { cursor.advance($0.value) > 0 }.count
            fuzzCheck(width == 1 && cells == 2 && glyphs == 1, "\(cells) cells at width \(width): \(bytes)")
        }
    }
    let tail = bytes[previousEnd...]
    fuzzCheck(tail.isEmpty || tail == [0x20] || tail == [0x0A], "dropped the end \(Array(tail))")
    return 0
}
