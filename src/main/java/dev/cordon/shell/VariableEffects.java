package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * How a simple command changes the variables later words are read with: assignments alone on a
 * line, {@code export}/{@code declare}/{@code local}/{@code readonly}, {@code unset},
 * {@code read}, {@code printf -v}, {@code set --}, {@code shift}, and {@code cd} (which moves
 * {@code PWD}). A value cordon cannot compute makes the variable unknown.
 */
final class VariableEffects {

    private VariableEffects() {
    }

    static void apply(RawCommand command, ParseSession session) {
        Expansions vars = session.expansions;
        if (command.words.isEmpty()) {
            command.values.forEach(vars::assign);
            return;
        }
        int at = 0;
        while (at < command.words.size() - 1
                && (command.words.get(at).is("builtin") || command.words.get(at).is("command"))) {
            at++;
        }
        List<Word> args = command.words.subList(at + 1, command.words.size());
        switch (Unwrapper.basename(command.words.get(at).value)) {
            case "export", "declare", "typeset", "local", "readonly" -> declare(args, vars);
            case "unset" -> {
                for (Word w : args) {
                    if (!w.value.startsWith("-")) {
                        vars.assign(w.value, Value.EMPTY);
                    }
                }
            }
            case "read" -> read(command, args, session);
            case "mapfile", "readarray", "getopts" -> {
                for (Word w : args) {
                    if (!w.value.startsWith("-") && isName(w.value)) {
                        vars.reassign(w.value);
                    }
                }
                vars.reassign("MAPFILE");
            }
            case "printf" -> printfTo(args, vars);
            case "set" -> set(args, vars);
            case "shift" -> vars.shift(args.isEmpty() ? 1 : number(args.get(0)));
            case "cd", "pushd" -> cd(args, vars);
            case "popd" -> vars.reassign("PWD");
            default -> {
            }
        }
    }

    /** The value of an assignment word from {@code from} on: an array, a text, or unknown. */
    static Value valueOf(Word w, int from) {
        if (w.elements != null) {
            List<String> items = TextOutput.values(w.elements);
            return items == null ? Value.UNKNOWN : Value.array(items);
        }
        if (w.unknown) {
            return Value.UNKNOWN;
        }
        String text = w.value.substring(Math.min(from, w.value.length()));
        if (!w.choice) {
            return Value.scalar(text);
        }
        List<String> choices = BraceExpansion.expand(w.value, w.braces, null);
        if (choices == null) {
            return Value.UNKNOWN;
        }
        List<String> texts = new ArrayList<>(choices.size());
        for (String choice : choices) {
            texts.add(choice.substring(Math.min(from, choice.length())));
        }
        return Value.choice(texts);
    }

    /** {@code NAME+=value}. */
    static Value append(Value old, Value added) {
        if (old.kind() == Value.Kind.ARRAY && added.kind() == Value.Kind.ARRAY) {
            List<String> items = new ArrayList<>(old.items());
            items.addAll(added.items());
            return Value.array(items);
        }
        String head = old.text();
        String tail = added.text();
        return head == null || tail == null || added.kind() == Value.Kind.ARRAY ? Value.UNKNOWN : Value.scalar(head + tail);
    }

    private static void declare(List<Word> args, Expansions vars) {
        for (Word w : args) {
            int equals = w.value.indexOf('=');
            String name = equals < 0 ? w.value : w.value.substring(0, equals);
            if (w.value.startsWith("-") || w.value.startsWith("+") || !isName(name.endsWith("+") ? name.substring(0, name.length() - 1) : name)) {
                continue;
            }
            if (equals < 0) {
                continue;
            }
            Value value = valueOf(w, equals + 1);
            if (name.endsWith("+")) {
                name = name.substring(0, name.length() - 1);
                value = append(vars.variable(name), value);
            }
            vars.assign(name, value);
        }
    }

