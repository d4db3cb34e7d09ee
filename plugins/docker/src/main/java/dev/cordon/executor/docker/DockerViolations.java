package dev.cordon.executor.docker;

import dev.cordon.executor.support.ExitStatus;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Violation;
import dev.cordon.spi.Violation.Kind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what the container refused from the command's error output and its ending signal: a
 * read-only mount answers writes with {@code EROFS}, a hidden directory answers with {@code
 * EACCES}, a container without a network has no route, the pids limit makes {@code fork} fail,
 * and the CPU and file-size rlimits end a process with {@code SIGXCPU} and {@code SIGXFSZ}. A
 * memory limit kills with {@code SIGKILL}, which cannot be told from any other kill once the
 * container is gone, so it is not reported.
 */
final class DockerViolations {

    private static final Pattern PATH = Pattern.compile("(/[^:\\n']*)[:']");
    private static final int DETAIL_LIMIT = 200;

    private DockerViolations() {
    }

    static List<Violation> read(String stderr, ExitStatus status, Confinement confinement) {
        List<Violation> violations = new ArrayList<>();
        boolean networkOff = confinement.network().mode() != NetworkPolicy.Mode.FULL;
        for (String line : stderr.split("\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.contains("read-only file system")) {
                violations.add(new Violation(Kind.FILE_WRITE, detail(line)));
            } else if (lower.contains("permission denied") && inHidden(line, confinement)) {
                violations.add(new Violation(Kind.FILE_READ, detail(line)));
            } else if (networkOff && (lower.contains("network is unreachable") || lower.contains("could not resolve host")
                    || lower.contains("temporary failure in name resolution"))) {
                violations.add(new Violation(Kind.NETWORK, detail(line)));
            } else if (confinement.limits().maxProcesses() > 0 && lower.contains("fork") && lower.contains("resource temporarily unavailable")) {
                violations.add(new Violation(Kind.PROCESS_LIMIT, detail(line)));
            }
        }
        if (status.signal() == ExitStatus.SIGXCPU) {
            violations.add(new Violation(Kind.CPU_LIMIT, "killed by SIGXCPU after " + confinement.limits().cpuSeconds() + " s of cpu time"));
        } else if (status.signal() == ExitStatus.SIGXFSZ) {
            violations.add(new Violation(Kind.FILE_SIZE_LIMIT, "killed by SIGXFSZ: a file reached "
                    + confinement.limits().fileSizeBytes() + " bytes"));
        }
        return violations;
    }

    private static boolean inHidden(String line, Confinement confinement) {
        Matcher matcher = PATH.matcher(line);
        while (matcher.find()) {
            Path path = Path.of(matcher.group(1).strip()).normalize();
            if (confinement.hiddenPaths().stream().anyMatch(path::startsWith)) {
                return true;
            }
        }
        return false;
    }

    private static String detail(String line) {
        String text = line.strip();
        return text.length() > DETAIL_LIMIT ? text.substring(0, DETAIL_LIMIT) : text;
    }
}
