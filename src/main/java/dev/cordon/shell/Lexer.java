package dev.cordon.shell;

import dev.cordon.shell.Token.Kind;
import java.util.ArrayDeque;

/**
 * Splits shell source into tokens on demand, one token of look-ahead. Words are read by
 * {@link WordReader}; here-document bodies are read (and skipped as data) at the newline that
 * follows their operator.
 */
final class Lexer {

    private final Source src;
    private final ParseSession session;
    private final Parser parser;
    private final WordReader words;
    private final ArrayDeque<Heredoc> heredocs = new ArrayDeque<>(1);
    private Token peeked;

    Lexer(Source src, ParseSession session, Parser parser) {
        this.src = src;
        this.session = session;
        this.parser = parser;
        this.words = new WordReader(src, session, parser);
    }

    Source source() {
        return src;
    }

    WordReader words() {
        return words;
    }

    Token peek() {
        if (peeked == null) {
            peeked = read();
        }
        return peeked;
    }

    Token next() {
        Token token = peek();
        peeked = null;
        return token;
    }

    /** Moves the cursor back to re-read text differently; only for tokens that had no effects. */
    void rewind(int offset) {
        peeked = null;
        src.pos = offset;
    }

    void queueHeredoc(Heredoc heredoc) {
        heredocs.add(heredoc);
    }

    private Token read() {
        skipBlanks();
        int start = src.pos;
        int mark = parser.rawCount();
        int c = src.peek();
        if (session.aborted() || c == -1) {
            endOfInput();
            return new Token(Kind.EOF, "", null, 0, start, start, mark);
        }
        switch (c) {
            case '\n':
                src.pos++;
                Token newline = new Token(Kind.NEWLINE, "\n", null, 0, start, start + 1, mark);
                readHeredocBodies();
                return newline;
            case ';':
                if (src.at(start + 1) == ';') {
                    return src.at(start + 2) == '&' ? op(Kind.DSEMI_AND, ";;&", mark) : op(Kind.DSEMI, ";;", mark);
                }
                return src.at(start + 1) == '&' ? op(Kind.SEMI_AND, ";&", mark) : op(Kind.SEMI, ";", mark);
            case '&':
                if (src.at(start + 1) == '&') {
                    return op(Kind.AND_IF, "&&", mark);
                }
                if (src.at(start + 1) == '>') {
                    return redirect(src.at(start + 2) == '>' ? "&>>" : "&>", -1, start, mark);
                }
                return op(Kind.AMP, "&", mark);
            case '|':
                if (src.at(start + 1) == '|') {
                    return op(Kind.OR_IF, "||", mark);
                }
                return src.at(start + 1) == '&' ? op(Kind.PIPE_AMP, "|&", mark) : op(Kind.PIPE, "|", mark);
            case '(':
                return op(Kind.LPAREN, "(", mark);
            case ')':
                return op(Kind.RPAREN, ")", mark);
            case '<':
            case '>':
                if (src.at(start + 1) == '(') {
                    return word(start, mark);
                }
                return redirect(redirectOperator(start), -1, start, mark);
            default:
                Token numbered = numberedRedirect(start, mark);
                return numbered != null ? numbered : word(start, mark);
        }
    }

    private Token op(Kind kind, String text, int mark) {
        int start = src.pos;
        src.pos += text.length();
        return new Token(kind, text, null, 0, start, src.pos, mark);
    }

    private Token word(int start, int mark) {
        Word word = words.read();
        return new Token(Kind.WORD, word.raw, word, 0, start, src.pos, mark);
    }

    /** {@code N>file} or {@code {var}>file}: a number or variable name glued to the operator. */
    private Token numberedRedirect(int start, int mark) {
        int c = src.at(start);
        int j = start;
        if (c >= '0' && c <= '9') {
            while (src.at(j) >= '0' && src.at(j) <= '9') {
                j++;
            }
            if (j - start > 9 || !isRedirectStart(j)) {
                return null;
            }
            int fd = Integer.parseInt(src.slice(start, j));
            src.pos = j;
            return redirect(redirectOperator(j), fd, start, mark);
        }
        if (c == '{' && WordReader.isNameStart(src.at(start + 1))) {
            j = start + 1;
            while (WordReader.isNameChar(src.at(j))) {
                j++;
            }
            if (src.at(j) != '}' || !isRedirectStart(j + 1)) {
                return null;
            }
            src.pos = j + 1;
            return redirect(redirectOperator(j + 1), -1, start, mark);
        }
        return null;
    }

