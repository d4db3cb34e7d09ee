package dev.cordon.audit;

import dev.cordon.profile.Profile;

/**
 * Which events a profile's {@code audit} settings keep: nothing when disabled; otherwise every
 * event with sandbox violations, every question put to a human (ASK, including requests for
 * weaker isolation), denials when {@code log_denied}, and allowed commands only when
 * {@code log_allowed}.
 */
public final class AuditFilter {

    private AuditFilter() {
    }

    public static boolean keeps(Profile.Audit settings, AuditEvent event) {
        if (!settings.enabled()) {
            return false;
        }
        if (!event.violations().isEmpty()) {
            return true;
        }
        return switch (event.decision()) {
            case ASK -> true;
            case DENY -> settings.logDenied();
            case ALLOW, SANDBOX -> settings.logAllowed();
        };
    }
}
