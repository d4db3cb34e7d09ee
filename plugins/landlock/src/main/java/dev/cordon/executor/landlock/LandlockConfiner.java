package dev.cordon.executor.landlock;

import dev.cordon.linux.Capabilities;
import dev.cordon.linux.KernelException;
import dev.cordon.linux.LandlockRuleset;
import dev.cordon.linux.MountNamespace;
import dev.cordon.linux.Prctl;
import dev.cordon.linux.Seccomp;
import dev.cordon.linux.ThreadSetup;
import java.util.Optional;

/**
 * Confines the dedicated spawning thread, so that only the child it starts inherits it: the
 * private mount namespace first (it needs CAP_SYS_ADMIN, and a Landlock-restricted thread may not
 * mount), then the Landlock rules are opened (after the mounts, so that a rule on {@code /tmp}
 * names the private one), no-new-privs, every capability dropped, the ruleset enforced, and the
 * seccomp filter installed last.
 */
final class LandlockConfiner implements ThreadSetup {

    private final LandlockPlan plan;
    private final byte[] seccompFilter;
    private final Optional<MountNamespace> mounts;

    LandlockConfiner(LandlockPlan plan, byte[] seccompFilter, Optional<MountNamespace> mounts) {
        this.plan = plan;
        this.seccompFilter = seccompFilter.clone();
        this.mounts = mounts;
    }

    @Override
    public void apply() throws KernelException {
        if (mounts.isPresent()) {
            mounts.get().apply();
        }
        try (LandlockRuleset ruleset = LandlockRuleset.create(plan.handledFs(), plan.handledNet(), plan.scopes())) {
            for (LandlockGrant grant : plan.grants()) {
                ruleset.allowPath(grant.path(), grant.rights(), grant.links());
            }
            Prctl.setNoNewPrivs();
            Capabilities.dropAllForThread();
            ruleset.restrictSelf();
        }
        Seccomp.install(seccompFilter);
    }
}
