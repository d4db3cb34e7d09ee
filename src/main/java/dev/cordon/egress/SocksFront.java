package dev.cordon.egress;

import dev.cordon.request.Connection;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.socksx.SocksMessage;
import io.netty.handler.codec.socksx.v5.DefaultSocks5CommandResponse;
import io.netty.handler.codec.socksx.v5.DefaultSocks5InitialResponse;
import io.netty.handler.codec.socksx.v5.Socks5AddressType;
import io.netty.handler.codec.socksx.v5.Socks5AuthMethod;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequest;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5CommandStatus;
import io.netty.handler.codec.socksx.v5.Socks5CommandType;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequest;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5ServerEncoder;

/**
 * The SOCKS5 side of the proxy (RFC 1928), one client connection: no authentication, and only
 * the {@code CONNECT} command, to a name (resolved here, as {@code socks5h://} asks) or an
 * address. Anything else is answered with the protocol's own error and the connection closed.
 */
final class SocksFront extends SimpleChannelInboundHandler<SocksMessage> {

    static final String DECODER = "socks-decoder";
    static final String ENCODER = "socks-encoder";

    private final Dialer dialer;
    private final Deadline deadline;

    SocksFront(Dialer dialer, Deadline deadline) {
        this.dialer = dialer;
        this.deadline = deadline;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, SocksMessage msg) {
        if (msg.decoderResult().isFailure()) {
            ctx.close();
            return;
        }
        if (msg instanceof Socks5InitialRequest greeting) {
            if (!greeting.authMethods().contains(Socks5AuthMethod.NO_AUTH)) {
                ctx.writeAndFlush(new DefaultSocks5InitialResponse(Socks5AuthMethod.UNACCEPTED))
                        .addListener(ChannelFutureListener.CLOSE);
                return;
            }
            // The answer first: a client that sent its request along with the greeting gets the
            // replies in order, since the new decoder reads that request at once.
            ctx.writeAndFlush(new DefaultSocks5InitialResponse(Socks5AuthMethod.NO_AUTH));
            ctx.pipeline().replace(Socks5InitialRequestDecoder.class, DECODER, new Socks5CommandRequestDecoder());
        } else if (msg instanceof Socks5CommandRequest request) {
            deadline.disarm();
            command(ctx, request);
        } else {
            ctx.close();
        }
    }

    private void command(ChannelHandlerContext ctx, Socks5CommandRequest request) {
        if (!request.type().equals(Socks5CommandType.CONNECT)) {
            reply(ctx, Socks5CommandStatus.COMMAND_UNSUPPORTED).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        String host = request.dstAddr();
        if (!Connection.validHost(host) || request.dstPort() < 1) {
            reply(ctx, Socks5CommandStatus.FAILURE).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.channel().config().setAutoRead(false);
        dialer.dial(ctx.channel(), Connection.to(host, request.dstPort()), EgressViolation.Via.SOCKS5, null,
                ChannelInboundHandlerAdapter::new, result -> {
                    if (result instanceof Dialer.Connected c) {
                        established(ctx, c.upstream());
                    } else {
                        reply(ctx, status(result)).addListener(ChannelFutureListener.CLOSE);
                    }
                });
    }

    private void established(ChannelHandlerContext ctx, Channel up) {
        reply(ctx, Socks5CommandStatus.SUCCESS).addListener(f -> {
            if (!f.isSuccess()) {
                up.close();
                return;
            }
            Channel client = ctx.channel();
            client.pipeline().remove(DECODER);
            client.pipeline().remove(ENCODER);
            client.pipeline().remove(this);
            up.closeFuture().addListener(closed -> Relay.closeAfterFlush(client));
            Relay.join(client, up);
        });
    }

    private static io.netty.channel.ChannelFuture reply(ChannelHandlerContext ctx, Socks5CommandStatus status) {
        return ctx.writeAndFlush(new DefaultSocks5CommandResponse(status, Socks5AddressType.IPv4, "0.0.0.0", 0));
    }

    /** 0x02 "connection not allowed by ruleset" for a refusal; the nearest code for a failure. */
    private static Socks5CommandStatus status(Dialer.Result result) {
        if (result instanceof Dialer.Refused) {
            return Socks5CommandStatus.FORBIDDEN;
        }
        return switch (((Dialer.Failed) result).failure()) {
            case UNRESOLVED, TIMEOUT -> Socks5CommandStatus.HOST_UNREACHABLE;
            case UNREACHABLE -> Socks5CommandStatus.CONNECTION_REFUSED;
            case POLICY -> Socks5CommandStatus.FAILURE;
        };
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        deadline.disarm();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    /** The handlers a SOCKS5 connection starts with, after the sniffer. */
    static void install(ChannelHandlerContext sniffer, Dialer dialer, Deadline deadline) {
        sniffer.pipeline()
                .addAfter(sniffer.name(), ENCODER, Socks5ServerEncoder.DEFAULT)
                .addAfter(ENCODER, DECODER, new Socks5InitialRequestDecoder())
                .addAfter(DECODER, "socks", new SocksFront(dialer, deadline));
    }
}
