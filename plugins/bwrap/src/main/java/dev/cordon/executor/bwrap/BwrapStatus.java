package dev.cordon.executor.bwrap;

import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What bwrap reported on its JSON status descriptor. bwrap writes the sandbox's pid and namespaces
 * once it has cloned, and the command's exit code only when the command itself ran and ended; a
 * failed set-up (a mount that cannot be made, a program that cannot be executed) writes no exit
 * code. That tells a refusal by bwrap apart from a command that printed {@code bwrap:} itself.
 *
 * @param childPid the sandbox's first process as the host sees it
 * @param netNamespace the inode of the sandbox's network namespace
 * @param pidNamespace the inode of the sandbox's PID namespace
 * @param exitCode the command's exit code ({@code 128 + signal} when a signal ended it)
 */
record BwrapStatus(OptionalLong childPid, OptionalLong netNamespace, OptionalLong pidNamespace, OptionalInt exitCode) {

    private static final Pattern CHILD_PID = field("child-pid");
    private static final Pattern NET_NAMESPACE = field("net-namespace");
    private static final Pattern PID_NAMESPACE = field("pid-namespace");
    private static final Pattern EXIT_CODE = field("exit-code");

    static BwrapStatus parse(String text) {
        OptionalLong exit = number(EXIT_CODE, text);
        return new BwrapStatus(number(CHILD_PID, text), number(NET_NAMESPACE, text), number(PID_NAMESPACE, text),
                exit.isPresent() ? OptionalInt.of((int) exit.getAsLong()) : OptionalInt.empty());
    }

    /** Whether bwrap got as far as creating the sandbox. */
    boolean sandboxCreated() {
        return childPid.isPresent();
    }

    /** Whether the command was executed inside the sandbox and ended. */
    boolean commandRan() {
        return exitCode.isPresent();
    }

    private static Pattern field(String name) {
        return Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*(\\d+)");
    }

    private static OptionalLong number(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        if (!matcher.find()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(matcher.group(1)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
