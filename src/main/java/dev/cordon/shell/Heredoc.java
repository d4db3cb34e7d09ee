package dev.cordon.shell;

/** A here-document whose body is read after the end of the line that introduced it. */
final class Heredoc {

    final String delimiter;
    /** A quoted delimiter makes the body literal: no expansions, no command substitutions. */
    final boolean quoted;
    /** {@code <<-} removes leading tabs from body lines and from the delimiter line. */
    final boolean stripTabs;
    final int offset;
    /** Null until the body has been read. */
    String body;

    Heredoc(String delimiter, boolean quoted, boolean stripTabs, int offset) {
        this.delimiter = delimiter;
        this.quoted = quoted;
        this.stripTabs = stripTabs;
        this.offset = offset;
    }
}
