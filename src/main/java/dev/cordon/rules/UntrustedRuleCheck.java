package dev.cordon.rules;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Problem;
import dev.cordon.fact.Assignment;
import dev.cordon.fact.Call;
import dev.cordon.fact.Command;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.fact.Destination;
import dev.cordon.fact.FileAccess;
import dev.cordon.fact.Finding;
import dev.cordon.fact.Gate;
import dev.cordon.fact.McpTool;
import dev.cordon.fact.NetworkAccess;
import dev.cordon.fact.NetworkEntry;
import dev.cordon.fact.Operand;
import dev.cordon.fact.ParseProblem;
import dev.cordon.fact.PathGlobs;
import dev.cordon.fact.PathList;
import dev.cordon.fact.Policy;
import dev.cordon.fact.PolicyFiles;
import dev.cordon.fact.ShellFunction;
import dev.cordon.fact.ToolKind;
import dev.cordon.profile.Profile;
import dev.cordon.shell.Access;
import dev.cordon.shell.Redirection;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rules of a project the user has not trusted are code from a cloned repository: DRL conditions
 * and consequences can call any Java method. Such files are held to a small vocabulary — DRL
 * keywords, the fact types and their accessors, a few string and collection methods — so they
 * can match facts and insert findings, and nothing else. Every identifier outside string
 * literals and comments must be on the list; imports must name fact types; the dialect must be
 * MVEL (Java's unicode escapes could hide code in a string).
 */
public final class UntrustedRuleCheck {

    private static final List<Class<?>> FACT_TYPES = List.of(Call.class, Command.class, FileAccess.class,
            Operand.class, Assignment.class, ShellFunction.class, ParseProblem.class, PathGlobs.class,
            PolicyFiles.class, Policy.class, Finding.class, Gate.class, Decision.class, Access.class,
            ToolKind.class, PathList.class, Profile.Mode.class, ExecutorFacts.class, Redirection.class,
            Destination.class, NetworkAccess.class, NetworkEntry.class, NetworkEntry.NetworkList.class,
            McpTool.class);

    private static final Set<String> KEYWORDS = Set.of("package", "import", "dialect", "rule", "when", "then",
            "end", "salience", "no", "loop", "not", "exists", "and", "or", "from", "in", "contains", "matches",
            "memberOf", "this", "true", "false", "null", "insert", "kcontext");

    private static final Set<String> LIBRARY_METHODS = Set.of("startsWith", "endsWith", "contains", "equals",
            "length", "isEmpty", "toLowerCase", "toUpperCase", "trim", "indexOf", "size", "get", "containsKey",
            "name", "ordinal");

    private static final Set<String> VOCABULARY = vocabulary();
    private static final Map<String, String> IMPORTABLE = importable();

    private UntrustedRuleCheck() {
    }

    /** Adds a problem for every use of something outside the vocabulary. */
    public static void check(RuleFile file, List<Problem> problems) {
        String text = file.text();
        if (text.contains("\\u")) {
            int at = text.indexOf("\\u");
            problems.add(problem(file, at, "untrusted project rules may not contain unicode escapes"));
        }
        boolean mvel = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char ch = text.charAt(i);
            if (ch == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                i = skipTo(text, i, "\n");
            } else if (ch == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                i = skipTo(text, i + 2, "*/") + 1;
            } else if (ch == '"' || ch == '\'') {
                i = skipString(text, i, ch);
            } else if (ch == '\\') {
                problems.add(problem(file, i, "untrusted project rules may not use `\\` outside strings"));
                i++;
            } else if (Character.isJavaIdentifierStart(ch) && ch != '$') {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
                    i++;
                }
                String word = text.substring(start, i);
                if (word.equals("import")) {
                    i = checkImport(file, text, i, problems);
                } else if (word.equals("package")) {
                    i = skipQualifiedName(text, skipSpace(text, i));
                } else if (word.equals("dialect")) {
                    mvel |= text.startsWith("\"mvel\"", skipSpace(text, i));
                } else if (!VOCABULARY.contains(word) && !isNumber(word)) {
                    problems.add(problem(file, start, "untrusted project rules may not use `" + word
                            + "`; they may only match facts and insert findings (trust the project to lift this)"));
                }
            } else if (ch == '$') {
                i++;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
                    i++;
                }
            } else {
                i++;
            }
        }
        if (!mvel) {
            problems.add(new Problem(file.display(), 1, 1,
                    "untrusted project rules must declare `dialect \"mvel\"`"));
        }
    }

    private static int checkImport(RuleFile file, String text, int from, List<Problem> problems) {
        int end = text.indexOf('\n', from);
        end = end < 0 ? text.length() : end;
        String target = text.substring(from, end).trim();
        if (target.endsWith(";")) {
            target = target.substring(0, target.length() - 1).trim();
        }
        if (!IMPORTABLE.containsKey(target)) {
            problems.add(problem(file, from, "untrusted project rules may import only fact types, not `"
                    + target + "`"));
        }
        return end;
    }

    private static Problem problem(RuleFile file, int offset, String message) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < offset && i < file.text().length(); i++) {
            if (file.text().charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new Problem(file.display(), line, column, message);
    }

    private static int skipTo(String text, int from, String end) {
        int at = text.indexOf(end, from);
        return at < 0 ? text.length() : at + 1;
    }

    private static int skipString(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            char ch = text.charAt(i);
            if (ch == '\\') {
                i += 2;
            } else if (ch == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        return i;
    }

    private static int skipQualifiedName(String text, int from) {
        int i = from;
        while (i < text.length() && (Character.isJavaIdentifierPart(text.charAt(i)) || text.charAt(i) == '.')) {
            i++;
        }
        return i;
    }

    private static int skipSpace(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isNumber(String word) {
        return !word.isEmpty() && Character.isDigit(word.charAt(0));
    }

    private static Set<String> vocabulary() {
        Set<String> words = new HashSet<>(KEYWORDS);
        words.addAll(LIBRARY_METHODS);
        for (Class<?> type : FACT_TYPES) {
            words.add(type.getSimpleName());
            if (type.isRecord()) {
                for (RecordComponent component : type.getRecordComponents()) {
                    words.add(component.getName());
                }
            }
            for (Method method : type.getDeclaredMethods()) {
                if (Modifier.isPublic(method.getModifiers()) && !method.isSynthetic()) {
                    words.add(method.getName());
                }
            }
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isPublic(field.getModifiers())) {
                    words.add(field.getName());
                }
            }
        }
        words.removeAll(Set.of("getClass", "wait", "notify", "notifyAll", "valueOf", "values", "compile"));
        return Set.copyOf(words);
    }

    private static Map<String, String> importable() {
        Map<String, String> names = new HashMap<>();
        for (Class<?> type : FACT_TYPES) {
            names.put(type.getCanonicalName(), type.getSimpleName());
        }
        return Map.copyOf(names);
    }
}
