package dev.cordon.executor.landlock;

import dev.cordon.linux.Capabilities;
import dev.cordon.linux.KernelException;
import dev.cordon.linux.Landlock;
import dev.cordon.linux.LandlockRuleset;
import dev.cordon.linux.MountNamespace;
import dev.cordon.linux.Prctl;
import dev.cordon.linux.Seccomp;
import dev.cordon.linux.ThreadSetup;
import java.util.Optional;

/**
 * Confines the dedicated spawning thread, so that only the child it starts inherits it: for a
 * network allow-list the network namespace with the egress proxy's listener first, then the
 * private mount namespace (it needs CAP_SYS_ADMIN, and a Landlock-restricted thread may not
 * mount), then the Landlock rules are opened (after the mounts, so that a rule on {@code /tmp}
 * names the private one), no-new-privs, every capability dropped, the ruleset enforced, and the
 * seccomp filter installed last.
 */
final class LandlockConfiner implements ThreadSetup {

    private final LandlockPlan plan;
    private final byte[] seccompFilter;
    private final Optional<MountNamespace> mounts;
    private final Optional<LandlockNetworkFence> fence;

    LandlockConfiner(LandlockPlan plan, byte[] seccompFilter, Optional<MountNamespace> mounts,
            Optional<LandlockNetworkFence> fence) {
        this.plan = plan;
        this.seccompFilter = seccompFilter.clone();
        this.mounts = mounts;
        this.fence = fence;
    }

    @Override
    public void apply() throws KernelException {
        // The network namespace first: the proxy's listener is opened in it before any mount or rule.
        if (fence.isPresent()) {
            fence.get().apply();
        }
        if (mounts.isPresent()) {
            mounts.get().apply();
        }
        try (LandlockRuleset ruleset = LandlockRuleset.create(plan.handledFs(), plan.handledNet(), plan.scopes())) {
            for (LandlockGrant grant : plan.grants()) {
                ruleset.allowPath(grant.path(), grant.rights(), grant.links());
            }
            if (plan.connectPort() > 0) {
                ruleset.allowPort(plan.connectPort(), Landlock.CONNECT_TCP);
            }
            Prctl.setNoNewPrivs();
            Capabilities.dropAllForThread();
            ruleset.restrictSelf();
        }
        Seccomp.install(seccompFilter);
    }
}
