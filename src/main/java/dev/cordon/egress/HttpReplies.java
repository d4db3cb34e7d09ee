package dev.cordon.egress;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the HTTP side of the proxy answers on its own, and the headers it never passes on. */
final class HttpReplies {

    /** Headers of one hop, not of the message: never forwarded (RFC 9110 §7.6.1). */
    private static final List<String> HOP_BY_HOP = List.of("connection", "keep-alive", "proxy-connection",
            "proxy-authorization", "proxy-authenticate", "te", "upgrade");

    private HttpReplies() {
    }

    /** Answers with a short text and closes the connection once it is written. */
    static void fail(ChannelHandlerContext ctx, HttpResponseStatus status, String text) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(text + "\n", StandardCharsets.UTF_8));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    /** The answer to a request the decoder could not read. */
    static void malformed(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            fail(ctx, HttpResponseStatus.REQUEST_URI_TOO_LONG, "cordon proxy: the request line is too long");
        } else if (cause instanceof TooLongHttpHeaderException || cause instanceof TooLongFrameException) {
            fail(ctx, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "cordon proxy: the request headers are too large");
        } else {
            fail(ctx, HttpResponseStatus.BAD_REQUEST, "cordon proxy: malformed request");
        }
    }

    /** Removes hop-by-hop headers, and those the {@code Connection} header names. */
    static void stripHopByHop(HttpHeaders headers) {
        List<String> named = new ArrayList<>();
        for (String value : headers.getAll(HttpHeaderNames.CONNECTION)) {
            for (String token : value.split(",")) {
                named.add(token.strip().toLowerCase(Locale.ROOT));
            }
        }
        HOP_BY_HOP.forEach(headers::remove);
        // The message's framing is re-encoded as it is, so its framing headers stay.
        named.removeAll(List.of("content-length", "transfer-encoding", "host"));
        named.forEach(headers::remove);
    }
}
