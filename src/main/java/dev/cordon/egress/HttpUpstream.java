package dev.cordon.egress;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * The destination's side of a plain HTTP request: its response goes back to the client as it
 * arrives. A response whose end is only known when the destination closes (no length, not
 * chunked) ends the client's connection too, since that is the only way to tell the client.
 */
final class HttpUpstream extends ChannelInboundHandlerAdapter {

    private final Channel client;
    private final HttpFront front;
    private boolean inResponse;
    private boolean endsWithClose;
    private boolean interim;

    HttpUpstream(Channel client, HttpFront front) {
        this.client = client;
        this.front = front;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpResponse response) {
            int code = response.status().code();
            interim = code < 200;
            inResponse = !interim;
            boolean bodyless = interim || code == 204 || code == 304;
            endsWithClose = !bodyless && !HttpUtil.isContentLengthSet(response)
                    && !HttpUtil.isTransferEncodingChunked(response);
            HttpReplies.stripHopByHop(response.headers());
        }
        client.write(msg);
        if (!client.isWritable()) {
            ctx.channel().config().setAutoRead(false);
            client.flush();
        }
        if (msg instanceof LastHttpContent && !interim) {
            inResponse = false;
            client.flush();
            if (endsWithClose) {
                Relay.closeAfterFlush(client);
            } else {
                front.responseDone(client);
            }
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        client.flush();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        // The client stopped reading from us when we could not take its body; go on.
        if (ctx.channel().isWritable()) {
            client.config().setAutoRead(true);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (inResponse) {
            // Cut off halfway: the client must not take a partial answer for a whole one.
            client.close();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
