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
    private static final Pattern PATH = Pattern.compile("(/[^\\s:'\"`,;()\u2018\u2019]+|[\\w.-]+(?:/[\\w.-]+)+)");
    private static final Pattern WRITING = Pattern.compile(
            "cannot create|can't create|cannot touch|cannot remove|cannot move|cannot open .* for writing|"
                    + "cannot overwrite|cannot make|mkdir|rmdir|unlink|rename|truncat|write|> ", Pattern.CASE_INSENSITIVE);
    private static final Pattern NETWORK = Pattern.compile(
            "/dev/tcp/|/dev/udp/|connect|socket|network|resolve|getaddrinfo|name resolution", Pattern.CASE_INSENSITIVE);
    private static final Pattern PRIVILEGED = Pattern.compile(
            "\\b(unshare|mount|umount|ptrace|setns|chroot|pivot_root|setuid|setgid|setgroups|keyctl|bpf|"
                    + "personality|swapon|swapoff|reboot|kexec|insmod|modprobe|io_uring|perf_event_open)\\b",
            Pattern.CASE_INSENSITIVE);

    private final LandlockPlan plan;
    private final Path cwd;
    private final Set<Violation> found = new LinkedHashSet<>();

    private LandlockEvidence(LandlockPlan plan, Path cwd) {
        this.plan = plan;
        this.cwd = cwd;
    }

    static List<Violation> read(RunOutcome outcome, LandlockPlan plan, Path cwd, Limits limits, CgroupEvents events) {
        LandlockEvidence evidence = new LandlockEvidence(plan, cwd);
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
        String errno;
        if (line.contains("Permission denied") || line.contains("EACCES")) {
            errno = "EACCES";
        } else if (line.contains("Operation not permitted") || line.contains("EPERM")) {
            errno = "EPERM";
        } else if (line.contains("Resource temporarily unavailable") && line.toLowerCase(Locale.ROOT).contains("fork")) {
            return; // the pids counter reports these
        } else {
            return;
        }
        String text = line.strip();
        if (plan.networkOff() && NETWORK.matcher(text).find()) {
            add(Violation.Kind.NETWORK, text + " (the network is off)");
            return;
        }
        Matcher privileged = PRIVILEGED.matcher(text);
        if (errno.equals("EPERM") && privileged.find()) {
            add(Violation.Kind.SYSCALL, privileged.group(1).toLowerCase(Locale.ROOT) + " refused: " + text);
            return;
        }
        boolean writing = WRITING.matcher(text).find();
        Optional<Path> path = lastPathBefore(text, errno.equals("EACCES") ? "Permission denied" : "Operation not permitted");
        if (path.isEmpty()) {
            return;
        }
        if (writing && !writable(path.get())) {
            add(Violation.Kind.FILE_WRITE, "write to " + path.get() + ": " + errno + " ("
                    + plan.reasonFor(path.get(), LandlockPlan.Access.WRITE) + ")");
        } else if (!writing && !readable(path.get())) {
            add(Violation.Kind.FILE_READ, "read of " + path.get() + ": " + errno + " ("
                    + plan.reasonFor(path.get(), LandlockPlan.Access.READ) + ")");
        }
    }

    /**
     * The path a refusal names: the last one before the error text, which skips a program's own
     * path in front ({@code /bin/sh: 1: cannot create /x/y: Permission denied}).
     */
    private Optional<Path> lastPathBefore(String text, String error) {
        int end = text.indexOf(error);
        Matcher paths = PATH.matcher(end < 0 ? text : text.substring(0, end));
        String last = null;
        while (paths.find()) {
            last = paths.group(1);
        }
        return last == null ? Optional.empty() : Optional.of(cwd.resolve(last).normalize());
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
