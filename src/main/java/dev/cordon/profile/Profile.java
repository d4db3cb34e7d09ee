package dev.cordon.profile;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A fully resolved profile: {@code extends:} applied, layers merged, variables expanded,
 * paths normalised. The field names follow the YAML keys (snake_case there).
 *
 * @param name the profile's name
 * @param mode how hard enforcement is
 * @param executor {@code auto} or an executor id
 * @param fallback an executor id that may be used when the chosen one is unavailable or lacks
 *     a capability, or {@code none}; using it is always logged
 * @param readOnly every write and execute is denied
 * @param approval which tool calls need a human
 * @param allowedPaths when non-empty, file accesses outside these globs are denied
 * @param deniedPaths globs never to be read or written: built-in defaults plus additions
 * @param pathRules explicit path rules, first match wins
 * @param commandRules explicit command rules, first match wins
 * @param deniedCommands substring or glob patterns added to the built-in denied commands
 * @param filesystem roots for the OS layer
 * @param network network access
 * @param resources resource limits
 * @param environment environment passed to commands
 * @param onViolation what a violation does
 * @param audit audit log settings
 * @param escalation whether requests for weaker isolation may be asked for at all
 * @param origins where each setting was last set and where each entry of its lists was written
 */
public record Profile(
        String name,
        Mode mode,
        String executor,
        String fallback,
        boolean readOnly,
        Approval approval,
        List<String> allowedPaths,
        List<String> deniedPaths,
        List<PathRule> pathRules,
        List<CommandRule> commandRules,
        List<String> deniedCommands,
        Filesystem filesystem,
        Network network,
        Resources resources,
        Environment environment,
        OnViolation onViolation,
        Audit audit,
        Escalation escalation,
        Origins origins) {

    public Profile {
        allowedPaths = List.copyOf(allowedPaths);
        deniedPaths = List.copyOf(deniedPaths);
        pathRules = List.copyOf(pathRules);
        commandRules = List.copyOf(commandRules);
        deniedCommands = List.copyOf(deniedCommands);
    }

    /**
     * The id a decision gives one entry of a list setting, {@code network.allow[host:443]}; where
     * the entry is written is {@code origins().entry(path, entry)}.
     */
    public static String itemKey(String path, String entry) {
        return path + "[" + entry + "]";
    }

    public enum Mode {
        OFF,
        PERMISSIVE,
        STANDARD,
        STRICT
    }

    public enum OnViolation {
        BLOCK,
        WARN,
        LOG
    }

    public enum Escalation {
        /** A request for weaker isolation is asked for, separately from the command. */
        ASK,
        /** Requests for weaker isolation are refused outright. */
        DENY
    }

    /** Which tool calls need a human before they run. */
    public record Approval(boolean writes, boolean execute) {
    }

    /**
     * An explicit path rule.
     *
     * @param id stable rule id shown in decisions
     * @param pattern glob over normalised paths
     * @param action the decision when it matches
     * @param tools tools the rule applies to; empty for all
     * @param reason message for the agent
     * @param source where the rule is written
     */
    public record PathRule(String id, String pattern, Decision action, List<String> tools, String reason,
            Provenance source) {
        public PathRule {
            tools = List.copyOf(tools);
            Objects.requireNonNull(source, "source");
        }
    }

    /**
     * An explicit command rule. Exactly one way of matching is set: {@code program} (with
     * optional {@code args} that must all be present, as normalised flags or operands), a
     * {@code prefix} of the command line's words, a {@code substring}, a {@code glob} or a
     * {@code regex} over the whole command line. {@code source} is where the rule is written.
     */
    public record CommandRule(
            String id,
            String program,
            List<String> args,
            List<String> prefix,
            String substring,
            String glob,
            String regex,
            Decision action,
            String reason,
            Provenance source) {
        public CommandRule {
            args = List.copyOf(args);
            prefix = List.copyOf(prefix);
            Objects.requireNonNull(source, "source");
        }
    }

    /**
     * Roots for the OS layer.
     *
     * @param read readable roots
     * @param write writable roots
     * @param deny paths hidden from the command even inside a root
     */
    public record Filesystem(List<String> read, List<String> write, List<String> deny) {
        public Filesystem {
            read = List.copyOf(read);
            write = List.copyOf(write);
            deny = List.copyOf(deny);
        }
    }

    /**
     * Network access: off, an allow-list of {@code host:port}, or on.
     *
     * @param enabled whether any network is allowed
     * @param allow when non-empty, only these {@code host:port} entries
     * @param deny always refused, e.g. cloud metadata endpoints
     */
    public record Network(boolean enabled, List<String> allow, List<String> deny) {
        public Network {
            allow = List.copyOf(allow);
            deny = List.copyOf(deny);
        }
    }

    /** Resource limits; 0 means no limit. */
    public record Resources(
            int maxProcesses, int memoryMb, int cpuSeconds, int fileSizeMb, int timeoutSeconds, int outputKb) {
    }

    /**
     * The environment given to commands.
     *
     * @param pass names passed through from cordon's environment (a trailing {@code *} matches
     *     a prefix)
     * @param set names set to fixed values
     */
    public record Environment(List<String> pass, Map<String, String> set) {
        public Environment {
            pass = List.copyOf(pass);
            set = Map.copyOf(set);
        }
    }

    /** Audit log settings. */
    public record Audit(boolean enabled, String file, boolean logAllowed, boolean logDenied) {
    }
}
