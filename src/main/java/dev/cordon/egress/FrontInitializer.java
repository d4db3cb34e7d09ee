package dev.cordon.egress;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sets up each connection the sandbox opens to the proxy: past the connection cap it is closed
 * at once; otherwise it gets its handshake deadline and the protocol sniffer.
 */
final class FrontInitializer extends ChannelInitializer<Channel> {

    private final Dialer dialer;
    private final ChannelGroup channels;
    private final ProxySettings settings;
    private final AtomicInteger open = new AtomicInteger();

    FrontInitializer(Dialer dialer, ChannelGroup channels, ProxySettings settings) {
        this.dialer = dialer;
        this.channels = channels;
        this.settings = settings;
    }

    @Override
    protected void initChannel(Channel ch) {
        if (open.incrementAndGet() > settings.maxConnections()) {
            open.decrementAndGet();
            ch.close();
            return;
        }
        ch.closeFuture().addListener(f -> open.decrementAndGet());
        channels.add(ch);
        Deadline deadline = new Deadline(ch, settings.handshake());
        deadline.arm();
        ch.pipeline().addLast("sniff", new ProtocolSniffer(dialer, deadline, settings));
    }
}