    private boolean isRedirectStart(int at) {
        int c = src.at(at);
        return (c == '<' || c == '>') && src.at(at + 1) != '(';
    }

    private String redirectOperator(int at) {
        if (src.at(at) == '<') {
            return switch (src.at(at + 1)) {
                case '<' -> src.at(at + 2) == '<' ? "<<<" : src.at(at + 2) == '-' ? "<<-" : "<<";
                case '&' -> "<&";
                case '>' -> "<>";
                default -> "<";
            };
        }
        return switch (src.at(at + 1)) {
            case '>' -> ">>";
            case '&' -> ">&";
            case '|' -> ">|";
            default -> ">";
        };
    }

    /** {@code explicitFd} is -1 when no number was written: the operator's default applies. */
    private Token redirect(String operator, int explicitFd, int start, int mark) {
        src.pos += operator.length();
        int fd = explicitFd >= 0 ? explicitFd : defaultFd(operator);
        return new Token(Kind.REDIRECT, operator, null, fd, start, src.pos, mark);
    }

    private static int defaultFd(String operator) {
        return switch (operator) {
            case "&>", "&>>" -> -1;
            case "<", "<<", "<<-", "<<<", "<&", "<>" -> 0;
            default -> 1;
        };
    }

    /** Blanks, line continuations and comments between tokens. */
    private void skipBlanks() {
        while (true) {
            int c = src.peek();
            if (c == ' ' || c == '\t') {
                src.pos++;
            } else if (c == '\\' && src.at(src.pos + 1) == '\n') {
                src.pos += 2;
            } else if (c == '#') {
                int newline = src.text.indexOf('\n', src.pos);
                src.pos = newline < 0 ? src.length() : newline;
            } else {
                return;
            }
        }
    }

    /** Bodies of the here-documents opened on the line that just ended, in order. */
    private void readHeredocBodies() {
        while (!heredocs.isEmpty() && !session.aborted()) {
            Heredoc heredoc = heredocs.poll();
            int bodyStart = src.pos;
            int bodyEnd = -1;
            int after = src.length();
            int lineStart = bodyStart;
            while (lineStart < src.length()) {
                int newline = src.text.indexOf('\n', lineStart);
                int lineEnd = newline < 0 ? src.length() : newline;
                if (isDelimiterLine(heredoc, lineStart, lineEnd)) {
                    bodyEnd = lineStart;
                    after = newline < 0 ? src.length() : newline + 1;
                    break;
                }
                lineStart = lineEnd + 1;
            }
            if (bodyEnd < 0) {
                session.problem(src, heredoc.offset, unterminated(heredoc));
                bodyEnd = src.length();
            }
            heredoc.body = src.slice(bodyStart, bodyEnd);
            if (!heredoc.quoted) {
                // An unquoted delimiter leaves $(…) and backticks active in the body: they run.
                src.pos = bodyStart;
                words.scanHeredocBody(bodyEnd);
            }
            src.pos = Math.max(src.pos, after);
        }
    }

    private static String unterminated(Heredoc heredoc) {
        return "unterminated here-document: no line " + ParseSession.quote(heredoc.delimiter) + " before the end";
    }

    private boolean isDelimiterLine(Heredoc heredoc, int lineStart, int lineEnd) {
        int from = lineStart;
        if (heredoc.stripTabs) {
            while (from < lineEnd && src.text.charAt(from) == '\t') {
                from++;
            }
        }
        return lineEnd - from == heredoc.delimiter.length()
                && src.text.startsWith(heredoc.delimiter, from);
    }

    private void endOfInput() {
        while (!heredocs.isEmpty()) {
            Heredoc heredoc = heredocs.poll();
            heredoc.body = "";
            if (!session.aborted()) {
                session.problem(src, heredoc.offset, unterminated(heredoc));
            }
        }
    }
}
