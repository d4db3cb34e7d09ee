package dev.cordon.egress;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Copies what one side of a tunnel reads to the other side. When the other side cannot take
 * more (its socket buffer is full), this side stops reading until it can: memory stays bounded
 * whatever the speeds of the two ends. When one side closes, the other is closed once what was
 * written to it has gone out.
 */
final class Relay extends ChannelInboundHandlerAdapter {

    private final Channel peer;

    Relay(Channel peer) {
        this.peer = peer;
    }

    /** Joins two channels into a tunnel and starts reading on both. */
    static void join(Channel a, Channel b) {
        a.pipeline().addLast("relay", new Relay(b));
        b.pipeline().addLast("relay", new Relay(a));
        a.config().setAutoRead(true);
        b.config().setAutoRead(true);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        // Each read goes out at once: a read loop may hold several large reads before it completes.
        peer.writeAndFlush(msg);
        if (!peer.isWritable()) {
            ctx.channel().config().setAutoRead(false);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            peer.config().setAutoRead(true);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closeAfterFlush(peer);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    /** Closes a channel once everything written to it is out. */
    static void closeAfterFlush(Channel channel) {
        if (channel.isActive()) {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
