package dev.cordon.egress;

import dev.cordon.spi.ProxyEndpoint;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerDomainSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.Slf4JLoggerFactory;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The egress proxy of one run: an HTTP forward proxy and a SOCKS5 server on the same port, which
 * decide every connection by the policy and connect only to addresses the policy allowed. One
 * event-loop thread carries all connections; deciding and resolving run on up to
 * {@link #LOOKUP_THREADS} threads of their own. Closing it closes every listener and every
 * connection and ends its threads.
 */
public final class EgressProxy implements ProxyEndpoint, AutoCloseable {

    /** Where commands find the proxy: {@code 127.0.0.1:3128} inside the sandbox's own network namespace. */
    public static final int SANDBOX_PORT = 3128;
    static final int LOOKUP_THREADS = 4;

    static {
        // Channel ids need a machine id, which Netty finds by reading every network interface: slow,
        // and there are none inside the sandbox's namespace. The ids only name channels in logs.
        if (System.getProperty("io.netty.machineId") == null) {
            System.setProperty("io.netty.machineId", "02:00:00:00:00:01");
        }
        if (System.getProperty("io.netty.processId") == null) {
            System.setProperty("io.netty.processId", Long.toString(ProcessHandle.current().pid()));
        }
        // Like Drools, Netty logs through SLF4J, which has no provider here: nothing reaches the
        // command's terminal. Netty would otherwise fall back to java.util.logging on stderr.
        InternalLoggerFactory.setDefaultFactory(Slf4JLoggerFactory.INSTANCE);
    }

    private final ProxyThreads threads = new ProxyThreads("cordon-egress");
    private final EventLoopGroup group;
    private final ChannelGroup channels;
    private final ThreadPoolExecutor lookups;
    private final EgressLog log;
    private final FrontInitializer front;
    private Path directory;
    private Path socket;
    private boolean closed;

    private EgressProxy(EgressPolicy policy, Resolver resolver, ProxySettings settings) {
        group = new MultiThreadIoEventLoopGroup(1, threads, NioIoHandler.newFactory());
        channels = new DefaultChannelGroup("cordon-egress", group.next());
        lookups = new ThreadPoolExecutor(LOOKUP_THREADS, LOOKUP_THREADS, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                threads);
        lookups.allowCoreThreadTimeOut(true);
        log = new EgressLog();
        Dialer dialer = new Dialer(policy, resolver, lookups, log, channels, settings, Clock.systemUTC());
        front = new FrontInitializer(dialer, channels, settings);
        // The event loop's thread starts with its first task. Started here, it lives in cordon's own
        // namespaces; started by an executor's spawning thread (serve()), it would live in the
        // sandbox's network namespace and reach nothing.
        group.next().submit(() -> { }).syncUninterruptibly();
    }

    /** A proxy with no listener yet: executors add theirs through {@link #socket()} or {@link #serve}. */
    public static EgressProxy start(EgressPolicy policy, Resolver resolver, ProxySettings settings) {
        return new EgressProxy(policy, resolver, settings);
    }

    @Override
    public int port() {
        return SANDBOX_PORT;
    }

    @Override
    public synchronized Path socket() throws IOException {
        if (closed) {
            throw new IOException("the egress proxy is closed");
        }
        if (socket == null) {
            directory = Files.createTempDirectory("cordon-egress-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path path = directory.resolve("proxy.sock");
            ChannelFuture bound = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerDomainSocketChannel.class)
                    .childOption(ChannelOption.RCVBUF_ALLOCATOR, ProxySettings.READS)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, ProxySettings.WRITES)
                    .childHandler(front)
                    .bind(UnixDomainSocketAddress.of(path))
                    .awaitUninterruptibly();
            if (!bound.isSuccess()) {
                throw new IOException("cannot listen on `" + path + "`: " + bound.cause().getMessage(), bound.cause());
            }
            channels.add(bound.channel());
            socket = path;
        }
        return socket;
    }

    /**
     * Takes the listener without waiting for the event loop: it is bound already, so connections
     * wait in its backlog until the loop serves them, and the command need not wait to start. If
     * the loop cannot take it, it is closed, and connecting to it fails.
     */
    @Override
    public void serve(ServerSocketChannel listener) throws IOException {
        synchronized (this) {
            if (closed) {
                listener.close();
                throw new IOException("the egress proxy is closed");
            }
            ChannelFuture registered = new ServerBootstrap()
                    .group(group)
                    .channelFactory(() -> new NioServerSocketChannel(listener))
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.RCVBUF_ALLOCATOR, ProxySettings.READS)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, ProxySettings.WRITES)
                    .childHandler(front)
                    .register();
            // In the group before close() can run, so that closing the proxy closes it too.
            channels.add(registered.channel());
            registered.addListener(f -> {
                if (!f.isSuccess()) {
                    registered.channel().close();
                    listener.close();
                }
            });
        }
    }

    /** The connections refused so far, oldest first (at most {@link EgressLog#LIMIT}). */
    public List<EgressViolation> violations() {
        return log.violations();
    }

    /** Refusals past the kept ones. */
    public long droppedViolations() {
        return log.dropped();
    }

    /** Closes every listener and connection, then ends the proxy's threads and removes its socket. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        channels.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
        lookups.shutdownNow();
        threads.awaitEnd(Duration.ofSeconds(2));
        try {
            if (socket != null) {
                Files.deleteIfExists(socket);
            }
            if (directory != null) {
                Files.deleteIfExists(directory);
            }
        } catch (IOException e) {
            // A socket file left in a private temp folder holds nothing; the next boot clears it.
        }
    }
}
