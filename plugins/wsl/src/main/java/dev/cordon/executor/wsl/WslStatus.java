package dev.cordon.executor.wsl;

import java.util.Locale;
import java.util.Optional;

/**
 * One distribution as {@code wsl.exe --list --verbose} lists it. The listing is a header line,
 * then one line per distribution: an optional {@code *} marking the default one, the name, the
 * state and the WSL version, separated by spaces. Names are compared without regard to case, as
 * WSL does.
 *
 * @param name the distribution's name as listed
 * @param state e.g. {@code Running}, {@code Stopped}, {@code Installing}
 * @param version 1 or 2
 */
record WslStatus(String name, String state, int version) {

    static Optional<WslStatus> find(String listing, String name) {
        String[] lines = listing.split("\n");
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("*")) {
                line = line.substring(1).strip();
            }
            String[] fields = line.split("\\s+");
            if (fields.length == 3 && fields[0].toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))
                    && fields[2].chars().allMatch(Character::isDigit)) {
                return Optional.of(new WslStatus(fields[0], fields[1], Integer.parseInt(fields[2])));
            }
        }
        return Optional.empty();
    }

    /** One line for {@code cordon sandbox status}. */
    String describe() {
        return "distro `" + name + "`: " + state.toLowerCase(Locale.ROOT) + ", WSL " + version;
    }
}
