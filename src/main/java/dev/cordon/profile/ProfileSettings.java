package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import java.util.ArrayList;
import java.util.List;

/** A resolved profile as one line per setting, with where each was set, for {@code profile current}. */
public final class ProfileSettings {

    /**
     * One setting.
     *
     * @param key the YAML key path, e.g. {@code network.enabled}
     * @param value the value as text; lists in brackets
     * @param origin where it was last set
     */
    public record Line(String key, String value, Provenance origin) {
    }

    private ProfileSettings() {
    }

    public static List<Line> lines(Profile profile) {
        List<Line> out = new ArrayList<>();
        for (Key key : Key.values()) {
            out.add(new Line(key.path(), Tightening.Render.value(value(profile, key)), profile.origins().get(key.path())));
        }
        return out;
    }

    /** {@code (layer file:line:col)}, leaving out what is unknown. */
    public static String describe(Provenance origin) {
        return origin == null ? "(unknown)" : origin.describe();
    }

    private static Object value(Profile p, Key key) {
        return switch (key) {
            case MODE -> p.mode();
            case EXECUTOR -> p.executor();
            case FALLBACK -> p.fallback();
            case ENFORCE -> p.enforce();
            case READ_ONLY -> p.readOnly();
            case APPROVAL_WRITES -> p.approval().writes();
            case APPROVAL_EXECUTE -> p.approval().execute();
            case ALLOWED_PATHS -> p.allowedPaths();
            case DENIED_PATHS -> p.deniedPaths();
            case PATH_RULES -> p.pathRules();
            case COMMAND_RULES -> p.commandRules();
            case DENIED_COMMANDS -> p.deniedCommands();
            case FILESYSTEM_READ -> p.filesystem().read();
            case FILESYSTEM_WRITE -> p.filesystem().write();
            case FILESYSTEM_DENY -> p.filesystem().deny();
            case NETWORK_ENABLED -> p.network().enabled();
            case NETWORK_ALLOW -> p.network().allow();
            case NETWORK_DENY -> p.network().deny();
            case MAX_PROCESSES -> p.resources().maxProcesses();
            case MEMORY_MB -> p.resources().memoryMb();
            case CPU_SECONDS -> p.resources().cpuSeconds();
            case CPU_PERCENT -> p.resources().cpuPercent();
            case FILE_SIZE_MB -> p.resources().fileSizeMb();
            case TMP_MB -> p.resources().tmpMb();
            case TIMEOUT_SECONDS -> p.resources().timeoutSeconds();
            case OUTPUT_KB -> p.resources().outputKb();
            case ENVIRONMENT_PASS -> p.environment().pass();
            case ENVIRONMENT_SET -> new java.util.TreeMap<>(p.environment().set());
            case ON_VIOLATION -> p.onViolation();
            case AUDIT_ENABLED -> p.audit().enabled();
            case AUDIT_FILE -> p.audit().file();
            case AUDIT_LOG_ALLOWED -> p.audit().logAllowed();
            case AUDIT_LOG_DENIED -> p.audit().logDenied();
            case ESCALATION -> p.escalation();
            case HOOKS_ALLOW -> p.hooks().allow();
            case HOOKS_SANDBOX -> p.hooks().sandbox();
            case HOOKS_OTHER_TOOLS -> p.hooks().otherTools();
        };
    }
}
