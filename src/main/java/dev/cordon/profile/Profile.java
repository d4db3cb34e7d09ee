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
 * @param enforce whether a run may go ahead when the kernel under the chosen executor does not
 *     keep every promise of the confinement (the gaps are then listed with the result)
 * @param hooks how {@code cordon hook} answers an agent
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
        Enforce enforce,
        Hooks hooks,
        Origins origins) {

    public Profile {
        allowedPaths = List.copyOf(allowedPaths);
        deniedPaths = List.copyOf(deniedPaths);
        pathRules = List.copyOf(pathRules);
        commandRules = List.copyOf(commandRules);
        deniedCommands = List.copyOf(deniedCommands);
    }

    /** A profile with the built-in hook answers (for profiles built in code). */
    public Profile(String name, Mode mode, String executor, String fallback, boolean readOnly, Approval approval,
            List<String> allowedPaths, List<String> deniedPaths, List<PathRule> pathRules,
            List<CommandRule> commandRules, List<String> deniedCommands, Filesystem filesystem, Network network,
            Resources resources, Environment environment, OnViolation onViolation, Audit audit,
            Escalation escalation, Enforce enforce, Origins origins) {
        this(name, mode, executor, fallback, readOnly, approval, allowedPaths, deniedPaths, pathRules, commandRules,
                deniedCommands, filesystem, network, resources, environment, onViolation, audit, escalation, enforce,
                Hooks.BUILTIN, origins);
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

    /** Whether what the kernel cannot keep may be left to the policy layer. */
    public enum Enforce {
        /** Every promise of the confinement is kept by the kernel, or the command does not run. */
        STRICT,
        /** The command runs with the gaps the executor names, listed in the result. */
        BEST_EFFORT
    }

    /**
     * How {@code cordon hook} answers an agent.
     *
     * @param allow what an ALLOW answers: nothing (the agent's own permission flow still runs) or
     *     {@code allow} (the agent skips its own prompt)
     * @param sandbox what a SANDBOX answers where the agent cannot have the command rewritten to
     *     run under {@code cordon run}
     * @param otherTools the decision for a tool the adapter does not know
     */
    public record Hooks(AllowAnswer allow, SandboxAnswer sandbox, ToolAnswer otherTools) {
        public static final Hooks BUILTIN = new Hooks(AllowAnswer.SILENT, SandboxAnswer.ASK, ToolAnswer.ASK);
    }

    public enum AllowAnswer {
        SILENT,
        ALLOW
    }

    public enum SandboxAnswer {
        ASK,
        DENY
    }

    public enum ToolAnswer {
        ALLOW,
        ASK,
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

    /**
     * Resource limits; 0 means no limit.
     *
     * @param cpuPercent share of the machine's CPU time (all CPUs together) the whole tree may use
     * @param tmpMb size of the run's private temp
     */
    public record Resources(
            int maxProcesses, int memoryMb, int cpuSeconds, int fileSizeMb, int timeoutSeconds, int outputKb,
            int cpuPercent, int tmpMb) {
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
