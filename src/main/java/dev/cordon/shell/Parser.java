package dev.cordon.shell;

import dev.cordon.shell.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for the shell grammar agents use. It collects {@link RawCommand}s in
 * source order (a command before the substitutions inside it); compound commands only structure
 * the line and are not reported themselves.
 *
 * <pre>
 * program   := list (unexpected-token list)* EOF
 * list      := (and_or ((';' | '&amp;' | NEWLINE) and_or)*)?
 * and_or    := pipeline (('&amp;&amp;' | '||') NEWLINE* pipeline)*
 * pipeline  := ('!' | 'time' ['-p'])* command (('|' | '|&amp;') NEWLINE* command)*
 * command   := simple | compound redirect* | function
 * compound  := '(' list ')' | '{' list '}' | '((' arith '))' | '[[' … ']]' | if | for | select
 *            | while | until | case
 * function  := 'function' NAME ['(' ')'] compound | NAME '(' ')' compound
 * </pre>
 */
final class Parser {

    private final ParseSession session;
    private final CompoundParser compounds = new CompoundParser(this);
    private final List<RawCommand> raw = new ArrayList<>();
    private final List<String> wrappers;
    private Lexer lexer;
    private int depth;

    Parser(ParseSession session, Source src, int depth, List<String> wrappers) {
        this.session = session;
        this.depth = depth;
        this.wrappers = List.copyOf(wrappers);
        this.lexer = new Lexer(src, session, this);
    }

    List<RawCommand> parse() {
        program();
        return raw;
    }

    int rawCount() {
        return raw.size();
    }

    Lexer lexer() {
        return lexer;
    }

    ParseSession session() {
        return session;
    }

    List<RawCommand> raw() {
        return raw;
    }

    int depth() {
        return depth;
    }

    RawCommand newCommand() {
        return new RawCommand(depth, wrappers, lexer.source());
    }

    /** {@code $(…)}, {@code <(…)}, {@code >(…)} at the cursor: true when its {@code )} was found. */
    boolean substitution(int at) {
        Source src = lexer.source();
        if (!deeper(src, at)) {
            return false;
        }
        boolean closed = false;
        while (true) {
            list();
            Token t = lexer.peek();
            if (t.kind() == Kind.RPAREN) {
                lexer.next();
                closed = true;
                break;
            }
            if (t.kind() == Kind.EOF) {
                break;
            }
            unexpected(t);
            lexer.next();
        }
        shallower();
        return closed;
    }

    /** The body of a backtick substitution, already unescaped, parsed as a source of its own. */
    void backticks(String body, String where) {
        if (!deeper(lexer.source(), lexer.source().pos)) {
            return;
        }
        Lexer outer = lexer;
        lexer = new Lexer(new Source(body, "backtick substitution at " + where), session, this);
        program();
        lexer = outer;
        shallower();
    }

    private boolean deeper(Source src, int at) {
        if (depth + 1 > ParseSession.MAX_DEPTH) {
            session.abort(src, at, "commands nested more than " + ParseSession.MAX_DEPTH + " levels deep");
            return false;
        }
        if (!session.enter(src, at)) {
            return false;
        }
        depth++;
        return true;
    }

    private void shallower() {
        depth--;
        session.leave();
    }

    private void program() {
        while (true) {
            list();
            Token t = lexer.peek();
            if (t.kind() == Kind.EOF) {
                return;
            }
            unexpected(t);
            lexer.next();
        }
    }

    void list() {
        while (true) {
            Token t = lexer.peek();
            if (t.kind() == Kind.NEWLINE) {
                lexer.next();
                continue;
            }
            if (endsList(t)) {
                return;
            }
            andOr();
            t = lexer.peek();
            if (t.kind() != Kind.SEMI && t.kind() != Kind.AMP && t.kind() != Kind.NEWLINE) {
                return;
            }
            lexer.next();
        }
    }

    private static boolean endsList(Token t) {
        return switch (t.kind()) {
            case EOF, RPAREN, DSEMI, SEMI_AND, DSEMI_AND -> true;
            case WORD -> isClosingKeyword(t.word());
            default -> false;
        };
    }

