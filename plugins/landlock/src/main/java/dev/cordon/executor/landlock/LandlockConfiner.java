package dev.cordon.executor.landlock;

import dev.cordon.linux.Capabilities;
import dev.cordon.linux.KernelException;
import dev.cordon.linux.LandlockRuleset;
import dev.cordon.linux.Prctl;
import dev.cordon.linux.Seccomp;
import dev.cordon.linux.ThreadSetup;

/**
 * Confines the dedicated spawning thread, so that only the child it starts inherits it: the
 * Landlock rules are opened first (the thread can still see every path), then no-new-privs,
 * every capability dropped, the ruleset enforced, and the seccomp filter installed last.
 */
final class LandlockConfiner implements ThreadSetup {

    private final LandlockPlan plan;
    private final byte[] seccompFilter;

    LandlockConfiner(LandlockPlan plan, byte[] seccompFilter) {
        this.plan = plan;
        this.seccompFilter = seccompFilter.clone();
    }

    @Override
    public void apply() throws KernelException {
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
