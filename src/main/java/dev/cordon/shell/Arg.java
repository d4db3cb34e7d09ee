package dev.cordon.shell;

/**
 * One argument of a command after brace expansion.
 *
 * @param value the text after quote removal and known expansions
 * @param unknown it depends on an expansion cordon cannot know ({@code $X}, {@code $(…)})
 * @param glob it holds unquoted pattern characters that the shell would expand
 */
record Arg(String value, boolean unknown, boolean glob) {

    static Arg literal(String value) {
        return new Arg(value, false, false);
    }

    /** As a program word: its name is not a literal. */
    boolean dynamic() {
        return unknown || glob;
    }
}