    static boolean isClosingKeyword(Word w) {
        return switch (w.raw) {
            case "then", "elif", "else", "fi", "do", "done", "esac", "}" -> true;
            default -> false;
        };
    }

    private void andOr() {
        pipeline();
        while (true) {
            Token t = lexer.peek();
            if (t.kind() != Kind.AND_IF && t.kind() != Kind.OR_IF) {
                return;
            }
            lexer.next();
            skipNewlines();
            // What follows `&&` or `||` may not run: its assignments may not happen.
            session.expansions.enterConditional();
            pipeline();
            session.expansions.leaveConditional();
        }
    }

    private void pipeline() {
        boolean timed = false;
        Token t = lexer.peek();
        while (t.isWord("!") || t.isWord("time")) {
            lexer.next();
            if (t.isWord("time")) {
                timed = true;
                if (lexer.peek().isWord("-p")) {
                    lexer.next();
                }
            }
            t = lexer.peek();
        }
        int index = session.nextPipeline();
        List<int[]> elements = new ArrayList<>(2);
        while (true) {
            int from = lexer.peek().rawMark();
            RawCommand simple = command();
            elements.add(new int[] {from, raw.size()});
            Token separator = lexer.peek();
            if (separator.kind() != Kind.PIPE && separator.kind() != Kind.PIPE_AMP) {
                break;
            }
            if (separator.kind() == Kind.PIPE_AMP && simple != null) {
                Word one = Word.literal("1", separator.start(), separator.end());
                simple.redirects.add(new RawCommand.Redirect(2, ">&", one, null));
            }
            lexer.next();
            skipNewlines();
        }
        place(elements, index, timed);
    }

    /**
     * Gives each command its place in the pipeline. Commands of a compound element (a group, a
     * loop) that are alone in their own pipeline take the element's place: they read its input.
     */
    private void place(List<int[]> elements, int index, boolean timed) {
        int length = elements.size();
        List<RawCommand> previous = List.of();
        for (int position = 0; position < length; position++) {
            int[] range = elements.get(position);
            List<RawCommand> here = new ArrayList<>(1);
            for (int i = range[0]; i < range[1]; i++) {
                RawCommand r = raw.get(i);
                if (r.depth != depth) {
                    continue;
                }
                if (r.pipelineLength == 0 || (length > 1 && r.pipelineLength == 1)) {
                    r.pipeline = index;
                    r.position = position;
                    r.pipelineLength = length;
                    r.inputs = previous;
                    here.add(r);
                }
                if (timed) {
                    r.keywords.add(0, "time");
                }
            }
            previous = List.copyOf(here);
        }
    }

    /** One command; returns it when it is a simple command, else null. */
    RawCommand command() {
        Token t = lexer.peek();
        switch (t.kind()) {
            case WORD:
                return wordCommand(t);
            case REDIRECT:
                return simple();
            case LPAREN:
                if (lexer.source().at(t.end()) == '(') {
                    lexer.rewind(t.start());
                    if (lexer.words().arithmeticCommand(t.start())) {
                        redirectsAfterCompound(t.rawMark(), t.start());
                        return null;
                    }
                }
                compound(t, compounds::subshell);
                return null;
            default:
                problem(t, "expected a command before " + t.shown());
                return null;
        }
    }

    private RawCommand wordCommand(Token t) {
        Word w = t.word();
        switch (w.raw) {
            case "if" -> compound(t, compounds::ifClause);
            case "while", "until" -> compound(t, compounds::loop);
            case "for", "select" -> compound(t, compounds::forClause);
            case "case" -> compound(t, compounds::caseClause);
            case "{" -> compound(t, compounds::group);
            case "function" -> compounds.functionKeyword();
            case "[[" -> {
                return compounds.doubleBracket();
            }
            case "coproc" -> {
                problem(t, "unsupported syntax `coproc`");
                lexer.next();
                return command();
            }
            default -> {
                if (isClosingKeyword(w)) {
                    problem(t, "expected a command before " + t.shown());
                    return null;
                }
                return simple();
            }
        }
        return null;
    }

    private void compound(Token first, Runnable body) {
        if (!session.enter(lexer.source(), first.start())) {
            return;
        }
        body.run();
        session.leave();
        redirectsAfterCompound(first.rawMark(), first.start());
    }

