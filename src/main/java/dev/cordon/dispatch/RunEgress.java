package dev.cordon.dispatch;

import dev.cordon.egress.EgressEnvironment;
import dev.cordon.egress.EgressProxy;
import dev.cordon.egress.EgressViolation;
import dev.cordon.egress.FixedResolver;
import dev.cordon.egress.PolicyEgress;
import dev.cordon.egress.ProxySettings;
import dev.cordon.egress.Resolver;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.executor.Selection;
import dev.cordon.profile.Profile;
import dev.cordon.profile.Resolution;
import dev.cordon.spi.Capability;
import dev.cordon.spi.ProxyEndpoint;
import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The egress proxy of one run, when the profile's network is an allow-list and the executor
 * fences the sandbox so that the proxy is its only way out. It starts on a thread of its own as
 * soon as the profile is known, so that loading the proxy's classes overlaps compiling the rules
 * and setting up the sandbox: the executor waits for it only when it hands the proxy its listener
 * (or asks for its socket). Its policy waits for those rules, which are ready long before the
 * command's first connection.
 */
final class RunEgress implements AutoCloseable {

    /**
     * Names the user's own environment may map to fixed addresses, a file in {@code /etc/hosts}
     * format asked before the system resolver: for tests and for machines whose registries are
     * mirrored. Read from cordon's environment only, like the other {@code CORDON_} settings, never
     * from a project; a mapped name still needs its own allow entry, and an internal address still
     * needs one naming that address.
     */
    static final String HOSTS = "CORDON_NETWORK_HOSTS";

    private static final RunEgress NONE = new RunEgress(null, null);

    private final CompletableFuture<EgressProxy> proxy;
    private final CompletableFuture<PolicyEngine> engine;

    private RunEgress(CompletableFuture<EgressProxy> proxy, CompletableFuture<PolicyEngine> engine) {
        this.proxy = proxy;
        this.engine = engine;
    }

    /**
     * Starts the proxy when the run needs one: the profile demands an allow-list and the executor
     * fences it. (An executor chosen by flag that cannot fence runs with the network open, as the
     * escalation it needed approved; there is no sandbox to hold a proxy's clients to.) Its rules
     * come later, through {@link #rules}.
     */
    static RunEgress start(Resolution resolution, Selection selection, Path cwd, Map<String, String> env) {
        Profile profile = resolution.profile();
        if (!selection.needed().contains(Capability.NETWORK_ALLOW_LIST) || !selection.provides(Capability.NETWORK_ALLOW_LIST)) {
            return NONE;
        }
        CompletableFuture<PolicyEngine> engine = new CompletableFuture<>();
        PolicyEgress policy = new PolicyEgress(engine::join, profile, ExecutorChoice.facts(selection),
                resolution.policyFiles(), cwd, env, resolution.workspace());
        CompletableFuture<EgressProxy> proxy = new CompletableFuture<>();
        Thread starter = new Thread(() -> {
            try {
                proxy.complete(EgressProxy.start(policy, resolver(env), ProxySettings.DEFAULT));
            } catch (IOException | RuntimeException | Error e) {
                proxy.completeExceptionally(e);
            }
        }, "cordon-egress-start");
        starter.setDaemon(true);
        starter.start();
        return new RunEgress(proxy, engine);
    }

    private static Resolver resolver(Map<String, String> env) throws IOException {
        String hosts = env.get(HOSTS);
        if (hosts == null || hosts.isBlank()) {
            return Resolver.SYSTEM;
        }
        try {
            return FixedResolver.read(Path.of(hosts), Resolver.SYSTEM);
        } catch (NoSuchFileException e) {
            throw new IOException("cannot read `" + hosts + "` (" + HOSTS + "): no such file", e);
        } catch (IOException e) {
            throw new IOException("cannot read `" + hosts + "` (" + HOSTS + "): " + e.getMessage(), e);
        }
    }

    /** The rules the proxy decides by: the run's own, once compiled. */
    void rules(PolicyEngine rules) {
        if (engine != null) {
            engine.complete(rules);
        }
    }

    boolean running() {
        return proxy != null;
    }

    /**
     * The proxy the executor must make the sandbox's only way out, or null when none runs. It may
     * still be starting: its listener and socket wait for it, and fail if it could not start.
     */
    ProxyEndpoint endpoint() {
        return proxy == null ? null : new Deferred();
    }

    /** The proxy as the executor sees it while it may still be starting. */
    private final class Deferred implements ProxyEndpoint {

        @Override
        public int port() {
            return EgressProxy.SANDBOX_PORT;
        }

        @Override
        public Path socket() throws IOException {
            return started().socket();
        }

        @Override
        public void serve(ServerSocketChannel listener) throws IOException {
            EgressProxy running;
            try {
                running = started();
            } catch (IOException e) {
                listener.close();
                throw e;
            }
            running.serve(listener);
        }
    }

    /** The command's environment with the proxy variables, when a proxy runs. */
    Map<String, String> environment(Map<String, String> env) {
        return proxy == null ? env : EgressEnvironment.of(EgressProxy.SANDBOX_PORT, env);
    }

    /** The connections refused so far. */
    List<EgressViolation> violations() {
        if (proxy == null || !proxy.isDone() || proxy.isCompletedExceptionally()) {
            return List.of();
        }
        return proxy.join().violations();
    }

    private EgressProxy started() throws IOException {
        try {
            return proxy.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            throw new IOException("the egress proxy could not start: " + cause.getMessage(), cause);
        }
    }

    /** Ends the proxy and every connection through it; the command has ended, or never ran. */
    @Override
    public void close() {
        if (proxy == null) {
            return;
        }
        engine.completeExceptionally(new IllegalStateException("the run is over"));
        try {
            proxy.join().close();
        } catch (CompletionException e) {
            // It never started: nothing to close.
        }
    }
}
