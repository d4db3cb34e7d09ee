package dev.cordon.executor.bwrap;

import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what the sandbox refused from the evidence a run leaves: the error messages of the
 * command's standard error, the signal that ended it, and the cgroup's limit counters.
 */
final class BwrapViolations {

    /** More than this many refusals say nothing new and would bloat every result. */
    static final int MAX_VIOLATIONS = 20;

    private static final int SIGXCPU = 24;
    private static final int SIGXFSZ = 25;
    private static final int SIGSYS = 31;

    /** Quoted paths as coreutils, shells and interpreters print them. */
    private static final Pattern QUOTED = Pattern.compile("'([^']+)'|‘([^’]+)’|\"([^\"]+)\"|`([^`']+)'");

    /** Tools whose refusals are about privileged operations, not about one file. */
    private static final Pattern PRIVILEGED = Pattern.compile(
            "^(u?mount|unshare|nsenter|chroot|strace|gdb|ptrace|setpriv|capsh|keyctl|swapon|swapoff|reboot)\\b"
                    + "|ptrace\\(|PTRACE_");

    /** Messages about connections rather than files. */
    private static final Pattern NETWORK_WORDS = Pattern.compile(
            "(?i)\\b(connect|socket|network|tcp|udp|bind|sendto|getaddrinfo|resolve)\\b");

    private static final Pattern WRITE_WORDS = Pattern.compile(
            "\\b(cannot (create|touch|remove|move|open .* for writing|overwrite|make|link|unlink)|"
                    + "mkdir|rmdir|write|writing|rename|unlink|truncate|chmod|chown|install|cp|mv|tee|ln)\\b");

    private BwrapViolations() {
    }

    /**
     * The counters a cgroup kept for the run.
     *
     * @param processLimitHit whether a fork was refused because the pids limit was reached
     * @param memoryLimitHit whether the memory limit was reached (reclaim failed or OOM kill)
     */
    record LimitEvents(boolean processLimitHit, boolean memoryLimitHit) {
        static final LimitEvents NONE = new LimitEvents(false, false);
    }

    /**
     * What the reader knows about the run besides its output.
     *
     * @param network the run's network mode: connection errors are refusals only when it is not full
     * @param unseen whether a path an error names exists on the host but was not shown to the
     *     command, so that a "no such file" is the sandbox's doing rather than a typo
     */
    record Context(NetworkPolicy.Mode network, Predicate<String> unseen) {

        static Context of(NetworkPolicy.Mode network) {
            return new Context(network, path -> false);
        }
    }

    static List<Violation> read(String stderr, int signal, LimitEvents limits, Context context) {
        Set<Violation> violations = new LinkedHashSet<>();
        if (signal == SIGSYS) {
            violations.add(new Violation(Kind.SYSCALL, "killed by SIGSYS: a system call the seccomp filter refuses"));
        }
        if (signal == SIGXCPU) {
            violations.add(new Violation(Kind.CPU_LIMIT, "killed by SIGXCPU: the CPU time limit was reached"));
        }
        if (signal == SIGXFSZ) {
            violations.add(new Violation(Kind.FILE_SIZE_LIMIT, "killed by SIGXFSZ: the file size limit was reached"));
        }
        if (limits.processLimitHit()) {
            violations.add(new Violation(Kind.PROCESS_LIMIT, "a new process was refused: the process limit was reached"));
        }
        if (limits.memoryLimitHit()) {
            violations.add(new Violation(Kind.MEMORY_LIMIT, "the memory limit was reached"));
        }
        for (String line : stderr.split("\n")) {
            if (violations.size() >= MAX_VIOLATIONS) {
                break;
            }
            fromLine(line.strip(), context).ifPresent(violations::add);
        }
        List<Violation> list = new ArrayList<>(violations);
        return list.size() > MAX_VIOLATIONS ? list.subList(0, MAX_VIOLATIONS) : list;
    }

