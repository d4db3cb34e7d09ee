package dev.cordon.egress;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.List;

/**
 * One port serves both protocols, told apart by the first byte: 5 is a SOCKS5 greeting, a letter
 * starts an HTTP request line. SOCKS4 gets its "rejected" answer; anything else is closed.
 */
final class ProtocolSniffer extends ByteToMessageDecoder {

    private static final int SOCKS4 = 4;
    private static final int SOCKS5 = 5;
    /** SOCKS4 reply: version 0, status 91 "request rejected or failed", port and address zero. */
    private static final byte[] SOCKS4_REJECTED = {0, 91, 0, 0, 0, 0, 0, 0};

    private final Dialer dialer;
    private final Deadline deadline;
    private final ProxySettings settings;

    ProtocolSniffer(Dialer dialer, Deadline deadline, ProxySettings settings) {
        this.dialer = dialer;
        this.deadline = deadline;
        this.settings = settings;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (!in.isReadable()) {
            return;
        }
        int first = in.getUnsignedByte(in.readerIndex());
        if (first == SOCKS5) {
            SocksFront.install(ctx, dialer, deadline);
        } else if (first == SOCKS4) {
            in.skipBytes(in.readableBytes());
            ctx.writeAndFlush(Unpooled.wrappedBuffer(SOCKS4_REJECTED)).addListener(ChannelFutureListener.CLOSE);
            return;
        } else if (Character.isLetter(first) && first < 128) {
            ctx.pipeline()
                    .addAfter(ctx.name(), "http", new HttpServerCodec(settings.maxRequestLine(), settings.maxHeaders(),
                            ProxySettings.MAX_PIECE))
                    .addAfter("http", "proxy", new HttpFront(dialer, deadline));
        } else {
            in.skipBytes(in.readableBytes());
            ctx.close();
            return;
        }
        // What was read so far goes on to the handlers just added.
        ctx.pipeline().remove(this);
    }
}
