package dev.cordon.executor.docker;

import dev.cordon.executor.support.ExitStatus;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.nio.file.Path;
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
 * Reads what the container refused from the command's error output, its ending signal and what
 * docker reported. A read-only mount answers writes with {@code EROFS}. A host path the container
 * does not show (outside the roots, or masked) answers with "no such file" or "permission
 * denied" — a refusal only when the host has that path (or its directory), otherwise a plain
 * mistake. Without a network, connections fail; the process limit makes forks fail (and its
 * counter says so); the CPU and file-size rlimits end a process with {@code SIGXCPU} and {@code
 * SIGXFSZ}; the memory limit ends it with the kernel's OOM kill, which docker records.
 */
final class DockerViolations {

    static final int MAX_VIOLATIONS = 20;
    private static final int DETAIL_LIMIT = 200;

    /** Quoted paths as coreutils, shells and interpreters print them. */
    private static final Pattern QUOTED = Pattern.compile("'(/[^']*)'|‘(/[^’]*)’|\"(/[^\"]*)\"");
    private static final Pattern WRITE_WORDS = Pattern.compile(
            "(?i)\\b(cannot (create|touch|remove|move|overwrite|make|link)|mkdir|rmdir|write|writing|rename|unlink|truncate|tee|cp|mv|ln)\\b");
    private static final Pattern PRIVILEGED = Pattern.compile("^(u?mount|unshare|nsenter|chroot|strace|gdb|setpriv|capsh|swapon|swapoff)\\b");
    private static final List<String> NETWORK_REFUSALS = List.of("connection refused", "network is unreachable",
            "no route to host", "could not resolve", "temporary failure in name resolution", "name or service not known");
    private static final List<String> FORK_REFUSALS = List.of("cannot fork", "fork: retry", "fork failed",
            "resource temporarily unavailable");

    /**
     * What the reader knows besides the output.
     *
     * @param network the run's network mode: failed connections are refusals only when it is not full
     * @param limits the run's limits
     * @param unseen whether a path names something the host has but the container was not shown
     * @param processLimitHit whether the container's process counter recorded a refused fork
     * @param oomKilled whether docker recorded a kill by the memory limit
     * @param cwd the working directory, against which relative paths in messages resolve
     */
    record Evidence(NetworkPolicy.Mode network, dev.cordon.spi.Limits limits, Predicate<Path> unseen, boolean processLimitHit,
            boolean oomKilled, Path cwd) {
    }

    private DockerViolations() {
    }

    static List<Violation> read(String stderr, ExitStatus status, Evidence evidence) {
        Set<Violation> violations = new LinkedHashSet<>();
        if (status.signal() == ExitStatus.SIGXCPU) {
            violations.add(new Violation(Kind.CPU_LIMIT, "killed by SIGXCPU: the cpu time limit of "
                    + evidence.limits().cpuSeconds() + " s was reached"));
        }
        if (status.signal() == ExitStatus.SIGXFSZ) {
            violations.add(new Violation(Kind.FILE_SIZE_LIMIT, "killed by SIGXFSZ: the file size limit of "
                    + evidence.limits().fileSizeBytes() + " bytes was reached"));
        }
        if (status.signal() == ExitStatus.SIGSYS) {
            violations.add(new Violation(Kind.SYSCALL, "killed by SIGSYS: a refused system call"));
        }
        if (evidence.processLimitHit()) {
            violations.add(new Violation(Kind.PROCESS_LIMIT, "a new process was refused: the process limit of "
                    + evidence.limits().maxProcesses() + " was reached"));
        }
        if (evidence.oomKilled()) {
            violations.add(new Violation(Kind.MEMORY_LIMIT, "killed by the kernel at the memory limit of "
                    + evidence.limits().memoryBytes() + " bytes"));
        }
        for (String raw : stderr.split("\n")) {
            if (violations.size() >= MAX_VIOLATIONS) {
                break;
            }
            line(raw.strip(), evidence).ifPresent(violations::add);
        }
        return new ArrayList<>(violations);
    }

    private static Optional<Violation> line(String line, Evidence evidence) {
        String lower = line.toLowerCase(Locale.ROOT);
        if (lower.isEmpty() || lower.length() > 4096) {
            return Optional.empty();
        }
        if (lower.contains("read-only file system")) {
            return path(line, lower.indexOf("read-only file system"), evidence.cwd()).map(p -> file(Kind.FILE_WRITE, p, "EROFS"));
        }
        if (lower.contains("file too large")) {
            return Optional.of(new Violation(Kind.FILE_SIZE_LIMIT, detail(line)));
        }
        if (evidence.network() != NetworkPolicy.Mode.FULL && NETWORK_REFUSALS.stream().anyMatch(lower::contains)) {
            return Optional.of(new Violation(Kind.NETWORK, "network access refused: " + detail(line)));
        }
        if (evidence.limits().maxProcesses() > 0 && FORK_REFUSALS.stream().anyMatch(lower::contains) && lower.contains("fork")) {
            return Optional.of(new Violation(Kind.PROCESS_LIMIT, detail(line)));
        }
        if (lower.contains("operation not permitted") && PRIVILEGED.matcher(lower).find()) {
            return Optional.of(new Violation(Kind.SYSCALL, detail(line)));
        }
        for (String[] refusal : new String[][] {{"no such file or directory", "ENOENT"}, {"directory nonexistent", "ENOENT"},
                {"permission denied", "EACCES"}}) {
            int at = lower.indexOf(refusal[0]);
            if (at >= 0) {
                Optional<Path> path = path(line, at, evidence.cwd()).filter(evidence.unseen());
                boolean write = WRITE_WORDS.matcher(line.substring(0, at)).find();
                return path.map(p -> file(write ? Kind.FILE_WRITE : Kind.FILE_READ, p, refusal[1]));
            }
        }
        return Optional.empty();
    }

    /**
     * The path named before the message at {@code at}: in the part after the tool's own prefix
     * ({@code cat: }, {@code /bin/sh: 1: }), a quoted path, else one starting with {@code /}, else
     * the last word taken relative to the working directory.
     */
    static Optional<Path> path(String line, int at, Path cwd) {
        String before = line.substring(0, at);
        if (before.endsWith(": ")) {
            before = before.substring(0, before.length() - 2);
        }
        int prefix = before.lastIndexOf(": ");
        String segment = prefix >= 0 ? before.substring(prefix + 2) : before;
        Matcher quoted = QUOTED.matcher(segment);
        String found = null;
        while (quoted.find()) {
            for (int group = 1; group <= 3; group++) {
                if (quoted.group(group) != null) {
                    found = quoted.group(group);
                }
            }
        }
        if (found == null) {
            int slash = segment.startsWith("/") ? 0 : segment.indexOf(" /") + 1;
            found = slash > 0 || segment.startsWith("/") ? segment.substring(slash) : lastWord(segment);
        }
        if (found.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(cwd.resolve(found).normalize());
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static String lastWord(String segment) {
        String trimmed = segment.strip();
        return trimmed.substring(trimmed.lastIndexOf(' ') + 1);
    }

    private static Violation file(Kind kind, Path path, String errno) {
        return new Violation(kind, (kind == Kind.FILE_READ ? "read of " : "write to ") + path + ": " + errno);
    }

    private static String detail(String line) {
        return line.length() > DETAIL_LIMIT ? line.substring(0, DETAIL_LIMIT) : line;
    }
}
