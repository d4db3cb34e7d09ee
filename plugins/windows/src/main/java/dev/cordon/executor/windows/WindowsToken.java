package dev.cordon.executor.windows;

import java.util.List;

/**
 * The token a command starts with: the user's own token, restricted ({@code CreateRestrictedToken})
 * so that it holds no privilege beyond change-notify ({@code DISABLE_MAX_PRIVILEGE}) and the
 * administrator groups only deny, then lowered to Low integrity. Low integrity is what keeps its
 * writes away from everything not labelled Low; the restriction takes away what an elevated
 * session would otherwise lend it.
 *
 * @param integrity the token's integrity level
 * @param restrictFlags the {@code CreateRestrictedToken} flags
 * @param denyOnlySids groups that can only deny access, never grant it
 */
record WindowsToken(WindowsIntegrity integrity, int restrictFlags, List<String> denyOnlySids) {

    static final int DISABLE_MAX_PRIVILEGE = 0x1;
    /** BUILTIN\Administrators. */
    static final String ADMINISTRATORS = "S-1-5-32-544";
    /** NT AUTHORITY\Local account and member of Administrators group. */
    static final String LOCAL_ADMINISTRATOR_ACCOUNT = "S-1-5-114";

    WindowsToken {
        denyOnlySids = List.copyOf(denyOnlySids);
    }

    /** The one token this executor uses. */
    static WindowsToken confined() {
        return new WindowsToken(WindowsIntegrity.LOW, DISABLE_MAX_PRIVILEGE, List.of(ADMINISTRATORS, LOCAL_ADMINISTRATOR_ACCOUNT));
    }

    List<String> describe() {
        return List.of("IntegrityLevel=" + integrity.sid(), "CreateRestrictedToken.Flags=DISABLE_MAX_PRIVILEGE",
                "DenyOnlySids=" + String.join(",", denyOnlySids));
    }
}
