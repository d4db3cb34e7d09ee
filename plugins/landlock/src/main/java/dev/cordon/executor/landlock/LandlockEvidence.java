package dev.cordon.executor.landlock;

import dev.cordon.executor.support.ExitStatus;
import dev.cordon.executor.support.RunOutcome;
import dev.cordon.linux.CgroupEvents;
import dev.cordon.linux.Landlock;
import dev.cordon.spi.Limits;
import dev.cordon.spi.Violation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what a confined run left behind into violations: refusals named in stderr
 * ({@code Permission denied} / {@code Operation not permitted} next to a path the rules do not
 * grant, or next to a network or privileged call), the cgroup's limit counters, and the signals
 * of rlimits (SIGXCPU, SIGXFSZ) and of seccomp (SIGSYS).
 */
final class LandlockEvidence {

    private static final int MAX_VIOLATIONS = 20;
    /** An absolute path, a relative one with a slash, or any name a tool quoted ({@code 'x'}, {@code ‘x’}). */
    private static final Pattern PATH = Pattern.compile(
            "(/[^\\s:'\"`,;()\u2018\u2019]+|[\\w.-]+(?:/[\\w.-]+)+)|['`\u2018]([^'\u2019\\s]+)['\u2019]");
    private static final Pattern WRITING = Pattern.compile(
            "cannot create|can't create|cannot touch|cannot remove|cannot move|cannot open .* for writing|"
                    + "cannot overwrite|cannot make|mkdir|rmdir|unlink|rename|truncat|write|> |changing permissions|"
                    + "changing ownership|setting times|chmod|chown|setfattr|xattr", Pattern.CASE_INSENSITIVE);
    private static final Pattern NETWORK = Pattern.compile(
            "/dev/tcp/|/dev/udp/|connect|socket|network|resolve|getaddrinfo|name resolution", Pattern.CASE_INSENSITIVE);
    private static final Pattern PRIVILEGED = Pattern.compile(
            "\\b(unshare|mount|umount|ptrace|setns|chroot|pivot_root|setuid|setgid|setgroups|keyctl|bpf|"
                    + "personality|swapon|swapoff|reboot|kexec|insmod|modprobe|io_uring|perf_event_open)\\b",
            Pattern.CASE_INSENSITIVE);

    private final LandlockPlan plan;
    private final Path cwd;
    private final List<Path> privateTemp;
    private final Set<Violation> found = new LinkedHashSet<>();

    private LandlockEvidence(LandlockPlan plan, Path cwd, List<Path> privateTemp) {
        this.plan = plan;
        this.cwd = cwd;
        this.privateTemp = List.copyOf(privateTemp);
    }

    /**
     * @param privateTemp the folders the run had file systems of its own over (empty without a
     *     mount namespace)
     */
    static List<Violation> read(RunOutcome outcome, LandlockPlan plan, Path cwd, Limits limits, CgroupEvents events,
            List<Path> privateTemp) {
        LandlockEvidence evidence = new LandlockEvidence(plan, cwd, privateTemp);
        evidence.limits(outcome, limits, events);
        evidence.signals(outcome.status());
        for (String line : outcome.stderr().split("\n")) {
            evidence.line(line);
        }
        List<Violation> violations = new ArrayList<>(evidence.found);
        return violations.size() > MAX_VIOLATIONS ? violations.subList(0, MAX_VIOLATIONS) : violations;
    }

    private void limits(RunOutcome outcome, Limits limits, CgroupEvents events) {
        if (events.processLimitHits() > 0) {
            add(Violation.Kind.PROCESS_LIMIT, events.processLimitHits() + " forks refused at the limit of "
                    + limits.maxProcesses() + " processes");
        }
        if (events.oomKills() > 0) {
            add(Violation.Kind.MEMORY_LIMIT, events.oomKills() + " process(es) killed at the memory limit of "
                    + mebibytes(limits.memoryBytes()));
        } else if (events.memoryLimitHits() > 0 && limits.memoryBytes() > 0) {
            add(Violation.Kind.MEMORY_LIMIT, "memory use reached the limit of " + mebibytes(limits.memoryBytes()));
        }
        if (limits.memoryBytes() > 0 && outcome.stderr().contains("Out of memory")) {
            add(Violation.Kind.MEMORY_LIMIT, "allocation refused at the limit of " + mebibytes(limits.memoryBytes()));
        }
        if (limits.fileSizeBytes() > 0 && outcome.stderr().contains("File too large")) {
            add(Violation.Kind.FILE_SIZE_LIMIT, "a write past the file-size limit of " + limits.fileSizeBytes()
                    + " bytes was refused (EFBIG)");
        }
    }

    private void signals(ExitStatus status) {
        switch (status.signal()) {
            case ExitStatus.SIGXCPU -> add(Violation.Kind.CPU_LIMIT, "killed by SIGXCPU: the CPU time limit was reached");
            case ExitStatus.SIGXFSZ -> add(Violation.Kind.FILE_SIZE_LIMIT, "killed by SIGXFSZ: the file-size limit was reached");
            case ExitStatus.SIGSYS -> add(Violation.Kind.SYSCALL,
                    "killed by SIGSYS: a system call of a foreign architecture was refused");
            default -> {
            }
        }
    }