    /** {@code { …; } > file}: the redirection applies to every command inside. */
    void redirectsAfterCompound(int from, int start) {
        RawCommand holder = null;
        int end = start;
        while (lexer.peek().kind() == Kind.REDIRECT) {
            if (holder == null) {
                holder = new RawCommand(depth, wrappers, lexer.source());
            }
            end = redirect(holder, lexer.next());
        }
        if (holder == null) {
            return;
        }
        boolean applied = false;
        for (int i = from; i < raw.size(); i++) {
            RawCommand r = raw.get(i);
            if (r.depth == depth) {
                r.redirects.addAll(0, holder.redirects);
                applied = true;
            }
        }
        if (!applied) {
            holder.text = lexer.source().slice(start, end);
            holder.start = start;
            raw.add(holder);
        }
    }

    private RawCommand simple() {
        Token first = lexer.peek();
        RawCommand command = new RawCommand(depth, wrappers, lexer.source());
        command.start = first.start();
        int end = first.start();
        while (true) {
            Token t = lexer.peek();
            if (t.kind() == Kind.REDIRECT) {
                lexer.next();
                end = redirect(command, t);
                continue;
            }
            if (t.kind() != Kind.WORD) {
                break;
            }
            lexer.next();
            end = t.end();
            if (command.words.isEmpty() && assignment(command, t.word())) {
                continue;
            }
            command.words.add(t.word());
            if (command.words.size() == 1 && command.assignments.isEmpty() && command.redirects.isEmpty()
                    && lexer.peek().kind() == Kind.LPAREN) {
                compounds.functionDefinition(t.word());
                return null;
            }
        }
        command.text = lexer.source().slice(first.start(), end);
        command.state = session.expansions.state();
        raw.add(first.rawMark(), command);
        VariableEffects.apply(command, session);
        return command;
    }

    /** {@code NAME=value} or {@code NAME+=value} before the program word. */
    private boolean assignment(RawCommand command, Word w) {
        int equals = w.raw.indexOf('=');
        if (equals <= 0) {
            return false;
        }
        int nameEnd = w.raw.charAt(equals - 1) == '+' ? equals - 1 : equals;
        if (nameEnd == 0 || !WordReader.isNameStart(w.raw.charAt(0))) {
            return false;
        }
        for (int i = 1; i < nameEnd; i++) {
            if (!WordReader.isNameChar(w.raw.charAt(i))) {
                return false;
            }
        }
        String name = w.raw.substring(0, nameEnd);
        command.assignments.put(name, w.value.substring(equals + 1));
        Value value = VariableEffects.valueOf(w, w.value.indexOf('=') + 1);
        command.values.put(name, nameEnd < equals ? VariableEffects.append(session.expansions.variable(name), value) : value);
        return true;
    }

    /** Reads the target of a redirection operator; returns the offset after it. */
    private int redirect(RawCommand command, Token operator) {
        Token target = lexer.peek();
        if (target.kind() != Kind.WORD) {
            problem(target, "expected a file name after `" + operator.text() + "`, found " + target.shown());
            return operator.end();
        }
        lexer.next();
        Heredoc heredoc = null;
        if (operator.text().equals("<<") || operator.text().equals("<<-")) {
            heredoc = new Heredoc(operator.text(), target.word(), operator.start());
            lexer.queueHeredoc(heredoc);
        }
        command.redirects.add(new RawCommand.Redirect(operator.fd(), operator.text(), target.word(), heredoc));
        return target.end();
    }

    void skipNewlines() {
        while (lexer.peek().kind() == Kind.NEWLINE) {
            lexer.next();
        }
    }

    boolean expect(Token open, String keyword) {
        if (lexer.peek().isWord(keyword)) {
            lexer.next();
            return true;
        }
        expected(open, "`" + keyword + "`");
        return false;
    }

    void expected(Token open, String what) {
        Token found = lexer.peek();
        problem(found, "expected " + what + " to go with " + open.shown() + " at "
                + lexer.source().where(open.start()) + ", found " + found.shown());
    }

    private void unexpected(Token t) {
        problem(t, "unexpected " + t.shown());
    }

    void problem(Token t, String message) {
        if (!session.aborted()) {
            session.problem(lexer.source(), t.start(), message);
        }
    }
}
