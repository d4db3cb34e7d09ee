package dev.cordon.egress;

import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.WriteBufferWaterMark;
import java.time.Duration;

/**
 * Limits of the egress proxy.
 *
 * @param handshake how long a client has to send a complete request head (HTTP) or finish the
 *     SOCKS5 greeting and request, counted from the connection or the previous response: a client
 *     that trickles bytes cannot hold a connection open
 * @param connect how long connecting to a destination may take
 * @param maxConnections open connections from the sandbox at once; more are closed at once
 * @param maxRequestLine longest HTTP request line, in bytes
 * @param maxHeaders largest HTTP header block, in bytes
 */
public record ProxySettings(Duration handshake, Duration connect, int maxConnections, int maxRequestLine,
        int maxHeaders) {

    /**
     * Reads of up to 1 MiB when data keeps coming: a download moves in few large reads and writes
     * instead of many 64 KiB ones (each read is an event-loop turn and two system calls).
     */
    static final RecvByteBufAllocator READS = new AdaptiveRecvByteBufAllocator(2048, 64 * 1024, 1024 * 1024);
    /** The largest piece of an HTTP body handled at once. */
    static final int MAX_PIECE = 1024 * 1024;
    /** A side stops reading while 1 MiB waits to be written to the other: bounded memory, few pauses. */
    static final WriteBufferWaterMark WRITES = new WriteBufferWaterMark(512 * 1024, 1024 * 1024);

    public static final ProxySettings DEFAULT = new ProxySettings(Duration.ofSeconds(10), Duration.ofSeconds(10), 1024,
            8192, 16384);

    /** The same limits with another handshake time. */
    public ProxySettings withHandshake(Duration value) {
        return new ProxySettings(value, connect, maxConnections, maxRequestLine, maxHeaders);
    }

    /** The same limits with another connection cap. */
    public ProxySettings withMaxConnections(int value) {
        return new ProxySettings(handshake, connect, value, maxRequestLine, maxHeaders);
    }
}
