package dev.cordon.executor;

import dev.cordon.profile.Profile;

/** Copies of profiles with one setting changed. */
final class Profiles {

    private Profiles() {
    }

    static Profile withFallback(Profile p, String fallback) {
        return new Profile(p.name(), p.mode(), p.executor(), fallback, p.readOnly(), p.approval(), p.allowedPaths(),
                p.deniedPaths(), p.pathRules(), p.commandRules(), p.deniedCommands(), p.filesystem(), p.network(),
                p.resources(), p.environment(), p.onViolation(), p.audit(), p.escalation(), p.enforce(), p.origins());
    }

    static Profile withFilesystem(Profile p, Profile.Filesystem filesystem) {
        return new Profile(p.name(), p.mode(), p.executor(), p.fallback(), p.readOnly(), p.approval(),
                p.allowedPaths(), p.deniedPaths(), p.pathRules(), p.commandRules(), p.deniedCommands(), filesystem,
                p.network(), p.resources(), p.environment(), p.onViolation(), p.audit(), p.escalation(), p.enforce(), p.origins());
    }

    static Profile withEnforce(Profile p, Profile.Enforce enforce) {
        return new Profile(p.name(), p.mode(), p.executor(), p.fallback(), p.readOnly(), p.approval(),
                p.allowedPaths(), p.deniedPaths(), p.pathRules(), p.commandRules(), p.deniedCommands(), p.filesystem(),
                p.network(), p.resources(), p.environment(), p.onViolation(), p.audit(), p.escalation(), enforce,
                p.origins());
    }
}