    /** {@code read [-r] NAME…} from a here-string or here-document: the first line, split at blanks. */
    private static void read(RawCommand command, List<Word> args, ParseSession session) {
        List<String> names = new ArrayList<>();
        boolean array = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).value;
            if (arg.equals("-a")) {
                array = true;
            } else if (arg.equals("-p") || arg.equals("-d") || arg.equals("-n") || arg.equals("-N")
                    || arg.equals("-t") || arg.equals("-u") || arg.equals("-i")) {
                i++;
            } else if (!arg.startsWith("-") && isName(arg)) {
                names.add(arg);
            }
        }
        if (names.isEmpty()) {
            names.add("REPLY");
        }
        String input = command.inputs.isEmpty() ? TextOutput.stdin(command, session.files) : null;
        String line = input == null ? null : input.lines().findFirst().orElse("").strip();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (line == null) {
                session.expansions.reassign(name);
            } else if (array) {
                session.expansions.assign(name, Value.array(blankSeparated(line)));
            } else if (i == names.size() - 1) {
                session.expansions.assign(name, Value.scalar(line));
            } else {
                List<String> fields = blankSeparated(line);
                String first = fields.isEmpty() ? "" : fields.get(0);
                session.expansions.assign(name, Value.scalar(first));
                line = line.substring(Math.min(line.length(), line.indexOf(first) + first.length())).strip();
            }
        }
    }

    private static List<String> blankSeparated(String line) {
        List<String> fields = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            int start = i;
            while (i < line.length() && line.charAt(i) != ' ' && line.charAt(i) != '\t') {
                i++;
            }
            if (i > start) {
                fields.add(line.substring(start, i));
            }
        }
        return fields;
    }

    /** {@code printf -v NAME FORMAT ARGS…}. */
    private static void printfTo(List<Word> args, Expansions vars) {
        if (args.size() < 3 || !args.get(0).value.equals("-v") || !isName(args.get(1).value)) {
            return;
        }
        List<String> rest = TextOutput.values(args.subList(2, args.size()));
        String text = rest == null || rest.isEmpty() ? null : Printf.format(rest.get(0), rest.subList(1, rest.size()));
        vars.assign(args.get(1).value, text == null ? Value.UNKNOWN : Value.scalar(text));
    }

    /** {@code set -- ARGS…} or {@code set ARGS…}: new positional parameters; options change nothing cordon follows. */
    private static void set(List<Word> args, Expansions vars) {
        int i = 0;
        while (i < args.size()) {
            String arg = args.get(i).value;
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (arg.equals("-o") || arg.equals("+o")) {
                i += 2;
            } else if (arg.startsWith("-") || arg.startsWith("+")) {
                i++;
            } else {
                break;
            }
        }
        boolean dashes = i > 0 && args.get(i - 1).value.equals("--");
        if (i >= args.size() && !dashes) {
            return;
        }
        List<String> values = TextOutput.values(args.subList(i, args.size()));
        vars.setPositional(values == null ? Value.UNKNOWN : Value.array(values));
    }

    private static void cd(List<Word> args, Expansions vars) {
        Word target = null;
        for (Word w : args) {
            if (!w.value.startsWith("-") || w.value.equals("-")) {
                target = w;
                break;
            }
        }
        String old = vars.value("PWD");
        Value next;
        if (target == null) {
            String home = vars.value("HOME");
            next = home == null ? Value.UNKNOWN : Value.scalar(home);
        } else if (target.unknown || target.choice || target.value.equals("-") || target.value.startsWith("~")) {
            next = Value.UNKNOWN;
        } else if (target.value.startsWith("/")) {
            next = Value.scalar(target.value);
        } else {
            next = old == null ? Value.UNKNOWN : Value.scalar(old + "/" + target.value);
        }
        // `cd` may fail and leave the directory as it was.
        vars.assign("OLDPWD", old == null ? Value.UNKNOWN : Value.scalar(old));
        vars.assign("PWD", old == null ? Value.UNKNOWN : Value.scalar(old).or(next));
    }

    private static int number(Word w) {
        try {
            return Integer.parseInt(w.value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static boolean isName(String text) {
        if (text.isEmpty() || !WordReader.isNameStart(text.charAt(0))) {
            return false;
        }
        for (int i = 1; i < text.length(); i++) {
            if (!WordReader.isNameChar(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
