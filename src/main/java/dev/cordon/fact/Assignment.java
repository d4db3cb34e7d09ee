package dev.cordon.fact;

/**
 * An environment variable set for a command: a leading {@code NAME=value}, one given to
 * {@code env}, or an {@code export NAME=value}.
 *
 * @param command the command it is set for
 * @param name the variable
 * @param value its value as written
 */
public record Assignment(Command command, String name, String value) {

    /** Whether a {@code PATH}-like value has an entry that is relative (or empty: the cwd). */
    public boolean hasRelativeEntry() {
        for (String entry : value.split(":", -1)) {
            if (!entry.startsWith("/") && !entry.startsWith("$") && !entry.startsWith("~")) {
                return true;
            }
        }
        return false;
    }

    /** Whether a {@code PATH}-like value has an entry inside this directory. */
    public boolean hasEntryUnder(String dir) {
        if (dir == null) {
            return false;
        }
        String base = dir.endsWith("/") ? dir : dir + "/";
        for (String entry : value.split(":", -1)) {
            if (entry.equals(dir) || entry.startsWith(base)) {
                return true;
            }
        }
        return false;
    }
}
