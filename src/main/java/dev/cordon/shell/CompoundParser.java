package dev.cordon.shell;

import dev.cordon.shell.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * The compound commands of the grammar: subshells, groups, {@code if}, loops, {@code case},
 * functions and {@code [[ … ]]}. They only give structure; the simple commands inside them are
 * what gets reported.
 */
final class CompoundParser {

    private final Parser p;

    CompoundParser(Parser parser) {
        this.p = parser;
    }

    void subshell() {
        Token open = p.lexer().next();
        // A subshell's assignments end with it: after it, a variable may hold either value.
        conditional(p::list);
        if (p.lexer().peek().kind() == Kind.RPAREN) {
            p.lexer().next();
        } else {
            p.expected(open, "`)`");
        }
    }

    void group() {
        Token open = p.lexer().next();
        p.list();
        p.expect(open, "}");
    }

    void ifClause() {
        Token open = p.lexer().next();
        p.list();
        if (!p.expect(open, "then")) {
            return;
        }
        conditional(p::list);
        while (p.lexer().peek().isWord("elif")) {
            p.lexer().next();
            conditional(p::list);
            if (!p.expect(open, "then")) {
                return;
            }
            conditional(p::list);
        }
        if (p.lexer().peek().isWord("else")) {
            p.lexer().next();
            conditional(p::list);
        }
        p.expect(open, "fi");
    }

    void loop() {
        Token open = p.lexer().next();
        conditional(p::list);
        if (p.expect(open, "do")) {
            conditional(p::list);
            p.expect(open, "done");
        }
    }

    /** Reads code that may be skipped or repeated: its assignments leave either value. */
    private void conditional(Runnable body) {
        p.session().expansions.enterConditional();
        body.run();
        p.session().expansions.leaveConditional();
    }

    void forClause() {
        Token open = p.lexer().next();
        Token t = p.lexer().peek();
        if (t.kind() == Kind.LPAREN && p.lexer().source().at(t.end()) == '(') {
            p.lexer().rewind(t.start());
            if (!p.lexer().words().arithmeticCommand(t.start())) {
                p.problem(t, "expected `((…))` after " + open.shown());
                return;
            }
        } else if (t.kind() == Kind.WORD) {
            p.lexer().next();
            p.skipNewlines();
            Value values = p.session().expansions.positional();
            if (p.lexer().peek().isWord("in")) {
                p.lexer().next();
                List<Word> words = new ArrayList<>();
                while (p.lexer().peek().kind() == Kind.WORD) {
                    words.add(p.lexer().next().word());
                }
                List<String> items = TextOutput.values(words);
                values = items == null ? Value.UNKNOWN : Value.choice(items);
            } else if (values.known()) {
                values = Value.choice(values.items());
            }
            // In the body the variable is one of the words; the loop may also not run at all.
            p.session().expansions.assign(t.word().value, values);
        } else {
            p.problem(t, "expected a variable name after " + open.shown() + ", found " + t.shown());
            return;
        }
        Token separator = p.lexer().peek();
        if (separator.kind() == Kind.SEMI || separator.kind() == Kind.NEWLINE) {
            p.lexer().next();
        }
        p.skipNewlines();
        if (p.lexer().peek().isWord("{")) {
            conditional(this::group);
        } else if (p.expect(open, "do")) {
            conditional(p::list);
            p.expect(open, "done");
        }
    }

    void caseClause() {
        Token open = p.lexer().next();
        Token subject = p.lexer().peek();
        if (subject.kind() != Kind.WORD) {
            p.problem(subject, "expected a word after `case`, found " + subject.shown());
            return;
        }
        p.lexer().next();
        p.skipNewlines();
        if (!p.expect(open, "in")) {
            return;
        }
        while (true) {
            p.skipNewlines();
            Token t = p.lexer().peek();
            if (t.isWord("esac")) {
                p.lexer().next();
                return;
            }
            if (t.kind() == Kind.EOF) {
                p.expected(open, "`esac`");
                return;
            }
            if (t.kind() == Kind.LPAREN) {
                p.lexer().next();
            }
            if (!casePatterns()) {
                return;
            }
            conditional(p::list);
            Token end = p.lexer().peek();
            if (end.kind() == Kind.DSEMI || end.kind() == Kind.SEMI_AND || end.kind() == Kind.DSEMI_AND) {
                p.lexer().next();
            } else if (!end.isWord("esac")) {
                p.problem(end, "expected `;;` or `esac`, found " + end.shown());
                return;
            }
        }
    }

