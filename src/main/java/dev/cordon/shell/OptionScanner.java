package dev.cordon.shell;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Sorts a program's arguments into flags, option values and operands using {@link ProgramOptions}. */
final class OptionScanner {

    /** Whether option parsing goes on after the first operand (GNU) or stops there. */
    private enum Order { PERMUTE, STOP_AT_OPERAND }

    /** find primaries that take the next word as their value. */
    private static final Set<String> FIND_VALUES = Set.of(
            "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
            "-lname", "-ilname", "-type", "-xtype", "-user", "-group", "-uid", "-gid", "-perm", "-size",
            "-newer", "-anewer", "-cnewer", "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin",
            "-maxdepth", "-mindepth", "-links", "-inum", "-samefile", "-fstype", "-used", "-printf",
            "-fprint", "-fprint0", "-fls", "-context", "-files0-from", "-regextype", "-D", "-newermt");

    /** {@code "-a"}, {@code "-b"}…: short flags as strings without building one per letter. */
    private static final String[] SHORT = new String[128];

    static {
        for (char c = 0; c < SHORT.length; c++) {
            SHORT[c] = "-" + c;
        }
    }

    private final Set<String> flags = new LinkedHashSet<>();
    private final List<String> operands = new ArrayList<>();
    private final List<ScannedArgs.OptionValue> values = new ArrayList<>(0);

    private OptionScanner() {
    }

    static ScannedArgs scan(String program, List<String> args) {
        OptionSpec spec = ProgramOptions.of(program);
        OptionScanner scanner = new OptionScanner();
        switch (spec.syntax()) {
            case FIND -> scanner.find(args);
            case GIT -> scanner.git(spec, args);
            case TAR -> scanner.tar(spec, args);
            case GNU, EXACT -> scanner.options(spec, args, 0, Order.PERMUTE);
        }
        return new ScannedArgs(scanner.flags, scanner.operands, scanner.values);
    }

