package dev.cordon.diagnostic;

import java.util.Locale;

/**
 * Where a piece of policy was written: the layer it belongs to and its place there. Every
 * profile entry, DRL rule and standing approval carries one from the moment it is read, and
 * every decision names the one of what decided it.
 *
 * @param layer the layer it belongs to
 * @param file the file as the user would name it, or the environment variable or flag that set it
 * @param line 1-based line in the file, 0 when it is not from a file
 * @param column 1-based column in the file, 0 when unknown
 */
public record Provenance(Layer layer, String file, int line, int column) {

    /** Layers of policy, lowest precedence first; standing approvals are a layer of their own. */
    public enum Layer {
        BUILTIN,
        USER,
        PROJECT,
        ENVIRONMENT,
        FLAGS,
        APPROVAL;

        /** {@code built-in}, {@code user}, … as shown to people. */
        public String word() {
            return this == BUILTIN ? "built-in" : name().toLowerCase(Locale.ROOT);
        }

        /** {@code builtin}, {@code user}, … as written in JSON. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A setting made by an environment variable or a flag, which has no position. */
    public static Provenance named(Layer layer, String name) {
        return new Provenance(layer, name, 0, 0);
    }

    /** {@code file:line:col}, leaving out what is unknown. */
    public String location() {
        if (line <= 0) {
            return file;
        }
        return column > 0 ? file + ":" + line + ":" + column : file + ":" + line;
    }

    /** {@code (user ~/.config/cordon/config.yaml:3:5)}: the layer and the location. */
    public String describe() {
        return "(" + layer.word() + " " + location() + ")";
    }

    /** A problem at this place. */
    public Problem problem(String message) {
        return new Problem(file, line, column, message);
    }
}
