package dev.cordon.egress;

import dev.cordon.request.Connection;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.Queue;

/**
 * The HTTP forward proxy, one client connection: {@code CONNECT host:port} becomes a tunnel, and a
 * plain request for an absolute {@code http://} URL is passed on to that host, with its answer
 * streamed back. Requests are handled one at a time; a request to another host than the last one
 * closes the connection to the last one.
 */
final class HttpFront extends ChannelInboundHandlerAdapter {

    private static final String HTTP = "http://";

    private final Dialer dialer;
    private final Deadline deadline;
    private final Queue<Object> waiting = new ArrayDeque<>();
    private Channel upstream;
    private Connection upstreamTarget;
    private boolean dialing;
    private boolean tunnel;
    private boolean discarding;
    private boolean closeAfterResponse;

    HttpFront(Dialer dialer, Deadline deadline) {
        this.dialer = dialer;
        this.deadline = deadline;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (tunnel) {
            // Nothing may follow a CONNECT until the tunnel is up.
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request) {
            deadline.disarm();
            if (request.decoderResult().isFailure()) {
                ReferenceCountUtil.release(msg);
                HttpReplies.malformed(ctx, request.decoderResult().cause());
                return;
            }
            if (request.method().equals(HttpMethod.CONNECT)) {
                ReferenceCountUtil.release(msg);
                connect(ctx, request);
                return;
            }
            request(ctx, request);
        }
        if (msg instanceof HttpContent content) {
            body(content);
        }
    }

    private void connect(ChannelHandlerContext ctx, HttpRequest request) {
        Connection target;
        try {
            target = Authority.parse(request.uri(), 0);
        } catch (IllegalArgumentException e) {
            HttpReplies.fail(ctx, HttpResponseStatus.BAD_REQUEST, "cordon proxy: bad CONNECT target: " + e.getMessage());
            return;
        }
        tunnel = true;
        ctx.channel().config().setAutoRead(false);
        dialer.dial(ctx.channel(), target, EgressViolation.Via.HTTP_CONNECT, null, ChannelInboundHandlerAdapter::new,
                result -> {
                    if (result instanceof Dialer.Connected c) {
                        established(ctx, request, c.upstream());
                    } else {
                        failed(ctx, result);
                    }
                });
    }

    private void established(ChannelHandlerContext ctx, HttpRequest request, Channel up) {
        DefaultFullHttpResponse ok = new DefaultFullHttpResponse(request.protocolVersion(),
                new HttpResponseStatus(200, "Connection established"));
        ctx.writeAndFlush(ok).addListener(f -> {
            if (!f.isSuccess()) {
                up.close();
                return;
            }
            Channel client = ctx.channel();
            client.pipeline().remove(HttpServerCodec.class);
            client.pipeline().remove(this);
            up.closeFuture().addListener(closed -> Relay.closeAfterFlush(client));
            Relay.join(client, up);
        });
    }

