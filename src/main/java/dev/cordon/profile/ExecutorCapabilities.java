package dev.cordon.profile;

import dev.cordon.spi.Capability;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * What the installed executors isolate, as their plugins declare it: whether one executor is
 * weaker than another is decided on these capabilities, never on the executors' names.
 */
@FunctionalInterface
public interface ExecutorCapabilities {

    /** Knows no executor, so it takes no executor for as strong as another. */
    ExecutorCapabilities NONE = Map::of;

    /** Each installed executor's id and the capabilities it declares. */
    Map<String, Set<Capability>> declared();

    /**
     * Whether running under {@code wanted} isolates at least what {@code now} does: it declares
     * every capability {@code now} declares. {@code auto} picks among the installed executors, so
     * it counts as having what any of them has; {@code none}, no fallback at all, is the
     * strongest fallback. An executor that is not installed is not taken for stronger or weaker
     * than anything but itself.
     */
    default boolean notWeaker(String wanted, String now) {
        if (wanted.equals(now)) {
            return true;
        }
        Map<String, Set<Capability>> installed = declared();
        Set<Capability> offered = strength(wanted, installed);
        Set<Capability> kept = strength(now, installed);
        return offered != null && kept != null && offered.containsAll(kept);
    }

    private static Set<Capability> strength(String id, Map<String, Set<Capability>> installed) {
        if (id.equals("none")) {
            return EnumSet.allOf(Capability.class);
        }
        if (id.equals("auto")) {
            Set<Capability> any = EnumSet.noneOf(Capability.class);
            installed.values().forEach(any::addAll);
            return any;
        }
        return installed.get(id);
    }
}
