package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Follows {@code cd}, {@code pushd} and {@code popd} through a line, so that a relative path in a
 * later command is checked against every directory it may run in: {@code cd /etc && cat shadow}
 * may read {@code /etc/shadow}. Directories are only ever added, never replaced: a {@code cd} may
 * fail, run in a subshell or sit in a function, and a path missed would be a path unchecked.
 */
final class Directories {

    /** More possible directories than this is treated as not knowing the directory. */
    private static final int MAX_DIRECTORIES = 16;

    private Directories() {
    }

    static boolean changes(String program) {
        return program.equals("cd") || program.equals("pushd") || program.equals("popd");
    }

    /** Applies the directory change {@code program} may make. */
    static void change(ParseSession session, String program, List<Arg> args, String text) {
        if (program.equals("popd")) {
            unknown(session, text);
            return;
        }
        Arg target = target(args);
        if (target == null) {
            String home = session.expansions.value("HOME");
            if (program.equals("cd") && home != null) {
                add(session, home, text);
            } else {
                unknown(session, text);
            }
        } else if (target.dynamic() || !isPlain(target.value())) {
            unknown(session, text);
        } else {
            add(session, target.value(), text);
        }
    }

    /** From now on the directory cannot be known; relative paths become problems. */
    static void unknown(ParseSession session, String text) {
        if (session.unknownDirectory == null) {
            session.unknownDirectory = text;
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

    /** A relative target is relative to the request's directory or to any directory already possible. */
    private static void add(ParseSession session, String target, String text) {
        List<String> added = new ArrayList<>();
        added.add(target);
        if (!target.startsWith("/")) {
            for (String directory : session.directories) {
                added.add(directory + "/" + target);
            }
        }
        session.directories.addAll(added);
        if (session.directories.size() > MAX_DIRECTORIES) {
            unknown(session, text);
        }
    }
}