    /** Reads options from {@code from}; returns the index where it stopped. */
    private int options(OptionSpec spec, List<String> args, int from, Order order) {
        boolean optionsEnded = false;
        for (int i = from; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || arg.length() < 2 || arg.charAt(0) != '-') {
                if (order == Order.STOP_AT_OPERAND) {
                    return i;
                }
                operands.add(arg);
            } else if (arg.equals("--")) {
                optionsEnded = true;
            } else if (arg.charAt(1) == '-') {
                i = longOption(spec, args, i);
            } else {
                i = shortCluster(spec, args, i);
            }
        }
        return args.size();
    }

    private int longOption(OptionSpec spec, List<String> args, int i) {
        String arg = args.get(i);
        int equals = arg.indexOf('=');
        String resolved = spec.resolveLong(equals < 0 ? arg : arg.substring(0, equals));
        String flag = spec.canonical(resolved);
        flags.add(flag);
        if (equals >= 0) {
            values.add(new ScannedArgs.OptionValue(flag, arg.substring(equals + 1)));
        } else if (spec.longTakesValue(resolved) && i + 1 < args.size()) {
            values.add(new ScannedArgs.OptionValue(flag, args.get(i + 1)));
            return i + 1;
        }
        return i;
    }

    private int shortCluster(OptionSpec spec, List<String> args, int i) {
        String arg = args.get(i);
        if (isNumber(arg, 1)) {
            flags.add(arg);
            return i;
        }
        if (!spec.letters().isEmpty()) {
            for (int j = 1; j < arg.length(); j++) {
                if (spec.letters().indexOf(arg.charAt(j)) < 0) {
                    operands.add(arg);
                    return i;
                }
            }
        }
        return letters(spec, arg, 1, args, i);
    }

    /** The option letters of {@code cluster} from {@code from}; a value may be the next word. */
    private int letters(OptionSpec spec, String cluster, int from, List<String> args, int i) {
        for (int j = from; j < cluster.length(); j++) {
            char letter = cluster.charAt(j);
            String flag = spec.canonical(letter < SHORT.length ? SHORT[letter] : "-" + letter);
            flags.add(flag);
            if (spec.valueLetters().indexOf(letter) >= 0) {
                if (j + 1 < cluster.length()) {
                    values.add(new ScannedArgs.OptionValue(flag, cluster.substring(j + 1)));
                } else if (i + 1 < args.size()) {
                    values.add(new ScannedArgs.OptionValue(flag, args.get(i + 1)));
                    return i + 1;
                }
                return i;
            }
            if (spec.optionalLetters().indexOf(letter) >= 0) {
                if (j + 1 < cluster.length()) {
                    values.add(new ScannedArgs.OptionValue(flag, cluster.substring(j + 1)));
                }
                return i;
            }
        }
        return i;
    }

    private static boolean isNumber(String text, int from) {
        if (from >= text.length()) {
            return false;
        }
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@code git [global options] SUBCOMMAND [options and operands]}; the subcommand is an operand. */
    private void git(OptionSpec global, List<String> args) {
        int at = options(global, args, 0, Order.STOP_AT_OPERAND);
        if (at >= args.size()) {
            return;
        }
        String subcommand = args.get(at);
        operands.add(subcommand);
        options(ProgramOptions.of("git " + subcommand), args, at + 1, Order.PERMUTE);
    }

    /** {@code tar xzf FILE …}: a first word without a dash is a cluster of option letters. */
    private void tar(OptionSpec spec, List<String> args) {
        if (args.isEmpty() || args.get(0).isEmpty() || args.get(0).charAt(0) == '-' || !isLetters(args.get(0))) {
            options(spec, args, 0, Order.PERMUTE);
            return;
        }
        String cluster = args.get(0);
        int next = 1;
        for (int j = 0; j < cluster.length(); j++) {
            char letter = cluster.charAt(j);
            String flag = spec.canonical("-" + letter);
            flags.add(flag);
            if (spec.valueLetters().indexOf(letter) >= 0 && next < args.size()) {
                values.add(new ScannedArgs.OptionValue(flag, args.get(next++)));
            }
        }
        options(spec, args, next, Order.PERMUTE);
    }

    private static boolean isLetters(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isLetter(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code find [-H|-L|-P] [paths…] [expression]}: paths are operands, every expression word that
     * starts with a dash is a flag (whole), and the commands of {@code -exec … ;} are skipped.
     */
    private void find(List<String> args) {
        int i = 0;
        while (i < args.size() && isFindLeadingOption(args.get(i))) {
            flags.add(args.get(i));
            i++;
        }
        while (i < args.size() && !startsExpression(args.get(i))) {
            operands.add(args.get(i));
            i++;
        }
        for (; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                continue;
            }
            flags.add(arg);
            if (isExec(arg)) {
                while (i + 1 < args.size() && !args.get(i + 1).equals(";") && !args.get(i + 1).equals("+")) {
                    i++;
                }
                i++;
            } else if (FIND_VALUES.contains(arg) && i + 1 < args.size()) {
                values.add(new ScannedArgs.OptionValue(arg, args.get(i + 1)));
                i++;
            } else if (arg.equals("-fprintf") && i + 2 < args.size()) {
                values.add(new ScannedArgs.OptionValue(arg, args.get(i + 1)));
                i += 2;
            }
        }
    }

    static boolean isExec(String arg) {
        return arg.equals("-exec") || arg.equals("-execdir") || arg.equals("-ok") || arg.equals("-okdir");
    }

    private static boolean isFindLeadingOption(String arg) {
        return arg.equals("-H") || arg.equals("-L") || arg.equals("-P") || (arg.startsWith("-O") && isNumber(arg, 2));
    }

    private static boolean startsExpression(String arg) {
        return (arg.length() > 1 && arg.charAt(0) == '-') || arg.equals("(") || arg.equals("!")
                || arg.equals(")") || arg.equals(",");
    }
}