    private void line(String line) {
        Errno errno = Errno.of(line);
        if (errno == null) {
            return;
        }
        String text = line.strip();
        Optional<String> networkLimit = plan.networkLimit();
        if (networkLimit.isPresent() && NETWORK.matcher(text).find()) {
            add(Violation.Kind.NETWORK, text + " (" + networkLimit.get() + ")");
            return;
        }
        Matcher privileged = PRIVILEGED.matcher(text);
        if (errno == Errno.EPERM && privileged.find()) {
            add(Violation.Kind.SYSCALL, privileged.group(1).toLowerCase(Locale.ROOT) + " refused: " + text);
            return;
        }
        // A move or removal names the pinned directory first (`cannot move '.git' to 'x'`).
        Optional<Path> found = pathBefore(text, errno.text(), errno == Errno.EBUSY ? Which.FIRST : Which.LAST);
        if (found.isEmpty()) {
            return;
        }
        Path path = found.get();
        boolean writing = errno.alwaysWrite() || WRITING.matcher(text).find();
        if (errno == Errno.ENOENT || errno == Errno.NONEXISTENT) {
            if (shadowed(path)) {
                add(writing ? Violation.Kind.FILE_WRITE : Violation.Kind.FILE_READ, (writing ? "write to " : "read of ")
                        + path + ": ENOENT (outside the roots: the run's temp folders are its own)");
            }
        } else if (errno == Errno.EBUSY) {
            add(Violation.Kind.FILE_WRITE, "move or removal of " + path + ": EBUSY (a directory on the way to a "
                    + "protected path, pinned in place)");
        } else if (plan.isHidden(path)) {
            add(writing ? Violation.Kind.FILE_WRITE : Violation.Kind.FILE_READ,
                    (writing ? "write to " : "read of ") + path + ": " + errno + " (hidden path)");
        } else if (errno == Errno.EROFS || writing && !writable(path)) {
            add(Violation.Kind.FILE_WRITE, "write to " + path + ": " + errno + " ("
                    + plan.reasonFor(path, LandlockPlan.Access.WRITE) + ")");
        } else if (!writing && !readable(path)) {
            add(Violation.Kind.FILE_READ, "read of " + path + ": " + errno + " ("
                    + plan.reasonFor(path, LandlockPlan.Access.READ) + ")");
        }
    }

    /** The refusals a line can report, by the text tools print for them. */
    private enum Errno {
        EACCES("Permission denied", false),
        EPERM("Operation not permitted", false),
        /** A read-only mount of the thread's namespace: only changes get it. */
        EROFS("Read-only file system", true),
        /** A pinned directory: only moves and removals get it. */
        EBUSY("Device or resource busy", true),
        /** A refusal only for a host path the run's private temp folders cover. */
        ENOENT("No such file or directory", false),
        NONEXISTENT("Directory nonexistent", false);

        private final String text;
        private final boolean alwaysWrite;

        Errno(String text, boolean alwaysWrite) {
            this.text = text;
            this.alwaysWrite = alwaysWrite;
        }

        String text() {
            return text;
        }

        boolean alwaysWrite() {
            return alwaysWrite;
        }

        static Errno of(String line) {
            if (line.contains("Resource temporarily unavailable")) {
                return null; // fork refusals: the pids counter reports these
            }
            for (Errno errno : values()) {
                if (line.contains(errno.text) || line.contains(errno.name())) {
                    return errno;
                }
            }
            return null;
        }
    }

    /**
     * The path a refusal names: usually the last one before the error text, which skips a
     * program's own path in front ({@code /bin/sh: 1: cannot create /x/y: Permission denied}).
     */
    private Optional<Path> pathBefore(String text, String error, Which which) {
        int end = text.indexOf(error);
        Matcher paths = PATH.matcher(end < 0 ? text : text.substring(0, end));
        String chosen = null;
        while (paths.find() && (chosen == null || which == Which.LAST)) {
            chosen = paths.group(1) != null ? paths.group(1) : paths.group(2);
        }
        if (chosen == null && end > 0) {
            // `cat: .env: Permission denied`: the bare name between the last two colons.
            String before = text.substring(0, end).strip();
            before = before.endsWith(":") ? before.substring(0, before.length() - 1) : before;
            int colon = before.lastIndexOf(": ");
            String name = colon >= 0 ? before.substring(colon + 2) : "";
            chosen = !name.isEmpty() && name.indexOf(' ') < 0 ? name : null;
        }
        return chosen == null ? Optional.empty() : Optional.of(cwd.resolve(chosen).normalize());
    }

    /** Which of the paths before the error a refusal is about. */
    private enum Which {
        FIRST,
        LAST
    }

    /**
     * Whether the host has the path (or, for a file being created, its directory) under a folder
     * the run's own temp file system covered, and no root showed it there: then "no such file"
     * was the sandbox hiding it.
     */
    private boolean shadowed(Path path) {
        boolean covered = privateTemp.stream().anyMatch(temp -> path.startsWith(temp) && !path.equals(temp));
        if (!covered || plan.shownByRoot(path)) {
            return false;
        }
        Path parent = path.getParent();
        return Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                || parent != null && !privateTemp.contains(parent) && Files.isDirectory(parent);
    }

    private boolean readable(Path path) {
        long needed = Files.isDirectory(path) ? Landlock.READ_DIR : Landlock.READ_FILE;
        return (plan.rightsOf(path) & needed) != 0;
    }

    /** Whether the rules let a command change this path or create it in its directory. */
    private boolean writable(Path path) {
        boolean changeable = (plan.rightsOf(path) & Landlock.WRITE_FILE) != 0;
        if (Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return changeable;
        }
        Path parent = path.getParent();
        return changeable && parent != null && (plan.rightsOf(parent) & Landlock.MAKE_REG) != 0;
    }

    private void add(Violation.Kind kind, String detail) {
        found.add(new Violation(kind, detail));
    }

    private static String mebibytes(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }
}
