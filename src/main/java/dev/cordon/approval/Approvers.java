package dev.cordon.approval;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Picks the approver for a command-line run: the terminal when a human can be there, else no one. */
public final class Approvers {

    private Approvers() {
    }

    /** {@link #forThisProcess(InputMode, AlwaysScope)} for a session whose "always" ends with it. */
    public static Approver forThisProcess(InputMode mode) {
        return forThisProcess(mode, AlwaysScope.SESSION);
    }

    /**
     * The approver for this process: see {@link #choose(InputMode, Map, Supplier)}.
     *
     * @param scope how long an "always" will last, as the terminal prompt says
     */
    public static Approver forThisProcess(InputMode mode, AlwaysScope scope) {
        return choose(mode, System.getenv(), () -> TerminalApprover.openConsole(scope));
    }

    /**
     * The terminal approver, unless {@code --no-input} was given, the {@code CI} variable is set
     * (to anything but {@code false} or {@code 0}) or there is no terminal; then every ASK is
     * denied. The console is only opened when it will be used.
     */
    public static Approver choose(
            InputMode mode, Map<String, String> env, Supplier<Optional<TerminalApprover>> console) {
        if (mode == InputMode.NO_INPUT) {
            return new NonInteractiveApprover("--no-input");
        }
        if (isCi(env.get("CI"))) {
            return new NonInteractiveApprover("CI is set");
        }
        return console.get().<Approver>map(terminal -> terminal)
                .orElseGet(() -> new NonInteractiveApprover("no terminal"));
    }

    private static boolean isCi(String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        String v = value.strip().toLowerCase(Locale.ROOT);
        return !v.equals("false") && !v.equals("0");
    }
}