    private static Optional<Violation> fromLine(String line, Context context) {
        if (line.isEmpty() || line.length() > 4096) {
            return Optional.empty();
        }
        String lower = line.toLowerCase(Locale.ROOT);
        for (Refusal refusal : Refusal.values()) {
            int at = lower.indexOf(refusal.message);
            if (at >= 0) {
                return classify(refusal, line, at, context);
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> classify(Refusal refusal, String line, int at, Context context) {
        String errno = refusal.errno;
        boolean networkOff = context.network() != NetworkPolicy.Mode.FULL;
        return switch (refusal) {
            case READ_ONLY, BUSY -> Optional.of(file(Kind.FILE_WRITE, path(line, at), errno));
            case DENIED, NOT_PERMITTED -> {
                if (PRIVILEGED.matcher(line).find()) {
                    yield Optional.of(new Violation(Kind.SYSCALL, operation(line, at) + ": " + errno));
                }
                if (networkOff && NETWORK_WORDS.matcher(line).find()) {
                    yield Optional.of(network(line, errno));
                }
                if (isWrite(line, at)) {
                    yield Optional.of(file(Kind.FILE_WRITE, path(line, at), errno));
                }
                yield Optional.of(refusal == Refusal.DENIED
                        ? file(Kind.FILE_READ, path(line, at), errno)
                        : new Violation(Kind.SYSCALL, operation(line, at) + ": " + errno));
            }
            case MISSING, NONEXISTENT -> {
                // Outside its roots the host's files do not exist for the command: only a path the
                // host has makes "no such file" a refusal.
                String path = path(line, at);
                yield context.unseen().test(path)
                        ? Optional.of(file(isWrite(line, at) ? Kind.FILE_WRITE : Kind.FILE_READ, path, errno))
                        : Optional.empty();
            }
            case SUPERUSER, BAD_SYSCALL -> Optional.of(new Violation(Kind.SYSCALL, operation(line, at) + ": " + errno));
            case FILE_TOO_LARGE -> Optional.of(file(Kind.FILE_SIZE_LIMIT, path(line, at), errno));
            case REFUSED, UNREACHABLE, NO_ADDRESS, NO_FAMILY, NO_RESOLUTION -> networkOff
                    ? Optional.of(network(line, errno))
                    : Optional.empty();
        };
    }

    private static Violation file(Kind kind, String path, String errno) {
        return new Violation(kind, (kind == Kind.FILE_READ ? "read of " : "write to ") + path + ": " + errno);
    }

    private static Violation network(String line, String errno) {
        return new Violation(Kind.NETWORK, "network access refused (" + errno + "): " + line);
    }

    /** The refusal messages of libc's {@code strerror} and common tools, in the order they are tried. */
    private enum Refusal {
        READ_ONLY("Read-only file system", "EROFS"),
        BUSY("Device or resource busy", "EBUSY"),
        DENIED("Permission denied", "EACCES"),
        SUPERUSER("must be superuser", "EPERM"),
        NOT_PERMITTED("Operation not permitted", "EPERM"),
        BAD_SYSCALL("Bad system call", "SIGSYS"),
        FILE_TOO_LARGE("File too large", "EFBIG"),
        MISSING("No such file or directory", "ENOENT"),
        NONEXISTENT("Directory nonexistent", "ENOENT"),
        REFUSED("Connection refused", "ECONNREFUSED"),
        UNREACHABLE("Network is unreachable", "ENETUNREACH"),
        NO_ADDRESS("Cannot assign requested address", "EADDRNOTAVAIL"),
        NO_FAMILY("Address family not supported", "EAFNOSUPPORT"),
        NO_RESOLUTION("Temporary failure in name resolution", "EAI_AGAIN");

        final String message;
        final String errno;

        Refusal(String message, String errno) {
            this.message = message.toLowerCase(Locale.ROOT);
            this.errno = errno;
        }
    }

    /** The path a message names: the last quoted text, else the text before the error. */
    static String path(String line, int errorAt) {
        Matcher quoted = QUOTED.matcher(line);
        String last = null;
        while (quoted.find()) {
            for (int group = 1; group <= quoted.groupCount(); group++) {
                if (quoted.group(group) != null) {
                    last = quoted.group(group);
                }
            }
        }
        if (last != null) {
            return last;
        }
        String before = line.substring(0, errorAt).strip();
        if (before.endsWith(":")) {
            before = before.substring(0, before.length() - 1);
        }
        int colon = before.lastIndexOf(": ");
        String tail = colon >= 0 ? before.substring(colon + 2) : before;
        int space = tail.lastIndexOf(' ');
        String candidate = space >= 0 ? tail.substring(space + 1) : tail;
        return candidate.isEmpty() ? "an unknown path" : candidate;
    }

    private static String operation(String line, int errorAt) {
        String before = line.substring(0, errorAt).strip();
        if (before.endsWith(":")) {
            before = before.substring(0, before.length() - 1);
        }
        return before.isEmpty() ? "an operation" : before;
    }

    private static boolean isWrite(String line, int errorAt) {
        return WRITE_WORDS.matcher(line.substring(0, errorAt).toLowerCase(Locale.ROOT)).find();
    }
}