    private boolean casePatterns() {
        while (true) {
            Token pattern = p.lexer().peek();
            if (pattern.kind() != Kind.WORD) {
                p.problem(pattern, "expected a `case` pattern, found " + pattern.shown());
                return false;
            }
            p.lexer().next();
            Token after = p.lexer().peek();
            if (after.kind() == Kind.RPAREN) {
                p.lexer().next();
                return true;
            }
            if (after.kind() != Kind.PIPE) {
                p.problem(after, "expected `)` after a `case` pattern, found " + after.shown());
                return false;
            }
            p.lexer().next();
        }
    }

    void functionKeyword() {
        Token open = p.lexer().next();
        Token name = p.lexer().peek();
        if (name.kind() != Kind.WORD) {
            p.problem(name, "expected a function name after `function`, found " + name.shown());
            return;
        }
        p.lexer().next();
        if (p.lexer().peek().kind() == Kind.LPAREN) {
            p.lexer().next();
            if (p.lexer().peek().kind() != Kind.RPAREN) {
                p.expected(open, "`)`");
                return;
            }
            p.lexer().next();
        }
        functionBody(name.word().value);
    }

    /** After {@code NAME (}: the rest of a function definition. */
    void functionDefinition(Word name) {
        p.lexer().next();
        if (p.lexer().peek().kind() != Kind.RPAREN) {
            Token found = p.lexer().peek();
            p.problem(found, "expected `)` after " + ParseSession.quote(name.raw + " (") + ", found " + found.shown());
            return;
        }
        p.lexer().next();
        functionBody(name.value);
    }

    /** The body's commands are reported, marked as inside the function (a fork bomb shows). */
    private void functionBody(String name) {
        p.skipNewlines();
        Token t = p.lexer().peek();
        if (!startsCompound(t)) {
            p.problem(t, "a function body must be a compound command such as `{ …; }`, found " + t.shown());
            return;
        }
        int from = t.rawMark();
        // The body runs when the function is called, with the caller's arguments as `$1`….
        Expansions vars = p.session().expansions;
        Value outerParameters = vars.positional();
        vars.overridePositional(Value.UNKNOWN);
        conditional(p::command);
        vars.overridePositional(outerParameters);
        p.session().functions.put(name, p.lexer().source().slice(t.start(), p.lexer().peek().start()));
        String marker = "function " + name;
        for (int i = from; i < p.raw().size(); i++) {
            RawCommand r = p.raw().get(i);
            if (r.depth == p.depth()) {
                r.keywords.add(0, marker);
            }
        }
    }

    private static boolean startsCompound(Token t) {
        if (t.kind() == Kind.LPAREN) {
            return true;
        }
        return t.kind() == Kind.WORD && switch (t.word().raw) {
            case "{", "if", "while", "until", "for", "select", "case", "[[" -> true;
            default -> false;
        };
    }

    /** {@code [[ … ]]}: reported as a command named {@code [[} so substitutions inside show. */
    RawCommand doubleBracket() {
        Token first = p.lexer().next();
        RawCommand command = p.newCommand();
        command.start = first.start();
        command.words.add(first.word());
        int end = first.end();
        while (true) {
            Token t = p.lexer().peek();
            if (t.kind() == Kind.EOF) {
                p.expected(first, "`]]`");
                break;
            }
            p.lexer().next();
            if (t.kind() == Kind.NEWLINE) {
                continue;
            }
            end = t.end();
            command.words.add(t.kind() == Kind.WORD ? t.word() : Word.literal(t.text(), t.start(), t.end()));
            if (t.isWord("]]")) {
                break;
            }
        }
        command.text = p.lexer().source().slice(first.start(), end);
        p.raw().add(first.rawMark(), command);
        p.redirectsAfterCompound(first.rawMark(), first.start());
        return command;
    }
}
