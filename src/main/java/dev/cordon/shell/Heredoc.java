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

    /** {@code operator} is {@code <<} or {@code <<-}; {@code word} is the delimiter as written. */
    Heredoc(String operator, Word word, int offset) {
        this.delimiter = word.value;
        this.quoted = word.quoted;
        this.stripTabs = operator.equals("<<-");
        this.offset = offset;
    }
}