    /** A plain request: pass it on to the host of its absolute URL. */
    private void request(ChannelHandlerContext ctx, HttpRequest request) {
        String uri = request.uri();
        if (!uri.regionMatches(true, 0, HTTP, 0, HTTP.length())) {
            discarding = true;
            String why = uri.regionMatches(true, 0, "https://", 0, 8)
                    ? "use CONNECT for https:// URLs (set HTTPS_PROXY)"
                    : "this is an HTTP proxy: ask for an absolute http:// URL, or use CONNECT";
            HttpReplies.fail(ctx, HttpResponseStatus.BAD_REQUEST, "cordon proxy: " + why);
            return;
        }
        int end = authorityEnd(uri);
        String authority = uri.substring(HTTP.length(), end);
        String path = end < uri.length() && uri.charAt(end) == '/' ? uri.substring(end) : "/" + uri.substring(end);
        // User information never reaches the destination's request line, nor the log.
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        Connection target;
        try {
            target = Authority.parse(authority, 80);
        } catch (IllegalArgumentException e) {
            discarding = true;
            HttpReplies.fail(ctx, HttpResponseStatus.BAD_REQUEST, "cordon proxy: bad URL: " + e.getMessage());
            return;
        }
        closeAfterResponse = !HttpUtil.isKeepAlive(request);
        HttpRequest forwarded = new DefaultHttpRequest(request.protocolVersion(), request.method(), path,
                request.headers().copy());
        HttpReplies.stripHopByHop(forwarded.headers());
        // The host the policy allowed is the host asked for: another Host header would pick
        // another site on the same server (a CDN serves many).
        forwarded.headers().set(HttpHeaderNames.HOST, authority);
        if (upstream != null && upstream.isActive() && target.equals(upstreamTarget)) {
            upstream.write(forwarded);
            return;
        }
        if (upstream != null) {
            upstream.close();
            upstream = null;
        }
        dialing = true;
        waiting.add(forwarded);
        ctx.channel().config().setAutoRead(false);
        String url = HTTP + target.hostPort() + withoutQuery(path);
        dialer.dial(ctx.channel(), target, EgressViolation.Via.HTTP, url, () -> upstreamHandlers(ctx.channel()),
                result -> {
                    dialing = false;
                    if (result instanceof Dialer.Connected c) {
                        upstream = c.upstream();
                        upstreamTarget = target;
                        flushWaiting();
                        upstream.config().setAutoRead(true);
                        ctx.channel().config().setAutoRead(true);
                    } else {
                        releaseWaiting();
                        failed(ctx, result);
                    }
                });
    }

    private ChannelHandler upstreamHandlers(Channel client) {
        return new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                // Content passes in pieces as large as the reads, not the default 8 KiB.
                ch.pipeline().addLast("http", new HttpClientCodec(4096, 16384, ProxySettings.MAX_PIECE));
                ch.pipeline().addLast("response", new HttpUpstream(client, HttpFront.this));
            }
        };
    }

    private void body(HttpContent content) {
        boolean last = content instanceof LastHttpContent;
        if (discarding) {
            content.release();
            discarding = !last;
        } else if (dialing) {
            waiting.add(content);
        } else if (upstream != null && upstream.isActive()) {
            upstream.write(content);
            if (last || !upstream.isWritable()) {
                upstream.flush();
            }
        } else {
            content.release();
        }
    }

    /** Called by the upstream handler once a whole response has been passed to the client. */
    void responseDone(Channel client) {
        if (closeAfterResponse) {
            client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        } else {
            deadline.arm();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (upstream != null && !dialing) {
            upstream.flush();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (upstream != null && ctx.channel().isWritable()) {
            upstream.config().setAutoRead(true);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        deadline.disarm();
        releaseWaiting();
        if (upstream != null) {
            upstream.close();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private void flushWaiting() {
        Object next;
        while ((next = waiting.poll()) != null) {
            upstream.write(next);
        }
        upstream.flush();
    }

    private void releaseWaiting() {
        Object next;
        while ((next = waiting.poll()) != null) {
            ReferenceCountUtil.release(next);
        }
    }

    /** A refusal is 403 with the deciding rule; a failure to connect is 502 or 504. */
    private static void failed(ChannelHandlerContext ctx, Dialer.Result result) {
        if (result instanceof Dialer.Refused r) {
            HttpReplies.fail(ctx, HttpResponseStatus.FORBIDDEN, "cordon: " + r.violation().describe());
            return;
        }
        Dialer.Failed f = (Dialer.Failed) result;
        HttpResponseStatus status = switch (f.failure()) {
            case TIMEOUT -> HttpResponseStatus.GATEWAY_TIMEOUT;
            case UNRESOLVED, UNREACHABLE -> HttpResponseStatus.BAD_GATEWAY;
            case POLICY -> HttpResponseStatus.INTERNAL_SERVER_ERROR;
        };
        HttpReplies.fail(ctx, status, "cordon proxy: " + f.message());
    }

    private static int authorityEnd(String uri) {
        for (int i = HTTP.length(); i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                return i;
            }
        }
        return uri.length();
    }

    /** The path as it may be logged: a query string often carries tokens. */
    private static String withoutQuery(String path) {
        int cut = path.length();
        for (char c : new char[] {'?', '#'}) {
            int at = path.indexOf(c);
            if (at >= 0 && at < cut) {
                cut = at;
            }
        }
        return path.substring(0, cut);
    }
}
