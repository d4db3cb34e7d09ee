package dev.cordon.egress;

import io.netty.channel.Channel;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a client connection that has not said what it wants in time. Armed when the connection
 * opens and again after each plain HTTP response; disarmed once a request head (or the SOCKS5
 * request) is complete.
 */
final class Deadline {

    private final Channel channel;
    private final Duration limit;
    private ScheduledFuture<?> pending;

    Deadline(Channel channel, Duration limit) {
        this.channel = channel;
        this.limit = limit;
    }

    /** Runs on the channel's event loop. */
    void arm() {
        disarm();
        pending = channel.eventLoop().schedule(() -> {
            channel.close();
        }, limit.toNanos(), TimeUnit.NANOSECONDS);
    }

    void disarm() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }
}
