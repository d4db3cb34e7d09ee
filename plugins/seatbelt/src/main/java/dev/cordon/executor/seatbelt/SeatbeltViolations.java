package dev.cordon.executor.seatbelt;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.Violation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what the profile refused from the command's error output. Seatbelt refuses with
 * {@code EPERM} ("Operation not permitted") and logs the details to the system log, not to the
 * command, so this is evidence, not proof: a refused path that the profile lets the command read
 * must have been a write; any other refused path is reported as a refused read (it may have been
 * a write too); a refusal that mentions connecting is a refused connection when the network was
 * not fully open.
 */
final class SeatbeltViolations {

    static final String EPERM = "Operation not permitted";
    private static final Pattern PATH = Pattern.compile("(/[^:\\n]*): " + EPERM);
    private static final int DETAIL_LIMIT = 200;

    private SeatbeltViolations() {
    }

    static List<Violation> read(String stderr, Confinement confinement) {
        List<Violation> violations = new ArrayList<>();
        for (String line : stderr.split("\n")) {
            if (!line.contains(EPERM)) {
                continue;
            }
            Matcher matcher = PATH.matcher(line);
            String detail = line.strip();
            detail = detail.length() > DETAIL_LIMIT ? detail.substring(0, DETAIL_LIMIT) : detail;
            if (matcher.find()) {
                Path path = Path.of(matcher.group(1).strip()).normalize();
                Violation.Kind kind = readable(path, confinement) ? Violation.Kind.FILE_WRITE : Violation.Kind.FILE_READ;
                violations.add(new Violation(kind, detail));
            } else if (line.toLowerCase(Locale.ROOT).contains("connect")
                    && confinement.network().mode() != NetworkPolicy.Mode.FULL) {
                violations.add(new Violation(Violation.Kind.NETWORK, detail));
            }
        }
        return violations;
    }

    private static boolean readable(Path path, Confinement confinement) {
        if (confinement.hiddenPaths().stream().anyMatch(path::startsWith)) {
            return false;
        }
        return confinement.readRoots().stream().anyMatch(path::startsWith)
                || confinement.writeRoots().stream().anyMatch(path::startsWith);
    }
}
