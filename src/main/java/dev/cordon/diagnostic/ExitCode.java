package dev.cordon.diagnostic;

import dev.cordon.decision.Decision;

/** The one table of exit codes, shown in {@code --help}. */
public final class ExitCode {

    public static final int ALLOW = 0;
    public static final int OK = 0;
    public static final int INTERNAL_ERROR = 1;
    public static final int USAGE = 2;
    public static final int INVALID_POLICY = 3;
    /** {@code policy verify}: a suite's request was not decided as expected. */
    public static final int MISMATCH = 4;
    public static final int DENY = 10;
    public static final int ASK = 11;
    public static final int SANDBOX = 12;
    /** {@code run}: the policy refused the command; the reason is on stderr. */
    public static final int REFUSED = 126;

    private ExitCode() {
    }

    /** The exit code that carries a decision: {@code policy test}, {@code hook json}. */
    public static int of(Decision decision) {
        return switch (decision) {
            case ALLOW -> ALLOW;
            case DENY -> DENY;
            case ASK -> ASK;
            case SANDBOX -> SANDBOX;
        };
    }
}
