package dev.cordon.egress;

import dev.cordon.net.IpLiteral;
import dev.cordon.request.Connection;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Opens a connection the sandbox asked for, in this order: the policy decides the host as named
 * (a refused name is never looked up, so a sandbox cannot leak data through DNS queries for
 * refused names); the name is resolved once; the policy decides each address; the proxy connects
 * to an address it allowed, never looking the name up again. Deciding and resolving block, so
 * they run on the lookup threads; connecting runs on the client's event loop, where the result is
 * delivered.
 */
final class Dialer {

    private final RememberedPolicy policy;
    private final RememberedResolver resolver;
    private final Executor lookups;
    private final EgressLog log;
    private final ChannelGroup channels;
    private final ProxySettings settings;
    private final Clock clock;

    Dialer(EgressPolicy policy, Resolver resolver, Executor lookups, EgressLog log, ChannelGroup channels,
            ProxySettings settings, Clock clock) {
        this.policy = new RememberedPolicy(policy);
        this.resolver = new RememberedResolver(resolver);
        this.lookups = lookups;
        this.log = log;
        this.channels = channels;
        this.settings = settings;
        this.clock = clock;
    }

    /** What became of a dial. */
    sealed interface Result permits Connected, Refused, Failed {
    }

    /** Connected; the upstream channel does not read until the caller joins it to the client. */
    record Connected(Channel upstream) implements Result {
    }

    /** The policy refused the connection. */
    record Refused(EgressViolation violation) implements Result {
    }

    /** The policy allowed it, but it could not be made. */
    record Failed(Failure failure, String message) implements Result {
    }

    /** Why an allowed connection could not be made. */
    enum Failure {
        /** The name has no address. */
        UNRESOLVED,
        /** No allowed address answered. */
        UNREACHABLE,
        /** Connecting took too long. */
        TIMEOUT,
        /** The policy itself failed: nothing is connected when the rules cannot decide. */
        POLICY
    }

    private record Plan(List<InetAddress> addresses) {
    }

    /**
     * Decides and connects; {@code done} runs on the client's event loop.
     *
     * @param upstream makes the handler of the new connection's pipeline (a codec, or nothing for a tunnel)
     * @param url for plain HTTP, the URL to log if it is refused (already without secrets)
     */
    void dial(Channel client, Connection target, EgressViolation.Via via, String url, Supplier<ChannelHandler> upstream,
            Consumer<Result> done) {
        Consumer<Result> onLoop = result -> client.eventLoop().execute(() -> {
            if (result instanceof Connected c && !client.isActive()) {
                c.upstream().close();
                return;
            }
            done.accept(result);
        });
        Runnable decide = () -> {
            Object planned;
            try {
                planned = plan(target, via, url);
            } catch (RuntimeException e) {
                planned = new Failed(Failure.POLICY, "the policy could not decide: " + e.getMessage());
            }
            if (planned instanceof Plan plan) {
                client.eventLoop().execute(() -> connect(client, plan.addresses(), 0, target.port(), upstream, onLoop));
            } else {
                onLoop.accept((Result) planned);
            }
        };
        if (answered(target)) {
            // Decided and resolved before: nothing can block, so no trip to the lookup threads.
            decide.run();
            return;
        }
        try {
            lookups.execute(decide);
        } catch (RejectedExecutionException e) {
            done.accept(new Failed(Failure.POLICY, "the proxy is shutting down"));
        }
    }

    /** Whether every answer this destination needs is remembered. */
    private boolean answered(Connection target) {
        if (!policy.knows(target)) {
            return false;
        }
        if (!policy.decide(target).proceeds() || IpLiteral.is(target.host())) {
            return true;
        }
        return resolver.known(target.host())
                .map(addresses -> addresses.stream()
                        .allMatch(a -> policy.knows(target.at(IpLiteral.text(a.getAddress())))))
                .orElse(false);
    }

    private Object plan(Connection target, EgressViolation.Via via, String url) {
        EgressDecision byName = policy.decide(target);
        if (!byName.proceeds()) {
            return refused(target, null, via, url, byName);
        }
        reportOnly(target, null, via, url, byName);
        byte[] literal = IpLiteral.parse(target.host());
        if (literal != null) {
            try {
                return new Plan(List.of(InetAddress.getByAddress(literal)));
            } catch (UnknownHostException e) {
                return new Failed(Failure.UNRESOLVED, "`" + target.host() + "` is not an address");
            }
        }
        List<InetAddress> resolved;
        try {
            resolved = resolver.resolve(target.host());
        } catch (UnknownHostException e) {
            return new Failed(Failure.UNRESOLVED, "`" + target.host() + "` has no address");
        }
        List<InetAddress> allowed = new ArrayList<>();
        Refused first = null;
        for (InetAddress address : resolved) {
            String text = IpLiteral.text(address.getAddress());
            EgressDecision byAddress = policy.decide(target.at(text));
            if (byAddress.proceeds()) {
                allowed.add(address);
                reportOnly(target, text, via, url, byAddress);
            } else if (first == null) {
                first = new Refused(violation(target, text, via, url, byAddress));
            }
        }
        if (allowed.isEmpty()) {
            if (first == null) {
                return new Failed(Failure.UNRESOLVED, "`" + target.host() + "` has no address");
            }
            log.add(first.violation());
            return first;
        }
        return new Plan(allowed);
    }

    private Refused refused(Connection target, String address, EgressViolation.Via via, String url,
            EgressDecision decision) {
        EgressViolation violation = violation(target, address, via, url, decision);
        log.add(violation);
        return new Refused(violation);
    }

    private void reportOnly(Connection target, String address, EgressViolation.Via via, String url,
            EgressDecision decision) {
        if (decision.outcome() == EgressDecision.Outcome.REPORTED) {
            log.add(violation(target, address, via, url, decision));
        }
    }

    private EgressViolation violation(Connection target, String address, EgressViolation.Via via, String url,
            EgressDecision decision) {
        return new EgressViolation(clock.instant(), target.host(), target.port(), address, via, url, decision);
    }

    private void connect(Channel client, List<InetAddress> addresses, int index, int port,
            Supplier<ChannelHandler> upstream, Consumer<Result> done) {
        if (!client.isActive()) {
            return;
        }
        ChannelFuture connecting = new Bootstrap()
                .group(client.eventLoop())
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connect().toMillis())
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.RCVBUF_ALLOCATOR, ProxySettings.READS)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, ProxySettings.WRITES)
                .handler(upstream.get())
                .connect(new InetSocketAddress(addresses.get(index), port));
        channels.add(connecting.channel());
        connecting.addListener(f -> {
            if (f.isSuccess()) {
                done.accept(new Connected(connecting.channel()));
            } else if (index + 1 < addresses.size()) {
                connect(client, addresses, index + 1, port, upstream, done);
            } else {
                Throwable cause = f.cause();
                done.accept(cause instanceof ConnectTimeoutException
                        ? new Failed(Failure.TIMEOUT, "connecting to port " + port + " timed out")
                        : new Failed(Failure.UNREACHABLE, "cannot connect: " + cause.getMessage()));
            }
        });
    }
}
