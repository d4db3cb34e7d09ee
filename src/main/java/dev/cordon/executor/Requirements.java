package dev.cordon.executor;

import dev.cordon.profile.Profile;
import dev.cordon.spi.Capability;
import java.util.EnumSet;
import java.util.Set;

/** What isolation a profile demands of the executor that runs its commands. */
public final class Requirements {

    private Requirements() {
    }

    public static Set<Capability> of(Profile profile) {
        EnumSet<Capability> needed = EnumSet.noneOf(Capability.class);
        if (profile.mode() == Profile.Mode.OFF) {
            return needed;
        }
        needed.add(Capability.PROCESS_TREE);
        needed.add(Capability.WRITE_ISOLATION);
        boolean hides = !profile.deniedPaths().isEmpty() || !profile.filesystem().deny().isEmpty();
        if (hides || profile.mode() == Profile.Mode.STRICT) {
            needed.add(Capability.READ_ISOLATION);
        }
        Profile.Network network = profile.network();
        if (!network.enabled() || !network.allow().isEmpty()) {
            needed.add(Capability.NETWORK_ISOLATION);
        }
        if (network.enabled() && !network.allow().isEmpty()) {
            needed.add(Capability.NETWORK_ALLOW_LIST);
        }
        Profile.Resources r = profile.resources();
        if (r.maxProcesses() > 0 || r.memoryMb() > 0 || r.cpuSeconds() > 0 || r.fileSizeMb() > 0) {
            needed.add(Capability.RESOURCE_LIMITS);
        }
        return needed;
    }
}
