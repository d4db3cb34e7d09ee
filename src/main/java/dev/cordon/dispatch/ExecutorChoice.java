package dev.cordon.dispatch;

import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.executor.Selection;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Profile;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;

/** Which executor a profile's commands would run under, and what the rules may know of it. */
public final class ExecutorChoice {

    /** Mode {@code off} confines nothing, whatever the profile's executor says. */
    static final String UNCONFINED = "local";

    private ExecutorChoice() {
    }

    public static Selection select(ExecutorRegistry registry, Profile profile, String flagExecutor,
            Confinement confinement) {
        if (profile.mode() == Profile.Mode.OFF) {
            return registry.select(UNCONFINED, profile, confinement);
        }
        return registry.select(flagExecutor != null ? flagExecutor : profile.executor(), profile, confinement);
    }

    public static ExecutorFacts facts(Selection selection) {
        if (!selection.found()) {
            return ExecutorFacts.none(selection.requested());
        }
        return new ExecutorFacts(selection.executor().id(),
                selection.provides(Capability.WRITE_ISOLATION),
                selection.provides(Capability.READ_ISOLATION),
                selection.provides(Capability.NETWORK_ISOLATION));
    }
}
