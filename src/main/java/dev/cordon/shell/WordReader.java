package dev.cordon.shell;

/**
 * Reads one shell word: quoting ({@code '…'}, {@code "…"}, {@code $'…'}, backslash), parameter
 * expansion, tilde, command and process substitution, arithmetic, globs and brace markers.
 * Command substitutions are parsed as commands on the spot, one level deeper.
 */
final class WordReader {

    /** Where a {@code $} is read: it means slightly different things in each. */
    enum Context { UNQUOTED, DOUBLE_QUOTED, HEREDOC }

    private final Source src;
    private final ParseSession session;
    private final Parser parser;

    WordReader(Source src, ParseSession session, Parser parser) {
        this.src = src;
        this.session = session;
        this.parser = parser;
    }

    static boolean isNameStart(int c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isNameChar(int c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }

    /** Reads the word at the cursor; the lexer calls it only where a word starts. */
    Word read() {
        int start = src.pos;
        WordBuilder b = new WordBuilder();
        if ((src.peek() == '<' || src.peek() == '>') && src.at(start + 1) == '(') {
            substitution(b, start, 2);
        }
        loop:
        while (!session.aborted()) {
            int c = src.peek();
            switch (c) {
                case -1, ' ', '\t', '\n', ';', '&', '|', '<', '>', ')' -> {
                    break loop;
                }
                case '(' -> {
                    if (!parenInWord(b)) {
                        break loop;
                    }
                }
                case '\\' -> backslash(b);
                case '\'' -> singleQuoted(b);
                case '"' -> doubleQuoted(b);
                case '`' -> backticks(b, Context.UNQUOTED);
                case '$' -> dollar(b, Context.UNQUOTED);
                case '~' -> tilde(b, start);
                case '{', ',', '}' -> {
                    b.brace((char) c);
                    src.pos++;
                }
                case '*', '?' -> {
                    b.glob((char) c);
                    src.pos++;
                }
                case '[' -> {
                    b.openBracket();
                    src.pos++;
                }
                case ']' -> {
                    b.closeBracket();
                    src.pos++;
                }
                case '=' -> {
                    if (!b.sawEquals) {
                        b.sawEquals = true;
                        b.assignment = isAssignmentName(start, src.pos);
                    }
                    b.literal('=');
                    src.pos++;
                }
                default -> {
                    b.literal((char) c);
                    src.pos++;
                }
            }
        }
        if (src.pos == start && src.peek() != -1) {
            // Cannot happen for input the lexer hands over; guarantees progress regardless.
            b.literal((char) src.peek());
            src.pos++;
        }
        return b.build(src, start, src.pos);
    }

    /** Scans an unquoted here-document body for the substitutions that run in it. */
    void scanHeredocBody(int end) {
        WordBuilder scratch = new WordBuilder();
        while (src.pos < end && !session.aborted()) {
            int c = src.peek();
            if (c == '\\') {
                src.pos = Math.min(src.pos + 2, src.length());
            } else if (c == '$') {
                dollar(scratch, Context.HEREDOC);
            } else if (c == '`') {
                backticks(scratch, Context.HEREDOC);
            } else {
                src.pos++;
            }
        }
    }

    /**
     * Scans code up to {@code end} (arithmetic) for the command substitutions inside it.
     */
    private void scanCode(int end) {
        WordBuilder scratch = new WordBuilder();
        while (src.pos < end && !session.aborted()) {
            int c = src.peek();
            switch (c) {
                case '\\' -> src.pos = Math.min(src.pos + 2, src.length());
                case '\'' -> singleQuoted(scratch);
                case '"' -> doubleQuoted(scratch);
                case '$' -> dollar(scratch, Context.UNQUOTED);
                case '`' -> backticks(scratch, Context.UNQUOTED);
                default -> src.pos++;
            }
        }
    }

    private boolean isAssignmentName(int start, int equals) {
        int end = src.at(equals - 1) == '+' ? equals - 1 : equals;
        if (end <= start || !isNameStart(src.at(start))) {
            return false;
        }
        for (int i = start + 1; i < end; i++) {
            if (!isNameChar(src.at(i))) {
                return false;
            }
        }
        return true;
    }

    private void backslash(WordBuilder b) {
        int next = src.at(src.pos + 1);
        if (next == '\n') {
            src.pos += 2;
        } else if (next == -1) {
            b.quotedChar('\\');
            src.pos++;
        } else {
            b.quotedChar((char) next);
            src.pos += 2;
        }
    }

    /** {@code (} inside a word: an extended glob {@code @(…)} or an array {@code a=(…)}. */
    private boolean parenInWord(WordBuilder b) {
        int at = src.pos;
        boolean extglob = "@!+*?".indexOf(b.lastUnquoted) >= 0 && b.lastUnquoted != -1;
        boolean array = b.assignment && src.at(at - 1) == '=';
        if (!extglob && !array) {
            return false;
        }
        src.pos++;
        balancedParens(at);
        b.unknown(src.slice(at, src.pos));
        if (extglob) {
            b.markGlob();
        }
        return true;
    }

    /** After an opening parenthesis: reads to the matching one, running substitutions inside. */
    private void balancedParens(int open) {
        if (!session.enter(src, open)) {
            return;
        }
        WordBuilder scratch = new WordBuilder();
        int depth = 1;
        while (!session.aborted()) {
            int c = src.peek();
            if (c == -1) {
                session.problem(src, open, "unterminated `(`");
                break;
            }
            switch (c) {
                case '(' -> {
                    depth++;
                    src.pos++;
                }
                case ')' -> {
                    src.pos++;
                    depth--;
                }
                case '\\' -> src.pos = Math.min(src.pos + 2, src.length());
                case '\'' -> singleQuoted(scratch);
                case '"' -> doubleQuoted(scratch);
                case '$' -> dollar(scratch, Context.UNQUOTED);
                case '`' -> backticks(scratch, Context.UNQUOTED);
                default -> src.pos++;
            }
            if (depth == 0) {
                break;
            }
        }
        session.leave();
    }

    private void singleQuoted(WordBuilder b) {
        int open = src.pos;
        int close = src.text.indexOf('\'', open + 1);
        b.markQuoted();
        if (close < 0) {
            session.problem(src, open, "unterminated single quote");
            b.quotedText(src.slice(open + 1, src.length()));
            src.pos = src.length();
            return;
        }
        b.quotedText(src.slice(open + 1, close));
        src.pos = close + 1;
    }

    private void doubleQuoted(WordBuilder b) {
        int open = src.pos;
        src.pos++;
        b.markQuoted();
        if (!session.enter(src, open)) {
            return;
        }
        while (!session.aborted()) {
            int c = src.peek();
            if (c == -1) {
                session.problem(src, open, "unterminated double quote");
                break;
            }
            if (c == '"') {
                src.pos++;
                break;
            }
            switch (c) {
                case '\\' -> {
                    int next = src.at(src.pos + 1);
                    if (next == '\n') {
                        src.pos += 2;
                    } else if (next == '$' || next == '`' || next == '"' || next == '\\') {
                        b.quotedChar((char) next);
                        src.pos += 2;
                    } else {
                        b.quotedChar('\\');
                        src.pos++;
                    }
                }
                case '$' -> dollar(b, Context.DOUBLE_QUOTED);
                case '`' -> backticks(b, Context.DOUBLE_QUOTED);
                default -> {
                    b.quotedChar((char) c);
                    src.pos++;
                }
            }
        }
        session.leave();
    }

    private void dollar(WordBuilder b, Context context) {
        int at = src.pos;
        int next = src.at(at + 1);
        if (next == '(') {
            if (src.at(at + 2) == '(') {
                int end = arithmeticEnd(at + 3);
                if (end >= 0) {
                    arithmetic(b, at, end);
                    return;
                }
            }
            substitution(b, at, 2);
        } else if (next == '{') {
            parameter(b, at, context);
        } else if (next == '\'' && context == Context.UNQUOTED) {
            ansiC(b, at);
        } else if (next == '"' && context == Context.UNQUOTED) {
            src.pos++;
            doubleQuoted(b);
        } else if (isNameStart(next)) {
            int end = at + 2;
            while (isNameChar(src.at(end))) {
                end++;
            }
            variable(b, src.slice(at + 1, end), at, end);
        } else if (next != -1 && ((next >= '0' && next <= '9') || "@*#?$!-".indexOf(next) >= 0)) {
            b.unknown(src.slice(at, at + 2));
            src.pos = at + 2;
        } else {
            b.expanded("$");
            src.pos++;
        }
    }

    private void variable(WordBuilder b, String name, int at, int end) {
        String value = session.expansions.value(name);
        if (value != null) {
            b.expanded(value);
        } else {
            if (session.expansions.isReassigned(name)) {
                session.problem(src, at, "`" + name + "` is assigned earlier in the line, so `$"
                        + name + "` cannot be known");
            }
            b.unknown(src.slice(at, end));
        }
        src.pos = end;
    }

    /** {@code ${…}}: {@code ${NAME}} may be known; anything else stays as written. */
    private void parameter(WordBuilder b, int at, Context context) {
        int nameEnd = at + 2;
        while (isNameChar(src.at(nameEnd))) {
            nameEnd++;
        }
        if (nameEnd > at + 2 && src.at(nameEnd) == '}' && isNameStart(src.at(at + 2))) {
            variable(b, src.slice(at + 2, nameEnd), at, nameEnd + 1);
            return;
        }
        src.pos = at + 2;
        if (!session.enter(src, at)) {
            return;
        }
        WordBuilder scratch = new WordBuilder();
        boolean closed = false;
        while (!session.aborted() && !closed) {
            int c = src.peek();
            switch (c) {
                case -1 -> {
                    session.problem(src, at, "unterminated `${`");
                    closed = true;
                }
                case '}' -> {
                    src.pos++;
                    closed = true;
                }
                case '\\' -> src.pos = Math.min(src.pos + 2, src.length());
                case '\'' -> {
                    if (context == Context.UNQUOTED) {
                        singleQuoted(scratch);
                    } else {
                        src.pos++;
                    }
                }
                case '"' -> doubleQuoted(scratch);
                case '$' -> dollar(scratch, context);
                case '`' -> backticks(scratch, context);
                default -> src.pos++;
            }
        }
        session.leave();
        b.unknown(src.slice(at, src.pos));
    }

    /** {@code ((…))} at {@code at}: true, with the cursor after it, when it is arithmetic. */
    boolean arithmeticCommand(int at) {
        int end = arithmeticEnd(at + 2);
        if (end < 0) {
            return false;
        }
        src.pos = at + 2;
        if (session.enter(src, at)) {
            scanCode(end);
            session.leave();
        }
        src.pos = Math.max(src.pos, end + 2);
        return true;
    }

    /**
     * Where the {@code ))} of an arithmetic expansion starting at {@code from} is, or -1 when the
     * text is not arithmetic ({@code $((a); b)} is a command substitution holding a subshell).
     * A pure look-ahead: nothing is parsed.
     */
    private int arithmeticEnd(int from) {
        int depth = 0;
        int i = from;
        while (true) {
            int c = src.at(i);
            switch (c) {
                case -1:
                    return -1;
                case '\\':
                    i += 2;
                    continue;
                case '\'':
                case '"':
                case '`':
                    int close = src.text.indexOf(c, i + 1);
                    if (close < 0) {
                        return -1;
                    }
                    i = close + 1;
                    continue;
                case '(':
                    depth++;
                    break;
                case ')':
                    if (depth > 0) {
                        depth--;
                    } else {
                        return src.at(i + 1) == ')' ? i : -1;
                    }
                    break;
                default:
                    break;
            }
            i++;
        }
    }

    private void arithmetic(WordBuilder b, int at, int end) {
        src.pos = at + 3;
        if (!session.enter(src, at)) {
            return;
        }
        scanCode(end);
        session.leave();
        src.pos = Math.max(src.pos, end + 2);
        b.unknown(src.slice(at, src.pos));
    }

    /** {@code $(…)}, {@code <(…)} or {@code >(…)}; {@code prefix} is the length of the opener. */
    private void substitution(WordBuilder b, int at, int prefix) {
        src.pos = at + prefix;
        boolean closed = parser.substitution(at);
        if (!closed && !session.aborted()) {
            session.problem(src, at, "unterminated `" + src.slice(at, at + prefix) + "`");
        }
        b.unknown(src.slice(at, src.pos));
    }

    private void backticks(WordBuilder b, Context context) {
        int open = src.pos;
        src.pos++;
        StringBuilder body = new StringBuilder();
        boolean closed = false;
        while (true) {
            int c = src.peek();
            if (c == -1) {
                break;
            }
            src.pos++;
            if (c == '`') {
                closed = true;
                break;
            }
            int next = src.peek();
            if (c == '\\' && (next == '`' || next == '\\' || next == '$'
                    || (next == '"' && context == Context.DOUBLE_QUOTED))) {
                body.append((char) next);
                src.pos++;
            } else {
                body.append((char) c);
            }
        }
        if (!closed) {
            session.problem(src, open, "unterminated backtick substitution");
        }
        parser.backticks(body.toString(), src.where(open));
        b.unknown(src.slice(open, src.pos));
    }

    /** {@code ~}, {@code ~/…}, {@code ~+}: tilde expansion at the start of a word or assignment. */
    private void tilde(WordBuilder b, int start) {
        int at = src.pos;
        boolean allowed = at == start || (b.assignment && (src.at(at - 1) == '=' || src.at(at - 1) == ':'));
        int end = at + 1;
        while (isNameChar(src.at(end)) || src.at(end) == '-' || src.at(end) == '.' || src.at(end) == '+') {
            end++;
        }
        int after = src.at(end);
        boolean ends = after == -1 || after == '/' || after == ' ' || after == '\t' || after == '\n'
                || after == ';' || after == '&' || after == '|' || after == '<' || after == '>'
                || after == ')' || (b.assignment && after == ':');
        if (!allowed || !ends) {
            b.literal('~');
            src.pos++;
            return;
        }
        String user = src.slice(at + 1, end);
        String value = switch (user) {
            case "" -> session.expansions.value("HOME");
            case "+" -> session.expansions.value("PWD");
            default -> null;
        };
        if (value == null && (user.isEmpty() && session.expansions.isReassigned("HOME"))) {
            session.problem(src, at, "`HOME` is assigned earlier in the line, so `~` cannot be known");
        }
        if (value != null) {
            b.expanded(value);
        } else {
            b.unknown(src.slice(at, end));
        }
        src.pos = end;
    }

    /** {@code $'…'}: backslash escapes are decoded as bash does. */
    private void ansiC(WordBuilder b, int at) {
        int close = at + 2;
        while (close < src.length() && src.text.charAt(close) != '\'') {
            close += src.text.charAt(close) == '\\' ? 2 : 1;
        }
        b.markQuoted();
        if (close >= src.length()) {
            session.problem(src, at, "unterminated `$'` quote");
            close = src.length();
        }
        b.quotedText(Escapes.decode(src.text, at + 2, close));
        src.pos = Math.min(close + 1, src.length());
    }
}
