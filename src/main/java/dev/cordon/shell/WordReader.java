package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

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
            substitution(b, start, 2, Context.UNQUOTED);
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
        if (array) {
            b.elements(arrayElements());
            b.expanded(src.slice(at, src.pos));
            return true;
        }
        src.pos++;
        balancedParens(at);
        b.unknown(src.slice(at, src.pos));
        b.markGlob();
        return true;
    }

    /** The words of {@code (…)} after {@code NAME=}: read as words, expansions included. */
    private List<Word> arrayElements() {
        int open = src.pos;
        src.pos++;
        List<Word> elements = new ArrayList<>();
        if (!session.enter(src, open)) {
            return elements;
        }
        while (!session.aborted()) {
            int c = src.peek();
            if (c == ' ' || c == '\t' || c == '\n') {
                src.pos++;
            } else if (c == '#') {
                int newline = src.text.indexOf('\n', src.pos);
                src.pos = newline < 0 ? src.length() : newline;
            } else if (c == ')') {
                src.pos++;
                break;
            } else if (c == -1 || c == ';' || c == '&' || c == '|' || c == '<' || c == '>' || c == '(') {
                session.problem(src, open, "unterminated `(` of an array");
                break;
            } else {
                elements.add(read());
            }
        }
        session.leave();
        return elements;
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
            substitution(b, at, 2, context);
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
            src.pos = end;
            String name = src.slice(at + 1, end);
            append(b, lookup(name, null), context, src.slice(at, end), name, false);
        } else if (next != -1 && ((next >= '0' && next <= '9') || "@*#?$!-".indexOf(next) >= 0)) {
            src.pos = at + 2;
            String name = String.valueOf((char) next);
            append(b, lookup(name, null), context, src.slice(at, at + 2), name, next == '@' || next == '*');
        } else {
            b.expanded("$");
            src.pos++;
        }
    }

    /**
     * A variable's value as the shell sees it: a named variable, a positional parameter
     * ({@code 0}, {@code 1}…, {@code @}, {@code *}, {@code #}), or an element of an array.
     *
     * @param index the subscript of {@code NAME[INDEX]}, or null
     */
    private Value lookup(String name, String index) {
        Expansions vars = session.expansions;
        Value positional = vars.positional();
        Value value;
        if (name.equals("@") || name.equals("*")) {
            value = positional;
        } else if (name.equals("#")) {
            value = positional.kind() == Value.Kind.ARRAY ? Value.scalar(String.valueOf(positional.items().size()))
                    : Value.UNKNOWN;
        } else if (name.equals("0")) {
            value = vars.zero() == null ? Value.UNKNOWN : Value.scalar(vars.zero());
        } else if (Character.isDigit(name.charAt(0))) {
            int n = name.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(name);
            value = positional.kind() != Value.Kind.ARRAY ? Value.UNKNOWN
                    : Value.scalar(n <= positional.items().size() ? positional.items().get(n - 1) : "");
        } else if (!isNameStart(name.charAt(0))) {
            value = Value.UNKNOWN;
        } else {
            value = vars.variable(name);
        }
        if (index == null || index.equals("@") || index.equals("*")) {
            return value;
        }
        return element(value, index);
    }

    /** {@code a[N]}: one element of an array; a scalar is an array of one. */
    private static Value element(Value value, String index) {
        int n;
        try {
            n = Integer.parseInt(index.strip());
        } catch (NumberFormatException e) {
            return Value.UNKNOWN;
        }
        return switch (value.kind()) {
            case ARRAY -> {
                int at = n < 0 ? value.items().size() + n : n;
                yield Value.scalar(at >= 0 && at < value.items().size() ? value.items().get(at) : "");
            }
            case SCALAR -> Value.scalar(n == 0 || n == -1 ? value.items().get(0) : "");
            case CHOICE -> n == 0 ? value : Value.UNKNOWN;
            default -> Value.UNKNOWN;
        };
    }

    /**
     * Appends a value to the word. Unquoted, it is split into fields at {@code IFS}; every element
     * of {@code "$@"} or {@code "${a[@]}"} ({@code all}) is a word of its own even in quotes.
     */
    private void append(WordBuilder b, Value value, Context context, String raw, String name, boolean all) {
        boolean quoted = context != Context.UNQUOTED || (b.assignment && b.sawEquals);
        String ifs = session.expansions.ifs();
        switch (value.kind()) {
            case UNKNOWN -> {
                if (session.expansions.isReassigned(name)) {
                    session.problem(src, src.pos - raw.length(), "`" + name + "` is assigned earlier in the line, so `"
                            + raw + "` cannot be known");
                }
                b.unknown(raw);
            }
            case CHOICE -> b.alternatives(value.items(), quoted, ifs);
            case ARRAY -> {
                if (!all) {
                    text(b, value.text(), quoted, ifs);
                    return;
                }
                boolean joined = quoted && raw.contains("*");
                for (int i = 0; i < value.items().size(); i++) {
                    if (i > 0) {
                        if (joined) {
                            b.expanded(ifs == null || ifs.isEmpty() ? "" : ifs.substring(0, 1));
                        } else {
                            b.split();
                        }
                    }
                    text(b, value.items().get(i), quoted, ifs);
                }
            }
            default -> text(b, value.text(), quoted, ifs);
        }
    }

    private static void text(WordBuilder b, String text, boolean quoted, String ifs) {
        if (quoted) {
            b.expanded(text);
        } else if (ifs == null) {
            b.expanded(text);
            b.markUnknown();
        } else {
            b.expandedUnquoted(text, ifs);
        }
    }

    /**
     * {@code ${…}}: {@code ${NAME}}, {@code ${NAME[I]}}, {@code ${#NAME}}, {@code ${!NAME}} and the
     * operators of {@link ParameterOperation}; what cannot be computed stays as written, unknown.
     */
    private void parameter(WordBuilder b, int at, Context context) {
        src.pos = at + 2;
        if (!session.enter(src, at)) {
            return;
        }
        boolean length = src.peek() == '#' && src.at(src.pos + 1) != '}';
        boolean indirect = !length && src.peek() == '!' && src.at(src.pos + 1) != '}';
        if (length || indirect) {
            src.pos++;
        }
        String name = parameterName();
        String index = null;
        if (name != null && src.peek() == '[') {
            int close = src.text.indexOf(']', src.pos);
            index = close < 0 ? null : src.slice(src.pos + 1, close);
            src.pos = close < 0 ? src.pos : close + 1;
        }
        Value value = name == null ? Value.UNKNOWN : lookup(name, index);
        if (indirect) {
            String target = value.text();
            value = target != null && !target.isEmpty() && isNameStart(target.charAt(0)) && index == null
                    ? lookup(target, null) : Value.UNKNOWN;
        }
        boolean all = index != null ? index.equals("@") || index.equals("*") : "@".equals(name) || "*".equals(name);
        ParameterOperation operation = name == null ? null : operation(context);
        if (src.peek() == '}') {
            src.pos++;
        } else {
            skipToBrace(at, context);
            value = Value.UNKNOWN;
        }
        session.leave();
        if (length) {
            value = !value.known() || value.kind() == Value.Kind.CHOICE ? Value.UNKNOWN
                    : Value.scalar(String.valueOf(all ? value.items().size() : value.text().length()));
            all = false;
        }
        if (operation != null) {
            Value result = operation.apply(value);
            if (operation.assigns() && name != null && isNameStart(name.charAt(0)) && index == null) {
                session.expansions.assign(name, result);
            }
            value = result;
        }
        String raw = src.slice(at, src.pos);
        append(b, value, context, raw, name == null ? "" : name, all);
    }

    /** The name after {@code ${}: a variable, digits, or one special character; null otherwise. */
    private String parameterName() {
        int from = src.pos;
        int c = src.peek();
        if (isNameStart(c)) {
            while (isNameChar(src.peek())) {
                src.pos++;
            }
        } else if (c >= '0' && c <= '9') {
            while (src.peek() >= '0' && src.peek() <= '9') {
                src.pos++;
            }
        } else if (c != -1 && "@*#?$!-".indexOf(c) >= 0) {
            src.pos++;
        } else {
            return null;
        }
        return src.slice(from, src.pos);
    }

    private static final String[] OPERATORS = {
        ":-", ":=", ":+", ":?", "##", "%%", "//", "/#", "/%", "^^", ",,",
        "-", "=", "+", "?", "#", "%", "/", "^", ",", "@", ":"
    };

    /** The operator at the cursor and its word, read up to (not past) the closing brace; null if none. */
    private ParameterOperation operation(Context context) {
        String operator = null;
        for (String candidate : OPERATORS) {
            if (src.text.startsWith(candidate, src.pos)) {
                operator = candidate;
                break;
            }
        }
        if (operator == null) {
            return null;
        }
        src.pos += operator.length();
        Context inner = context == Context.UNQUOTED ? Context.UNQUOTED : Context.DOUBLE_QUOTED;
        if (operator.startsWith("/")) {
            WordBuilder pattern = operand(inner, true);
            String replacement = "";
            boolean known = true;
            if (src.peek() == '/') {
                src.pos++;
                WordBuilder with = operand(inner, false);
                replacement = with.text();
                known = !with.isUnknown();
            }
            return new ParameterOperation(operator, pattern.isUnknown() ? null : pattern.text(),
                    known ? replacement : null);
        }
        WordBuilder word = operand(inner, false);
        return new ParameterOperation(operator, word.isUnknown() ? null : word.text(), null);
    }

    /** The word of an operator, up to the closing brace (or a {@code /} when {@code slash}). */
    private WordBuilder operand(Context context, boolean slash) {
        WordBuilder w = new WordBuilder();
        int braces = 0;
        while (!session.aborted()) {
            int c = src.peek();
            if (c == -1 || (c == '}' && braces == 0) || (slash && c == '/')) {
                break;
            }
            switch (c) {
                case '\\' -> {
                    int next = src.at(src.pos + 1);
                    if (next != -1) {
                        w.quotedChar((char) next);
                    }
                    src.pos = Math.min(src.pos + 2, src.length());
                }
                case '\'' -> {
                    if (context == Context.UNQUOTED) {
                        singleQuoted(w);
                    } else {
                        w.literal('\'');
                        src.pos++;
                    }
                }
                case '"' -> doubleQuoted(w);
                case '$' -> dollar(w, context);
                case '`' -> backticks(w, context);
                default -> {
                    braces += c == '{' ? 1 : c == '}' ? -1 : 0;
                    w.literal((char) c);
                    src.pos++;
                }
            }
        }
        return w;
    }

    /** After something not understood inside {@code ${…}}: reads to its closing brace. */
    private void skipToBrace(int at, Context context) {
        WordBuilder scratch = new WordBuilder();
        while (!session.aborted()) {
            int c = src.peek();
            switch (c) {
                case -1 -> {
                    session.problem(src, at, "unterminated `${`");
                    return;
                }
                case '}' -> {
                    src.pos++;
                    return;
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

    /**
     * {@code $(…)}, {@code <(…)} or {@code >(…)}; {@code prefix} is the length of the opener. A
     * command substitution whose output the line shows is replaced by it; a {@code <(…)} whose
     * output the line shows is a known file.
     */
    private void substitution(WordBuilder b, int at, int prefix, Context context) {
        src.pos = at + prefix;
        int mark = parser.rawCount();
        int depth = parser.depth() + 1;
        boolean closed = parser.substitution(at);
        if (!closed && !session.aborted()) {
            session.problem(src, at, "unterminated `" + src.slice(at, at + prefix) + "`");
        }
        String raw = src.slice(at, src.pos);
        List<RawCommand> inside = parser.raw().subList(mark, parser.rawCount());
        if (closed && src.at(at) == '$') {
            String output = TextOutput.of(inside, depth, session.files);
            if (output != null) {
                captured(b, output, context);
                return;
            }
        } else if (closed && src.at(at) == '<') {
            session.files.substitution(raw, inside, depth);
        } else if (src.at(at) == '>') {
            for (RawCommand c : inside) {
                if (c.depth == depth && c.position == 0) {
                    c.readsSubstitution = true;
                }
            }
        }
        b.unknown(raw);
    }

    /** A command substitution's output, trailing newlines removed, as an expansion. */
    private void captured(WordBuilder b, String output, Context context) {
        int end = output.length();
        while (end > 0 && output.charAt(end - 1) == '\n') {
            end--;
        }
        boolean quoted = context != Context.UNQUOTED || (b.assignment && b.sawEquals);
        text(b, output.substring(0, end), quoted, session.expansions.ifs());
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
        int mark = parser.rawCount();
        int depth = parser.depth() + 1;
        parser.backticks(body.toString(), src.where(open));
        String output = closed ? TextOutput.of(parser.raw().subList(mark, parser.rawCount()), depth, session.files)
                : null;
        if (output != null) {
            captured(b, output, context);
        } else {
            b.unknown(src.slice(open, src.pos));
        }
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
            case "-" -> session.expansions.value("OLDPWD");
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
