package dev.cordon.shell;

/**
 * One token of the shell grammar.
 *
 * @param kind what it is
 * @param text the operator text, or the word's source text
 * @param word the word, for {@link Kind#WORD} only
 * @param fd the file descriptor of a {@link Kind#REDIRECT}
 * @param start offset of the first character
 * @param end offset after the last character
 * @param rawMark how many commands had been collected when this token began; commands found
 *     while reading the token (inside {@code $(…)}) come after that mark
 */
record Token(Kind kind, String text, Word word, int fd, int start, int end, int rawMark) {

    enum Kind {
        WORD, NEWLINE, SEMI, AMP, PIPE, PIPE_AMP, AND_IF, OR_IF, DSEMI, SEMI_AND, DSEMI_AND,
        LPAREN, RPAREN, REDIRECT, EOF
    }

    /** True for an unquoted word spelled exactly {@code keyword}. */
    boolean isWord(String keyword) {
        return kind == Kind.WORD && word.is(keyword);
    }

    /** How the token reads in a message. */
    String shown() {
        return switch (kind) {
            case EOF -> "end of input";
            case NEWLINE -> "newline";
            default -> ParseSession.quote(text);
        };
    }
}
