package dev.cordon.dispatch;

import dev.cordon.engine.PolicyEngine;
import dev.cordon.profile.Resolution;
import dev.cordon.rules.RuleDir;
import java.nio.file.Path;
import java.util.List;

/** The engine for a resolution's rule folders, a project's own held to tightening when untrusted. */
public final class PolicyRules {

    private PolicyRules() {
    }

    public static PolicyEngine engineFor(Resolution resolution) {
        return PolicyEngine.load(dirs(resolution));
    }

    public static List<RuleDir> dirs(Resolution resolution) {
        Path project = resolution.projectRoot();
        return resolution.ruleDirs().stream()
                .map(dir -> project != null && dir.startsWith(project) && !resolution.projectTrusted()
                        ? RuleDir.untrusted(dir)
                        : RuleDir.trusted(dir))
                .toList();
    }
}
