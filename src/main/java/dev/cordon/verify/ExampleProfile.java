package dev.cordon.verify;

import dev.cordon.fact.ExecutorFacts;
import dev.cordon.path.Expansion;
import dev.cordon.profile.Origins;
import dev.cordon.profile.Profile;
import dev.cordon.verify.PolicyCase.ExampleSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The neutral setting rule cases run in, so a rule pack's cases mean the same on every machine: a
 * standard-mode profile with no lists of its own, home {@code /home/dev}, workspace
 * {@code /home/dev/project}, and an executor that isolates everything. A case's {@code with}
 * changes only what it names.
 */
final class ExampleProfile {

    static final String HOME = "/home/dev";
    static final String WORKSPACE = "/home/dev/project";
    /** How {@code ~}, {@code ${HOME}} and {@code ${WORKSPACE}} read in a case's {@code with}. */
    static final Expansion EXPANSION = Expansion.of(WORKSPACE, HOME, "/tmp", WORKSPACE);

    private ExampleProfile() {
    }

    static Profile of(ExampleSettings s) {
        Profile.Mode mode = s.mode() == null ? Profile.Mode.STANDARD : Profile.Mode.valueOf(s.mode().toUpperCase(Locale.ROOT));
        return new Profile("examples", mode, executor(s).id(), "none", s.readOnly(),
                new Profile.Approval(s.askWrites(), s.askExecute()), s.allowedPaths(), s.deniedPaths(), s.pathRules(),
                s.commandRules(), s.deniedCommands(), new Profile.Filesystem(List.of(), List.of(WORKSPACE), List.of()),
                new Profile.Network(s.networkEnabled() || !s.networkAllow().isEmpty(), s.networkAllow(),
                        s.networkDeny()), new Profile.Resources(0, 0, 0, 0, 0, 0, 0, 0),
                new Profile.Environment(List.of("PATH", "HOME"), Map.of()), Profile.OnViolation.BLOCK,
                new Profile.Audit(false, "", false, false), Profile.Escalation.ASK, Profile.Enforce.STRICT, Origins.NONE);
    }

    static ExecutorFacts executor(ExampleSettings s) {
        return "local".equals(s.executor()) ? ExecutorFacts.none("local")
                : new ExecutorFacts(s.executor() == null ? "landlock" : s.executor(), true, true, true);
    }

    /** The policy files a case names, as absolute paths: {@code ~/} is home, relative is in the workspace. */
    static List<Path> policyFiles(ExampleSettings s) {
        return s.policyFiles().stream()
                .map(f -> f.startsWith("~/") ? Path.of(HOME, f.substring(2)) : Path.of(WORKSPACE).resolve(f))
                .toList();
    }
}
