package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * A rough tokenizer for interpreter one-liners: names (dotted chains such as {@code os.system},
 * {@code FileUtils.rm_rf}, {@code $fh->print}), string literals and punctuation, with comments
 * skipped. It knows each language's quotes well enough to find the literals passed to calls; it
 * is not a parser of those languages.
 */
final class CodeTokens {

    enum Kind { NAME, STRING, COMMAND_STRING, PUNCT }

    /**
     * @param kind what it is
     * @param text the name, the literal's text (escapes decoded) or the punctuation character
     * @param dynamic for a literal: it interpolates values ({@code f"{x}"}, {@code "$x"},
     *     {@code `${x}`}) or is glued to an operator ({@code "rm " + d}), so its text is not all
     */
    record Token(Kind kind, String text, boolean dynamic) {

        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }

        /** The last segment of a dotted name: {@code system} for {@code os.system}. */
        String last() {
            int cut = Math.max(text.lastIndexOf('.'), Math.max(text.lastIndexOf(':'), text.lastIndexOf('>')));
            return cut < 0 ? text : text.substring(cut + 1);
        }
    }

    private final InterpreterCode.Language language;
    private final String code;
    private final List<Token> tokens = new ArrayList<>();
    private int pos;

    private CodeTokens(InterpreterCode.Language language, String code) {
        this.language = language;
        this.code = code;
    }

    static List<Token> of(InterpreterCode.Language language, String code) {
        CodeTokens t = new CodeTokens(language, code);
        t.read();
        t.markExpressions();
        return t.tokens;
    }

    private void read() {
        while (pos < code.length()) {
            char c = code.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (comment()) {
                skipComment();
            } else if (quoteStart()) {
                string();
            } else if (Character.isLetter(c) || c == '_' || ((c == '$' || c == '@' || c == '%') && isNameAt(pos + 1))) {
                name();
            } else {
                tokens.add(new Token(Kind.PUNCT, String.valueOf(c), false));
                pos++;
            }
        }
    }

    private boolean isNameAt(int at) {
        return at < code.length() && (Character.isLetter(code.charAt(at)) || code.charAt(at) == '_' || code.charAt(at) == '{');
    }

    private boolean comment() {
        char c = code.charAt(pos);
        char next = pos + 1 < code.length() ? code.charAt(pos + 1) : 0;
        return switch (language) {
            case PYTHON, RUBY, AWK -> c == '#';
            case PERL -> c == '#' && (pos == 0 || code.charAt(pos - 1) != '$');
            case NODE -> c == '/' && (next == '/' || next == '*');
            case PHP -> c == '#' || (c == '/' && (next == '/' || next == '*'));
            case LUA -> c == '-' && next == '-';
        };
    }

    private void skipComment() {
        if (code.startsWith("/*", pos)) {
            int end = code.indexOf("*/", pos + 2);
            pos = end < 0 ? code.length() : end + 2;
            return;
        }
        int newline = code.indexOf('\n', pos);
        pos = newline < 0 ? code.length() : newline;
    }

    private boolean quoteStart() {
        char c = code.charAt(pos);
        if (c == '\'' || c == '"') {
            return true;
        }
        if (c == '`') {
            return language != InterpreterCode.Language.PYTHON && language != InterpreterCode.Language.LUA;
        }
        return quoteOperator() != null;
    }

    /** Perl {@code qx{…}}, {@code qq(…)}, {@code q[…]} and Ruby {@code %x{…}}, {@code %q(…)}, {@code %w[…]}. */
    private String quoteOperator() {
        String[] operators = switch (language) {
            case PERL -> new String[] {"qx", "qq", "qw", "q"};
            case RUBY -> new String[] {"%x", "%Q", "%q", "%w", "%W"};
            default -> new String[0];
        };
        for (String op : operators) {
            int after = pos + op.length();
            if (code.startsWith(op, pos) && after < code.length() && "{([</|!".indexOf(code.charAt(after)) >= 0
                    && (pos == 0 || !Character.isLetterOrDigit(code.charAt(pos - 1)))) {
                return op;
            }
        }
        return null;
    }

    private void string() {
        String op = quoteOperator();
        if (op != null) {
            char open = code.charAt(pos + op.length());
            char close = switch (open) {
                case '{' -> '}';
                case '(' -> ')';
                case '[' -> ']';
                case '<' -> '>';
                default -> open;
            };
            int start = pos + op.length() + 1;
            int end = code.indexOf(close, start);
            end = end < 0 ? code.length() : end;
            String text = code.substring(start, end);
            pos = Math.min(code.length(), end + 1);
            boolean command = op.endsWith("x");
            boolean words = op.endsWith("w") || op.endsWith("W");
            tokens.add(new Token(command ? Kind.COMMAND_STRING : Kind.STRING,
                    words ? String.join(" ", Wrappers.splitString(text).stream().map(Arg::value).toList()) : text, !op.endsWith("q") && !words && interpolates(text)));
            return;
        }
        char quote = code.charAt(pos);
        boolean triple = language == InterpreterCode.Language.PYTHON && code.startsWith(String.valueOf(quote).repeat(3), pos);
        String delimiter = triple ? String.valueOf(quote).repeat(3) : String.valueOf(quote);
        int start = pos + delimiter.length();
        int i = start;
        while (i < code.length() && !code.startsWith(delimiter, i)) {
            i += code.charAt(i) == '\\' ? 2 : 1;
        }
        int end = Math.min(i, code.length());
        String raw = code.substring(start, end);
        pos = Math.min(code.length(), end + delimiter.length());
        boolean literal = quote == '\'' && (language == InterpreterCode.Language.PERL
                || language == InterpreterCode.Language.RUBY || language == InterpreterCode.Language.PHP);
        String text = literal ? raw.replace("\\'", "'").replace("\\\\", "\\") : Escapes.decode(raw, 0, raw.length());
        boolean command = quote == '`' && language != InterpreterCode.Language.NODE;
        boolean prefixed = !tokens.isEmpty() && tokens.get(tokens.size() - 1).kind() == Kind.NAME
                && tokens.get(tokens.size() - 1).text().equalsIgnoreCase("f") && language == InterpreterCode.Language.PYTHON;
        if (prefixed) {
            tokens.remove(tokens.size() - 1);
        }
        boolean dynamic = prefixed || (!literal && interpolates(raw));
        tokens.add(new Token(command ? Kind.COMMAND_STRING : Kind.STRING, text, dynamic));
    }

    /** Whether a string of this language puts values into its text. */
    private boolean interpolates(String raw) {
        return switch (language) {
            case NODE -> raw.contains("${");
            case RUBY -> raw.contains("#{");
            case PERL, PHP -> sigil(raw);
            default -> false;
        };
    }

    /** A {@code $name}, {@code @name} or {@code ${…}} in the text. */
    private static boolean sigil(String raw) {
        for (int i = 0; i + 1 < raw.length(); i++) {
            char c = raw.charAt(i);
            char next = raw.charAt(i + 1);
            if ((c == '$' || c == '@') && (i == 0 || raw.charAt(i - 1) != '\\')
                    && (Character.isLetter(next) || next == '_' || next == '{')) {
                return true;
            }
        }
        return false;
    }

    private void name() {
        int start = pos;
        if ("$@%".indexOf(code.charAt(pos)) >= 0) {
            pos++;
        }
        while (pos < code.length()) {
            char c = code.charAt(pos);
            if (Character.isLetterOrDigit(c) || c == '_' || c == '{' && pos == start + 1 || c == '}' && code.charAt(start + 1) == '{') {
                pos++;
            } else if (c == '.' && pos + 1 < code.length() && isNameStart(code.charAt(pos + 1))) {
                pos++;
            } else if (c == ':' && code.startsWith("::", pos) && pos + 2 < code.length() && isNameStart(code.charAt(pos + 2))) {
                pos += 2;
            } else if (c == '-' && code.startsWith("->", pos) && pos + 2 < code.length() && isNameStart(code.charAt(pos + 2))) {
                pos += 2;
            } else {
                break;
            }
        }
        tokens.add(new Token(Kind.NAME, code.substring(start, pos), false));
    }

    private static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    /** A literal next to {@code +}, {@code %}, {@code .} or {@code ..} is part of an expression: its text is not all. */
    private void markExpressions() {
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.kind() != Kind.STRING && t.kind() != Kind.COMMAND_STRING) {
                continue;
            }
            boolean before = i > 0 && isJoin(tokens.get(i - 1), false);
            boolean after = i + 1 < tokens.size() && isJoin(tokens.get(i + 1), true);
            if (before || after) {
                tokens.set(i, new Token(t.kind(), t.text(), true));
            }
        }
    }

    private boolean isJoin(Token t, boolean after) {
        if (t.kind() == Kind.NAME) {
            return after && (t.text().startsWith("format") || t.text().startsWith("concat"));
        }
        if (t.kind() != Kind.PUNCT) {
            return false;
        }
        return switch (t.text()) {
            case "+" -> true;
            case "%" -> language == InterpreterCode.Language.PYTHON;
            case "." -> language == InterpreterCode.Language.PERL || language == InterpreterCode.Language.PHP
                    || language == InterpreterCode.Language.LUA || after;
            default -> false;
        };
    }
}
