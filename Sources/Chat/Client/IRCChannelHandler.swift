import NIOCore

/// The NIO end of the connection: frames lines and hands them, one read at a time, to an
/// `AsyncStream` that ``IRCClient`` consumes.
final class IRCChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var framer = IRCLineFramer()
    private var lines: [[UInt8]] = []
    private let continuation: AsyncStream<[[UInt8]]>.Continuation

    init(continuation: AsyncStream<[[UInt8]]>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        buffer.withUnsafeReadableBytes { bytes in framer.append(bytes, into: &lines) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if !lines.isEmpty {
            continuation.yield(lines)
            lines = []
        }
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !lines.isEmpty {
            continuation.yield(lines)
            lines = []
        }
        continuation.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        continuation.finish()
        context.close(promise: nil)
    }
}
