package dev.cordon.shell;

import java.util.List;

/**
 * Follows {@code cd}, {@code pushd} and {@code popd} through a line, so that a relative path in a
 * later command is resolved against the directory it really runs in ({@code cd /etc && cat
 * shadow} reads {@code /etc/shadow}). Conservative: a change inside a subshell is also kept.
 */
final class Directories {

    private Directories() {
    }

    static boolean changes(String program) {
        return program.equals("cd") || program.equals("pushd") || program.equals("popd");
    }

    /** Applies the directory change {@code program} makes, if it is one. */
    static void change(ParseSession session, String program, List<Arg> args, String text) {
        switch (program) {
            case "cd", "pushd" -> {
                Arg target = target(args);
                if (target == null) {
                    String home = session.expansions.value("HOME");
                    if (program.equals("cd") && home != null) {
                        moveTo(session, home);
                    } else {
                        unknown(session, text);
                    }
                } else if (target.dynamic() || !isPlain(target.value())) {
                    unknown(session, text);
                } else {
                    moveTo(session, target.value());
                }
            }
            case "popd" -> unknown(session, text);
            default -> {
            }
        }
    }

    /** The first operand of {@code cd}: options are {@code -L}, {@code -P}, {@code -e}, {@code -@}. */
    private static Arg target(List<Arg> args) {
        for (int i = 0; i < args.size(); i++) {
            String value = args.get(i).value();
            if (value.equals("--")) {
                return i + 1 < args.size() ? args.get(i + 1) : null;
            }
            if (value.length() < 2 || value.charAt(0) != '-' || Character.isDigit(value.charAt(1))) {
                return args.get(i);
            }
        }
        return null;
    }

    /** Not {@code -} (the previous directory), {@code +N}/{@code -N} (the stack) or {@code ~user}. */
    private static boolean isPlain(String target) {
        return !target.isEmpty() && !target.equals("-") && target.charAt(0) != '~'
                && target.charAt(0) != '+' && !(target.charAt(0) == '-' && target.length() > 1);
    }

    private static void moveTo(ParseSession session, String target) {
        if (target.startsWith("/") || session.directory.isEmpty()) {
            session.directory = target;
        } else {
            session.directory = session.directory + "/" + target;
        }
        session.unknownDirectory = null;
    }

    private static void unknown(ParseSession session, String text) {
        session.directory = "";
        session.unknownDirectory = text;
    }
}
